import { describe, expect, it } from 'vitest';
import { gaugeSeries, HISTORY_MS, latest, meanPer, rate, rateSeries } from '../../src/metrics/series';
import { bootstrapProgress } from '../../src/domain/metrics/bootstrap';
import { DISK_MIN_BYTES, diskLow, fdsNearLimit, resourceWarnings } from '../../src/domain/metrics/warnings';
import { seriesOf } from '../helpers/series';

describe('metric series', () => {
  it('keeps a bounded window of readings', () => {
    const s = seriesOf(Array.from({ length: 400 }, (_, i) => [i * 5_000, { x: i }] as [number, Record<string, number>]));
    expect(s!.points.length).toBeLessThanOrEqual(300);
    expect(s!.points[s!.points.length - 1]!.at - s!.points[0]!.at).toBeLessThanOrEqual(HISTORY_MS);
    expect(latest(s, 'x')).toBe(399);
  });

  it('takes the rate of a counter over the rolling window, per second', () => {
    const s = seriesOf([[0, { c: 0 }], [10_000, { c: 50 }], [20_000, { c: 100 }]]);
    expect(rate(s, 'c')).toBe(5);
    expect(rateSeries(s, 'c')).toEqual([5, 5]);
    expect(rate(seriesOf([[0, { c: 1 }]]), 'c')).toBeUndefined();
  });

  it('a counter that went down (the node restarted) restarts the rate: never negative, never across the reset', () => {
    const s = seriesOf([[0, { c: 1000 }], [10_000, { c: 2000 }], [20_000, { c: 10 }], [30_000, { c: 60 }]]);
    expect(rate(s, 'c')).toBe(5);
    expect(rateSeries(s, 'c')).toEqual([100, 5]);
    // Right after the reset there is one reading: no rate yet.
    expect(rate(seriesOf([[0, { c: 1000 }], [10_000, { c: 5 }]]), 'c')).toBeUndefined();
  });

  it('gives the mean per event of a sum counter (latency per accepted block)', () => {
    const s = seriesOf([[0, { sum: 0, n: 0 }], [10_000, { sum: 4e9, n: 2 }]]);
    expect(meanPer(s, 'sum', 'n')).toBe(2e9);
    expect(meanPer(seriesOf([[0, { sum: 0, n: 0 }], [10_000, { sum: 0, n: 0 }]]), 'sum', 'n')).toBeUndefined();
    expect(gaugeSeries(s, 'n')).toEqual([0, 2]);
  });
});

describe('bootstrap progress', () => {
  const P = (fetched: number, accepted: number) => ({ 'bsFetched:P': fetched, 'bsAccepted:P': accepted });

  it('while fetching: the count and its rate, no ETA (avalanchego publishes no target)', () => {
    const p = bootstrapProgress(seriesOf([[0, P(0, 0)], [10_000, P(30_000, 0)]]), 'P')!;
    expect(p).toMatchObject({ phase: 'fetching', fetched: 30_000, fetchRate: 3_000, etaMs: undefined });
  });

  it('while executing: share done and an ETA from the rolling accept rate', () => {
    const p = bootstrapProgress(seriesOf([[0, P(90_000, 0)], [10_000, P(90_000, 9_000)], [20_000, P(90_000, 18_000)]]), 'P')!;
    expect(p.phase).toBe('executing');
    expect(p.done).toBeCloseTo(0.2);
    expect(p.etaMs).toBe(80_000);
  });

  it('across a node restart the rate starts again and the ETA is never negative', () => {
    const before = [[0, P(90_000, 0)], [10_000, P(90_000, 40_000)]] as Array<[number, Record<string, number>]>;
    // Restarted: counters from zero. One reading since: no rate, so no ETA rather than a wrong one.
    const justRestarted = bootstrapProgress(seriesOf([...before, [20_000, P(1_000, 0)]]), 'P')!;
    expect(justRestarted.etaMs).toBeUndefined();
    expect(justRestarted.fetchRate).toBeUndefined();
    const later = bootstrapProgress(seriesOf([...before, [20_000, P(50_000, 0)], [30_000, P(50_000, 5_000)], [40_000, P(50_000, 10_000)]]), 'P')!;
    expect(later.etaMs).toBe(80_000);
    // Accepted past fetched (a counter read between the two): zero left, not a negative ETA.
    const over = bootstrapProgress(seriesOf([[0, P(100, 0)], [10_000, P(100, 150)]]), 'P')!;
    expect(over.etaMs).toBe(0);
    expect(over.done).toBe(1);
  });

  it('nothing without the counters', () => {
    expect(bootstrapProgress(seriesOf([[0, { x: 1 }]]), 'P')).toBeUndefined();
  });
});

describe('resource warnings', () => {
  it('disk: under 10% or under 20 GiB', () => {
    expect(diskLow(500 * 1024 ** 3, 9.9)).toBe(true);
    expect(diskLow(DISK_MIN_BYTES - 1, 50)).toBe(true);
    expect(diskLow(DISK_MIN_BYTES, 10)).toBe(false);
    expect(diskLow(undefined, undefined)).toBe(false);
    // A node on an in-memory database reports 2^64 bytes and 100%.
    expect(diskLow(1.8446744073709552e19, 100)).toBe(false);
  });

  it('file descriptors: from 90% of the limit', () => {
    expect(fdsNearLimit(29_492, 32_768)).toBe(true);
    expect(fdsNearLimit(29_491, 32_768)).toBe(false);
    expect(fdsNearLimit(10, 0)).toBe(false);
  });

  it('reads both off the latest reading', () => {
    const s = seriesOf([[0, { diskAvailableBytes: 5 * 1024 ** 3, diskAvailablePercent: 40, openFds: 8000, maxFds: 8192 }]]);
    expect(resourceWarnings(s).map((w) => w.kind)).toEqual(['disk', 'fds']);
    expect(resourceWarnings(seriesOf([[0, { diskAvailableBytes: 900 * 1024 ** 3, openFds: 10, maxFds: 8192 }]]))).toEqual([]);
  });
});
