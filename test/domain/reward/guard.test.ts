// This node's validations judged from its store: the budget of the vote while more than half of the stake's view is
// known, the last trustworthy figure spent in real time while not (isolated) or while the node cannot be reached,
// "unknown" with no earlier figure; auto-renewed cycles; the threshold the node counts its rewarding stake at.
// Every figure is checked against the median voter's arithmetic written out here.
import { describe, expect, it } from 'vitest';
import { createAvatopStore, type AvatopState } from '../../../src/state/store';
import { guardOwnValidation, guardWatchedValidation, judgeNode, rememberViews } from '../../../src/domain/reward/node-guard';
import type { Validator } from '../../../src/state/types';
import { allAt as all, rewardState, someAt as some, unreachable } from '../../helpers/reward-state';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const HELICON = '2026-07-28T15:00:00Z';
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;

/** The median voter's budget: (1 − threshold) × period − (1 − uptime) × elapsed. */
const medianBudget = (thr: number, periodMs: number, uptime: number, elapsedMs: number) => ((100 - thr) / 100) * periodMs - ((100 - uptime) / 100) * elapsedMs;

interface Opts {
  views: ReadonlyArray<number | undefined>;
  at?: number;
  heliconTime?: string;
  validator?: Partial<Validator>;
  weighted?: number;
}

function state(o: Opts): AvatopState {
  return rewardState({
    views: o.views,
    at: o.at ?? now,
    heliconTime: o.heliconTime ?? HELICON,
    weighted: o.weighted,
    validator: { startTime: new Date(start), endTime: new Date(start + 30 * DAY), ...o.validator },
  });
}

describe('the budget follows the vote', () => {
  it('connected to 95% of the stake, every voter at 100%: the whole allowance, whatever the node\'s own average says', () => {
    const s = rememberViews(state({ views: some(19, 100), weighted: 95.05 }), now);
    const g = guardOwnValidation(s, { now })!;
    expect(g.threshold.percent).toBe(90);
    expect(g.basis.kind).toBe('vote');
    expect(g.uptimePercent).toBe(100);
    expect(g.budget!.remainingMs).toBeCloseTo(medianBudget(90, 30 * DAY, 100, 10 * DAY), 0);
    expect(g.budget!.remainingMs / DAY).toBeCloseTo(3, 6);
    expect(g.budgetTier).toBe('ok');
    // Good to 1% of the 10 days elapsed.
    expect(g.basis.kind === 'vote' && g.basis.accuracyMs).toBeCloseTo(0.1 * DAY, 0);
    expect(g.averagePercent).toBe(95.05);
    expect(g.rewardingCountedAt).toBe(90);
  });

  it('the median voter decides: a few low views do not move it, a stake majority does', () => {
    const views = [...all(99)];
    views[0] = 40;
    views[1] = 50;
    const g = guardOwnValidation(state({ views }), { now })!;
    expect(g.uptimePercent).toBe(99);
    expect(g.budget!.remainingMs).toBeCloseTo(medianBudget(90, 30 * DAY, 99, 10 * DAY), 0);
    const low = guardOwnValidation(state({ views: [...all(60).slice(0, 11), ...all(100).slice(0, 9)] }), { now })!;
    expect(low.uptimePercent).toBe(60);
    expect(low.budget!.state).toBe('lost');
    expect(low.budgetTier).toBe('over');
  });

  it('say how the network sees the node: the share of stake at each observed uptime', () => {
    const g = guardOwnValidation(state({ views: [...all(100).slice(0, 15), 85, 85, undefined, 0, 0] }), { now })!;
    expect(g.network!.buckets.map((b) => [b.uptimePercent, Math.round(b.stakeShare * 1000)])).toEqual([
      [85, 100],
      [100, 750],
    ]);
    expect(g.network!.pendingShare).toBeCloseTo(2000 / 20_010, 5);
    expect(g.rewardingShare).toBeCloseTo(15_000 / 20_010, 5);
  });
});

describe('when the view cannot be trusted, the budget counts down', () => {
  it('a restart: peers reconnect with no ping yet (isolated); the last trustworthy figure is spent in real time, then the vote again', () => {
    // A trustworthy reading at `now`: every voter at 99%.
    let s = rememberViews(state({ views: all(99) }), now);
    const before = guardOwnValidation(s, { now })!.budget!.remainingMs;
    // Restarted five minutes later: three validators reconnected, none has pinged yet (0), one has (100).
    const t1 = now + 5 * MIN;
    s = rememberViews({ ...state({ views: [100, 0, 0, ...some(0, 0).slice(3)], at: t1 }), reward: s.reward }, t1);
    const g = guardOwnValidation(s, { now: t1 })!;
    expect(g.basis).toMatchObject({ kind: 'projected', reason: 'isolated', sinceMs: now });
    expect(g.budget!.remainingMs).toBeCloseTo(before - 5 * MIN, 0);
    expect(g.budget!.state).toBe('ok');
    // It never rises while projected.
    const t2 = t1 + 10 * MIN;
    expect(guardOwnValidation(s, { now: t2 })!.budget!.remainingMs).toBeCloseTo(before - 15 * MIN, 0);
    // Peers pinged: the vote is back, and it says what the voters measured (the restart cost them a few minutes).
    const t3 = t1 + MIN;
    s = rememberViews({ ...state({ views: all(98), at: t3 }), reward: s.reward }, t3);
    const back = guardOwnValidation(s, { now: t3 })!;
    expect(back.basis.kind).toBe('vote');
    expect(back.budget!.remainingMs).toBeCloseTo(medianBudget(90, 30 * DAY, 98, t3 - start), 0);
  });

  it('an isolated node is never "reward lost" from its near-zero average, and without an earlier figure says "budget unknown"', () => {
    const s = state({ views: some(0, 0), weighted: 0.05 });
    const g = guardOwnValidation(rememberViews(s, now), { now })!;
    expect(g.basis).toEqual({ kind: 'unknown', reason: 'isolated' });
    expect(g.budget).toBeUndefined();
    expect(g.budgetTier).toBeUndefined();
  });

  it('a node that stops answering: projected from the last figure, "node unreachable"', () => {
    let s = rememberViews(state({ views: all(100) }), now);
    const t = now + 2 * HOUR;
    s = unreachable(s, now + MIN);
    const g = guardOwnValidation(s, { now: t })!;
    expect(g.basis).toMatchObject({ kind: 'projected', reason: 'unreachable', sinceMs: now });
    expect(g.budget!.remainingMs).toBeCloseTo(medianBudget(90, 30 * DAY, 100, 10 * DAY) - 2 * HOUR, 0);
    // Projected below zero: spent (critical), not lost.
    const late = guardOwnValidation(s, { now: now + 4 * DAY })!;
    expect(late.budget!.state).toBe('spent');
    expect(late.budgetTier).toBe('critical');
    // Down with no earlier figure: unknown.
    expect(guardOwnValidation(unreachable(state({ views: all(100) }), now), { now: t })!.basis).toEqual({ kind: 'unknown', reason: 'unreachable' });
  });

  it('a projection at the worst case is warned of once it would run out before the end, critical within a day', () => {
    // 14-day period at 90%: 1.4 d allowed, all of it left at the last reading.
    let s = rememberViews(state({ views: all(100), validator: { startTime: new Date(now), endTime: new Date(now + 14 * DAY) } }), now);
    s = unreachable(s, now + MIN);
    expect(guardOwnValidation(s, { now: now + HOUR })!.budgetTier).toBe('warn');
    expect(guardOwnValidation(s, { now: now + 12 * HOUR })!.budgetTier).toBe('critical');
  });

  it('the last hour\'s downtime makes a measured budget run out sooner', () => {
    let s = state({ views: all(100) });
    // 40 minutes trusted, then 20 minutes isolated, then trusted again.
    for (let m = 0; m <= 40; m++) s = rememberViews({ ...state({ views: all(100), at: now + m * MIN }), reward: s.reward }, now + m * MIN);
    for (let m = 41; m < 60; m++) s = rememberViews({ ...state({ views: some(2, 100), at: now + m * MIN }), reward: s.reward }, now + m * MIN);
    const t = now + 60 * MIN;
    s = rememberViews({ ...state({ views: all(100), at: t }), reward: s.reward }, t);
    const g = guardOwnValidation(s, { now: t })!;
    expect(g.basis.kind).toBe('vote');
    expect(g.budget!.runsOutAtMs).toBeDefined();
    // About a third of the hour down: the 3 days run out in about 9.
    expect((g.budget!.runsOutAtMs! - t) / DAY).toBeGreaterThan(8);
    expect((g.budget!.runsOutAtMs! - t) / DAY).toBeLessThan(10);
  });
});

describe('auto-renewed validators (ACP-236)', () => {
  const authority = { addresses: ['P-avax1x'], threshold: 1, locktime: 0n };
  const cycle = { startTime: new Date(now - DAY), endTime: new Date(now + DAY), validatorAuthority: authority };

  it('a healthy 48-hour cycle: OK at 100% (4h 48m is the whole allowance), and its end is no deadline', () => {
    const g = guardOwnValidation(state({ views: all(100), validator: { ...cycle, nextPeriod: 172_800n, autoCompoundRewardShares: 500_000 } }), { now })!;
    expect(g.budget!.remainingMs).toBeCloseTo(medianBudget(90, 2 * DAY, 100, DAY), 0);
    expect(g.budgetTier).toBe('ok');
    expect(g.outcome).toBe('renews');
    expect(g.endTier).toBe('ok');
    expect(g.compoundShare).toBe(0.5);
  });

  it('a failing cycle: its reward lost, the validator removed at the cycle\'s end', () => {
    const g = guardOwnValidation(state({ views: all(70), validator: { ...cycle, nextPeriod: 172_800n } }), { now })!;
    expect(g.budget!.state).toBe('lost');
    expect(g.outcome).toBe('removed');
    expect(g.endTier).toBe('warn');
  });

  it('auto-renew switched off (nextPeriod 0): it exits at the cycle\'s end', () => {
    const g = guardOwnValidation(state({ views: all(100), validator: { ...cycle, nextPeriod: 0n } }), { now })!;
    expect(g.outcome).toBe('exits');
    expect(g.endTier).toBe('warn');
  });

  it('a new cycle does not count down from the last one\'s figure', () => {
    let s = rememberViews(state({ views: all(100), validator: { ...cycle, nextPeriod: 172_800n } }), now);
    const next = { ...cycle, startTime: cycle.endTime, endTime: new Date(now + 3 * DAY), nextPeriod: 172_800n };
    s = unreachable({ ...state({ views: all(100), validator: next, at: now + DAY + MIN }), reward: s.reward }, now + DAY + 2 * MIN);
    expect(guardOwnValidation(s, { now: now + DAY + 5 * MIN })!.basis).toEqual({ kind: 'unknown', reason: 'unreachable' });
  });
});

describe('thresholds and other views', () => {
  it('--uptime-threshold moves only a validation started before Helicon, and the projection follows it', () => {
    const after = guardOwnValidation(state({ views: all(100) }), { now, override: 70 })!;
    expect(after.threshold.percent).toBe(90);
    let s = rememberViews(state({ views: all(99), heliconTime: '9999-12-01T00:00:00Z' }), now);
    expect(guardOwnValidation(s, { now, override: 70 })!.budget!.remainingMs).toBeCloseTo(medianBudget(70, 30 * DAY, 99, 10 * DAY), 0);
    s = unreachable(s, now + MIN);
    expect(guardOwnValidation(s, { now: now + HOUR, override: 70 })!.budget!.remainingMs).toBeCloseTo(medianBudget(70, 30 * DAY, 99, 10 * DAY) - HOUR, 0);
    expect(guardOwnValidation(s, { now: now + HOUR, override: 70 })!.rewardingCountedAt).toBe(70);
  });

  it('judges once per store update and second: the same list to every surface', () => {
    const s = state({ views: all(100) });
    expect(judgeNode(s, { now })).toBe(judgeNode(s, { now }));
    expect(judgeNode(s, { now: now + 1000 })).not.toBe(judgeNode(s, { now }));
  });

  it('hands out the same list for a new store update that judges the same, and a new one when the verdict moves', () => {
    const s = state({ views: all(100) });
    const first = judgeNode(s, { now });
    // A block: the height moves, nothing the guard reads does.
    const block: AvatopState = { ...s, pchain: { ...s.pchain, height: { ...s.pchain.height, data: (s.pchain.height.data ?? 0n) + 1n } } };
    expect(judgeNode(block, { now })).toBe(first);
    // The peers' views fall: judged afresh, and the figures are the new ones.
    const lower = state({ views: all(95) });
    const moved = judgeNode(lower, { now });
    expect(moved).not.toBe(first);
    expect(moved).toEqual(judgeNode(state({ views: all(95) }), { now }));
    expect(moved[0]).not.toEqual(first[0]);
  });

  it('judges afresh when any part of the store it reads moves alone, within the same second', () => {
    const s = state({ views: all(100) });
    const first = judgeNode(s, { now });
    const guardOf = (l: typeof first) => (l[0]?.kind === 'primary' ? l[0].guard : undefined);
    // The node's own figures (info.uptime): shown in the verdict.
    const uptime: AvatopState = { ...s, node: { ...s.node, uptime: { ...s.node.uptime, data: { weightedAveragePercentage: 80, rewardingStakePercentage: 80 } } } };
    const byUptime = judgeNode(uptime, { now });
    expect(byUptime).not.toBe(first);
    expect(guardOf(byUptime)?.averagePercent).toBe(80);
    // The node stops answering: the liveness probe's failure alone changes the verdict (each move from s's judgement).
    expect(judgeNode({ ...s }, { now })).toEqual(first);
    const byLiveness = judgeNode(unreachable(s, now - 1000), { now });
    expect(byLiveness).not.toBe(first);
    expect(guardOf(byLiveness)?.basis).not.toEqual(guardOf(first)?.basis);
    // Its own validator record (the uptime it reports of itself).
    const key = Object.keys(s.validators.detail)[0]!;
    const rec = s.validators.detail[key]!;
    const own: AvatopState = { ...s, validators: { ...s.validators, detail: { ...s.validators.detail, [key]: { ...rec, data: { ...rec.data!, uptime: 42 } } } } };
    expect(judgeNode({ ...s }, { now })).toEqual(first);
    const byOwn = judgeNode(own, { now });
    expect(byOwn).not.toBe(first);
    expect(guardOf(byOwn)?.ownRecordPercent).toBe(42);
    // And back: the same parts as the first judgement judge as it did.
    expect(judgeNode({ ...s, pchain: { ...s.pchain } }, { now })).toEqual(first);
  });

  it('without keepLast (the exporter): the same figures, judged afresh, the last list neither compared nor replaced', () => {
    const s = state({ views: all(100) });
    const kept = judgeNode(s, { now });
    const block: AvatopState = { ...s, pchain: { ...s.pchain, height: { ...s.pchain.height, data: (s.pchain.height.data ?? 0n) + 1n } } };
    const fresh = judgeNode(block, { now }, false);
    expect(fresh).not.toBe(kept);
    expect(fresh).toEqual(kept);
    expect(judgeNode(block, { now }, false)).toBe(fresh);
    // The screens' last list is still theirs.
    expect(judgeNode(block, { now })).toBe(kept);
  });

  it('is undefined for a node that is not validating, and a watched node is judged by this node\'s view of it', () => {
    expect(guardOwnValidation(createAvatopStore().getState(), { now })).toBeUndefined();
    const s = state({ views: all(100) });
    const g = guardWatchedValidation({ nodeID: 'NodeID-x', startTime: new Date(start), endTime: new Date(start + 11 * DAY), uptime: 50 } as Validator, s, { now });
    expect(g.view).toBe('this-node');
    expect(g.budget!.state).toBe('lost');
    expect(g.endTier).toBe('warn');
  });
});
