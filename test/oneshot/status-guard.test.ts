// `status` judged from one snapshot: the vote from the peers' views and the validator set, an isolated node's
// "budget unknown" (a one-shot run has no earlier figure unless the event log gives it one), auto-renewed cycles, and
// the JSON fields README "status -o json" lists. Pure: no node.
import { describe, expect, it } from 'vitest';
import { assessStatus, type StatusSnapshot, type ValidatorRecord } from '../../src/oneshot/status-report';
import { lastBudgetOf } from '../../src/domain/reward/projection';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NODE = 'NodeID-self';
const start = Date.UTC(2026, 9, 1);
const now = start + 10 * DAY;

function snapshot(views: ReadonlyArray<number | undefined>, validator: Partial<ValidatorRecord> = {}): StatusSnapshot {
  const ids = views.map((_, i) => `NodeID-v${i}`);
  const ok = <T>(value: T) => ({ ok: true as const, value });
  return {
    url: 'http://127.0.0.1:9650',
    nodeId: ok(NODE),
    version: ok('avalanchego/1.15.0'),
    networkName: ok('mainnet'),
    bootstrapped: { P: ok(true), X: ok(true), C: ok(true) },
    peers: ok(views.filter((v) => v !== undefined).length),
    height: ok(100n),
    chainTime: ok(new Date(now)),
    uptime: ok({ weightedAveragePercentage: 0.05, rewardingStakePercentage: 0.05 }),
    validator: ok({ startTime: new Date(start), endTime: new Date(start + 30 * DAY), uptime: 100, connected: true, ...validator }),
    views: ok({
      peers: views.flatMap((u, i) => (u === undefined ? [] : [{ nodeID: ids[i]!, observedUptime: u }])),
      atMs: now,
      weights: { height: 100n, validators: [...ids.map((nodeID) => ({ nodeID, weight: 1000n })), { nodeID: NODE, weight: 10n }], totalWeight: BigInt(views.length * 1000 + 10) },
    }),
    healthy: ok(true),
    helicon: { kind: 'scheduled', at: new Date(Date.UTC(2026, 8, 22, 15)) },
    own: ok({ validations: [], trackedSubnets: [], price: undefined, errors: [] }),
  };
}

const all = (u: number, n = 10) => Array.from({ length: n }, () => u);

describe('status: the reward guard from one snapshot', () => {
  it('the vote decides, whatever the node\'s near-zero average: exit 0, a whole budget, the network\'s view in JSON', () => {
    const r = assessStatus(snapshot(all(100)), {}, now);
    expect(r.exitCode).toBe(0);
    expect(r.lines).toContain('budget     can be offline 3d 0h more this period (of 3d 0h); nothing to do');
    expect(r.lines).toContain('vote       median voter 100% over 99.9% of stake; good to 1% of the time elapsed (2h 24m): whole-percent views');
    expect(r.lines).toContain('network    100%: 99.9% | needs 90% | unknown: 0.1%');
    const v = (r.json.validations as Record<string, any>[])[0]!;
    expect(v).toMatchObject({ budgetBasis: 'vote', uptime: 100, downtimeBudgetSeconds: 3 * 86_400, allowanceSeconds: 3 * 86_400, budgetTier: 'ok', periodOutcome: 'ends', knownStakeShare: 0.999 });
    expect(v.network).toEqual({ knownStakeShare: 0.999, pendingStakeShare: 0, trusted: true, medianUptime: 100, threshold: 90, byUptime: [{ uptime: 100, stakeShare: 0.999, meetsThreshold: true }] });
    expect((r.json.uptime as Record<string, unknown>).rewardingCountedAt).toBe(90);
  });

  it('isolated, with no earlier figure: "budget unknown", exit 1, never "reward lost"', () => {
    const r = assessStatus(snapshot([100, ...all(0, 4), undefined, undefined, undefined, undefined, undefined]), {}, now);
    expect(r.exitCode).toBe(1);
    expect(r.problems.join('\n')).toMatch(/^budget unknown: the node is isolated \(its peers' views cover 10\.0% of stake\), and avatop has no earlier figure/m);
    expect(r.problems.join('\n')).not.toMatch(/reward lost/);
    expect((r.json.validations as Record<string, any>[])[0]).toMatchObject({ budgetBasis: 'unknown', projectedReason: 'isolated', downtimeBudgetSeconds: null });
  });

  it('isolated, with the event log\'s last figure: projected since then', () => {
    const last = lastBudgetOf({ validation: 'primary', nodeId: NODE, atMs: now - 2 * HOUR, startMs: start, endMs: start + 30 * DAY, thresholdPercent: 90, medianUptimePercent: 100, knownShare: 0.99 });
    const r = assessStatus({ ...snapshot([100, ...all(0, 9)]), lastBudgets: [last] }, {}, now);
    const v = (r.json.validations as Record<string, any>[])[0]!;
    expect(v).toMatchObject({ budgetBasis: 'projected', projectedReason: 'isolated', projectedSince: new Date(now - 2 * HOUR).toISOString() });
    expect(v.downtimeBudgetSeconds).toBe(3 * 86_400 - 2 * 3600);
    expect(r.lines.find((l) => l.startsWith('budget'))).toMatch(/projected since 22:00:00Z \(isolated\)/);
  });

  it('a renewing 48-hour cycle at 100% is healthy at its end; auto-renew off warns; a lost cycle says the validator is removed', () => {
    const cycle = { startTime: new Date(now - DAY), endTime: new Date(now + 20 * HOUR), validatorAuthority: { addresses: [] }, autoCompoundRewardShares: 1_000_000 };
    const renews = assessStatus(snapshot(all(100), { ...cycle, nextPeriod: 172_800n }), {}, now);
    expect(renews.exitCode).toBe(0);
    expect(renews.lines).toContain('validator  cycle ends 2026-10-11 20:00Z (in 20h 00m) and renews for 2d 0h; 100% of its reward restaked, the rest paid out');
    expect((renews.json.validations as Record<string, any>[])[0]).toMatchObject({ autoRenewed: true, periodOutcome: 'renews', nextPeriodSeconds: 172_800, compoundShare: 1 });
    const off = assessStatus(snapshot(all(100), { ...cycle, nextPeriod: 0n }), {}, now);
    expect(off.exitCode).toBe(1);
    expect(off.problems).toContain('validation auto-renew off: exits at the end of this cycle on 2026-10-11 20:00Z (in 20h 00m); add a validator before then to keep validating');
    const lost = assessStatus(snapshot(all(80), { ...cycle, nextPeriod: 172_800n }), {}, now);
    expect(lost.problems.join('\n')).toMatch(/this cycle's reward is lost .* the validator is removed at the cycle's end/);
    expect((lost.json.validations as Record<string, any>[])[0]).toMatchObject({ periodOutcome: 'removed', budgetTier: 'lost' });
  });

  it('--warn-budget as a share or a duration', () => {
    // 30-day period at 90%: 3 d allowed; 10 days at 95%: 0.5 d used; 2.5 d left (83%).
    expect(assessStatus(snapshot(all(95)), {}, now).exitCode).toBe(0);
    expect(assessStatus(snapshot(all(95)), { warnBudget: { kind: 'share', share: 0.9 } }, now).exitCode).toBe(1);
    expect(assessStatus(snapshot(all(95)), { warnBudget: { kind: 'duration', ms: 3 * DAY } }, now).problems[0]).toMatch(/^downtime budget low \(warning at 3d 0h\): can be offline 2d 12h more/);
  });
});
