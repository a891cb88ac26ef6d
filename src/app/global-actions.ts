// What each global command does, as a map from the command to its action: the frame's key handler looks the
// event's commands up here instead of walking an if-chain, and a new pane's key comes with its row in the pane
// table. Pure apart from the context it is handed, so it is tested without a terminal.
import type { CommandName } from '../keys/commands';
import { PANE_TABLE, TAB_PANES } from '../state/panes';
import { openHealthView, openHistoryView, openPrompt, setPane, togglePaused, type UiState } from '../state/ui';

export interface GlobalContext {
  /** Apply a pure update to the UI state. */
  ui(f: (u: UiState) => UiState): void;
  readonly paused: boolean;
  setHelp(f: (shown: boolean) => boolean): void;
  /** The rest of the chunk is text for the prompt this opens. */
  opensText(): void;
  flash(message: string): void;
  quit(): void;
  refresh(): void;
  /** Copy what this screen offers (the node's ID on the overview) and say how it went. */
  copy(): void;
}

export type GlobalAction = (c: GlobalContext) => void;

const showPane =
  (id: UiState['pane']): GlobalAction =>
  (c) => {
    c.setHelp(() => false);
    c.ui((u) => setPane(u, id));
  };

/** Tab and Shift-Tab: the next or previous tab (from the console, the first or last). */
const cycle =
  (step: 1 | -1): GlobalAction =>
  (c) =>
    c.ui((u) => {
      const i = TAB_PANES.findIndex((p) => p.id === u.pane);
      return setPane(u, TAB_PANES[(i + step + TAB_PANES.length) % TAB_PANES.length]!.id);
    });

export const GLOBAL_ACTIONS: Partial<Record<CommandName, GlobalAction>> = {
  quit: (c) => c.quit(),
  interrupt: (c) => c.quit(),
  help: (c) => c.setHelp((h) => !h),
  // The scheduler holds every request while paused: say so rather than ignore the key.
  refresh: (c) => (c.paused ? c.flash('paused: nothing refreshes until p resumes polling') : c.refresh()),
  copy: (c) => c.copy(),
  pause: (c) => c.ui(togglePaused),
  goto: (c) => {
    c.ui((u) => openPrompt(u, 'goto'));
    c.opensText();
  },
  health: (c) => c.ui(openHealthView),
  history: (c) => c.ui((u) => openHistoryView(u)),
  'pane.next': cycle(1),
  'pane.prev': cycle(-1),
  ...Object.fromEntries(PANE_TABLE.map((p) => [`pane.${p.id}`, showPane(p.id)])),
};

/** The action for the first of the event's commands that has one. */
export function globalActionFor(commands: readonly CommandName[]): GlobalAction | undefined {
  for (const name of commands) {
    const action = GLOBAL_ACTIONS[name];
    if (action) return action;
  }
  return undefined;
}
