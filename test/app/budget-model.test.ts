import { describe, expect, it } from 'vitest';
import { budgetBadge, endBadge, rewardCard } from '../../src/ui/budget-model';
import type { ValidationGuard } from '../../src/domain/reward/guard';
import { downtimeBudget } from '../../src/domain/reward/budget';
import { rewardThreshold } from '../../src/domain/reward/threshold';
import { budgetTier, endTier } from '../../src/domain/reward/tiers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 24);

function guard(uptime: number, startMs: number, endMs: number): ValidationGuard {
  const threshold = rewardThreshold({ start: startMs, helicon: { kind: 'scheduled', at: new Date(Date.UTC(2026, 6, 28, 15)) }, now });
  const budget = downtimeBudget({ thresholdPercent: threshold.percent!, startMs, endMs, uptimePercent: uptime, nowMs: now });
  return {
    nodeId: 'NodeID-x', threshold, startMs, endMs, uptimePercent: uptime, view: 'peers', ownRecordPercent: 99.9, rewardingStakePercent: 97.5,
    budget, budgetTier: budget.state === 'ok' ? budgetTier(budget.remainingMs) : budget.state === 'lost' ? 'over' : undefined, endTier: endTier(endMs - now), autoRenewed: false,
  };
}

describe('budget badge and reward card', () => {
  it('colours the badge by how much slack is left', () => {
    expect(budgetBadge(guard(99.9, now - 10 * DAY, now + 100 * DAY))).toEqual({ text: 'budget 10d 23h', tone: 'ok' });
    // 30-day period at 90%, 26 days in at 92%: 3 d allowed, 2.08 d used: 22h left.
    expect(budgetBadge(guard(92, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'budget 22h 04m', tone: 'error' });
    expect(budgetBadge(guard(50, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'reward lost', tone: 'error' });
    expect(budgetBadge(undefined)).toBeUndefined();
  });

  it('shows the end only within a week', () => {
    expect(endBadge(guard(99, now - 10 * DAY, now + 30 * DAY), now)).toBeUndefined();
    expect(endBadge(guard(99, now - 10 * DAY, now + 10 * HOUR), now)).toEqual({ text: 'ends in 10h 00m', tone: 'warn' });
  });

  it('puts both views side by side and says which one the budget uses', () => {
    const card = rewardCard(guard(92, now - 26 * DAY, now + 4 * DAY), now);
    expect(card.map((r) => r.label)).toEqual(['Budget', "Peers' view", 'Own record', 'Needs', 'Ends', 'Each votes', 'Budget uses']);
    expect(card[0]).toEqual({ label: 'Budget', value: 'can be offline 22h 04m more this period', tone: 'error' });
    expect(card[1]!.value).toBe('92.00% · rewarding 97.50%');
    expect(card[2]!.value).toBe('99.90% (its view of itself)');
    expect(card[3]!.value).toBe('90% (after Helicon)');
    expect(card[4]!.value).toBe('ends in 4d 0h');
    expect(card[6]!.value).toBe("the peers' stake-weighted view");
    for (const row of card) expect(row.value.length, row.label).toBeLessThanOrEqual(40);
  });
});
