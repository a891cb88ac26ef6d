// The upgrade rule's facts out of a node's store, and the rule asked once per store update: the monitor's header
// and versions pane, the fleet and the exporter read `upgradeVerdictOf`; the poll plan keeps the remembered
// announcement with `rememberUpgrade` whenever the health, the peers or the metrics change.
import type { AvatopState } from '../../state/store';
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import { liveValues, type RowList } from '../../state/rows';
import type { Validator } from '../../state/types';
import type { PeerAnnouncement, UpgradeAnnouncement } from '../../state/upgrade-announcements';
import { latest } from '../../metrics/series';
import { groupAnnouncements, withTotalStake, type Announcements } from './announcements';
import { futureUpgradeOf, upgradeTimeUntilMs } from './node-check';
import { judgeUpgrade, type UpgradeFacts, type UpgradeVerdict } from './deadline';
import { stakeWeightOf } from '../stake';
import { weightsOf } from '../reward/node-guard';
import type { VoterWeights } from '../../state/reward-memory';

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** The metrics key of `avalanche_upgrade_time_until` (metrics/names.ts). */
export const UPGRADE_TIME_UNTIL = 'upgradeTimeUntil';

/** info.peers' peers as the rule keeps them, sorted by node ID so an unchanged set keeps its identity in the store. */
export function peerAnnouncements(peers: ReadonlyArray<{ nodeID: string; version?: string; upgradeTime?: Date }>): PeerAnnouncement[] {
  return peers
    .map((p) => ({ nodeID: p.nodeID, version: p.version ?? '', upgradeTimeMs: p.upgradeTime?.getTime() }))
    .sort((a, b) => (a.nodeID < b.nodeID ? -1 : a.nodeID > b.nodeID ? 1 : 0));
}

/** The newest upgrade a node's info.upgrades lists (unscheduled ones too: the node announces those as well). */
export function newestUpgradeMs(times: ReadonlyArray<{ time: Date }> | undefined): number | undefined {
  let best: number | undefined;
  for (const t of times ?? []) {
    const ms = t.time.getTime();
    if (Number.isFinite(ms) && (best === undefined || ms > best)) best = ms;
  }
  return best;
}

/** The primary network's connected stake as the P-chain's health check reports it (0-1). */
export function pChainConnectedShare(health: unknown): number | undefined {
  const p = asObj(asObj(asObj(asObj(health).checks).P).message);
  const v = asObj(p.networking).percentConnected;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}

const weightCache = new WeakMap<RowList<Validator>, ReadonlyMap<string, bigint>>();

/**
 * Stake by node ID as the node's futureupgrade check weighs its peers: each validator's weight in the validator
 * manager (avalanchego v1.15.0 node/node.go 1557-1577, `vdr.Weight` of `GetMap(constants.PrimaryNetworkID)`), which is
 * its own stake plus its delegators' (vms/platformvm/state/state.go AddStaker then AddWeight for each delegator), the
 * same stake platform.getTotalStake sums. Its own stake alone put a mainnet-like network that announces Helicon at
 * 79 % where the node's check says 97 % (test/sim/upgrades.test.ts). Kept per list: the monitor's rule and the
 * exporter's network (exporter/stake-sources.ts) ask at every scrape.
 */
export function stakeWeightsOf(list: RowList<Validator>): ReadonlyMap<string, bigint> {
  let w = weightCache.get(list);
  if (!w) {
    const m = new Map<string, bigint>();
    for (const v of liveValues(list)) m.set(v.nodeID, (m.get(v.nodeID) ?? 0n) + stakeWeightOf(v));
    weightCache.set(list, m);
    w = m;
  }
  return w;
}

const weightsOfList = (list: RowList<Validator> | undefined) => (list ? stakeWeightsOf(list) : undefined);
const voterWeightsOf = (w: VoterWeights | undefined) => (w ? weightsOf(w) : undefined);

/**
 * The stake the rule weighs peers by: the store's validator set; else its voter weights (an exporter's node that does
 * not read the set itself gets its network's, exporter/network-reads.ts), the same stake by node ID; else what the
 * caller has from elsewhere. The store's first: the exporter's series and its event log then judge one set of facts.
 */
function weightsFor(s: AvatopState, opts: FactOptions): ReadonlyMap<string, bigint> | undefined {
  return weightsOfList(s.validators.bySubnet[PRIMARY_NETWORK_ID]?.data) ?? voterWeightsOf(s.reward.weights.data) ?? opts.weights;
}

export interface FactOptions {
  /** Stake by node ID from elsewhere, for a store that holds none (the exporter shares one validator set per network). */
  readonly weights?: ReadonlyMap<string, bigint>;
}

/** The node's replies the rule reads, however they were had (the monitor's store, `status`'s one round). */
export interface UpgradeReplies {
  /** info.getNodeVersion's version. */
  readonly version: string | undefined;
  readonly networkId: number | undefined;
  /** /ext/health's reply (its `checks`: futureupgrade, and P for the connected stake). */
  readonly health: unknown;
  /** info.upgrades' times. */
  readonly upgradeTimes: ReadonlyArray<{ time: Date }> | undefined;
  readonly peers: readonly PeerAnnouncement[] | undefined;
  /** avalanche_upgrade_time_until, nanoseconds. */
  readonly untilGaugeNs?: number | undefined;
  readonly chainTime: Date | undefined;
  /** Stake by node ID, and all of it, when known. */
  readonly weights?: ReadonlyMap<string, bigint>;
  readonly totalStake?: bigint;
}

/**
 * The peers' part of the facts, kept per peer list (the store keeps an unchanged list's identity) and weights: the
 * health, the chain time and the metrics change far more often than the peers, and the exporter asks for 20 nodes'
 * 1,590 peers each. The total stake divides a grouping afterwards (`withTotalStake`), each total's kept: grouping
 * the peers again for a new total was half of a 20-node exporter's groupings (a counter in peerPartsOf, 2 minutes).
 */
interface PeerParts {
  readonly total: bigint | undefined;
  readonly announcements: Announcements;
  readonly versions: string[];
}
/** By peer list, then by weights (a node's own store has none or its own, the exporter gives its network's), then by total. */
const peerParts = new WeakMap<readonly PeerAnnouncement[], Map<ReadonlyMap<string, bigint> | undefined, Map<bigint | undefined, PeerParts>>>();
const KEPT = 4;

/** `map` with `key` set last, and no more than KEPT entries (the oldest set goes). */
function keep<K, V>(map: Map<K, V>, key: K, value: V): V {
  map.delete(key);
  if (map.size >= KEPT) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

function peerPartsOf(peers: readonly PeerAnnouncement[], weights: ReadonlyMap<string, bigint> | undefined, total: bigint | undefined): PeerParts {
  let byWeights = peerParts.get(peers);
  if (!byWeights) peerParts.set(peers, (byWeights = new Map()));
  const byTotal = byWeights.get(weights);
  const hit = byTotal?.get(total);
  if (hit) return hit;
  const any = byTotal?.values().next().value;
  if (any) return keep(byTotal!, total, { total, announcements: withTotalStake(any.announcements, total), versions: any.versions });
  const parts = { total, announcements: groupAnnouncements(peers, weights, total), versions: peers.map((p) => p.version) };
  keep(byWeights, weights, new Map([[total, parts]]));
  return parts;
}

export function upgradeFactsFrom(r: UpgradeReplies): UpgradeFacts {
  const check = futureUpgradeOf(r.health);
  let total = r.totalStake;
  if (total === undefined && r.weights) for (const w of r.weights.values()) total = (total ?? 0n) + w;
  const parts = r.peers ? peerPartsOf(r.peers, r.weights, total) : undefined;
  const announcements = parts?.announcements;
  let connectedShare = pChainConnectedShare(r.health);
  if (connectedShare === undefined && announcements?.weighted && announcements.total > 0n) {
    connectedShare = Number((announcements.connectedWeight * 1_000_000n) / announcements.total) / 1_000_000;
  }
  return {
    nodeVersion: r.version,
    networkId: r.networkId,
    ownUpgradeMs: check?.localMs ?? newestUpgradeMs(r.upgradeTimes),
    check,
    untilMetricMs: upgradeTimeUntilMs(r.untilGaugeNs),
    announcements,
    peerVersions: parts?.versions,
    connectedShare,
    chainTimeMs: r.chainTime?.getTime(),
  };
}

/** What the store knows, as the rule reads it. */
export function upgradeFactsOf(s: AvatopState, opts: FactOptions = {}): UpgradeFacts {
  return upgradeFactsFrom({
    version: s.node.version.data?.version,
    networkId: s.node.networkId.data,
    health: s.node.health.data,
    upgradeTimes: s.versions.upgrades.data?.times,
    peers: s.versions.peerUpgrades.data,
    untilGaugeNs: latest(s.metrics.series.data, UPGRADE_TIME_UNTIL),
    chainTime: s.pchain.timestamp.data,
    weights: weightsFor(s, opts),
    totalStake: s.supply.totalStake.data,
  });
}

// The facts change only when one of these does; the verdict also with the clock (countdowns), asked every second
// at most, so the last one is kept per store and second.
export interface UpgradeView {
  readonly facts: UpgradeFacts;
  readonly verdict: UpgradeVerdict;
}

// Per store slice, the last few seconds' views: the header (the clock now) and a pane (its own slower clock) ask at
// different seconds, and each must get the same object for the same store and second (a React store selector that
// answers a new object every call renders forever).
const views = new WeakMap<AvatopState['versions'], { key: unknown[]; bySecond: Map<number, UpgradeView> }>();
const SECONDS_KEPT = 8;

/** The facts and the verdict for a node's store now (the versions pane shows both). */
export function upgradeViewOf(s: AvatopState, now: number, opts: FactOptions = {}): UpgradeView {
  const key = [s.node.health.data, s.node.version.data, s.node.networkId.data, s.versions.upgrades.data, s.versions.peerUpgrades.data, s.versions.announcement, s.metrics.series.data, s.pchain.timestamp.data, s.supply.totalStake.data, weightsFor(s, opts)];
  const second = Math.floor(now / 1000);
  let entry = views.get(s.versions);
  if (!entry || !entry.key.every((k, i) => k === key[i])) {
    entry = { key, bySecond: new Map() };
    views.set(s.versions, entry);
  }
  const hit = entry.bySecond.get(second);
  if (hit) return hit;
  const facts = upgradeFactsOf(s, opts);
  const view = { facts, verdict: judgeUpgrade(facts, s.versions.announcement, now) };
  entry.bySecond.set(second, view);
  if (entry.bySecond.size > SECONDS_KEPT) entry.bySecond.delete(entry.bySecond.keys().next().value!);
  return view;
}

/** The verdict for a node's store now: the one every surface of the monitor and the exporter shows. */
export function upgradeVerdictOf(s: AvatopState, now: number, opts: FactOptions = {}): UpgradeVerdict {
  return upgradeViewOf(s, now, opts).verdict;
}

/** The store with the announcement to remember kept (the poll plan calls it after the writes it depends on). */
export function rememberUpgrade(s: AvatopState, now: number): AvatopState {
  const next = judgeUpgrade(upgradeFactsOf(s), s.versions.announcement, now).remember;
  return sameAnnouncement(s.versions.announcement, next, now) ? s : { ...s, versions: { ...s.versions, announcement: next } };
}

/** Unchanged but for when it was last seen, within the minute: not worth a store change (and a frame). */
function sameAnnouncement(a: UpgradeAnnouncement | undefined, b: UpgradeAnnouncement | undefined, now: number): boolean {
  if (a === b) return true;
  if (!a || !b || now - a.lastSeenMs >= 60_000) return false;
  const { lastSeenMs: _a, ...x } = a;
  const { lastSeenMs: _b, ...y } = b;
  return JSON.stringify(x) === JSON.stringify(y);
}
