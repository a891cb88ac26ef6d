// UI state and its pure updates: which pane is shown, per-pane cursor/scroll/sort/filter, the drill-down stack,
// the open prompt and the pause flag. No I/O, so keys can be tested without a terminal.
import { PRIMARY_NETWORK_ID } from './constants';

import { PANES, type PaneId } from './panes';

// Which panes exist, and what each surface knows of them, is the pane table (state/panes.ts).
export { PANES, type PaneId };

export type SortDir = 'asc' | 'desc';

export interface PaneUi {
  readonly cursor: number;
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

const PANE_DEFAULT: PaneUi = Object.freeze({ cursor: 0, scroll: 0, sortKey: undefined, sortDir: 'asc', filter: '' });

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

export function cyclePane(ui: UiState, step: 1 | -1): UiState {
  const i = PANES.indexOf(ui.pane);
  return setPane(ui, PANES[(i + step + PANES.length) % PANES.length]!);
}

function updatePane(ui: UiState, pane: PaneId, next: PaneUi): UiState {
  if (ui.panes[pane] === next) return ui;
  return { ...ui, panes: { ...ui.panes, [pane]: next } };
}

/**
 * Move the cursor by `delta` rows within `rowCount` rows, scrolling so it stays inside a window of `height` rows.
 * Use delta ±Infinity for Home/End.
 */
export function moveCursor(ui: UiState, pane: PaneId, delta: number, rowCount: number, height: number): UiState {
  const p = ui.panes[pane];
  const last = Math.max(0, rowCount - 1);
  const cursor = Math.min(last, Math.max(0, delta === Infinity ? last : delta === -Infinity ? 0 : p.cursor + delta));
  return updatePane(ui, pane, withCursor(p, cursor, rowCount, height));
}

function withCursor(p: PaneUi, cursor: number, rowCount: number, height: number): PaneUi {
  const h = Math.max(1, height);
  let scroll = p.scroll;
  if (cursor < scroll) scroll = cursor;
  if (cursor >= scroll + h) scroll = cursor - h + 1;
  scroll = Math.max(0, Math.min(scroll, Math.max(0, rowCount - h)));
  if (cursor === p.cursor && scroll === p.scroll) return p;
  return { ...p, cursor, scroll };
}

/** Keep the cursor valid when the list shrinks (rows removed, filter narrowed). */
export function clampCursor(ui: UiState, pane: PaneId, rowCount: number, height: number): UiState {
  const p = ui.panes[pane];
  return updatePane(ui, pane, withCursor(p, Math.min(p.cursor, Math.max(0, rowCount - 1)), rowCount, height));
}

/** Same key again flips the direction; a new key sorts ascending. */
export function setSort(ui: UiState, pane: PaneId, sortKey: string): UiState {
  const p = ui.panes[pane];
  const sortDir: SortDir = p.sortKey === sortKey ? (p.sortDir === 'asc' ? 'desc' : 'asc') : 'asc';
  return updatePane(ui, pane, { ...p, sortKey, sortDir });
}

export function setFilter(ui: UiState, pane: PaneId, filter: string): UiState {
  const p = ui.panes[pane];
  if (p.filter === filter) return ui;
  return updatePane(ui, pane, { ...p, filter, cursor: 0, scroll: 0 });
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
