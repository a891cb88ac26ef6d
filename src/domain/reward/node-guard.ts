// The reward guard over a node's store: the network's view of this node from what the store holds (info.peers and
// the validator set), this node's validations as facts, judged once per store update, and the memory of the last
// trustworthy budget kept up to date as the views arrive. The monitor's screens, the fleet and the exporter read a
// node through this module; `status` builds the same facts from its snapshot.
import type { AvatopState } from '../../state/store';
import type { Validator } from '../../state/types';
import type { LastBudget, VoterWeights } from '../../state/reward-memory';
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import { selectOwnValidator } from '../../state/own-validator';
import { selectLiveness } from '../../state/liveness';
import { selectPeerFacts } from '../../state/peer-facts';
import { cycleRewardsOf, ownValidationsOf, type CycleRewards } from '../../state/view-keys';
import { heliconFromResource, rewardThreshold, PRIMARY } from './threshold';
import { networkView, type NetworkView } from './vote';
import { addViewSample, lastBudgetOf, recentDownShare, rememberBudgets } from './projection';
import { judgeValidation, type GuardOptions, type ValidationFacts, type ValidationGuard, type VoteFacts } from './guard';
import { lastCycleRewardTxIdOf, renewalOf } from './renewal';
import { judgeOwnValidations, type JudgedValidation } from './own-validations';
import { keepIdentity } from '../../state/equal';

const weightMaps = new WeakMap<VoterWeights, ReadonlyMap<string, bigint>>();

/** The validator set's weights by node ID (built once per reply). */
export function weightsOf(w: VoterWeights): ReadonlyMap<string, bigint> {
  let m = weightMaps.get(w);
  if (!m) {
    const out = new Map<string, bigint>();
    for (const v of w.validators) out.set(v.nodeID, v.weight);
    weightMaps.set(w, (m = out));
  }
  return m;
}

const views = new WeakMap<object, WeakMap<VoterWeights, NetworkView>>();

/** How the network sees this node, from the store: undefined until the peers' views and the validator set are in. */
export function networkViewOf(s: AvatopState): { view: NetworkView; atMs: number } | undefined {
  const peers = selectPeerFacts(s);
  const weights = s.reward.weights.data;
  if (!peers || !weights) return undefined;
  let byWeights = views.get(peers.peers);
  if (!byWeights) views.set(peers.peers, (byWeights = new WeakMap()));
  let view = byWeights.get(weights);
  if (!view) {
    view = networkView({ peers: peers.peers, weights: weightsOf(weights), totalWeight: weights.totalWeight, selfNodeId: s.node.id.data?.nodeID });
    byWeights.set(weights, view);
  }
  return { view, atMs: peers.updatedAt };
}

/** Readings further apart than this count as time the view could not be seen (at least 2.5 min, or 2.5 usual gaps). */
function gapOf(seen: AvatopState['reward']['seen']): number {
  const gaps: number[] = [];
  for (let i = 1; i < seen.length; i++) gaps.push(seen[i]!.atMs - seen[i - 1]!.atMs);
  gaps.sort((a, b) => a - b);
  const usual = gaps.length > 0 ? gaps[Math.floor(gaps.length / 2)]! : 0;
  return Math.max(150_000, 2.5 * usual);
}

/** The vote as the store has it now. */
export function voteFactsOf(s: AvatopState, now: number): VoteFacts {
  const v = networkViewOf(s);
  return {
    view: v?.view,
    atMs: v?.atMs,
    reachable: selectLiveness(s).state !== 'down',
    last: s.reward.last,
    downRate: recentDownShare(s.reward.seen, now, gapOf(s.reward.seen)),
  };
}

/** This node's primary-network validation as facts, from its own record and the vote. */
export function primaryFacts(own: Validator | undefined, s: AvatopState, vote: VoteFacts | undefined): ValidationFacts | undefined {
  if (!own) return undefined;
  const uptime = s.node.uptime.data;
  return {
    nodeId: own.nodeID,
    validation: 'primary',
    startMs: own.startTime?.getTime(),
    endMs: own.endTime?.getTime(),
    view: 'peers',
    vote,
    ownRecordPercent: own.uptime,
    averagePercent: uptime?.weightedAveragePercentage,
    rewardingStakePercent: uptime?.rewardingStakePercentage,
    helicon: heliconFromResource(s.versions.upgrades),
    renewal: renewalOf(own),
  };
}

/** Judged lists per store state, by second and options: a few, as the header and a pane may ask at other clocks. */
const judged = new WeakMap<AvatopState, Map<string, JudgedValidation[]>>();
const JUDGED_PER_STATE = 4;

/**
 * Every validation of the node whose store this is (primary first, then subnets and L1s), judged once per store
 * update and second: the header, the overview, the fleet row and the exporter all ask this and get the same list.
 *
 * `keepLast: false` for a reader that keeps no identity (the exporter's scrape, which serves numbers): the last list
 * of this node is neither compared nor replaced. Its `now` is new at every scrape, so a real node's list never matched
 * the last; but sessions of one node ID (a node named twice, or the bench's twenty names for one simulated node)
 * share the node's last list within a scrape, and each judged its list against another session's parts and compared
 * the lists (before a network view was compared by identity, that walked each view's 1,500 voters: a seventh of a
 * 20-node exporter's main thread; docs/performance.md, exp49).
 */
export function judgeNode(s: AvatopState, o: GuardOptions, keepLast = true): JudgedValidation[] {
  const key = `${o.now}|${o.override ?? ''}|${o.overrideFrom ?? ''}|${o.warnBudget ? JSON.stringify(o.warnBudget) : ''}${keepLast ? '' : '|fresh'}`;
  let byKey = judged.get(s);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const list = keepLast ? judgedFromInputs(s, key, o) : judgeOwnValidations(primaryFacts(selectOwnValidator(s), s, voteFactsOf(s, o.now)), ownValidationsOf(s), o, PRIMARY_NETWORK_ID);
  if (!byKey) judged.set(s, (byKey = new Map()));
  if (byKey.size >= JUDGED_PER_STATE) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, list);
  return list;
}

/** The last list judged per node and options, with the parts of the store it was judged from. */
const lastJudged = new Map<string, { readonly inputs: readonly unknown[]; readonly list: JudgedValidation[] }>();
const LAST_JUDGED_NODES = 64;

/**
 * The list judged from the store's parts that a judgement reads (every one of them below, by identity: the store
 * keeps an unchanged reading's identity), handed out again where they are those of the last judgement at the same
 * second and options, and otherwise judged afresh and kept structurally shared with the last list. Every store update
 * (a block every 2 s, each answer of a poll) is a new state: judging each afresh and comparing the fresh list with
 * the last one was most of what the guard cost at idle, and a fresh list of the same verdict made the overview and the
 * header render again for nothing.
 */
function judgedFromInputs(s: AvatopState, key: string, o: GuardOptions): JudgedValidation[] {
  const own = selectOwnValidator(s);
  const network = networkViewOf(s);
  const validations = ownValidationsOf(s);
  const inputs = [own, network?.view, network?.atMs, selectLiveness(s).state !== 'down', s.reward.last, s.reward.seen, s.node.uptime.data, s.versions.upgrades, validations];
  const at = `${s.node.id.data?.nodeID ?? ''}|${key}`;
  const last = lastJudged.get(at);
  let list: JudgedValidation[];
  if (last && sameParts(last.inputs, inputs)) list = last.list;
  else list = keepIdentity(last?.list, judgeOwnValidations(primaryFacts(own, s, voteFactsOf(s, o.now)), validations, o, PRIMARY_NETWORK_ID));
  lastJudged.delete(at);
  if (lastJudged.size >= LAST_JUDGED_NODES) lastJudged.delete(lastJudged.keys().next().value!);
  lastJudged.set(at, { inputs, list });
  return list;
}

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return a.length === b.length;
}

/** This node's primary-network validation judged, or undefined when it is not a current validator (or not known yet). */
export function guardOwnValidation(s: AvatopState, o: GuardOptions): ValidationGuard | undefined {
  const first = judgeNode(s, o)[0];
  return first?.kind === 'primary' ? first.guard : undefined;
}

/** A watched node's validation, from this node's view of it (its getCurrentValidators `uptime`). */
export function guardWatchedValidation(v: Validator, s: AvatopState, o: GuardOptions): ValidationGuard {
  return judgeValidation(
    {
      nodeId: v.nodeID,
      validation: 'primary',
      startMs: v.startTime?.getTime(),
      endMs: v.endTime?.getTime(),
      view: 'this-node',
      uptimePercent: v.uptime,
      helicon: heliconFromResource(s.versions.upgrades),
      renewal: renewalOf(v),
    },
    o,
  );
}

/**
 * The store after a reading of the peers' views at `atMs`: the reading noted (trusted or not), and, when more than
 * half of all stake's view is known, each rewarded validation's budget remembered as its last trustworthy one. The
 * figures are at the node's own rule (no --uptime-threshold: the poller knows no flags); `project` recomputes them
 * at another threshold.
 */
export function rememberViews(s: AvatopState, atMs: number): AvatopState {
  const v = networkViewOf(s);
  const own = selectOwnValidator(s);
  // Only a validator's views matter, and only once both halves of the view are in.
  if (!v || !own) return s;
  const trusted = v.view.trusted && v.view.medianUptimePercent !== undefined;
  const seen = addViewSample(s.reward.seen, { atMs, trusted });
  let last = s.reward.last;
  if (trusted) {
    const facts = primaryFacts(own, s, undefined)!;
    const records: LastBudget[] = [];
    const record = (validation: string, startMs: number | undefined, endMs: number | undefined, thresholdPercent: number | undefined) => {
      if (startMs === undefined || endMs === undefined || thresholdPercent === undefined || startMs >= endMs) return;
      records.push(lastBudgetOf({ validation, nodeId: own.nodeID, atMs, startMs, endMs, thresholdPercent, medianUptimePercent: v.view.medianUptimePercent!, knownShare: v.view.knownShare }));
    };
    record('primary', facts.startMs, facts.endMs, rewardThreshold({ start: facts.startMs, helicon: facts.helicon, rule: PRIMARY, now: atMs }).percent);
    for (const d of ownValidationsOf(s)?.validations ?? []) {
      if (d.kind !== 'subnet' || !d.permissionless) continue;
      const t = rewardThreshold({ start: facts.startMs, helicon: facts.helicon, rule: { kind: 'elastic', uptimeRequirement: d.uptimeRequirement }, now: atMs });
      // The reward vote measures a subnet validation's uptime from the primary start (options.go).
      record(d.subnetId, facts.startMs, d.endMs, t.percent);
    }
    last = rememberBudgets(last, records);
  }
  if (seen === s.reward.seen && last === s.reward.last) return s;
  return { ...s, reward: { ...s.reward, seen, last } };
}

/** What this node's previous auto-renewed cycle paid out, under its reward tx, once polled. */
export function lastCycleRewards(s: AvatopState): CycleRewards | undefined {
  const id = lastCycleRewardTxIdOf(selectOwnValidator(s));
  return id === undefined ? undefined : cycleRewardsOf(s, id);
}
