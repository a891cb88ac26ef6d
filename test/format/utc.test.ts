// The pure UTC formatter against the engine's own Date.prototype.toISOString: the same text for every instant Date
// can hold, and the same refusal outside it.
import { describe, expect, it } from 'vitest';
import { isoUtc } from '../../src/format/utc';

const DAY = 86_400_000;
const MAX = 8.64e15;
const byDate = (ms: number) => new Date(ms).toISOString();

/** A small seeded generator (mulberry32), so a failure names an input that can be run again. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('isoUtc', () => {
  it('writes what toISOString writes at the edges: the epoch, years 0, 1969, 9999, 10000, leap days, the range', () => {
    const edges = [
      0,
      -1,
      1,
      999,
      -999,
      DAY - 1,
      -DAY,
      -DAY + 1,
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(1900, 1, 28, 23, 59, 59, 999),
      Date.UTC(1900, 2, 1),
      Date.UTC(2100, 1, 28),
      Date.UTC(2100, 2, 1),
      Date.UTC(2400, 1, 29),
      Date.UTC(1600, 1, 29),
      Date.UTC(2026, 10, 27, 10, 15, 1, 123),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      -62_167_219_200_000, // 0000-01-01T00:00:00.000Z
      -62_167_219_200_001, // -000001-12-31T23:59:59.999Z
      -62_135_596_800_000, // 0001-01-01
      253_402_300_800_000, // +010000-01-01
      MAX,
      -MAX,
      MAX - 1,
      -MAX + 1,
    ];
    for (const ms of edges) expect(isoUtc(ms), String(ms)).toBe(byDate(ms));
    expect(isoUtc(-62_167_219_200_000)).toBe('0000-01-01T00:00:00.000Z');
    expect(isoUtc(-62_167_219_200_001)).toBe('-000001-12-31T23:59:59.999Z');
    expect(isoUtc(253_402_300_800_000)).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoUtc(MAX)).toBe('+275760-09-13T00:00:00.000Z');
    expect(isoUtc(-MAX)).toBe('-271821-04-20T00:00:00.000Z');
  });

  it('cuts a fractional millisecond toward zero, as Date does, and writes -0 as the epoch', () => {
    for (const ms of [1.5, 1.999, -1.5, -0.5, 0.5, -0, 1_700_000_000_000.9, -1_700_000_000_000.9, -DAY + 0.5]) {
      expect(isoUtc(ms), String(ms)).toBe(byDate(ms));
    }
    expect(isoUtc(-0.5)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoUtc(-1.5)).toBe('1969-12-31T23:59:59.999Z');
  });

  it('refuses what Date refuses: NaN, infinities, one millisecond past the range', () => {
    for (const ms of [NaN, Infinity, -Infinity, MAX + 1, -MAX - 1, 1e20]) {
      expect(() => byDate(ms)).toThrow(RangeError);
      expect(() => isoUtc(ms), String(ms)).toThrow(RangeError);
    }
  });

  it('agrees with toISOString on 200,000 random instants over the whole range and near today', () => {
    const next = random(31);
    const misses: string[] = [];
    for (let i = 0; i < 200_000; i++) {
      const r = next() * 2 - 1;
      // Thirds: the whole range, ±300 years around 1970, and the days around now (every millisecond field).
      const ms = i % 3 === 0 ? Math.round(r * MAX) : i % 3 === 1 ? Math.round(r * 300 * 365 * DAY) : 1_795_000_000_000 + Math.round(r * 30 * DAY);
      if (isoUtc(ms) !== byDate(ms)) misses.push(`${ms}: ${isoUtc(ms)} ≠ ${byDate(ms)}`);
    }
    expect(misses.slice(0, 5)).toEqual([]);
  });

  it('agrees at every day boundary of four centuries (each leap rule) and the last millisecond before it', () => {
    const start = Date.UTC(1899, 0, 1);
    const misses: string[] = [];
    for (let d = 0; d < 146_097 + 731; d++) {
      for (const ms of [start + d * DAY, start + d * DAY - 1]) {
        if (isoUtc(ms) !== byDate(ms)) misses.push(`${ms}: ${isoUtc(ms)} ≠ ${byDate(ms)}`);
      }
    }
    expect(misses.slice(0, 5)).toEqual([]);
  });
});
