import { describe, expect, it } from 'vitest';
import { lens } from '../../src/state/lenses';
import { idleResource, resolveOk, type Resource } from '../../src/state/resource';
import type { UtxoPage, UtxoRow, Validator } from '../../src/state/types';
import { createAvatopStore, PRIMARY_NETWORK_ID } from '../../src/state/store';
import {
  cursorIndex,
  closePrompt,
  initialUi,
  moveCursor,
  openPrompt,
  popView,
  pushView,
  setFilter,
  setPane,
  setPromptText,
  togglePaused,
  topView,
} from '../../src/state/ui';
import { hasNextPage, nextUtxoPage, openUtxoQuery, prevUtxoPage, initialUtxos } from '../../src/state/utxos';
import { diffRows } from '../../src/state/rows';

describe('UI updates', () => {
  it('moves the cursor within bounds and scrolls to keep it visible', () => {
    let ui = initialUi();
    ui = moveCursor(ui, 'peers', 7, keyed(20), 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 7, cursorKey: 'k7', scroll: 3 });
    ui = moveCursor(ui, 'peers', 100, keyed(20), 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 19, scroll: 15 });
    ui = moveCursor(ui, 'peers', -Infinity, keyed(20), 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 0, scroll: 0 });
    ui = moveCursor(ui, 'peers', Infinity, keyed(20), 5);
    // The list shrinks under the cursor: it stays within the rows that are left.
    expect(cursorIndex(ui.panes.peers, keyed(4))).toBe(3);
    expect(ui.panes.validators.cursor).toBe(0);
  });

  it('returns the same object for a no-op', () => {
    // Up from the first row puts the cursor on that row's key; once there, up again changes nothing.
    const ui = moveCursor(initialUi(), 'peers', -1, keyed(10), 5);
    expect(ui.panes.peers.cursorKey).toBe('k0');
    expect(moveCursor(ui, 'peers', -1, keyed(10), 5)).toBe(ui);
    expect(setPane(ui, 'overview')).toBe(ui);
    expect(setFilter(ui, 'peers', '')).toBe(ui);
    expect(popView(ui)).toBe(ui);
  });

  it('keeps a nav stack that a pane switch clears, plus prompt, filter and pause', () => {
    let ui = setPane(initialUi(), 'blocks');
    ui = pushView(ui, { kind: 'block', id: 'abc' });
    ui = pushView(ui, { kind: 'tx', id: 'def' });
    expect(topView(ui)).toEqual({ kind: 'tx', id: 'def' });
    ui = popView(ui);
    expect(topView(ui)).toEqual({ kind: 'block', id: 'abc' });
    ui = setPane(ui, 'utxos');
    expect(ui.pane).toBe('utxos');
    expect(ui.nav).toEqual([]);
    ui = moveCursor(ui, 'utxos', 3, keyed(10), 5);
    ui = setFilter(ui, 'utxos', 'avax1');
    expect(ui.panes.utxos).toMatchObject({ filter: 'avax1', cursor: 0 });
    ui = setPromptText(openPrompt(ui, 'utxo-addresses'), 'P-avax1x');
    // A prompt remembers the text it opened with, so Esc can put it back.
    expect(ui.prompt).toEqual({ kind: 'utxo-addresses', text: 'P-avax1x', initial: '' });
    expect(closePrompt(ui).prompt).toBeUndefined();
    expect(togglePaused(ui).paused).toBe(true);
  });
});

/** Rows k0…k(n-1), or the given keys, in that order. */
function keyed(n: number | string[]): { key: string }[] {
  return (typeof n === 'number' ? Array.from({ length: n }, (_, i) => `k${i}`) : n).map((key) => ({ key }));
}

describe('the cursor stays on its row, not its position (issue 30, item 2)', () => {
  // Blocks, newest first: the user moves down three rows, to block 97.
  const blocks = (newest: number, n = 10) => keyed(Array.from({ length: n }, (_, i) => `b${newest - i}`));

  it('follows its row when rows are added above it', () => {
    const ui = moveCursor(initialUi(), 'blocks', 3, blocks(100), 5);
    expect(ui.panes.blocks.cursorKey).toBe('b97');
    // Two new blocks arrive on top: the cursor is still on block 97, now the fifth row.
    const rows = blocks(102, 12);
    const at = cursorIndex(ui.panes.blocks, rows);
    expect(rows[at]!.key).toBe('b97');
    expect(at).toBe(5);
    // Moving on from there moves from block 97, not from where it first was.
    const down = moveCursor(ui, 'blocks', 1, rows, 5);
    expect(down.panes.blocks).toMatchObject({ cursor: 6, cursorKey: 'b96' });
  });

  it('follows its row when rows above it are removed', () => {
    const ui = moveCursor(initialUi(), 'peers', 5, keyed(10), 5);
    const rows = keyed(['k0', 'k3', 'k4', 'k5', 'k6']);
    expect(rows[cursorIndex(ui.panes.peers, rows)]!.key).toBe('k5');
  });

  it('goes to the row that took its place when its own row is removed', () => {
    const ui = moveCursor(initialUi(), 'peers', 5, keyed(10), 5);
    // k2 was removed first: k5 was last seen at 4. Then k5 itself goes: k6 takes its place.
    const before = keyed(['k0', 'k1', 'k3', 'k4', 'k5', 'k6', 'k7']);
    const seen = cursorIndex(ui.panes.peers, before);
    expect(seen).toBe(4);
    const after = keyed(['k0', 'k1', 'k3', 'k4', 'k6', 'k7']);
    expect(after[cursorIndex(ui.panes.peers, after, seen)]!.key).toBe('k6');
    // The last row goes: the cursor stays on the new last row.
    expect(cursorIndex(ui.panes.peers, keyed(['k0', 'k1']), seen)).toBe(1);
  });

  it('follows its row through a re-sort', () => {
    const ui = moveCursor(initialUi(), 'validators', 2, keyed(['a', 'b', 'c', 'd']), 5);
    const resorted = keyed(['d', 'c', 'b', 'a']);
    expect(resorted[cursorIndex(ui.panes.validators, resorted)]!.key).toBe('c');
  });

  it('keeps the window as drawn when a key moves a cursor that rows carried out of it', () => {
    // Cursor on k2 with the window at the top; 20 rows arrive above it: the table draws it at 22, window 18-22.
    let ui = moveCursor(initialUi(), 'peers', 2, keyed(30), 5);
    expect(ui.panes.peers).toMatchObject({ cursor: 2, scroll: 0 });
    const rows = keyed([...Array.from({ length: 20 }, (_, i) => `n${i}`), ...keyed(30).map((r) => r.key)]);
    ui = moveCursor(ui, 'peers', -1, rows, 5);
    // Up one row from k2 (at 22): k1 at 21, and the window does not jump back to the top.
    expect(ui.panes.peers).toMatchObject({ cursor: 21, cursorKey: 'k1', scroll: 18 });
  });

  it('stays on the first row until it is moved, and a new filter starts over', () => {
    expect(cursorIndex(initialUi().panes.blocks, blocks(102))).toBe(0);
    const ui = setFilter(moveCursor(initialUi(), 'blocks', 3, blocks(100), 5), 'blocks', 'Banff');
    expect(ui.panes.blocks).toMatchObject({ cursor: 0, cursorKey: undefined });
    // Where the cursor was seen before the filter does not count: the filtered list starts at its top.
    expect(cursorIndex(ui.panes.blocks, blocks(100), 3)).toBe(0);
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
    expect(lens.validators(PRIMARY_NETWORK_ID).get(after).status).toBe('ok');
    expect(lens.validators(PRIMARY_NETWORK_ID).get(b.getState()).status).toBe('idle');
    expect(after.ui.panes.peers).toBe(before.ui.panes.peers);
  });
});
