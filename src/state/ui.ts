// UI state and its pure updates: which pane is shown, per-pane cursor/scroll/sort/filter, the drill-down stack,
// the open prompt and the pause flag. No I/O, so keys can be tested without a terminal.
import { PRIMARY_NETWORK_ID } from './constants';

import { PANES, type PaneId } from './panes';

// Which panes exist, and what each surface knows of them, is the pane table (state/panes.ts).
export { PANES, type PaneId };

export type SortDir = 'asc' | 'desc';

export interface PaneUi {
  /** The cursor's row as last placed (the fallback when its row is gone). */
  readonly cursor: number;
  /**
   * The key of the row the cursor is on, once a key put it there: the cursor follows that row when rows are added,
   * removed or re-sorted (`cursorIndex`). Undefined until the cursor is first moved: it then stays on the first row.
   */
  readonly cursorKey: string | undefined;
  readonly scroll: number;
  readonly sortKey: string | undefined;
  readonly sortDir: SortDir;
  readonly filter: string;
}

/** A drill-down view pushed on the nav stack (Enter pushes, Esc pops). */
export type NavView =
  | { readonly kind: 'block'; readonly id?: string; readonly height?: bigint }
  | { readonly kind: 'tx'; readonly id: string }
  | { readonly kind: 'validator'; readonly nodeId: string; readonly subnetId?: string }
  | { readonly kind: 'peer'; readonly nodeId: string }
  | { readonly kind: 'subnet'; readonly id: string }
  | { readonly kind: 'chain'; readonly id: string }
  | { readonly kind: 'utxo'; readonly id: string; readonly query: string }
  /** Every health check of the node, opened from the header's health item (`:health`, H). */
  | { readonly kind: 'health' }
  /** Charts of the node's last hour, day and week (`:history`, T); `at` marks a moment (the event it was opened from). */
  | { readonly kind: 'history'; readonly at?: number };

/** A kind of drill-down view: the view table (app/view-table.ts) gives each its title, component and poll plan. */
export type ViewKind = NavView['kind'];
/** The nav entry of one kind of view. */
export type NavViewOf<K extends ViewKind> = Extract<NavView, { readonly kind: K }>;

export interface Prompt {
  /** What the typed text is for, e.g. 'filter', 'utxo-addresses', 'console', 'goto'. */
  readonly kind: string;
  readonly text: string;
  /** The text when the prompt opened: Esc goes back to it (a filter already set survives a cancelled edit). */
  readonly initial: string;
}

export interface UiState {
  readonly pane: PaneId;
  readonly panes: Readonly<Record<PaneId, PaneUi>>;
  readonly nav: readonly NavView[];
  readonly prompt: Prompt | undefined;
  readonly paused: boolean;
  /** The subnet the validators pane lists (the scheduler polls that one). */
  readonly subnet: string;
}

const PANE_DEFAULT: PaneUi = Object.freeze({ cursor: 0, cursorKey: undefined, scroll: 0, sortKey: undefined, sortDir: 'asc', filter: '' });

export function initialUi(): UiState {
  const panes = {} as Record<PaneId, PaneUi>;
  for (const p of PANES) panes[p] = PANE_DEFAULT;
  return { pane: 'overview', panes, nav: [], prompt: undefined, paused: false, subnet: PRIMARY_NETWORK_ID };
}

/** Switching panes closes drill-down views: they belong to the pane they were opened from. */
export function setPane(ui: UiState, pane: PaneId): UiState {
  if (ui.pane === pane && ui.nav.length === 0) return ui;
  return { ...ui, pane, nav: [] };
}

function updatePane(ui: UiState, pane: PaneId, next: PaneUi): UiState {
  if (ui.panes[pane] === next) return ui;
  return { ...ui, panes: { ...ui.panes, [pane]: next } };
}

/** A table's rows as the cursor sees them: only their keys, in the order shown. */
export type KeyedRows = readonly { readonly key: string }[];

/**
 * Where the cursor is among `rows` (the rows shown, filtered and sorted): on the row whose key it was put on,
 * wherever that row is now; when that row has gone (or the cursor was never moved), at its last place, kept within
 * the rows. `lastIndex` is where the caller last found it: a row that went away hands the cursor to the row that
 * took its place, not to whatever now sits at the place where the cursor was first put.
 */
export function cursorIndex(p: PaneUi, rows: KeyedRows, lastIndex?: number): number {
  const last = Math.max(0, rows.length - 1);
  if (p.cursorKey === undefined) return Math.min(p.cursor, last);
  // The likely places first: where it was last seen, then where it was put; else a scan.
  for (const i of [lastIndex, p.cursor]) if (i !== undefined && rows[i]?.key === p.cursorKey) return i;
  const i = rows.findIndex((r) => r.key === p.cursorKey);
  return i >= 0 ? i : Math.min(lastIndex ?? p.cursor, last);
}

/**
 * Move the cursor by `delta` rows within `rows` (as shown), scrolling so it stays inside a window of `height` rows;
 * the cursor then stays on that row's key. Use delta ±Infinity for Home/End. `from` is where the cursor is now
 * (default: `cursorIndex` of the stored state).
 */
export function moveCursor(ui: UiState, pane: PaneId, delta: number, rows: KeyedRows, height: number, from?: number): UiState {
  const p = ui.panes[pane];
  const at = from ?? cursorIndex(p, rows);
  const last = Math.max(0, rows.length - 1);
  const cursor = Math.min(last, Math.max(0, delta === Infinity ? last : delta === -Infinity ? 0 : at + delta));
  // The window as drawn (rows may have moved the cursor's row since the last key), then moved to the new place.
  const scroll = scrollFor(cursor, scrollFor(at, p.scroll, rows.length, height), rows.length, height);
  const cursorKey = rows[cursor]?.key;
  if (cursor === p.cursor && scroll === p.scroll && cursorKey === p.cursorKey) return ui;
  return updatePane(ui, pane, { ...p, cursor, cursorKey, scroll });
}

/** The first row of a window of `height` rows that holds `cursor`, as close to `scroll` as that allows. */
function scrollFor(cursor: number, scroll: number, rowCount: number, height: number): number {
  const h = Math.max(1, height);
  let s = scroll;
  if (cursor < s) s = cursor;
  if (cursor >= s + h) s = cursor - h + 1;
  return Math.max(0, Math.min(s, Math.max(0, rowCount - h)));
}

export function setFilter(ui: UiState, pane: PaneId, filter: string): UiState {
  const p = ui.panes[pane];
  if (p.filter === filter) return ui;
  return updatePane(ui, pane, { ...p, filter, cursor: 0, cursorKey: undefined, scroll: 0 });
}

export function pushView(ui: UiState, view: NavView): UiState {
  return { ...ui, nav: [...ui.nav, view] };
}

/** The health view over whatever is shown; asking again while it is on top changes nothing. */
export function openHealthView(ui: UiState): UiState {
  return topView(ui)?.kind === 'health' ? ui : pushView(ui, { kind: 'health' });
}

export function openHistoryView(ui: UiState, at?: number): UiState {
  return topView(ui)?.kind === 'history' ? ui : pushView(ui, at === undefined ? { kind: 'history' } : { kind: 'history', at });
}

export function popView(ui: UiState): UiState {
  if (ui.nav.length === 0) return ui;
  return { ...ui, nav: ui.nav.slice(0, -1) };
}

export function topView(ui: UiState): NavView | undefined {
  return ui.nav[ui.nav.length - 1];
}

export function openPrompt(ui: UiState, kind: string, text = ''): UiState {
  return { ...ui, prompt: { kind, text, initial: text } };
}

export function setPromptText(ui: UiState, text: string): UiState {
  if (!ui.prompt || ui.prompt.text === text) return ui;
  return { ...ui, prompt: { ...ui.prompt, text } };
}

export function closePrompt(ui: UiState): UiState {
  return ui.prompt ? { ...ui, prompt: undefined } : ui;
}

export function setPaused(ui: UiState, paused: boolean): UiState {
  return ui.paused === paused ? ui : { ...ui, paused };
}

export function togglePaused(ui: UiState): UiState {
  return setPaused(ui, !ui.paused);
}

export function setSubnet(ui: UiState, subnet: string): UiState {
  return ui.subnet === subnet ? ui : { ...ui, subnet };
}
