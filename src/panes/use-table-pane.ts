// What every table pane shares: filter (columns/filter.ts) and sort the rows, keep the cursor on its row, open a
// row, and the keys for them. TablePane.tsx draws it.
import { useMemo, useRef } from 'react';
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useKeyHandler, type KeyEvent } from '../input';
import { nextSortKey, sortRows, type TableRow } from '../components/table-model';
import { filterRows, haystackOf } from '../columns/filter';
import type { Column } from '../columns/column';
import { cursorIndex, moveCursor, openPrompt, pushView, setFilter, type NavView, type PaneId, type PaneUi } from '../state/ui';
import type { AvatopState } from '../state/store';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { osc52Copy } from '../terminal/copy';

/** What `y` copies from a row: the ID of what Enter would open. */
function copyTextOf(view: NavView | undefined): string | undefined {
  if (!view) return undefined;
  if ('nodeId' in view) return view.nodeId;
  if ('id' in view && view.id) return view.id;
  return 'height' in view && view.height !== undefined ? view.height.toString() : undefined;
}

export interface TablePaneOptions<T> {
  readonly pane: PaneId;
  readonly rows: readonly TableRow<T>[];
  readonly columns: readonly Column<T>[];
  /** Body rows visible (table height minus its header line). */
  readonly bodyHeight: number;
  readonly active: boolean;
  readonly defaultSort?: { key: string; dir: 'asc' | 'desc' };
  readonly open?: (row: T) => NavView | undefined;
  /** Pane-specific keys, offered first; `row()` is the row under the cursor as the store has it now. */
  readonly onKey?: (ev: KeyEvent, row: () => TableRow<T> | undefined) => boolean;
}

export interface TableState<T> {
  readonly shown: readonly TableRow<T>[];
  readonly ui: PaneUi;
  /** The cursor's place in `shown`: on the row it was put on, wherever that row is now (state/ui.ts `cursorIndex`). */
  readonly cursor: number;
  readonly sortKey: string | undefined;
  readonly sortDir: 'asc' | 'desc';
}

function setSortState(s: AvatopState, pane: PaneId, sortKey: string | undefined, sortDir: 'asc' | 'desc'): AvatopState {
  const p = s.ui.panes[pane];
  if (p.sortKey === sortKey && p.sortDir === sortDir) return s;
  return { ...s, ui: { ...s.ui, panes: { ...s.ui.panes, [pane]: { ...p, sortKey, sortDir } } } };
}

export function useTablePane<T>(o: TablePaneOptions<T>): TableState<T> {
  const store = useAvatopStore();
  const config = useAppConfig();
  const flash = useFlash();
  const ui = useAvatop((s) => s.ui.panes[o.pane]);
  const sortKey = ui.sortKey ?? o.defaultSort?.key;
  const sortDir = ui.sortKey ? ui.sortDir : (o.defaultSort?.dir ?? 'asc');
  // Columns may be rebuilt every second (ages); sorting and filtering use the latest without re-running for it.
  const columnsRef = useRef(o.columns);
  columnsRef.current = o.columns;
  // Each row's filter text is built once per row object (rows keep identity across polls when unchanged).
  const haystacks = useRef(new WeakMap<object, string>());
  const shown = useMemo(() => {
    const haystack = (r: TableRow<T>) => {
      const key = r.value as unknown as object;
      let h = haystacks.current.get(key);
      if (h === undefined) {
        h = haystackOf(r.value, columnsRef.current);
        haystacks.current.set(key, h);
      }
      return h;
    };
    return sortRows(filterRows(o.rows, columnsRef.current, ui.filter, haystack), columnsRef.current, sortKey, sortDir);
  }, [o.rows, ui.filter, sortKey, sortDir]);
  // Where the cursor was found last render: a row that goes away hands the cursor to the one that takes its place.
  const lastCursor = useRef<number | undefined>(undefined);
  const cursor = cursorIndex(ui, shown, lastCursor.current);
  lastCursor.current = cursor;
  const update = (f: (s: AvatopState) => AvatopState) => store.setState(f(store.getState()), true);
  // The cursor as the store has it now: a key typed in the same chunk as this one has not been drawn yet.
  const cursorNow = () => cursorIndex(store.getState().ui.panes[o.pane], shown, lastCursor.current);
  const rowAtCursor = () => shown[cursorNow()];
  const move = (delta: number) => update((s) => ({ ...s, ui: moveCursor(s.ui, o.pane, delta, shown, o.bodyHeight, cursorNow()) }));

  useKeyHandler(
    'pane',
    (ev) => {
      if (o.onKey?.(ev, rowAtCursor)) return true;
      const page = Math.max(1, o.bodyHeight - 1);
      if (ev.is('cursor.down')) move(1);
      else if (ev.is('cursor.up')) move(-1);
      else if (ev.is('cursor.top')) move(-Infinity);
      else if (ev.is('cursor.bottom')) move(Infinity);
      else if (ev.is('page.down')) move(page);
      else if (ev.is('page.up')) move(-page);
      else if (ev.is('filter')) {
        update((s) => ({ ...s, ui: openPrompt(s.ui, 'filter', s.ui.panes[o.pane].filter) }));
        ev.opensText();
      }
      else if (ev.is('sort.next')) {
        const next = nextSortKey(columnsRef.current, sortKey);
        if (next === undefined) return false;
        update((s) => setSortState(s, o.pane, next, 'asc'));
      } else if (ev.is('sort.reverse')) {
        if (sortKey === undefined) return false;
        update((s) => setSortState(s, o.pane, sortKey, sortDir === 'asc' ? 'desc' : 'asc'));
      } else if (ev.is('open')) {
        const row = rowAtCursor();
        const view = row && o.open?.(row.value);
        if (!view) return false;
        update((s) => ({ ...s, ui: pushView(s.ui, view) }));
      } else if (ev.is('copy')) {
        const row = rowAtCursor();
        const text = copyTextOf(row && o.open?.(row.value));
        if (!text) return false;
        flash.show(osc52Copy(config, text));
      } else if (ev.is('back') && ui.filter) {
        update((s) => ({ ...s, ui: setFilter(s.ui, o.pane, '') }));
      } else return false;
      return true;
    },
    o.active,
  );
  return { shown, ui, cursor, sortKey, sortDir };
}
