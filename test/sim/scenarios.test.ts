import { describe, expect, it } from 'vitest';
import { planOwnValidation, SCENARIOS, SCENARIO_BUDGET_SEC } from '../../src/sim/scenarios';
import { downtimeBudget } from '../../src/domain/reward/budget';

const now = Date.UTC(2026, 10, 24) / 1000;
const helicon = Date.UTC(2026, 6, 28, 15) / 1000;
const rules: Array<[string, (start: number) => number]> = [
  ['Helicon unscheduled', () => 80],
  ['Helicon active', (start) => (start >= helicon ? 90 : 80)],
];

describe('simulator scenarios', () => {
  for (const [rule, thresholdFor] of rules) {
    for (const name of ['near-threshold', 'reward-lost'] as const) {
      it(`${name} (${rule}) shows the budget it is built for, by the guard's own arithmetic`, () => {
        const p = planOwnValidation(name, now, thresholdFor);
        const b = downtimeBudget({ thresholdPercent: thresholdFor(p.startSec), startMs: p.startSec * 1000, endMs: p.endSec * 1000, uptimePercent: p.peersUptime, nowMs: now * 1000 });
        expect(b.remainingMs / 1000).toBeCloseTo(SCENARIO_BUDGET_SEC[name], -2);
        expect(p.peersUptime).toBeGreaterThanOrEqual(0);
        expect(p.peersUptime).toBeLessThanOrEqual(100);
      });
    }
  }

  it('healthy, ending-soon and low-l1-balance keep a healthy uptime and a budget of days', () => {
    for (const name of ['healthy', 'ending-soon', 'low-l1-balance'] as const) {
      for (const [, thresholdFor] of rules) {
        const p = planOwnValidation(name, now, thresholdFor);
        const b = downtimeBudget({ thresholdPercent: thresholdFor(p.startSec), startMs: p.startSec * 1000, endMs: p.endSec * 1000, uptimePercent: p.peersUptime, nowMs: now * 1000 });
        expect(p.peersUptime).toBe(99.5);
        expect(b.remainingMs).toBeGreaterThan(2 * 86_400_000);
      }
    }
    expect(SCENARIOS).toHaveLength(5);
  });

  it('ending-soon ends within a day; low-l1-balance has an L1 validation under a week', () => {
    const ending = planOwnValidation('ending-soon', now, () => 80);
    expect(ending.endSec - now).toBeLessThan(24 * 3600);
    expect(planOwnValidation('low-l1-balance', now, () => 80).l1RunwaySec).toBeLessThan(7 * 86400);
  });
});
