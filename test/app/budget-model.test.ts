// The header badge and the overview's reward card: the guard's words with the screen's tones, each value short
// enough for the overview's half width where it is a figure.
import { describe, expect, it } from 'vitest';
import { budgetBadge, endBadge, rewardCard } from '../../src/ui/budget-model';
import { judgeValidation, type ValidationFacts } from '../../src/domain/reward/guard';
import { lastBudgetOf } from '../../src/domain/reward/projection';
import { lastOf, voteAt } from '../helpers/vote';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 24);

function guard(uptime: number, startMs: number, endMs: number, over: Partial<ValidationFacts> = {}) {
  return judgeValidation(
    {
      nodeId: 'NodeID-x',
      validation: 'primary',
      startMs,
      endMs,
      view: 'peers',
      vote: voteAt(uptime, now),
      ownRecordPercent: 99.9,
      averagePercent: 95.05,
      rewardingStakePercent: 97.5,
      helicon: { kind: 'scheduled', at: new Date(Date.UTC(2026, 6, 28, 15)) },
      renewal: { kind: 'fixed' },
      ...over,
    },
    { now },
  );
}

describe('budget badge and reward card', () => {
  it('colours the badge by the tier: a share of the allowance, not a fixed 48 h', () => {
    // 100-day period at 90%: 10 d allowed, 10 days in at 99%: 0.1 d used.
    expect(budgetBadge(guard(99, now - 10 * DAY, now + 90 * DAY))).toEqual({ text: 'budget 9d 21h', tone: 'ok' });
    // 30-day period at 90%, 26 days in at 93%: 3 d allowed, 1.82 d used: 1d 4h left (39%), but at most 4 days left: ok.
    expect(budgetBadge(guard(93, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'budget 1d 4h', tone: 'ok' });
    // 91%: 0.66 d left, 22% of the allowance: warning. 89.5%: 0.27 d, 9%: critical.
    expect(budgetBadge(guard(91, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'budget 15h 50m', tone: 'warn' });
    expect(budgetBadge(guard(89, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'budget 3h 21m', tone: 'error' });
    expect(budgetBadge(guard(50, now - 26 * DAY, now + 4 * DAY))).toEqual({ text: 'reward lost', tone: 'error' });
    expect(budgetBadge(undefined)).toBeUndefined();
  });

  it('a projection is marked, and an unknown budget says why', () => {
    const last = lastBudgetOf({ validation: 'primary', nodeId: 'NodeID-x', atMs: now - HOUR, startMs: now - 10 * DAY, endMs: now + 20 * DAY, thresholdPercent: 90, medianUptimePercent: 100, knownShare: 0.9 });
    const down = guard(100, now - 10 * DAY, now + 20 * DAY, { vote: { view: undefined, atMs: undefined, reachable: false, last: lastOf(last) } });
    // At the worst case (down all along) it runs out before the period's end: a warning.
    expect(budgetBadge(down)).toEqual({ text: 'budget 2d 23h projected', tone: 'warn' });
    const unknown = guard(100, now - 10 * DAY, now + 20 * DAY, { vote: { view: undefined, atMs: undefined, reachable: false } });
    expect(budgetBadge(unknown)).toEqual({ text: 'budget unknown (unreachable)', tone: 'warn' });
  });

  it('shows the end only within a week, and never for a cycle that renews', () => {
    expect(endBadge(guard(99, now - 10 * DAY, now + 30 * DAY), now)).toBeUndefined();
    expect(endBadge(guard(99, now - 10 * DAY, now + 10 * HOUR), now)).toEqual({ text: 'ends in 10h 00m', tone: 'warn' });
    const renews = guard(100, now - DAY, now + 10 * HOUR, { renewal: { kind: 'auto-renewed', nextPeriodS: 172_800n, compoundShares: undefined, txId: undefined } });
    expect(endBadge(renews, now)).toBeUndefined();
  });

  it('says what the budget rests on, how the network sees the node, and what to do', () => {
    const card = rewardCard(guard(91, now - 26 * DAY, now + 4 * DAY), now);
    expect(card.map((r) => r.label)).toEqual(['Budget', 'To do', 'Rests on', 'Good to', 'Seen >= 90%', 'Seen < 90%', 'View unknown', 'Own record', 'Needs', 'Ends']);
    expect(card[0]).toEqual({ label: 'Budget', value: '15h 50m of 3d 0h left', tone: 'warn' });
    expect(card[1]!.value).toBe('keep downtime short until the end');
    expect(card[2]!.value).toBe('median voter 91%, 100% of stake known');
    expect(card[3]!.value).toBe('6h 14m (1% of elapsed: whole %)');
    expect(card[4]!.value).toBe('100% of stake (91%: 100%)');
    expect(card[5]!.value).toBe('none');
    expect(card[8]!.value).toBe('90% (after Helicon)');
    expect(card[9]!.value).toBe('ends 2026-11-28 00:00Z (in 4d 0h)');
    // The figures fit the overview's half width at 120 columns.
    for (const row of card) expect(row.value.length, row.label).toBeLessThanOrEqual(42);
  });
});
