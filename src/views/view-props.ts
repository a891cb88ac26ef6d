// What every drill-down view is given: the nav entry it shows and the room it has. Which component shows which
// kind, with which crumb title and poll plan, is the view table's (app/view-table.ts).
import type { NavView } from '../state/ui';

/** The room a view has on screen, and whether it takes the keys. */
export interface ViewFrame {
  readonly width: number;
  readonly height: number;
  readonly active: boolean;
}

export interface ViewProps<V extends NavView = NavView> extends ViewFrame {
  readonly view: V;
}
