// The budget follows the vote: each connected validator's own measurement of this node (info.peers observedUptime),
// weighed by stake, the stake-weighted median voter deciding. Written from the formulas, not from what a node
// serves: avalanchego v1.15.0's info.uptime (network/network.go NodeUptime) is written out below to show why its
// average is not the vote.
import { describe, expect, it } from 'vitest';
import { networkView, rewardingShare, viewAccuracyMs, voterBudgetMs, weightedMedian } from '../../../src/domain/reward/vote';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** NodeUptime: this node at 100%, each connected validator's view × its weight, unconnected stake as 0, over all stake. */
function nodeUptime(selfWeight: number, connected: ReadonlyArray<{ weight: number; uptime: number }>, total: number): number {
  return (100 * selfWeight + connected.reduce((sum, p) => sum + p.uptime * p.weight, 0)) / total;
}

/** A validator set of `n` equal validators (weights 1000 each) plus this node (weight 10). */
function set(n: number): { weights: Map<string, bigint>; ids: string[] } {
  const ids = Array.from({ length: n }, (_, i) => `NodeID-v${i}`);
  const weights = new Map<string, bigint>(ids.map((id) => [id, 1000n]));
  weights.set('NodeID-self', 10n);
  return { weights, ids };
}

describe('the network view of this node', () => {
  it('connected to 95% of stake, every peer seeing 100%: the node averages about 95%, the vote is 100% and the budget whole', () => {
    // The case: a 30-day period at 90% allows 3 days; 10 days in.
    const { weights, ids } = set(100);
    const total = 100 * 1000 + 10;
    const connected = ids.slice(0, 95);
    const average = nodeUptime(10, connected.map(() => ({ weight: 1000, uptime: 100 })), total);
    expect(average).toBeCloseTo(95, 2);
    const view = networkView({ peers: connected.map((nodeID) => ({ nodeID, observedUptime: 100 })), weights, selfNodeId: 'NodeID-self' });
    expect(view.trusted).toBe(true);
    expect(view.knownShare).toBeCloseTo(95_000 / total, 5);
    expect(view.medianUptimePercent).toBe(100);
    const start = 0;
    const end = 30 * DAY;
    const now = 10 * DAY;
    // The vote's budget: the whole allowance, (1 − 0.9) × 30 d − (1 − 1.00) × 10 d = 3 d.
    expect(voterBudgetMs(90, start, end, view.medianUptimePercent!, now)).toBeCloseTo(3 * DAY, 0);
    // The average read as a view would have said 2d 12h: 16% short.
    expect(voterBudgetMs(90, start, end, average, now) / DAY).toBeCloseTo(3 - 0.04995 * 10, 2);
  });

  it('a node no validator is connected to: the node reports its own stake share, the vote is unknown, not against', () => {
    const { weights } = set(100);
    expect(nodeUptime(10, [], 100_010)).toBeCloseTo(0.00999, 4);
    const view = networkView({ peers: [], weights, selfNodeId: 'NodeID-self' });
    expect(view.trusted).toBe(false);
    expect(view.knownShare).toBe(0);
    expect(view.medianUptimePercent).toBeUndefined();
  });

  it('the median is by stake, the lower of two middle voters, and a voter\'s budget rises with its uptime', () => {
    // 20 at 80%, 30 at 95%, 10 at 100%: known 60, half 30; cumulative 20 then 50: the 95% voter.
    const weights = new Map<string, bigint>([
      ['A', 20n],
      ['B', 30n],
      ['C', 10n],
    ]);
    const view = networkView({ peers: [{ nodeID: 'C', observedUptime: 100 }, { nodeID: 'A', observedUptime: 80 }, { nodeID: 'B', observedUptime: 95 }], weights });
    expect(view.voters.map((v) => v.nodeId)).toEqual(['A', 'B', 'C']);
    expect(view.medianUptimePercent).toBe(95);
    // The median of the voters' own budgets is the median voter's budget (budget is increasing in uptime).
    const budgets = view.voters.map((v) => ({ w: Number(v.weight), b: voterBudgetMs(90, 0, 14 * DAY, v.uptimePercent, 7 * DAY) })).sort((a, b) => a.b - b.b);
    let cum = 0;
    const median = budgets.find((x) => (cum += x.w) * 2 >= 60)!.b;
    expect(voterBudgetMs(90, 0, 14 * DAY, view.medianUptimePercent!, 7 * DAY)).toBe(median);
    // Exactly half on each side: the lower one.
    expect(weightedMedian([{ nodeId: 'x', weight: 5n, uptimePercent: 90 }, { nodeId: 'y', weight: 5n, uptimePercent: 99 }])).toBe(90);
  });

  it('ignores a view of 0 (no ping yet), peers outside the validator set, this node and repeats; counts what is pending', () => {
    const weights = new Map<string, bigint>([
      ['A', 40n],
      ['B', 30n],
      ['C', 30n],
      ['self', 1n],
    ]);
    const view = networkView({
      peers: [{ nodeID: 'A', observedUptime: 99 }, { nodeID: 'B', observedUptime: 0 }, { nodeID: 'X', observedUptime: 50 }, { nodeID: 'self', observedUptime: 100 }, { nodeID: 'A', observedUptime: 10 }, { nodeID: 'C' }],
      weights,
      selfNodeId: 'self',
    });
    expect(view.voters).toEqual([{ nodeId: 'A', weight: 40n, uptimePercent: 99 }]);
    expect(view.knownWeight).toBe(40n);
    expect(view.pendingShare).toBeCloseTo(60 / 101, 5);
    expect(view.trusted).toBe(false);
  });

  it('is trusted only while more than half of all stake\'s view is known', () => {
    const weights = new Map<string, bigint>([
      ['A', 50n],
      ['B', 50n],
    ]);
    expect(networkView({ peers: [{ nodeID: 'A', observedUptime: 100 }], weights }).trusted).toBe(false);
    const w2 = new Map<string, bigint>([
      ['A', 51n],
      ['B', 49n],
    ]);
    expect(networkView({ peers: [{ nodeID: 'A', observedUptime: 100 }], weights: w2 }).trusted).toBe(true);
  });

  it('whole-percent views rounded down make the budget low by at most 1% of the time elapsed', () => {
    // A voter's true measurement 99.7% reads 99: its budget is low by 0.7% of the elapsed time, within the bound.
    const exact = voterBudgetMs(90, 0, 14 * DAY, 99.7, 7 * DAY);
    const view = networkView({ peers: [{ nodeID: 'A', observedUptime: Math.floor(99.7) }], weights: new Map([['A', 1n]]) });
    const read = voterBudgetMs(90, 0, 14 * DAY, view.medianUptimePercent!, 7 * DAY);
    expect(exact - read).toBeCloseTo(0.007 * 7 * DAY, 0);
    expect(exact - read).toBeLessThanOrEqual(viewAccuracyMs(0, 7 * DAY, 14 * DAY));
    expect(viewAccuracyMs(0, 7 * DAY, 14 * DAY)).toBeCloseTo(0.07 * DAY, 3);
  });

  it('shows the share of all stake at each observed uptime, and the stake that would reward at a threshold', () => {
    const weights = new Map<string, bigint>([
      ['A', 60n],
      ['B', 20n],
      ['C', 10n],
      ['D', 10n],
    ]);
    const view = networkView({ peers: [{ nodeID: 'A', observedUptime: 100 }, { nodeID: 'B', observedUptime: 100 }, { nodeID: 'C', observedUptime: 85 }], weights });
    expect(view.buckets).toEqual([
      { uptimePercent: 85, stakeShare: 0.1 },
      { uptimePercent: 100, stakeShare: 0.8 },
    ]);
    expect(rewardingShare(view, 90)).toBeCloseTo(0.8, 6);
    expect(rewardingShare(view, 80)).toBeCloseTo(0.9, 6);
  });

  it('on random views, the known stake and the median are the stake-weighted median written out voter by voter', () => {
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n);
    for (let round = 0; round < 200; round++) {
      const n = 1 + next(60);
      const peers = Array.from({ length: n }, () => ({ nodeID: `NodeID-p${next(n + 5)}`, observedUptime: [0, 1, 50, 79.9, 80, 90, 99, 99.5, 100, 101][next(10)]! }));
      const weights = new Map<string, bigint>(Array.from({ length: n + 5 }, (_, i) => [`NodeID-p${i}`, BigInt(next(4)) * 10n ** BigInt(next(17))]));
      const view = networkView({ peers, weights });
      // First principles: each node once (the first), a positive weight and a known (non-zero) view, whole percent.
      const seen = new Set<string>();
      const voters: Array<{ u: number; w: bigint }> = [];
      for (const p of peers) {
        if (seen.has(p.nodeID)) continue;
        seen.add(p.nodeID);
        const w = weights.get(p.nodeID) ?? 0n;
        if (w > 0n && p.observedUptime > 0) voters.push({ u: Math.min(100, Math.floor(p.observedUptime)), w });
      }
      voters.sort((a, b) => a.u - b.u);
      const known = voters.reduce((sum, v) => sum + v.w, 0n);
      let cum = 0n;
      const median = known > 0n ? voters.find((v) => (cum += v.w) * 2n >= known)!.u : undefined;
      expect(view.knownWeight).toBe(known);
      expect(view.medianUptimePercent).toBe(median);
      expect(weightedMedian(view.voters)).toBe(median);
      // The rewarding share from the sums by uptime is the voters' stake at or above the threshold.
      const total = [...weights.values()].reduce((a, b) => a + b, 0n);
      for (const t of [1, 79, 80, 90, 99, 100]) {
        const w = voters.filter((v) => v.u >= t).reduce((a, v) => a + v.w, 0n);
        expect(rewardingShare(view, t)).toBe(total > 0n ? Number((w * 1_000_000n) / total) / 1_000_000 : 0);
      }
    }
  });
});

