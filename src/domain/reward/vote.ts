// How the network sees this node: each connected validator's own measurement of its uptime, weighted by stake, and
// the downtime budget of the vote they would cast. Pure.
//
// Facts from avalanchego v1.15.0:
// - Every validator votes on a staker's reward from its own uptime measurement (vms/platformvm/block/executor/
//   options.go `prefersCommit`: uptime measured from the validation's start, compared with the requirement), and
//   Snowman samples validators by stake, so what decides is the stake-weighted median voter: a clear stake majority
//   that prefers commit wins, whatever the others think.
// - A connected peer tells this node its measurement: info.peers `observedUptime` (network/peer/peer.go keeps the
//   last one its ping carried; a whole percent, rounded down; 0 until the peer's first ping, 22.5 s after it
//   connects, so 0 is ignored here: that view is not known yet).
// - A validator that is not connected is an unknown vote, not a vote against (network/network.go `NodeUptime` counts
//   it as 0 in weightedAveragePercentage, which is why that average is not the budget's input).
// - Weights are the validator set's (platform.getValidatorsAt: stake plus delegations, what sampling uses).
import { byIdentity } from '../../state/equal';

/** One validator's view of this node. */
export interface VoterView {
  readonly nodeId: string;
  readonly weight: bigint;
  /** Its observed uptime of this node, whole percent (1-100). */
  readonly uptimePercent: number;
}

export interface NetworkViewInput {
  /** info.peers entries: each connected peer and what it last told this node. */
  readonly peers: ReadonlyArray<{ readonly nodeID: string; readonly observedUptime?: number }>;
  /** The validator set by node ID (getValidatorsAt). */
  readonly weights: ReadonlyMap<string, bigint>;
  /** Total weight of the set; the sum of `weights` when not given. */
  readonly totalWeight?: bigint;
  /** This node: its own entry (if a peer list ever held it) is not a vote from the network. */
  readonly selfNodeId?: string;
}

/** Share of all stake (0-1) that sees this node at one observed uptime. */
export interface UptimeBucket {
  readonly uptimePercent: number;
  readonly stakeShare: number;
}

export interface NetworkView {
  /** Voters whose view is known, lowest uptime first. */
  readonly voters: readonly VoterView[];
  readonly knownWeight: bigint;
  readonly totalWeight: bigint;
  /** Share (0-1) of all stake whose view of this node is known. */
  readonly knownShare: number;
  /** Share (0-1) of stake connected but not heard from yet (observed uptime 0: no ping yet). */
  readonly pendingShare: number;
  /** How the network sees the node: the share of all stake at each observed uptime, lowest first. */
  readonly buckets: readonly UptimeBucket[];
  /** The stake-weighted median voter's uptime; undefined with no voter. */
  readonly medianUptimePercent: number | undefined;
  /** More than half of all stake's view is known: the median stands for the vote. */
  readonly trusted: boolean;
}

/** Share as a float without losing bigint precision on mainnet-sized weights. */
function share(part: bigint, whole: bigint): number {
  if (whole <= 0n) return 0;
  return Number((part * 1_000_000n) / whole) / 1_000_000;
}

export function networkView(input: NetworkViewInput): NetworkView {
  let pending = 0n;
  // Each voter's stake is added once, to its uptime's (a bigint sum is a new bigint, and a mainnet view has 1,500
  // voters); the known stake, the median and the rewarding share come from those hundred sums at most. The voters
  // themselves are listed only when asked (nothing at a poll does): an object each and a sort of 1,500 were a tenth of
  // a 20-node exporter's promoted garbage, twenty peer lists a minute (allocation sampling).
  const byUptime: bigint[] = [];
  walkVoters(input, (_nodeId, weight, uptimePercent) => {
    byUptime[uptimePercent] = (byUptime[uptimePercent] ?? 0n) + weight;
  }, (weight) => {
    pending += weight;
  });
  let total = input.totalWeight;
  if (total === undefined) {
    total = 0n;
    for (const w of input.weights.values()) total += w;
  }
  let knownWeight = 0n;
  const buckets: UptimeBucket[] = [];
  const sums: Array<readonly [number, bigint]> = [];
  for (let u = 0; u < byUptime.length; u++) {
    const w = byUptime[u];
    if (w === undefined) continue;
    knownWeight += w;
    sums.push([u, w]);
    buckets.push({ uptimePercent: u, stakeShare: share(w, total) });
  }
  let voters: VoterView[] | undefined;
  const view: NetworkView = {
    get voters() {
      return (voters ??= votersOf(input));
    },
    knownWeight,
    totalWeight: total,
    knownShare: share(knownWeight, total),
    pendingShare: share(pending, total),
    buckets,
    medianUptimePercent: medianOf(sums, knownWeight),
    trusted: total > 0n && knownWeight * 2n > total,
  };
  stakeByUptime.set(view, sums);
  // One reading's view: a copy would hold its voters and lose the sums above (equal.ts byIdentity).
  return byIdentity(view);
}

/**
 * Each voter of `input` once, as the view counts them: `voter` for one whose view is known (whole percent, 1-100),
 * `unheard` for the stake of one connected but not heard from yet.
 */
function walkVoters(input: NetworkViewInput, voter: (nodeId: string, weight: bigint, uptimePercent: number) => void, unheard: (weight: bigint) => void): void {
  const seen = new Set<string>();
  for (let i = 0; i < input.peers.length; i++) {
    const p = input.peers[i]!;
    if (p.nodeID === input.selfNodeId || seen.has(p.nodeID)) continue;
    seen.add(p.nodeID);
    const weight = input.weights.get(p.nodeID);
    // A peer outside the validator set has no vote (NodeUptime skips it too).
    if (weight === undefined || weight <= 0n) continue;
    const u = p.observedUptime;
    if (u === undefined || !Number.isFinite(u) || u <= 0) unheard(weight);
    else voter(p.nodeID, weight, Math.min(100, Math.floor(u)));
  }
}

function votersOf(input: NetworkViewInput): VoterView[] {
  const voters: VoterView[] = [];
  walkVoters(input, (nodeId, weight, uptimePercent) => voters.push({ nodeId, weight, uptimePercent }), () => {});
  return voters.sort((a, b) => a.uptimePercent - b.uptimePercent || (a.nodeId < b.nodeId ? -1 : 1));
}

/** Each view's known stake summed by uptime, lowest first. */
const stakeByUptime = new WeakMap<NetworkView, ReadonlyArray<readonly [number, bigint]>>();

/** weightedMedian over the voters' stake summed by uptime (lowest first). */
function medianOf(sums: ReadonlyArray<readonly [number, bigint]>, known: bigint): number | undefined {
  if (known <= 0n) return undefined;
  let cum = 0n;
  for (let i = 0; i < sums.length; i++) {
    cum += sums[i]![1];
    if (cum * 2n >= known) return sums[i]![0];
  }
  return sums[sums.length - 1]?.[0];
}

/**
 * The stake-weighted median of voters sorted lowest first: the lowest uptime at which at least half of the known
 * stake sees the node that low or lower (of two middle voters, the lower: the guard errs towards less budget).
 */
export function weightedMedian(sorted: readonly VoterView[]): number | undefined {
  const known = sorted.reduce((sum, v) => sum + v.weight, 0n);
  if (known <= 0n) return undefined;
  let cum = 0n;
  for (const v of sorted) {
    cum += v.weight;
    if (cum * 2n >= known) return v.uptimePercent;
  }
  return sorted[sorted.length - 1]?.uptimePercent;
}

/**
 * One voter's remaining downtime budget, in ms: the period allows (1 − threshold) × its length, and this voter has
 * seen (1 − its uptime) × the time elapsed of it spent.
 */
export function voterBudgetMs(thresholdPercent: number, startMs: number, endMs: number, uptimePercent: number, nowMs: number): number {
  const length = Math.max(0, endMs - startMs);
  const elapsed = Math.max(0, Math.min(nowMs, endMs) - startMs);
  return ((100 - thresholdPercent) / 100) * length - ((100 - uptimePercent) / 100) * elapsed;
}

/**
 * Whole-percent views are rounded down, so each voter's true uptime is up to 1 point higher: the budget read from
 * them is low by at most 1% of the time elapsed. This is that bound.
 */
export function viewAccuracyMs(startMs: number, nowMs: number, endMs: number): number {
  return Math.max(0, Math.min(nowMs, endMs) - startMs) / 100;
}

/** Share of stake (0-1) that would vote to reward at `thresholdPercent`, of all stake: the vote as it stands. */
export function rewardingShare(view: NetworkView, thresholdPercent: number): number {
  const last = rewarding.get(view);
  if (last?.thresholdPercent === thresholdPercent) return last.share;
  let w = 0n;
  const sums = stakeByUptime.get(view);
  if (sums) {
    for (let i = 0; i < sums.length; i++) if (sums[i]![0] >= thresholdPercent) w += sums[i]![1];
  } else {
    // A view not made by networkView (a copy, a test's own): from its voters.
    for (const v of view.voters) if (v.uptimePercent >= thresholdPercent) w += v.weight;
  }
  const s = share(w, view.totalWeight);
  rewarding.set(view, { thresholdPercent, share: s });
  return s;
}

// The header judges every second; the view changes with the peers' views (about once a minute).
const rewarding = new WeakMap<NetworkView, { thresholdPercent: number; share: number }>();
