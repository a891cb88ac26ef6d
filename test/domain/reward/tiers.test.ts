// Budget tiers that scale with the period (README "Tiers"): OK above a quarter of the allowance when it lasts past
// the period's end at the last hour's rate; warning at a quarter or less, or running out before the end; critical at
// a tenth or less, or running out within 24 h; a budget larger than the time left is OK.
import { describe, expect, it } from 'vitest';
import { budgetTier, parseWarnBudget, runsOutAtMs, warnBudgetText } from '../../../src/domain/reward/tiers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A period of `days` at `threshold`, `elapsedDays` in, `remaining` left. */
function tier(o: { days: number; threshold: number; elapsed: number; remaining: number; downRate?: number; projected?: boolean }, warn?: Parameters<typeof budgetTier>[1]) {
  const allowedMs = ((100 - o.threshold) / 100) * o.days * DAY;
  return budgetTier({ remainingMs: o.remaining, allowedMs, nowMs: o.elapsed, endMs: o.days * DAY, downRate: o.downRate, projected: o.projected }, warn);
}

describe('budget tiers', () => {
  it('a fresh 48-hour cycle at 100% is OK (its 4h 48m is the whole allowance, not a low budget)', () => {
    expect(tier({ days: 2, threshold: 90, elapsed: 60_000, remaining: 0.1 * 2 * DAY, downRate: 0 })).toBe('ok');
  });

  it('the same shares on a year-long validation and a 14-day one give the same tiers', () => {
    for (const days of [14, 365]) {
      const allowed = 0.2 * days * DAY;
      const at = (share: number) => tier({ days, threshold: 80, elapsed: days * DAY * 0.1, remaining: allowed * share });
      expect([at(0.5), at(0.25), at(0.2), at(0.1), at(0.05)]).toEqual(['ok', 'warn', 'warn', 'critical', 'critical']);
    }
  });

  it('warns when, at the last hour\'s rate, it runs out before the end; critical within 24 hours', () => {
    // 30-day period at 80%: 6 d allowed; 10 d in; 4 d left (67%).
    const base = { days: 30, threshold: 80, elapsed: 10 * DAY, remaining: 4 * DAY };
    expect(tier({ ...base, downRate: 0 })).toBe('ok');
    // Down a tenth of the time: gone in 40 d, after the end (20 d left): OK.
    expect(tier({ ...base, downRate: 0.1 })).toBe('ok');
    // A quarter: gone in 16 d, before the end.
    expect(tier({ ...base, downRate: 0.25 })).toBe('warn');
    // Down all the time: gone in 4 d; with 0.9 d left, within a day.
    expect(tier({ ...base, downRate: 1 })).toBe('warn');
    expect(tier({ ...base, remaining: 1.8 * DAY, downRate: 1 })).toBe('warn');
    expect(tier({ ...base, remaining: 20 * HOUR, downRate: 1 })).toBe('critical');
  });

  it('a budget larger than the time left in the period is OK, whatever its share', () => {
    // 1 day left of the period, 1.1 days of budget (18% of the allowance): even down from now on, the reward holds.
    expect(tier({ days: 30, threshold: 80, elapsed: 29 * DAY, remaining: 1.1 * DAY, downRate: 1 })).toBe('ok');
    expect(tier({ days: 30, threshold: 80, elapsed: 29 * DAY, remaining: 0.9 * DAY, downRate: 0 })).toBe('warn');
    expect(tier({ days: 30, threshold: 80, elapsed: 29 * DAY, remaining: 0.5 * DAY, downRate: 0 })).toBe('critical');
  });

  it('lost below zero; a projection below zero is critical, not lost', () => {
    expect(tier({ days: 30, threshold: 80, elapsed: 10 * DAY, remaining: -1 })).toBe('over');
    expect(tier({ days: 30, threshold: 80, elapsed: 10 * DAY, remaining: -1, projected: true })).toBe('critical');
  });

  it('--warn-budget as a share or a duration moves the warning, not the critical tier', () => {
    const base = { days: 30, threshold: 80, elapsed: 10 * DAY };
    expect(tier({ ...base, remaining: 2 * DAY }, { kind: 'share', share: 0.4 })).toBe('warn');
    expect(tier({ ...base, remaining: 3 * DAY }, { kind: 'share', share: 0.4 })).toBe('ok');
    expect(tier({ ...base, remaining: 47 * HOUR }, { kind: 'duration', ms: 48 * HOUR })).toBe('warn');
    expect(tier({ ...base, remaining: 49 * HOUR }, { kind: 'duration', ms: 48 * HOUR })).toBe('ok');
    expect(tier({ ...base, remaining: 0.5 * DAY }, { kind: 'duration', ms: HOUR })).toBe('critical');
  });

  it('reads --warn-budget and says it', () => {
    const dur = (t: string) => (t === '48h' ? 48 * HOUR : undefined);
    expect(parseWarnBudget('25%', dur)).toEqual({ kind: 'share', share: 0.25 });
    expect(parseWarnBudget(' 48h ', dur)).toEqual({ kind: 'duration', ms: 48 * HOUR });
    expect(parseWarnBudget('150%', dur)).toBeUndefined();
    expect(parseWarnBudget('soon', dur)).toBeUndefined();
    expect(warnBudgetText({ kind: 'share', share: 0.25 }, String)).toBe('25% of the allowance');
  });

  it('runs out at remaining / down rate from now', () => {
    expect(runsOutAtMs(4 * DAY, 0, 0.25)).toBe(16 * DAY);
    expect(runsOutAtMs(4 * DAY, 0, 0)).toBeUndefined();
    expect(runsOutAtMs(4 * DAY, 0, undefined)).toBeUndefined();
  });
});
