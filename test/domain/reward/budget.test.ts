import { describe, expect, it } from 'vitest';
import { downtimeBudget, intervalUptime } from '../../../src/domain/reward/budget';
import { balanceRunwayMs, budgetTier, endTier, runwayTier } from '../../../src/domain/reward/tiers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 10, 1);

describe('downtimeBudget', () => {
  it('allows (1 − threshold) of the period and spends (1 − uptime) of the time since its start', () => {
    // 100 days at 80%: 20 days allowed. 10 days in at 95%: half a day used.
    const b = downtimeBudget({ thresholdPercent: 80, startMs: start, endMs: start + 100 * DAY, uptimePercent: 95, nowMs: start + 10 * DAY });
    expect(b.state).toBe('ok');
    expect(b.allowedMs).toBeCloseTo(20 * DAY, 0);
    expect(b.usedMs).toBeCloseTo(0.5 * DAY, 0);
    expect(b.remainingMs).toBeCloseTo(19.5 * DAY, 0);
    expect(b.runsOutAtMs).toBeUndefined();
  });

  it('is the whole allowance before the period starts', () => {
    const b = downtimeBudget({ thresholdPercent: 90, startMs: start, endMs: start + 14 * DAY, uptimePercent: 0, nowMs: start - HOUR });
    expect(b.state).toBe('not-started');
    expect(b.usedMs).toBe(0);
    expect(b.remainingMs).toBeCloseTo(1.4 * DAY, 0);
  });

  it('is lost once more downtime was spent than allowed, and says so with a negative remainder', () => {
    const b = downtimeBudget({ thresholdPercent: 90, startMs: start, endMs: start + 14 * DAY, uptimePercent: 50, nowMs: start + 7 * DAY });
    expect(b.state).toBe('lost');
    expect(b.remainingMs).toBeCloseTo(1.4 * DAY - 3.5 * DAY, 0);
  });

  it('keeps nothing in hand at exactly the threshold over the whole period, and that still earns the reward', () => {
    const b = downtimeBudget({ thresholdPercent: 80, startMs: start, endMs: start + 10 * DAY, uptimePercent: 80, nowMs: start + 10 * DAY - 1 });
    expect(b.state).toBe('ok');
    expect(Math.abs(b.remainingMs)).toBeLessThan(1);
  });

  it('reports a finished period as ended with its final figures', () => {
    const b = downtimeBudget({ thresholdPercent: 80, startMs: start, endMs: start + 10 * DAY, uptimePercent: 99, nowMs: start + 20 * DAY });
    expect(b.state).toBe('ended');
    expect(b.usedMs).toBeCloseTo(0.1 * DAY, 0);
  });

  it('judges an auto-renewed validator per period: a new period starts with a full allowance', () => {
    // Period 2 of 14-day periods, one hour in: whatever happened in period 1 no longer counts.
    const periodStart = start + 14 * DAY;
    const b = downtimeBudget({ thresholdPercent: 90, startMs: periodStart, endMs: periodStart + 14 * DAY, uptimePercent: 100, nowMs: periodStart + HOUR });
    expect(b.remainingMs).toBeCloseTo(1.4 * DAY, 0);
  });

  it('says when the budget runs out at the last hour\'s uptime, only when that is lower and before the end', () => {
    const base = { thresholdPercent: 80, startMs: start, endMs: start + 100 * DAY, uptimePercent: 95, nowMs: start + 10 * DAY };
    // 19.5 days left; at 0% uptime from now it is gone in 19.5 days, before day 100.
    const down = downtimeBudget({ ...base, recentUptimePercent: 0 });
    expect(down.runsOutAtMs! - base.nowMs).toBeCloseTo(19.5 * DAY, 0);
    // At 50%, downtime accrues half as fast: 39 days.
    expect(downtimeBudget({ ...base, recentUptimePercent: 50 }).runsOutAtMs! - base.nowMs).toBeCloseTo(39 * DAY, 0);
    // Higher than the period's uptime: no projection.
    expect(downtimeBudget({ ...base, recentUptimePercent: 99 }).runsOutAtMs).toBeUndefined();
    // At 90% it would take 195 days, past the end: no projection.
    expect(downtimeBudget({ ...base, recentUptimePercent: 90 }).runsOutAtMs).toBeUndefined();
  });

  it('clamps percentages a node should never send', () => {
    const b = downtimeBudget({ thresholdPercent: 80, startMs: start, endMs: start + 10 * DAY, uptimePercent: 140, nowMs: start + DAY, recentUptimePercent: Number.NaN });
    expect(b.usedMs).toBe(0);
    expect(b.runsOutAtMs).toBeUndefined();
  });
});

describe('intervalUptime', () => {
  it('is the uptime between two samples of the running figure', () => {
    // 10 h in at 100%, then 11 h in at 10/11 (the last hour down): the interval was 0%.
    expect(intervalUptime(start, { atMs: start + 10 * HOUR, uptimePercent: 100 }, { atMs: start + 11 * HOUR, uptimePercent: (10 / 11) * 100 })).toBeCloseTo(0, 6);
    expect(intervalUptime(start, { atMs: start + HOUR, uptimePercent: 50 }, { atMs: start + 2 * HOUR, uptimePercent: 75 })).toBeCloseTo(100, 6);
    expect(intervalUptime(start, { atMs: start + HOUR, uptimePercent: 50 }, { atMs: start + HOUR, uptimePercent: 75 })).toBeUndefined();
  });
});

describe('tiers', () => {
  it('stake end at 7 d, 1 d and 1 h', () => {
    expect(endTier(8 * DAY)).toBe('ok');
    expect(endTier(7 * DAY)).toBe('notice');
    expect(endTier(DAY)).toBe('warn');
    expect(endTier(HOUR)).toBe('critical');
    expect(endTier(0)).toBe('over');
  });

  it('L1 balance runway at 30 d and 7 d', () => {
    expect(runwayTier(31 * DAY)).toBe('ok');
    expect(runwayTier(30 * DAY)).toBe('notice');
    expect(runwayTier(7 * DAY)).toBe('warn');
    expect(runwayTier(0)).toBe('over');
  });

  it('budget: warn under 48 h, critical under 24 h, over when lost', () => {
    expect(budgetTier(49 * HOUR)).toBe('ok');
    expect(budgetTier(47 * HOUR)).toBe('warn');
    expect(budgetTier(23 * HOUR)).toBe('critical');
    expect(budgetTier(-1)).toBe('over');
    expect(budgetTier(5 * HOUR, 4 * HOUR)).toBe('ok');
  });

  it('runway is the balance over the per-second fee', () => {
    // 1 AVAX at 512 nAVAX/s: 1,953,125 s, about 22.6 days.
    expect(balanceRunwayMs(1_000_000_000n, 512n)).toBe(1_953_125_000);
    expect(balanceRunwayMs(0n, 512n)).toBe(0);
    expect(balanceRunwayMs(5n, 0n)).toBeUndefined();
  });
});

describe('the last hour of the peers\' view', () => {
  it('keeps an hour of samples and reads the interval\'s own uptime once it spans ten minutes', async () => {
    const { addUptimeSample, recentUptime } = await import('../../../src/domain/reward/budget');
    const startMs = start;
    let samples = addUptimeSample([], { atMs: start + 10 * HOUR, uptimePercent: 100 });
    samples = addUptimeSample(samples, { atMs: start + 10 * HOUR + 5 * 60_000, uptimePercent: 100 });
    expect(recentUptime(samples, startMs)).toBeUndefined();
    // Down for the next 55 minutes: 10 h up out of 11 h.
    samples = addUptimeSample(samples, { atMs: start + 11 * HOUR, uptimePercent: (10 / 11) * 100 });
    expect(recentUptime(samples, startMs)).toBeCloseTo(0, 6);
    // An older sample than the last is ignored; samples over an hour old are dropped (two stay at least).
    expect(addUptimeSample(samples, { atMs: start, uptimePercent: 50 })).toHaveLength(3);
    samples = addUptimeSample(samples, { atMs: start + 13 * HOUR, uptimePercent: (12 / 13) * 100 });
    expect(samples[0]!.atMs).toBe(start + 11 * HOUR);
    expect(recentUptime(samples, startMs)).toBeCloseTo(100, 6);
  });
});
