// The guard's words: every budget line ends with what to do; a projection says since when and why; a lost reward says
// what follows for the stake and the delegators; an auto-renewed cycle's end says whether it renews, exits or is
// removed; `status` warns of what deserves it, once.
import { describe, expect, it } from 'vitest';
import { judgeValidation, type ValidationFacts } from '../../../src/domain/reward/guard';
import { formatClock } from '../../../src/format/time';
import { basisLine, budgetBadgeText, budgetLine, budgetWords, distributionLine, endBadgeText, endLine, guardFindings, viewRows } from '../../../src/domain/reward/words';
import { lastBudgetOf } from '../../../src/domain/reward/projection';
import { lastOf, viewOf, voteAt } from '../../helpers/vote';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const start = Date.UTC(2026, 8, 1);
const now = start + 10 * DAY;

const facts = (over: Partial<ValidationFacts> = {}): ValidationFacts => ({
  nodeId: 'NodeID-a',
  validation: 'primary',
  startMs: start,
  endMs: start + 30 * DAY,
  view: 'peers',
  vote: voteAt(100, now),
  helicon: { kind: 'scheduled', at: new Date(Date.UTC(2026, 6, 28, 15)) },
  renewal: { kind: 'fixed' },
  ...over,
});
const judge = (over: Partial<ValidationFacts> = {}, at = now) => judgeValidation(facts(over), { now: at });
const auto = (nextPeriodS: bigint) => ({ kind: 'auto-renewed' as const, nextPeriodS, compoundShares: 400_000, txId: undefined });

describe('the words of every reward line', () => {
  it('a healthy budget: how much, of what, and "nothing to do"', () => {
    const g = judge();
    expect(budgetLine(g, now)).toBe('can be offline 3d 0h more this period (of 3d 0h); nothing to do');
    expect(budgetBadgeText(g)).toEqual({ text: 'budget 3d 0h', tier: 'ok' });
    expect(basisLine(g, now)).toBe('median voter 100% over 100% of stake; good to 1% of the time elapsed (2h 24m): whole-percent views');
  });

  it('a low budget says to keep downtime short, a critical one to keep the node online, until the period\'s end', () => {
    const low = judge({ vote: voteAt(75, now) });
    expect(low.budgetTier).toBe('warn');
    expect(budgetLine(low, now)).toBe('can be offline 12h 00m more this period (of 3d 0h); keep restarts and maintenance short until the period ends on 2026-10-01 00:00Z');
    const critical = judge({ vote: voteAt(72, now) });
    expect(critical.budgetTier).toBe('critical');
    expect(budgetLine(critical, now)).toBe('can be offline 4h 48m more this period (of 3d 0h); keep the node online: avoid any restart until the period ends on 2026-10-01 00:00Z');
  });

  it('a validation that ends before its budget could run out says when to re-stake', () => {
    const g = judge({ endMs: now + DAY });
    expect(budgetWords(g, now).todo).toBe('re-stake before then to keep validating');
    expect(budgetLine(g, now)).toMatch(/the validation ends first, on 2026-09-12 00:00Z; re-stake before then to keep validating$/);
    expect(endLine(g, now)).toBe('ends 2026-09-12 00:00Z (in 1d 0h); re-stake before then to keep validating');
  });

  it('"reward lost" says what follows for the stake and the delegators', () => {
    const g = judge({ vote: voteAt(60, now) });
    expect(budgetLine(g, now)).toBe(
      'reward lost for this period (1d 0h over the 3d 0h allowed): the stake is returned without it when the validation ends on 2026-10-01 00:00Z; ' +
        'delegations ending from now on lose their reward too; tell the delegators, and re-stake after the end',
    );
  });

  it('a lost cycle: its reward lost, earlier restaked rewards and commission still paid, the validator removed at the cycle\'s end', () => {
    const g = judge({ startMs: now - DAY, endMs: now + DAY, vote: voteAt(70, now), renewal: auto(172_800n) });
    const line = budgetLine(g, now);
    expect(line).toMatch(/^this cycle's reward is lost \(2h 24m over the 4h 48m allowed\): the validator is removed at the cycle's end on 2026-09-12 00:00Z/);
    expect(line).toMatch(/rewards restaked in earlier cycles and the delegation commission still paid out/);
    expect(line).toMatch(/issue a new validator to keep validating$/);
    expect(budgetBadgeText(g).text).toBe('cycle reward lost');
    expect(endLine(g, now)).toBe("removed at the end of this cycle on 2026-09-12 00:00Z (in 1d 0h): the cycle's reward is lost");
    expect(endBadgeText(g, now)).toEqual({ text: 'removed in 1d 0h', tier: 'warn' });
  });

  it('auto-renew off: "exits at the end of this cycle on DATE"; a renewing cycle says it renews, with its compounding', () => {
    const off = judge({ startMs: now - DAY, endMs: now + DAY, renewal: auto(0n) });
    expect(endLine(off, now)).toBe('auto-renew off: exits at the end of this cycle on 2026-09-12 00:00Z (in 1d 0h); add a validator before then to keep validating');
    expect(guardFindings(off, [], { now }).map((f) => f.text)).toEqual([
      'validation auto-renew off: exits at the end of this cycle on 2026-09-12 00:00Z (in 1d 0h); add a validator before then to keep validating',
    ]);
    const on = judge({ startMs: now - DAY, endMs: now + DAY, renewal: auto(172_800n) });
    expect(endLine(on, now)).toBe('cycle ends 2026-09-12 00:00Z (in 1d 0h) and renews for 2d 0h; 40.0% of its reward restaked, the rest paid out');
    expect(endBadgeText(on, now)).toBeUndefined();
    // A renewing cycle with budget left is no problem at its end.
    expect(guardFindings(on, [], { now })).toEqual([]);
  });

  it('a projection says since when and why, and what to check', () => {
    const last = lastBudgetOf({ validation: 'primary', nodeId: 'NodeID-a', atMs: now - 2 * HOUR, startMs: start, endMs: start + 30 * DAY, thresholdPercent: 90, medianUptimePercent: 100, knownShare: 0.97 });
    const down = judge({ vote: { view: undefined, atMs: undefined, reachable: false, last: lastOf(last) } });
    expect(budgetWords(down, now).short).toBe('at most 2d 22h, projected');
    expect(basisLine(down, now)).toBe('projected since 22:00:00Z (node unreachable): last trustworthy figure over 97.0% of stake, spent in real time since');
    expect(budgetLine(down, now)).toBe(
      "at most 2d 22h more this period, projected since 22:00:00Z (node unreachable): spent in real time as if the node were down; gone at 2026-09-13 22:00Z if down all along; check the node and avatop's path to it",
    );
    expect(budgetBadgeText(down).text).toBe('budget 2d 22h projected');
    const isolated = judge({ vote: { view: viewOf([100, undefined, undefined]), atMs: now, reachable: true, last: lastOf(last) } });
    expect(basisLine(isolated, now)).toMatch(/^projected since 22:00:00Z \(isolated\)/);
    expect(budgetWords(isolated, now).todo).toMatch(/^check its connectivity/);
    // The mark names the day once the figure is a day old.
    expect(formatClock(now - 30 * HOUR, now)).toBe('2026-09-09 18:00Z');
  });

  it('"budget unknown" with no earlier figure; never a lost reward', () => {
    const g = judge({ vote: { view: viewOf([100, undefined, undefined]), atMs: now, reachable: true } });
    expect(budgetLine(g, now)).toMatch(/^budget unknown: the node is isolated \(its peers' views cover 33\.3% of stake\), and avatop has no earlier figure to count down from; check its connectivity/);
    expect(guardFindings(g, [], { now })).toHaveLength(1);
    expect(budgetBadgeText(g)).toEqual({ text: 'budget unknown (isolated)', tier: 'warn' });
  });

  it('how the network sees the node, the threshold marked', () => {
    const view = viewOf([100, 100, 100, 99, 85, undefined, 0]);
    expect(distributionLine(view, 90)).toBe('100%: 42.9% · 99%: 14.3% | needs 90% | 85%: 14.3% · unknown: 28.6%');
    expect(viewRows(view, 90)).toEqual([
      { label: 'Seen >= 90%', value: '57.1% of stake (100%: 42.9%, 99%: 14.3%)' },
      { label: 'Seen < 90%', value: '14.3% of stake (85%: 14.3%)' },
      { label: 'View unknown', value: '28.6% of stake, 14.3% connected but not pinged yet' },
    ]);
  });
});
