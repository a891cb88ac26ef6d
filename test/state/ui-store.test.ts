import { describe, expect, it } from 'vitest';
import { lens } from '../../src/state/lenses';
import { idleResource, resolveOk, type Resource } from '../../src/state/resource';
import type { UtxoPage, UtxoRow, Validator } from '../../src/state/types';
import { selectPaneUi, selectValidators } from '../../src/state/selectors';
import { createAvatopStore, PRIMARY_NETWORK_ID } from '../../src/state/store';
import {
  clampCursor,
  closePrompt,
  cyclePane,
  initialUi,
  moveCursor,
  openPrompt,
  popView,
  pushView,
  setFilter,
  setPane,
  setPromptText,
  setSort,
  togglePaused,
  topView,
} from '../../src/state/ui';
import { hasNextPage, nextUtxoPage, openUtxoQuery, prevUtxoPage, initialUtxos } from '../../src/state/utxos';
import { diffRows } from '../../src/state/rows';

describe('UI updates', () => {
  it('moves the cursor within bounds and scrolls to keep it visible', () => {
    let ui = initialUi();
    ui = moveCursor(ui, 'peers', 7, 20, 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 7, scroll: 3 });
    ui = moveCursor(ui, 'peers', 100, 20, 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 19, scroll: 15 });
    ui = moveCursor(ui, 'peers', -Infinity, 20, 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 0, scroll: 0 });
    ui = moveCursor(ui, 'peers', Infinity, 20, 5);
    ui = clampCursor(ui, 'peers', 4, 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 3, scroll: 0 });
    expect(ui.panes.validators.cursor).toBe(0);
  });

  it('returns the same object for a no-op', () => {
    const ui = initialUi();
    expect(moveCursor(ui, 'peers', -1, 10, 5)).toBe(ui);
    expect(setPane(ui, 'overview')).toBe(ui);
    expect(setFilter(ui, 'peers', '')).toBe(ui);
    expect(popView(ui)).toBe(ui);
  });

  it('toggles sort direction on the same key and resets it on a new key', () => {
    let ui = setSort(initialUi(), 'validators', 'weight');
    expect(ui.panes.validators).toMatchObject({ sortKey: 'weight', sortDir: 'asc' });
    ui = setSort(ui, 'validators', 'weight');
    expect(ui.panes.validators.sortDir).toBe('desc');
    ui = setSort(ui, 'validators', 'uptime');
    expect(ui.panes.validators).toMatchObject({ sortKey: 'uptime', sortDir: 'asc' });
  });

  it('keeps a nav stack that a pane switch clears, plus prompt, filter and pause', () => {
    let ui = setPane(initialUi(), 'blocks');
    ui = pushView(ui, { kind: 'block', id: 'abc' });
    ui = pushView(ui, { kind: 'tx', id: 'def' });
    expect(topView(ui)).toEqual({ kind: 'tx', id: 'def' });
    ui = popView(ui);
    expect(topView(ui)).toEqual({ kind: 'block', id: 'abc' });
    ui = cyclePane(ui, 1);
    expect(ui.pane).toBe('utxos');
    expect(ui.nav).toEqual([]);
    ui = moveCursor(ui, 'utxos', 3, 10, 5);
    ui = setFilter(ui, 'utxos', 'avax1');
    expect(ui.panes.utxos).toMatchObject({ filter: 'avax1', cursor: 0 });
    ui = setPromptText(openPrompt(ui, 'utxo-addresses'), 'P-avax1x');
    // A prompt remembers the text it opened with, so Esc can put it back.
    expect(ui.prompt).toEqual({ kind: 'utxo-addresses', text: 'P-avax1x', initial: '' });
    expect(closePrompt(ui).prompt).toBeUndefined();
    expect(togglePaused(ui).paused).toBe(true);
  });
});

describe('UTXO query paging', () => {
  const page = (n: number, end?: { address: string; utxo: string }): Resource<UtxoPage> =>
    resolveOk(idleResource<UtxoPage>(), { utxos: diffRows(undefined, [] as UtxoRow[], (x) => x.id), numFetched: n, endIndex: end }, { at: 1 });

  it('walks forward on full pages and back through the stack of start indexes', () => {
    let s = openUtxoQuery(initialUtxos(), { addresses: ['P-fuji1b', 'P-fuji1a'], pageSize: 2 });
    const key = s.active!;
    expect(key).toBe('P-fuji1a,P-fuji1b');
    s = { ...s, queries: { ...s.queries, [key]: { ...s.queries[key]!, page: page(2, { address: 'a', utxo: 'u1' }) } } };
    expect(hasNextPage(s.queries[key]!)).toBe(true);
    s = nextUtxoPage(s, key);
    expect(s.queries[key]).toMatchObject({ start: { address: 'a', utxo: 'u1' }, prevStarts: [undefined] });
    expect(s.queries[key]!.page.status).toBe('idle');
    s = { ...s, queries: { ...s.queries, [key]: { ...s.queries[key]!, page: page(1, { address: 'a', utxo: 'u2' }) } } };
    expect(hasNextPage(s.queries[key]!)).toBe(false); // short page: the last one
    expect(nextUtxoPage(s, key)).toBe(s);
    s = prevUtxoPage(s, key);
    expect(s.queries[key]).toMatchObject({ start: undefined, prevStarts: [] });
  });

  it('caps the page size at the node limit of 1024', () => {
    const s = openUtxoQuery(initialUtxos(), { addresses: ['P-x'], pageSize: 5000, sourceChain: 'X' });
    expect(s.queries[s.active!]).toMatchObject({ pageSize: 1024, sourceChain: 'X', key: 'P-x@X' });
  });
});

describe('store', () => {
  it('is a fresh store per call, written through lenses that keep untouched slices', () => {
    const a = createAvatopStore();
    const b = createAvatopStore();
    const before = a.getState();
    a.setState((s) => lens.validators(PRIMARY_NETWORK_ID).set(s, resolveOk(idleResource(), diffRows(undefined, [] as Validator[], (v) => v.nodeID), { at: 1 })));
    const after = a.getState();
    expect(after.validators).not.toBe(before.validators);
    expect(after.peers).toBe(before.peers);
    expect(after.ui).toBe(before.ui);
    expect(selectValidators(PRIMARY_NETWORK_ID)(after).status).toBe('ok');
    expect(selectValidators(PRIMARY_NETWORK_ID)(b.getState()).status).toBe('idle');
    expect(selectPaneUi('peers')(after)).toBe(before.ui.panes.peers);
  });
});
