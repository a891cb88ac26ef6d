// A node watched without a screen: the monitor's client, store and height-gated scheduler, polling what the header
// and the overview poll but the peer list. A second scheduler on the same store looks at the peers once a minute
// (their count, their views of this node for the reward guard, their versions for the version-lag series). The validator set that weighs them is the
// heaviest reply a node gives and the same for every node of a network, so only one session per network asks for
// it (`setStakeSource`), every 10 minutes at most; that session also reads what else every node of its network
// answers alike (network-reads.ts), for all of them. What changes slowly (minimum stake, a bootstrapped chain's state
// while the node is unhealthy) or drifts slowly (the own uptime and validator record) is read once a minute, the node
// ID and version only when the node's process may have changed (identity-held.ts), and what a block makes due at
// most once a minute; the health report at the node's own 30 s; a chain bootstrapped, while the node answers and is
// healthy, not at all (poll/bootstrap-settled.ts).
import { createClient, type AvatopClient } from '../rpc/client';
import { collectGarbage } from '../runtime/gc';
import { createAvatopStore, type AvatopState, type AvatopStore } from '../state/store';
import { createScheduler, type Scheduler } from '../poll/scheduler';
import { watchL1Validations, type L1Reading } from './l1-watch';
import type { BlockHeader } from '../state/types';
import { planFor } from '../poll/plan';
import type { ResourceSpec } from '../poll/resource-spec';
import { header, peerFactsSpec, voterWeightsSpec } from '../poll/header-plan';
import { settledChains } from '../poll/bootstrap-settled';
import { chainTimeSpec, isNetworkRead } from './network-reads';
import { SLOW_THINGS_MS } from './scrape-pace';
import { createIdentityHeld, IDENTITY_KEYS, type IdentityHeld } from './identity-held';
import { PRIMARY_NETWORK_ID } from '../state/constants';

/**
 * The slow look's pace: every node's peers' facts (the vote on its uptime, its peers' versions, the peer count) every
 * two minutes, and the stake source's versions view with them. Twenty nodes' lists (0.7 MB each on mainnet) read once
 * a minute were the largest part of a 20-node exporter's CPU (their skim and its garbage: 1.30 → 1.12 % of a core
 * side by side, docs/performance.md lite48); the vote is of whole percents that move slowly, and a node that stops
 * answering is seen by the fast look's probe, not by its peers.
 */
const VERSIONS_TICK_MS = 2 * 60_000;
const VERSIONS_EVERY_MS = 10 * 60_000;

export interface NodeTarget {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** L1 validation IDs to follow for their balance runway. */
  readonly l1Validations?: readonly string[];
}

export interface HeadlessSession {
  readonly target: NodeTarget;
  readonly store: AvatopStore;
  readonly client: AvatopClient;
  l1(): readonly L1Reading[];
  /** Whether this session also fetches the validator set (for every node of its network). */
  setStakeSource(on: boolean): void;
  readonly isStakeSource: boolean;
  /** Poll the node this often from now on (exporter/scrape-pace.ts): the pace of the scrapes. */
  setPace(ms: number): void;
  close(): Promise<void>;
}

export interface SessionOptions {
  intervalMs: number;
  timeoutMs: number;
  /** The block headers every node of a network shares (commands/exporter.ts): each block read once. */
  blocksOf?: (network: string) => Map<bigint, BlockHeader>;
  /**
   * When this session first reads its peer list: the exporter spreads its sessions' first readings (twenty 0.7 MB
   * replies parsed at once were its peak memory); each then keeps its own minute.
   */
  firstPeersMs?: number;
}

/**
 * What changes slowly, read once a minute rather than at the slow cadence (30 s): a chain's state once bootstrapped
 * (while the node is unhealthy: healthy, it is not read at all). And what drifts slowly: the node's own uptime
 * (info.uptime, moving by hundredths of a percent a minute) and its own validator record (its uptime and connection;
 * a block that changes its stakers still makes it due, at most once a minute), and /ext/metrics, which the exporter
 * reads only for the rules (the process start the event log tells a restart by, the upgrade countdown) and serves no
 * series of (a real node's page is about 215 KB). Each series that shows them says how old it can be (node-series.ts).
 */
const SLOW_THINGS = new Set(['nodeId', 'nodeVersion', 'minStake', 'bootstrapped:P', 'bootstrapped:X', 'bootstrapped:C', 'uptime', 'metrics:slow']);
const OWN_RECORD = `validator:${PRIMARY_NETWORK_ID}/`;
const readSlowly = (spec: ResourceSpec) => SLOW_THINGS.has(spec.key) || spec.key.startsWith(OWN_RECORD);

/** `spec` at SLOW_THINGS_MS where it would poll at the slow cadence; as it is while it polls faster (a chain syncing). */
function onceAMinute(spec: ResourceSpec): ResourceSpec {
  return {
    ...spec,
    intervalMs(s, i, last) {
      const ms = spec.intervalMs ? spec.intervalMs(s, i, last) : i.slowMs;
      return ms >= i.slowMs ? Math.max(ms, SLOW_THINGS_MS) : ms;
    },
  };
}

/**
 * How often the exporter reads a node's health report: avalanchego runs its checks every --health-check-frequency,
 * 30 s by default (v1.15.0 config/flags.go:246, api/health/worker.go Start), and answers health.health with the
 * results of the last run, each check with its own `timestamp`; read at every 15 s scrape, every other reading was the
 * same report.
 */
export const HEALTH_CHECKS_MS = 30_000;

/** `spec` at HEALTH_CHECKS_MS at least. */
function atHealthChecks(spec: ResourceSpec): ResourceSpec {
  return {
    ...spec,
    intervalMs(s, i, last) {
      return Math.max(spec.intervalMs ? spec.intervalMs(s, i, last) : i.tickMs, HEALTH_CHECKS_MS);
    },
  };
}

/** Not read by the fast look: info.peers (the whole list, 0.7 MB on mainnet) is the slow look's. */
const readsPeers = (spec: ResourceSpec) => spec.method === 'info.peers';

/**
 * The fast look of a headless session: what the header and the overview poll, at the pace of the scrapes, but for
 * the peer list, which the slow look reads once a minute for every series that needs it (the count, the reward
 * guard's views, the version lag). The monitor's header reads it every 30 s for a validator; twenty nodes' lists,
 * parsed two and three times a minute, were most of a 20-node exporter's CPU (its garbage collection) and memory.
 */
export function fastPlan(s: AvatopState, metrics: boolean, networkSource = true, chainTime?: ResourceSpec, identity?: IdentityHeld): ResourceSpec[] {
  let plan = planFor('overview', [], s, { metrics })
    .filter((spec) => !readsPeers(spec))
    .map((spec) => (readSlowly(spec) ? onceAMinute(spec) : spec.method === 'health.health' ? atHealthChecks(spec) : spec));
  // The node ID and version only while the process may have changed (identity-held.ts).
  if (identity) plan = identity.held(s) ? plan.filter((spec) => !IDENTITY_KEYS.has(spec.key)) : plan.map((spec) => (IDENTITY_KEYS.has(spec.key) ? identity.note(spec) : spec));
  // The chain time with the network's blocks when the node's height moves (network-reads.ts), not at every tick.
  if (chainTime) plan = plan.map((spec) => (spec.key === chainTime.key ? chainTime : spec));
  // The network's reads are its source's (network-reads.ts), for every node of it: the voter weights too, whether or
  // not the source validates (from the validator set it holds, without a request).
  if (!networkSource) return plan.filter((spec) => !isNetworkRead(spec.key));
  return plan.some((spec) => spec.key === 'voterWeights') ? plan : [...plan, voterWeightsSpec()];
}

/**
 * The slow look of a headless session: every node what the rules read of its peers (poll/header-plan.ts
 * peerFactsSpec: node ID, release, observed uptime, announced upgrade; not the whole list, which nothing here shows);
 * the stake source also what the versions pane reads. (The peers pane's plan also reads the validator set, for its stake column: twenty copies of it ran a
 * 20-node exporter out of its 128 MiB heap within seconds.)
 */
export function slowPlan(stakeSource: boolean, s: AvatopState, firstPeersMs = 0): ResourceSpec[] {
  const peers: ResourceSpec = { ...peerFactsSpec(), initialDelayMs: firstPeersMs };
  return stakeSource ? [...planFor('versions', [], s).filter((spec) => !readsPeers(spec) && !HEADER_KEYS.has(spec.key)), peers] : [peers];
}

/**
 * The header's resources, which the fast look polls on the same store: the slow look keeps of them only its height
 * probe, whose heights drive its validator set and block watcher (a repeat of node ID, version, the three chains'
 * state and the chain time once a minute was six requests a minute more for nothing).
 */
const HEADER_KEYS = new Set([...header(false), ...header(true)].filter((spec) => !spec.probe).map((spec) => spec.key));

/**
 * A plan made again only when what it is made from changed: the schedulers ask at every store change (some seventy
 * a minute a node, and twenty nodes), and the header's and overview's plans read no more of the store than this
 * node's ID and its validator record (poll/plan.ts, state/own-validator.ts).
 */
export function planOnChange(make: (s: AvatopState) => ResourceSpec[], held?: (s: AvatopState) => boolean): (s: AvatopState) => ResourceSpec[] {
  let last: { id: unknown; validators: unknown; settled: string; plan: ResourceSpec[] } | undefined;
  return (s) => {
    // And which chains need not be asked whether they are bootstrapped (planFor, poll/bootstrap-settled.ts), and
    // whether the node ID and version are still this process's (identity-held.ts).
    const settled = `${settledChains(s)}${held?.(s) ? '+id' : ''}`;
    if (last && last.id === s.node.id && last.validators === s.validators && last.settled === settled) return last.plan;
    last = { id: s.node.id, validators: s.validators, settled, plan: make(s) };
    return last.plan;
  };
}

export function startHeadlessSession(target: NodeTarget, opts: SessionOptions): HeadlessSession {
  const client: AvatopClient = createClient({ url: target.url, headers: { ...target.headers }, timeoutMs: opts.timeoutMs, collectGarbage });
  const store = createAvatopStore();
  const blockCache = () => {
    const network = store.getState().node.networkName.data;
    return network === undefined ? undefined : opts.blocksOf?.(network);
  };
  // The chain time with the network's blocks, when the height moves (network-reads.ts).
  const chainTime = chainTimeSpec();
  const metrics = typeof client.getStream === 'function';
  let stakeSource = false;
  const identity = createIdentityHeld();
  const fastPlans = {
    source: planOnChange((s) => fastPlan(s, metrics, true, chainTime, identity), identity.held),
    other: planOnChange((s) => fastPlan(s, metrics, false, chainTime, identity), identity.held),
  };
  const scheduler: Scheduler = createScheduler({
    client,
    store,
    intervalMs: opts.intervalMs,
    heavyMinIntervalMs: SLOW_THINGS_MS,
    followUi: false,
    blockCache,
    plan: (s) => (stakeSource ? fastPlans.source : fastPlans.other)(s),
  });
  scheduler.start();
  const slowPlans = { source: planOnChange((s) => slowPlan(true, s, opts.firstPeersMs)), other: planOnChange((s) => slowPlan(false, s, opts.firstPeersMs)) };
  const slow: Scheduler = createScheduler({
    client,
    store,
    plan: (s) => (stakeSource ? slowPlans.source : slowPlans.other)(s),
    intervalMs: Math.max(opts.intervalMs, VERSIONS_TICK_MS),
    slowMs: VERSIONS_EVERY_MS,
    heavyMinIntervalMs: VERSIONS_EVERY_MS,
    maxAgeMs: VERSIONS_EVERY_MS,
    followUi: false,
    // Its block watcher finds the blocks the fast look (and the network's other nodes) already read.
    blockCache,
  });
  slow.setVisible('peers');
  slow.start();
  const l1 = watchL1Validations(client, target.l1Validations ?? []);
  return {
    target,
    store,
    client,
    l1: () => l1.readings(),
    setStakeSource(on) {
      if (on === stakeSource) return;
      stakeSource = on;
      scheduler.setVisible('overview');
      slow.setVisible(on ? 'versions' : 'peers');
    },
    get isStakeSource() {
      return stakeSource;
    },
    setPace(ms) {
      scheduler.setTickMs(ms);
    },
    async close() {
      scheduler.stop();
      slow.stop();
      l1.stop();
      await client.close();
    },
  };
}
