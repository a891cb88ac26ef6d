// What the exporter serves, one row per metric: its name, help, type and how to read it from a node's store.
// The same table gives the scrape, the README's metric list and the test that every alert and panel names a metric
// that exists.
import type { AvatopState } from '../state/store';
import type { Validator } from '../state/types';
import type { Resource } from '../state/resource';
import { selectOwnValidator } from '../state/own-validator';
import { selectLiveness } from '../state/liveness';
import { sanitize } from '../format/sanitize';
import type { Family, MetricType, Sample } from './exposition';
import type { ValidationGuard } from '../domain/reward/guard';
import { l1Readings, ownGuards } from './own-validation-series';
import { healthSummaryOf } from '../domain/health/health-summary';
import { newerVersionStakeShare } from '../domain/upgrades/versions';
import { upgradeVerdictOf } from '../domain/upgrades/facts';
import { UPGRADE_TIER_LEVEL } from '../domain/upgrades/deadline';
import { selectPeerFacts } from '../state/peer-facts';
import { balanceRunwayMs, type Tier, type WarnBudget } from '../domain/reward/tiers';
import type { L1Reading } from './l1-watch';
import { roundTo } from '../format/number';
import { isoUtc } from '../format/utc';

/** One watched node as the exporter sees it. */
export interface NodeView {
  /** The operator's name for the node (label `node`). */
  readonly name: string;
  readonly state: AvatopState;
  /** L1 validations the operator asked to follow. */
  readonly l1?: readonly L1Reading[];
  /** Stake by node ID on this node's network (from whichever node fetched the validator set). */
  readonly weights?: ReadonlyMap<string, bigint>;
}

type Labels = Record<string, string>;
/** A reading: one value, several labelled values, or nothing (the series is absent until known). */
type Reading = number | undefined | ReadonlyArray<{ labels: Labels; value: number }>;

export interface SeriesSpec {
  readonly name: string;
  readonly help: string;
  readonly type: MetricType;
  /**
   * Series a node that cannot be reached still has (the rest are dropped so nothing stale looks live): its
   * liveness, and its validations, whose budgets count down (projected) through the outage.
   */
  readonly whileDown?: boolean;
  /**
   * Decimal places the value means (0: a count, a flag, whole seconds; 3: milliseconds in seconds; 4: a share to
   * 0.01%): every sample is rounded to it here, at its source, so float arithmetic (a latency of 3.702132000000347 ms,
   * (1 − 0.9) × 30 days) never reaches the scrape as 0.003702132000000347.
   */
  readonly decimals: number;
  read(s: AvatopState, now: number, rule: RuleOptions, view: NodeView): Reading;
}

/** What the operator told the exporter about the reward rule (--uptime-threshold, --warn-budget). */
export interface RuleOptions {
  readonly override?: number;
  /** The config file the override came from; undefined: the flag. */
  readonly overrideFrom?: string;
  readonly warnBudget?: WarnBudget;
}

/** Reachable: the same liveness rule the header and panes ask (an answer, even an error or a 503, is a live node). */
export function isUp(s: AvatopState): boolean {
  return selectLiveness(s).state === 'up';
}

/** The budget tier as a number: the rules alert on it. */
const TIER_VALUE: Readonly<Record<Tier, number>> = { ok: 0, notice: 0, warn: 1, critical: 2, over: 3 };

const bool = (v: boolean | undefined): number | undefined => (v === undefined ? undefined : v ? 1 : 0);
/** The last good data; the series of a node that is down are dropped before this is asked. */
const dataOf = <T>(r: Resource<T>): T | undefined => r.data;

/** One series per check: 1 failing, 0 passing; a check that has not run yet since the node started is not a failure. */
function failingChecks(s: AvatopState): Array<{ labels: Labels; value: number }> | undefined {
  const health = dataOf(s.node.health);
  if (!health) return undefined;
  return healthSummaryOf(health).checks.flatMap((c) => (c.state === 'pending' ? [] : [{ labels: oneLabel('check', sanitize(c.name)), value: c.state === 'failing' ? 1 : 0 }]));
}

/** The version lag per peer list, version and weights: the peers are read every two minutes, the scrapes come more often. */
const lags = new WeakMap<object, { version: string | undefined; weights: ReadonlyMap<string, bigint>; share: number | undefined }>();

function versionLag(s: AvatopState, weights: ReadonlyMap<string, bigint>): number | undefined {
  const list = selectPeerFacts(s)?.peers;
  const version = s.node.version.data?.version;
  if (!list) return newerVersionStakeShare(version, [], weights);
  const hit = lags.get(list);
  if (hit && hit.version === version && hit.weights === weights) return hit.share;
  const share = newerVersionStakeShare(version, list, weights);
  lags.set(list, { version, weights, share });
  return share;
}

export const SERIES: readonly SeriesSpec[] = [
  {
    name: 'avatop_up',
    help: 'Whether the node answered its last liveness probe (platform.getHeight; any answer, a 503 while bootstrapping included, counts).',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s) => (isUp(s) ? 1 : 0),
  },
  {
    name: 'avatop_last_answer_timestamp_seconds',
    help: 'When the node last answered the liveness probe, Unix time.',
    type: 'gauge',
    decimals: 3,
    whileDown: true,
    read: (s) => (s.pchain.height.updatedAt === undefined ? undefined : s.pchain.height.updatedAt / 1000),
  },
  {
    name: 'avatop_node_info',
    help: 'The node\'s version and network, as labels; the value is always 1. The version is asked again when the node\'s process may have changed (a new start time in its /ext/metrics, read once a minute, or the probe failing).',
    type: 'info',
    decimals: 0,
    read: (s) => {
      const version = dataOf(s.node.version)?.version;
      if (version === undefined) return undefined;
      const v = sanitize(version);
      return [{ labels: oneLabel('version', v.replace(/^avalanchego\//, '')), value: 1 }];
    },
  },
  {
    name: 'avatop_peers_newer_version_stake_ratio',
    help: 'Share (0-1) of connected peers\' stake that runs a newer avalanchego than this node (info.peers versions weighted by getCurrentValidators). The peers are read every two minutes.',
    type: 'gauge',
    decimals: 4,
    read: (s, _now, _rule, view) => (view.weights ? versionLag(s, view.weights) : undefined),
  },
  {
    name: 'avatop_upgrade_tier',
    help: 'How near a network upgrade this node\'s release does not schedule is (half of the stake announces it; the node\'s futureupgrade check): 0 none, 1 more than 7 days ahead, 2 within 7 days, 3 within 72 hours, 4 within 24 hours or due, 5 activated and this node cannot follow the network.',
    type: 'gauge',
    decimals: 0,
    read: (s, now, _rule, view) => (s.node.version.data === undefined ? undefined : UPGRADE_TIER_LEVEL[upgradeVerdictOf(s, now, { weights: view.weights }).tier]),
  },
  {
    name: 'avatop_upgrade_deadline_seconds',
    help: 'Seconds until that network upgrade activates (negative once it has and this node cannot follow); labels: the release to install and the activation time.',
    type: 'gauge',
    decimals: 0,
    read: (s, now, _rule, view) => {
      const v = upgradeVerdictOf(s, now, { weights: view.weights });
      if (v.deadlineMs === undefined || UPGRADE_TIER_LEVEL[v.tier] === 0) return undefined;
      return [{ labels: { release: v.release ?? '', upgrade_time: isoUtc(v.deadlineMs).replace('.000Z', 'Z') }, value: Math.round((v.deadlineMs - now) / 1000) }];
    },
  },
  {
    name: 'avatop_rpc_latency_seconds',
    help: 'Round-trip time of the last platform.getHeight call.',
    type: 'gauge',
    decimals: 6,
    read: (s) => (s.pchain.height.latencyMs === undefined ? undefined : s.pchain.height.latencyMs / 1000),
  },
  {
    name: 'avatop_pchain_height',
    help: 'P-chain height of the last accepted block.',
    type: 'gauge',
    decimals: 0,
    read: (s) => (dataOf(s.pchain.height) === undefined ? undefined : Number(dataOf(s.pchain.height))),
  },
  {
    name: 'avatop_chain_time_behind_seconds',
    help: 'How far the P-chain\'s time (platform.getTimestamp) is behind the exporter\'s clock.',
    type: 'gauge',
    decimals: 3,
    read: (s, now) => {
      const t = dataOf(s.pchain.timestamp)?.getTime();
      return t === undefined ? undefined : Math.max(0, (now - t) / 1000);
    },
  },
  {
    name: 'avatop_bootstrapped',
    help: 'Whether the chain has finished bootstrapping (info.isBootstrapped; once 1, asked again only when the probe fails or the node\'s health report turns unhealthy, as a restart makes it).',
    type: 'gauge',
    decimals: 0,
    read: (s) =>
      (['P', 'X', 'C'] as const).flatMap((chain) => {
        const v = bool(dataOf(s.node.bootstrapped[chain]));
        return v === undefined ? [] : [{ labels: oneLabel('chain', chain), value: v }];
      }),
  },
  {
    name: 'avatop_health_healthy',
    help: 'Whether the node\'s own health checks pass (/ext/health, read every 30 s: the node runs its checks every 30 s by default).',
    type: 'gauge',
    decimals: 0,
    read: (s) => bool(dataOf(s.node.health)?.healthy),
  },
  {
    name: 'avatop_health_check_failing',
    help: 'One series per health check: 1 while it fails.',
    type: 'gauge',
    decimals: 0,
    read: failingChecks,
  },
  {
    name: 'avatop_health_checks_pending',
    help: 'Health checks that have not run yet since the node started ("not yet run"): not failures.',
    type: 'gauge',
    decimals: 0,
    read: (s) => {
      const health = dataOf(s.node.health);
      return health ? healthSummaryOf(health).pending.length : undefined;
    },
  },
  {
    name: 'avatop_connected_stake_ratio',
    help: 'Share (0-1) of stake this node is connected to, the lowest its chains\' networking health checks report.',
    type: 'gauge',
    decimals: 4,
    read: (s) => {
      const health = dataOf(s.node.health);
      return health ? healthSummaryOf(health).percentConnected : undefined;
    },
  },
  {
    name: 'avatop_peers',
    help: 'Connected peers (info.peers numPeers). Read every two minutes.',
    type: 'gauge',
    decimals: 0,
    read: (s) => dataOf(s.peers.count),
  },
  {
    name: 'avatop_uptime_weighted_percent',
    help: "The node's own info.uptime weightedAveragePercentage: its peers' views weighted by stake, unconnected stake counted as 0. Not the vote (see avatop_validation_median_uptime_percent). Read once a minute: up to a minute and a scrape gap old.",
    type: 'gauge',
    decimals: 4,
    read: (s) => dataOf(s.node.uptime)?.weightedAveragePercentage,
  },
  {
    name: 'avatop_uptime_rewarding_stake_percent',
    help: 'Share of stake whose views would reward this node now (info.uptime rewardingStakePercentage), labelled with the threshold the node counted it at (`counted_at`: 90 for a validation started at or after Helicon, else its --uptime-requirement). Read once a minute: up to a minute and a scrape gap old.',
    type: 'gauge',
    decimals: 4,
    read: (s, now, rule) => {
      const v = dataOf(s.node.uptime)?.rewardingStakePercentage;
      if (v === undefined) return undefined;
      const at = ownGuards(s, now, rule.override, rule.warnBudget, rule.overrideFrom)[0]?.guard.rewardingCountedAt;
      const labels: Labels = at === undefined ? NO_LABELS : oneLabel('counted_at', String(at));
      return [{ labels, value: v }];
    },
  },
  {
    name: 'avatop_validation_threshold_percent',
    help: "Uptime each of this node's validations needs for its reward: primary 90 for validations starting at or after Helicon (ACP-267, the node's info.upgrades), else 80 or --uptime-threshold (the node's --uptime-requirement); an elastic subnet's uptimeRequirement.",
    type: 'gauge',
    decimals: 2,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => g.threshold.percent),
  },
  {
    name: 'avatop_validation_median_uptime_percent',
    help: "The stake-weighted median of the connected validators' views of this node (info.peers observedUptime, whole percent): the voter that decides the reward. The peers are read every two minutes. Absent while the view cannot be trusted.",
    type: 'gauge',
    decimals: 2,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.basis.kind === 'vote' ? g.uptimePercent : undefined)),
  },
  {
    name: 'avatop_validation_downtime_budget_seconds',
    help: 'How much longer this node can be offline this period and keep its reward (per validation: primary or subnet), at the median voter\'s view; while the view cannot be trusted (node unreachable or isolated), the last trustworthy figure spent in real time (avatop_validation_budget_projected 1). Negative once the reward is lost (or, projected, once spent).',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.budget === undefined || g.budget.state === 'ended' ? undefined : g.budget.remainingMs / 1000)),
  },
  {
    name: 'avatop_validation_budget_projected',
    help: 'Whether the downtime budget is projected (1: the node is unreachable or isolated, so the last trustworthy figure is spent in real time, or there is none) rather than read from the vote (0).',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.threshold.percent === undefined ? undefined : g.basis.kind === 'vote' ? 0 : g.basis.kind === 'projected' || g.basis.kind === 'unknown' ? 1 : undefined)),
  },
  {
    name: 'avatop_validation_budget_projected_since_timestamp_seconds',
    help: 'When the last trustworthy budget a projection counts down from was read, Unix time (only while projected).',
    type: 'gauge',
    decimals: 3,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.basis.kind === 'projected' ? g.basis.sinceMs / 1000 : undefined)),
  },
  {
    name: 'avatop_validation_budget_last_known_seconds',
    help: 'The last downtime budget read from a trustworthy vote (more than half of the stake\'s view known), as it was then: what AvatopNodeDown reports.',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) =>
      guarded(s, now, rule, (g) => {
        if (g.basis.kind === 'vote') return g.budget && g.budget.state !== 'ended' ? g.budget.remainingMs / 1000 : undefined;
        const last = s.reward.last[g.validation];
        return g.basis.kind === 'projected' && last ? last.remainingMs / 1000 : undefined;
      }),
  },
  {
    name: 'avatop_validation_budget_allowance_seconds',
    help: "The period's downtime allowance: (1 − threshold) × its length (for an auto-renewed validator, the cycle's).",
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.budget === undefined ? undefined : g.budget.allowedMs / 1000)),
  },
  {
    name: 'avatop_validation_budget_known_stake_ratio',
    help: 'Share (0-1) of all stake whose view of this node the budget rests on (the vote is trusted above 0.5; a projection: the share its last figure rested on).',
    type: 'gauge',
    decimals: 4,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.basis.kind === 'vote' || g.basis.kind === 'projected' ? g.basis.knownShare : g.network?.knownShare)),
  },
  {
    name: 'avatop_validation_budget_tier',
    help: 'The downtime budget\'s tier (README "Tiers"): 0 ok, 1 warning (25% of the allowance or less, or it would run out before the period ends at the last hour\'s rate), 2 critical (10% or less, or it would run out within 24 h; a projection below zero), 3 lost.',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.budgetTier === undefined ? undefined : TIER_VALUE[g.budgetTier])),
  },
  {
    name: 'avatop_validation_renews',
    help: 'Whether the validation renews at its period\'s end (1: auto-renewed, nextPeriod above 0 and its cycle\'s reward not lost; 0: it ends, exits or is removed).',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s, now, rule) => guarded(s, now, rule, (g) => (g.endMs === undefined ? undefined : g.outcome === 'renews' ? 1 : 0)),
  },
  {
    name: 'avatop_l1_balance_runway_seconds',
    help: 'How long an L1 validator\'s balance pays the continuous fee at today\'s price (getL1Validator balance / getValidatorFeeState price); 0 when it ran out.',
    type: 'gauge',
    decimals: 0,
    read: (s, _now, _rule, view) =>
      l1Readings(s, view.l1 ?? []).flatMap((r) => {
        if (r.balance === undefined || r.price === undefined) return [];
        const ms = balanceRunwayMs(r.balance, r.price);
        return ms === undefined ? [] : [{ labels: { subnet: sanitize(r.subnetId ?? ''), validation_id: sanitize(r.validationId) }, value: ms / 1000 }];
      }),
  },
  {
    name: 'avatop_l1_balance_navax',
    help: 'An L1 validator\'s remaining balance in nAVAX (getL1Validator balance).',
    type: 'gauge',
    decimals: 0,
    read: (s, _now, _rule, view) =>
      l1Readings(s, view.l1 ?? []).flatMap((r) => (r.balance === undefined ? [] : [{ labels: { subnet: sanitize(r.subnetId ?? ''), validation_id: sanitize(r.validationId) }, value: Number(r.balance) }])),
  },
  {
    name: 'avatop_validation_end_timestamp_seconds',
    help: 'When this node\'s primary-network validation (for an auto-renewed validator, its current cycle) ends, Unix time.',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s) => primary(s, (v) => {
      const end = v.endTime?.getTime();
      return end === undefined ? undefined : end / 1000;
    }),
  },
  {
    name: 'avatop_validation_connected',
    help: 'Whether this node\'s own view says its validator is connected (getCurrentValidators connected; its own record, read once a minute and when a block changes its stakers: up to a minute and a scrape gap old).',
    type: 'gauge',
    decimals: 0,
    read: (s) => primary(s, (v) => bool(v.connected)),
  },
  {
    name: 'avatop_validation_delegators',
    help: 'Delegations to this node\'s validation.',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s) => primary(s, (v) => v.delegatorCount),
  },
  {
    name: 'avatop_validation_potential_reward_navax',
    help: 'The validation\'s potential reward in nAVAX, if its uptime holds.',
    type: 'gauge',
    decimals: 0,
    whileDown: true,
    read: (s) => primary(s, (v) => {
      const r = v.potentialReward;
      return r === undefined ? undefined : Number(r);
    }),
  },
];

const PRIMARY = { subnet: 'primary' };

/** One sample per validation the guard judges (primary, then subnets by ID). */
function guarded(s: AvatopState, now: number, rule: RuleOptions, read: (g: ValidationGuard) => number | undefined): Reading {
  const samples = ownGuards(s, now, rule.override, rule.warnBudget, rule.overrideFrom).flatMap(({ subnet, guard }) => {
    const value = read(guard);
    return value === undefined ? [] : [{ labels: oneLabel('subnet', sanitize(subnet)), value }];
  });
  return samples.length === 0 ? undefined : samples;
}

function primary(s: AvatopState, read: (v: Validator) => number | undefined): Reading {
  const own = selectOwnValidator(s);
  if (!own) return undefined;
  const value = read(own);
  return value === undefined ? undefined : [{ labels: PRIMARY, value }];
}

/**
 * Label objects kept from one scrape to the next while their values stay, so the exposition writes each one's text
 * once (exposition.ts keeps it per object) rather than 920 times a scrape. A few hundred at most: a node's name, ID
 * and network, its checks, chains, subnets and release; emptied should a long life ever gather more.
 */
const KEPT_LABELS = 4_096;
const keptLabels = new Map<string, Labels>();
const NO_LABELS: Labels = {};

function kept(key: string, make: () => Labels): Labels {
  let labels = keptLabels.get(key);
  if (labels === undefined) {
    if (keptLabels.size >= KEPT_LABELS) keptLabels.clear();
    keptLabels.set(key, (labels = make()));
  }
  return labels;
}

/** `{ [name]: value }`, the same object for the same pair (a label name has no NUL; nodeLabels' keys start with `[`). */
function oneLabel(name: string, value: string): Labels {
  return kept(`${name}\u0000${value}`, () => ({ [name]: value }));
}

/** A node's labels with a reading's, the same object for the same two (both kept: nodeLabels, oneLabel). */
const merged = new WeakMap<Labels, WeakMap<Labels, Labels>>();

function withNodeLabels(base: Labels, extra: Labels): Labels {
  let byExtra = merged.get(base);
  if (!byExtra) merged.set(base, (byExtra = new WeakMap()));
  let labels = byExtra.get(extra);
  if (!labels) byExtra.set(extra, (labels = { ...base, ...extra }));
  return labels;
}

/** The labels every series of a node carries. */
export function nodeLabels(view: NodeView): Labels {
  const id = view.state.node.id.data?.nodeID;
  const network = view.state.node.networkName.data;
  const nodeId = id === undefined ? '' : sanitize(id);
  const net = network === undefined ? '' : sanitize(network);
  return kept(JSON.stringify([view.name, nodeId, net]), () => ({ node: view.name, node_id: nodeId, network: net }));
}

/** Every family for every node: a node that is down keeps only the series that say so. */
export function collectFamilies(nodes: readonly NodeView[], now: number, rule: RuleOptions = {}, specs: readonly SeriesSpec[] = SERIES): Family[] {
  // Once per node and scrape, not per series.
  const up = nodes.map((view) => isUp(view.state));
  const labels = nodes.map(nodeLabels);
  return specs.map((spec) => {
    const samples: Sample[] = [];
    // By index: a scrape runs in V8's lower tiers, where each for-of step of 60 series × 20 nodes is an object.
    for (let i = 0; i < nodes.length; i++) {
      const view = nodes[i]!;
      if (!spec.whileDown && !up[i]) continue;
      const base = labels[i]!;
      let reading: Reading;
      try {
        reading = spec.read(view.state, now, rule, view);
      } catch {
        // A shape no reader expected: the series is absent this scrape, the rest still serve.
        reading = undefined;
      }
      if (reading === undefined) continue;
      if (typeof reading === 'number') {
        if (Number.isFinite(reading)) samples.push({ labels: base, value: roundTo(reading, spec.decimals) });
        continue;
      }
      for (const r of reading) if (Number.isFinite(r.value)) samples.push({ labels: withNodeLabels(base, r.labels), value: roundTo(r.value, spec.decimals) });
    }
    return { name: spec.name, help: spec.help, type: spec.type, samples };
  });
}
