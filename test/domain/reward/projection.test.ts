// While the view cannot be trusted the budget counts down from the last trustworthy figure, in real time: the worst
// case (down all along), never a rise, never a lost reward.
import { describe, expect, it } from 'vitest';
import {
  addViewSample,
  isLastBudget,
  lastBudgetOf,
  project,
  recentDownShare,
  rememberBudgets,
  restoreLastBudgets,
  type LastBudget,
} from '../../../src/domain/reward/projection';
import type { RewardSlice } from '../../../src/state/reward-memory';
import { idleResource } from '../../../src/state/resource';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const last = (over: Partial<LastBudget> = {}): LastBudget =>
  lastBudgetOf({ validation: 'primary', nodeId: 'NodeID-a', atMs: 10 * DAY, startMs: 0, endMs: 30 * DAY, thresholdPercent: 90, medianUptimePercent: 99, knownShare: 0.97, ...over });

describe('the last trustworthy budget', () => {
  it('is the median voter\'s arithmetic at the time it was read', () => {
    const l = last();
    // (1 − 0.9) × 30 d − (1 − 0.99) × 10 d = 3 d − 0.1 d.
    expect(l.allowedMs).toBeCloseTo(3 * DAY, 3);
    expect(l.remainingMs).toBeCloseTo(2.9 * DAY, 3);
  });

  it('is spent in real time from then, never rises, stops at the period\'s end, and below zero is spent, not lost', () => {
    const l = last();
    const a = project(l, 10 * DAY + 5 * HOUR);
    expect(a.remainingMs).toBeCloseTo(l.remainingMs - 5 * HOUR, 3);
    expect(a.sinceMs).toBe(10 * DAY);
    const b = project(l, 10 * DAY + 6 * HOUR);
    expect(b.remainingMs).toBeLessThan(a.remainingMs);
    // Asked about an earlier moment than the reading: no rise above the figure.
    expect(project(l, 9 * DAY).remainingMs).toBe(l.remainingMs);
    const spent = project(l, 10 * DAY + 3 * DAY);
    expect(spent.spent).toBe(true);
    expect(spent.ended).toBe(false);
    const over = project(l, 40 * DAY);
    expect(over.ended).toBe(true);
    expect(over.remainingMs).toBeCloseTo(l.remainingMs - 20 * DAY, 3);
  });

  it('recomputes its start from the median voter at another threshold (the operator\'s --uptime-threshold)', () => {
    const l = last({ thresholdPercent: 80 });
    const p = project(l, 10 * DAY, { thresholdPercent: 70 });
    // (1 − 0.7) × 30 d − 0.01 × 10 d.
    expect(p.remainingMs).toBeCloseTo(9 * DAY - 0.1 * DAY, 3);
    expect(p.allowedMs).toBeCloseTo(9 * DAY, 3);
  });

  it('keeps the newest record per validation; one given back from disk never overwrites a fresher one', () => {
    const older = last({ atMs: 9 * DAY });
    const newer = last({ atMs: 10 * DAY });
    const kept = rememberBudgets({}, [newer]);
    expect(rememberBudgets(kept, [older])).toBe(kept);
    expect(rememberBudgets(kept, [last({ atMs: 11 * DAY })]).primary!.atMs).toBe(11 * DAY);
    // Another node's record replaces it (a different node at the same URL).
    expect(rememberBudgets(kept, [last({ atMs: 1, nodeId: 'NodeID-b' })]).primary!.nodeId).toBe('NodeID-b');
    const slice: RewardSlice = { weights: idleResource(), last: kept, seen: [] };
    expect(restoreLastBudgets(slice, [older, { nonsense: true } as unknown as LastBudget])).toBe(slice);
    expect(restoreLastBudgets({ ...slice, last: {} }, [older]).last.primary).toEqual(older);
  });

  it('accepts from disk only a record with the shape and sense of one', () => {
    expect(isLastBudget(last())).toBe(true);
    expect(isLastBudget(JSON.parse(JSON.stringify(last())))).toBe(true);
    expect(isLastBudget({ ...last(), remainingMs: 'x' })).toBe(false);
    expect(isLastBudget({ ...last(), startMs: 5, endMs: 5 })).toBe(false);
    expect(isLastBudget(null)).toBe(false);
  });
});

describe('the last hour\'s downtime rate, from the readings of the view', () => {
  it('counts stretches between trusted readings as up, untrusted ones and silences as down', () => {
    const t0 = 100 * DAY;
    let seen = addViewSample([], { atMs: t0, trusted: true });
    for (let m = 1; m <= 40; m++) seen = addViewSample(seen, { atMs: t0 + m * MIN, trusted: true });
    // 40 minutes up: rate 0.
    expect(recentDownShare(seen, t0 + 40 * MIN, 150_000)).toBeCloseTo(0, 6);
    // Then 20 minutes isolated.
    for (let m = 41; m <= 60; m++) seen = addViewSample(seen, { atMs: t0 + m * MIN, trusted: false });
    expect(recentDownShare(seen, t0 + 60 * MIN, 150_000)).toBeCloseTo(20 / 60, 2);
    // A silence (unreachable) longer than the gap counts as down too.
    const quiet = addViewSample(addViewSample([], { atMs: t0, trusted: true }), { atMs: t0 + 30 * MIN, trusted: true });
    expect(recentDownShare(quiet, t0 + 30 * MIN, 150_000)).toBeCloseTo(1, 6);
  });

  it('says nothing under ten minutes of readings, and keeps only the last hour', () => {
    const t0 = 100 * DAY;
    const seen = addViewSample(addViewSample([], { atMs: t0, trusted: true }), { atMs: t0 + 5 * MIN, trusted: true });
    expect(recentDownShare(seen, t0 + 5 * MIN, 150_000)).toBeUndefined();
    let long = addViewSample([], { atMs: t0, trusted: true });
    for (let m = 1; m <= 180; m++) long = addViewSample(long, { atMs: t0 + m * MIN, trusted: true });
    expect(long[0]!.atMs).toBeGreaterThanOrEqual(t0 + 119 * MIN);
    // A reading close to the last saying the same adds nothing; one saying otherwise does.
    expect(addViewSample(long, { atMs: t0 + 180 * MIN + 1000, trusted: true })).toBe(long);
    expect(addViewSample(long, { atMs: t0 + 180 * MIN + 1000, trusted: false })).toHaveLength(long.length + 1);
  });
});
