import { describe, expect, it } from 'vitest';
import { downtimeBudget } from '../../../src/domain/reward/budget';
import { balanceRunwayMs, endTier, runwayTier } from '../../../src/domain/reward/tiers';

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

  it('clamps percentages a node should never send', () => {
    const b = downtimeBudget({ thresholdPercent: 80, startMs: start, endMs: start + 10 * DAY, uptimePercent: 140, nowMs: start + DAY });
    expect(b.usedMs).toBe(0);
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

  it('runway is the balance over the per-second fee', () => {
    // 1 AVAX at 512 nAVAX/s: 1,953,125 s, about 22.6 days.
    expect(balanceRunwayMs(1_000_000_000n, 512n)).toBe(1_953_125_000);
    expect(balanceRunwayMs(0n, 512n)).toBe(0);
    expect(balanceRunwayMs(5n, 0n)).toBeUndefined();
  });
});
