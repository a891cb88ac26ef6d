import { describe, expect, it } from 'vitest';
import { budgetSentence, formatSlack, guardFindings } from '../../../src/domain/reward/findings';
import type { ValidationGuard } from '../../../src/domain/reward/guard';
import { downtimeBudget } from '../../../src/domain/reward/budget';
import { rewardThreshold } from '../../../src/domain/reward/threshold';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 24);

function guard(uptime: number, startMs: number, endMs: number, extra: Partial<ValidationGuard> = {}, recent?: number): ValidationGuard {
  const threshold = rewardThreshold({ start: startMs, helicon: { kind: 'unscheduled' }, now });
  const budget = downtimeBudget({ thresholdPercent: 80, startMs, endMs, uptimePercent: uptime, nowMs: now, recentUptimePercent: recent });
  return { nodeId: 'NodeID-x', threshold, startMs, endMs, uptimePercent: uptime, view: 'peers', ownRecordPercent: 100, rewardingStakePercent: 100, budget, budgetTier: undefined, endTier: undefined, autoRenewed: false, ...extra };
}

describe('reward guard findings', () => {
  it('formats slack in two units', () => {
    expect(formatSlack(23 * HOUR + 10 * 60_000)).toBe('23h 10m');
    expect(formatSlack(3 * DAY + 4 * HOUR)).toBe('3d 4h');
    expect(formatSlack(45 * 60_000)).toBe('45m');
  });

  it('says how long the node can still be offline, and when it runs out at the last hour\'s rate', () => {
    // 30-day period, 26 days in; allowed 6 d; used 0.2 × 26 d × ... pick 78.5% → used 5.59 d → 9h 50m left.
    const g = guard(78.5, now - 26 * DAY, now + 4 * DAY, {}, 0);
    expect(budgetSentence(g, now)).toMatch(/^can be offline 9h \d\dm more this period; at the last hour's uptime it runs out in 9h \d\dm$/);
    expect(guardFindings(g, [], { now }).map((f) => f.text)).toEqual([expect.stringMatching(/^downtime budget low: can be offline only 9h \d\dm more this period \(warning under 2d 0h\)$/)]);
  });

  it('says the reward is lost, with the peers\' view and the threshold it needed', () => {
    const g = guard(50, now - 20 * DAY, now + 10 * DAY);
    expect(budgetSentence(g, now)).toMatch(/^reward lost for this period/);
    expect(guardFindings(g, [], { now })[0]!.text).toBe("reward lost for this period: peers see 50% uptime, 80% (Helicon not scheduled by this node's release) needed");
  });

  it('warns of an end within --warn-end and of an L1 balance under a week; nothing for a healthy validation', () => {
    const healthy = guard(99, now - 20 * DAY, now + 100 * DAY);
    expect(guardFindings(healthy, [], { now })).toEqual([]);
    const ending = guard(99, now - 20 * DAY, now + 10 * HOUR);
    expect(guardFindings(ending, [], { now }).map((f) => f.text)).toEqual(['validation ends in 10h 00m']);
    expect(guardFindings(ending, [], { now, warnEndMs: 5 * HOUR })).toEqual([]);
    const l1 = [{ validationId: 'V1', balance: 512n * 86_400n * 5n, price: 512n }];
    expect(guardFindings(undefined, l1, { now }).map((f) => f.text)).toEqual(["L1 validation V1 has balance for 5d 0h at today's fee: top it up"]);
    expect(guardFindings(undefined, [{ validationId: 'V2', balance: 0n, price: 512n }], { now })[0]!.text).toMatch(/nothing: it is inactive/);
  });
});
