import { describe, expect, it } from 'vitest';
import { byIdentity, deepEqual, keepIdentity } from '../../src/state/equal';
import { diffRows, liveValues } from '../../src/state/rows';

describe('deepEqual', () => {
  it('compares bigint, Date and bytes by value', () => {
    expect(deepEqual({ a: 1n, d: new Date(5), b: new Uint8Array([1, 2]) }, { a: 1n, d: new Date(5), b: new Uint8Array([1, 2]) })).toBe(true);
    expect(deepEqual({ a: 1n }, { a: 2n })).toBe(false);
    expect(deepEqual(new Date(5), new Date(6))).toBe(false);
    expect(deepEqual(new Uint8Array([1]), new Uint8Array([2]))).toBe(false);
    expect(deepEqual(1n, 1)).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(false);
    expect(deepEqual([1, [2, 3n]], [1, [2, 3n]])).toBe(true);
  });
});

describe('keepIdentity', () => {
  it('returns the previous object when the new one is equal', () => {
    const prev = { height: 5n, at: new Date(10), list: [{ id: 'a' }] };
    const next = { height: 5n, at: new Date(10), list: [{ id: 'a' }] };
    expect(keepIdentity(prev, next)).toBe(prev);
  });

  it('shares the unchanged parts of a changed object', () => {
    const prev = { a: { x: 1n }, b: { y: 2 }, list: [{ id: 'a' }, { id: 'b' }] };
    const next = { a: { x: 1n }, b: { y: 3 }, list: [{ id: 'a' }, { id: 'c' }] };
    const out = keepIdentity(prev, next);
    expect(out).not.toBe(prev);
    expect(out).toEqual(next);
    expect(out.a).toBe(prev.a);
    expect(out.b).not.toBe(prev.b);
    expect(out.list[0]).toBe(prev.list[0]);
    expect(out.list[1]).toEqual({ id: 'c' });
  });

  it('copies only from the first difference, keeping the order and the parts before it', () => {
    const prev = { a: { x: 1 }, b: 2, c: { z: 3 } };
    const out = keepIdentity(prev, { a: { x: 1 }, b: 5, c: { z: 3 } });
    expect(Object.keys(out)).toEqual(['a', 'b', 'c']);
    expect(out).toEqual({ a: { x: 1 }, b: 5, c: { z: 3 } });
    expect(out.a).toBe(prev.a);
    expect(out.c).toBe(prev.c);
  });

  it('drops what next lacks: fewer keys, a shorter list', () => {
    const prev = { a: { x: 1 }, b: 2, list: [{ id: 'a' }, { id: 'b' }] };
    const fewer = keepIdentity(prev, { a: { x: 1 } });
    expect(fewer).toEqual({ a: { x: 1 } });
    expect(fewer.a).toBe(prev.a);
    const shorter = keepIdentity(prev.list, [{ id: 'a' }]);
    expect(shorter).toEqual([{ id: 'a' }]);
    expect(shorter[0]).toBe(prev.list[0]);
    const longer = keepIdentity(prev.list, [{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(longer).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
    expect(longer[1]).toBe(prev.list[1]);
  });
});

describe('diffRows', () => {
  const key = (v: { id: string }) => v.id;

  it('flags nothing on first load', () => {
    const l = diffRows(undefined, [{ id: 'a' }, { id: 'b' }], key);
    expect(l.rows.map((r) => r.change)).toEqual(['same', 'same']);
    expect(l.size).toBe(2);
  });

  it('flags added, changed and removed rows, and keeps removed rows exactly one cycle', () => {
    const first = diffRows(undefined, [{ id: 'a', w: 1n }, { id: 'b', w: 2n }, { id: 'c', w: 3n }], key);
    const second = diffRows(first, [{ id: 'a', w: 1n }, { id: 'b', w: 5n }, { id: 'd', w: 4n }], key);
    expect(second.rows.map((r) => [r.key, r.change])).toEqual([
      ['a', 'same'],
      ['b', 'changed'],
      ['d', 'added'],
      ['c', 'removed'],
    ]);
    expect(second.size).toBe(3);
    expect(second.rows[0]).toBe(first.rows[0]);
    expect(liveValues(second).map((v) => v.id)).toEqual(['a', 'b', 'd']);

    const third = diffRows(second, [{ id: 'a', w: 1n }, { id: 'b', w: 5n }, { id: 'd', w: 4n }], key);
    expect(third.rows.map((r) => [r.key, r.change])).toEqual([
      ['a', 'same'],
      ['b', 'same'],
      ['d', 'same'],
    ]);
    // A row that was 'changed' keeps its value object when it becomes 'same'.
    expect(third.rows[1]!.value).toBe(second.rows[1]!.value);
  });

  it('returns the previous list itself when nothing changed', () => {
    const first = diffRows(undefined, [{ id: 'a', t: new Date(1) }], key);
    expect(diffRows(first, [{ id: 'a', t: new Date(1) }], key)).toBe(first);
  });

  it('treats a row that comes back after removal as added', () => {
    const first = diffRows(undefined, [{ id: 'a' }, { id: 'b' }], key);
    const second = diffRows(first, [{ id: 'a' }], key);
    const third = diffRows(second, [{ id: 'a' }, { id: 'b' }], key);
    expect(third.rows.find((r) => r.key === 'b')!.change).toBe('added');
  });

  it('keeps the first of duplicate keys', () => {
    const l = diffRows(undefined, [{ id: 'a', n: 1 }, { id: 'a', n: 2 }], key);
    expect(l.rows).toHaveLength(1);
    expect(l.rows[0]!.value).toEqual({ id: 'a', n: 1 });
  });
});

describe('byIdentity', () => {
  it('is equal only to itself: never walked, its getters never read, never copied into a kept result', () => {
    let reads = 0;
    const view = () => byIdentity({ get voters() { reads++; return [1, 2, 3]; }, median: 99 });
    const a = view();
    const b = view();
    expect(deepEqual(a, b)).toBe(false);
    expect(deepEqual(a, a)).toBe(true);
    // A list that moved elsewhere: its own parts kept as before, the view as the new one's, not a copy of it.
    const prev = [{ budget: 1, network: a, tier: { t: 'ok' } }];
    const next = [{ budget: 2, network: a, tier: { t: 'ok' } }];
    const kept = keepIdentity(prev, next);
    expect(kept[0]!.network).toBe(a);
    expect(kept[0]!.tier).toBe(prev[0]!.tier);
    const other = keepIdentity(prev, [{ budget: 1, network: b, tier: { t: 'ok' } }]);
    expect(other[0]!.network).toBe(b);
    expect(other !== prev).toBe(true);
    expect(reads).toBe(0);
  });
});
