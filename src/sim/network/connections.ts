// This node's connections: ONE set (net.peers) that info.peers lists, the validators' `connected` flags, the chains'
// connected stake (health), info.acps and info.uptime all read. Who is in it follows the node's release against its
// peers' (sim/releases.ts: upgraded peers drop a node left behind at their upgrade), which validators are online,
// the connected share a test asks for, isolation and restarts. What each peer reports of this node's uptime comes
// from its up/down history (own-history.ts).
import { PRIMARY_NETWORK_ID } from '../constants';
import { stableHash, type Prng } from '../prng';
import type { Profile } from '../profiles';
import type { Peer, Subnet, Validator } from '../model';
import { formatNodeId } from '../wire';
import { connectable, knownRelease, newerRelease, ownRelease, partingTime, releaseMix, type Release } from '../releases';
import { networkParams } from '../network-params';
import type { SimNetwork } from './index';
import { byStableHash, observedUptime, PING_FREQUENCY_MS, seedHistory, seedMissed, setViewsMissed, type Outage, type PeerView } from './own-history';
import { stakeSnapshot } from './stake-snapshot';

export type { Outage, PeerView } from './own-history';

/** The upgrade-deadline case: a share of the stake runs a newer release that schedules an upgrade at `timeSec`. */
export interface NewerReleaseSpec {
  readonly version: string;
  /** Unix seconds. */
  readonly timeSec: number;
  /** Share of all primary-network stake (0..1) running it. */
  readonly stake: number;
}

export interface ConnectionSettings {
  /**
   * Share of all primary-network stake this node is connected to, counting its own as the chains' health check does
   * (chain_router.go marks the node connected to itself); undefined: every online validator it is compatible with.
   */
  connectedStake?: number;
  /** No peer at all (a firewall, a partition): still listening, nobody connected. */
  isolated: boolean;
  /** Peers that are not validators (APIs nodes, indexers, nodes syncing). */
  nonValidatorPeers: number;
}

export interface ConnectionState {
  readonly own: Release;
  /** The spec's era (v1.11): no compatibility rule is modelled, peers come from the profile's version list. */
  readonly era: boolean;
  /** The release new validators and most non-validators run. */
  readonly mainstream: Release;
  /** Releases by validator, assigned by stake share (releaseMix) in a fixed order of node IDs. */
  readonly releaseOf: Map<string, Release>;
  newer: { release: Release; stake: number } | undefined;
  settings: ConnectionSettings;
  /** Validators that are down (not connectable) right now. */
  readonly offline: Set<string>;
  /** This node's outages since its validation started (ms, ascending). */
  outages: Outage[];
  /** Per validator: how much less (ms) than the truth it counts this node up (negative: more); persists across reconnects. */
  readonly missed: Map<string, number>;
  /** Peers due to connect (after a restart, they come back over some seconds), ascending by time. */
  pending: { nodeIdStr: string; atMs: number }[];
  /** The node's clock (ms): the P-chain may have stopped, this does not. */
  clockMs: number;
  /** When the last peer went (for the network check's "no messages … in"); undefined while peers are connected. */
  aloneSinceMs: number | undefined;
  /** Whether the node ever had a peer (a node that never had one has sent and received nothing). */
  hadPeers: boolean;
  /** Since when the connected stake has been below the chains' healthy minimum (80%); undefined while it is not. */
  lowSinceMs: number | undefined;
  /** The P-chain accepts no block from this time on: the stake that moved on to an upgrade this node does not run. */
  stallAtMs: number | undefined;
  /** While the node process is down (a restart), nobody connects to it. */
  downUntilMs: number;
  /** The clock and network revision of the last refresh. */
  refreshedAt: { ms: number; revision: number };
}

export function createConnectionState(profile: Profile, networkId: number, settings: ConnectionSettings, clockMs: number): ConnectionState {
  const era = profile.name === 'v1.11';
  const own = era ? { version: profile.version, semver: [1, 11, 2] as const, minCompatible: [1, 11, 0] as const, prevMinCompatible: [1, 11, 0] as const, upgradeTimeSec: 0 } : ownRelease(profile, networkId);
  const local = networkParams(networkId).kind === 'local';
  const mainstream = era || local ? own : knownRelease(releaseMix(profile, networkId)[0]![0], networkId);
  return {
    own,
    era,
    mainstream,
    releaseOf: new Map(),
    newer: undefined,
    settings,
    offline: new Set(),
    outages: [],
    missed: new Map(),
    pending: [],
    clockMs,
    aloneSinceMs: undefined,
    hadPeers: false,
    lowSinceMs: undefined,
    stallAtMs: undefined,
    downUntilMs: 0,
    refreshedAt: { ms: -1, revision: -1 },
  };
}

/**
 * The time (ms) from which this node's P-chain cannot follow: the first upgrade at which more than half of the stake
 * stops accepting its release (the network goes on under rules it does not run, and its polls cannot reach a
 * quorum). Worked from the releases' stake shares, so it is known before the network is drawn.
 */
export function stallTimeMs(state: ConnectionState, profile: Profile, networkId: number): number | undefined {
  if (state.era) return undefined;
  const local = networkParams(networkId).kind === 'local';
  const groups: { release: Release; share: number }[] = local ? [{ release: state.own, share: 1 }] : releaseMix(profile, networkId).map(([v, share]) => ({ release: knownRelease(v, networkId), share }));
  if (state.newer) {
    const main = groups.find((g) => g.release.version === state.mainstream.version);
    if (main) main.share = Math.max(0, main.share - state.newer.stake);
    groups.push({ release: state.newer.release, share: state.newer.stake });
  }
  const times = [...new Set(groups.map((g) => g.release.upgradeTimeSec))].sort((a, b) => a - b);
  for (const t of times) {
    const kept = groups.filter((g) => g.release.version === state.own.version || connectable(state.own, g.release, t)).reduce((s, g) => s + g.share, 0);
    if (kept < 0.5) return t * 1000;
  }
  return undefined;
}

/** Releases by stake share in a fixed order of node IDs; the newer release (if any) takes its share from the mainstream. */
export function assignReleases(net: SimNetwork): void {
  const c = net.conn;
  c.releaseOf.clear();
  if (c.era) return;
  const local = networkParams(net.networkId).kind === 'local';
  const mix = local ? [] : releaseMix(net.profile, net.networkId).slice(1);
  const total = Number(net.totalStake()) || 1;
  // The nodes left behind are primary-network-only validators: a subnet's validators keep their nodes current.
  const subnetMembers = new Set(net.subnets.flatMap((s) => [...s.validators.map((v) => v.nodeIdStr), ...s.l1Validators.map((v) => v.nodeIdStr)]));
  const ordered = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr && !subnetMembers.has(v.nodeIdStr)).sort(byStableHash);
  let i = 0;
  const take = (release: Release, share: number) => {
    let acc = 0;
    while (i < ordered.length && acc < share * total) {
      const v = ordered[i++]!;
      const w = Number(net.weightOf(v));
      // Never overshoot a share by half of it: a small share stays small on a small network.
      if (acc + w > share * total * 1.5) continue;
      c.releaseOf.set(v.nodeIdStr, release);
      acc += w;
    }
  };
  for (const [version, share] of mix) take(knownRelease(version, net.networkId), share);
  if (c.newer) take(c.newer.release, c.newer.stake);
}

export function releaseOf(net: SimNetwork, nodeIdStr: string): Release {
  if (nodeIdStr === net.nodeIdStr) return net.conn.own;
  return net.conn.releaseOf.get(nodeIdStr) ?? net.conn.mainstream;
}

/** Can this node and that validator be connected at `ms` (compatible both ways, both up, not cut off)? */
function reachable(net: SimNetwork, nodeIdStr: string, ms: number): boolean {
  const c = net.conn;
  if (c.settings.isolated || c.offline.has(nodeIdStr)) return false;
  return c.era || connectable(c.own, releaseOf(net, nodeIdStr), Math.floor(ms / 1000));
}

/** A new connection: the peer's own facts drawn from `p`; its view of this node from the history. */
export function newPeer(net: SimNetwork, p: Prng, nodeId: Uint8Array, weight: bigint, atMs: number, release?: Release): Peer {
  const c = net.conn;
  const nodeIdStr = formatNodeId(nodeId);
  const version = c.era ? p.weighted(net.profile.peerVersions) : (release ?? releaseOf(net, nodeIdStr)).version;
  const ip = `${p.int(2, 223)}.${p.int(0, 255)}.${p.int(0, 255)}.${p.int(1, 254)}:${p.chance(0.9) ? 9651 : p.int(10_000, 60_000)}`;
  const acps = net.profile.acps;
  const supported = acps.filter(() => p.chance(0.35));
  const objected = acps.filter((a) => !supported.includes(a) && p.chance(0.04));
  const tracked = net.subnets.filter(() => p.chance(0.12)).map((s) => s.idStr);
  // A subnet's validators track it (network.go lines 490-494 connect a chain only to peers tracking its subnet).
  for (const s of net.subnets) if (!tracked.includes(s.idStr) && validatesSubnet(s, nodeIdStr)) tracked.push(s.idStr);
  if (net.profile.peersTrackPrimary) tracked.push(PRIMARY_NETWORK_ID);
  tracked.sort();
  const lastSentMs = atMs - p.int(0, 900);
  const lastReceivedMs = atMs - p.int(0, 1_500);
  return {
    nodeId,
    nodeIdStr,
    ip,
    publicIp: p.chance(0.95) ? ip : '',
    version,
    upgradeTime: c.era ? 0 : (release ?? releaseOf(net, nodeIdStr)).upgradeTimeSec,
    lastSentMs,
    lastReceivedMs,
    observedUptime: 0,
    trackedSubnets: tracked,
    supportedAcps: supported,
    objectedAcps: objected,
    benched: [],
    weight,
    connectedAtMs: atMs,
  };
}

function validatesSubnet(s: Subnet, nodeIdStr: string): boolean {
  return s.validators.some((v) => v.nodeIdStr === nodeIdStr) || s.l1Validators.some((v) => v.nodeIdStr === nodeIdStr);
}

function connect(net: SimNetwork, p: Prng, v: Validator, atMs: number): void {
  if (net.peers.has(v.nodeIdStr)) return;
  add(net, newPeer(net, p, v.nodeId, net.weightOf(v), atMs));
}

function add(net: SimNetwork, peer: Peer): void {
  peer.dropAtMs = dropTime(net, peer);
  net.peers.set(peer.nodeIdStr, peer);
}

function disconnect(net: SimNetwork, nodeIdStr: string): void {
  net.peers.delete(nodeIdStr);
}

/**
 * The online validators: every validator this node can reach, less the ones that are down. With a chosen share the
 * online set is filled, in a random order, up to that share of all stake (this node's own counted).
 */
export function chooseOnline(net: SimNetwork, p: Prng): void {
  const c = net.conn;
  c.offline.clear();
  const others = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr);
  const target = c.settings.connectedStake;
  if (target === undefined) {
    // About 1% of validators are down at any moment.
    for (const v of others) if (p.chance(0.01)) c.offline.add(v.nodeIdStr);
    return;
  }
  const total = Number(net.totalStake()) || 1;
  let acc = Number(net.nodeWeight(net.nodeIdStr));
  const order = [...others];
  p.shuffle(order);
  for (const v of order) {
    const w = Number(net.weightOf(v));
    if (!reachableIgnoringOffline(net, v.nodeIdStr) || acc + w > target * total) {
      c.offline.add(v.nodeIdStr);
      continue;
    }
    acc += w;
  }
}

function reachableIgnoringOffline(net: SimNetwork, nodeIdStr: string): boolean {
  const c = net.conn;
  return c.era || connectable(c.own, releaseOf(net, nodeIdStr), Math.floor(c.clockMs / 1000));
}

/** The peers at genesis: every reachable validator, then the non-validators. */
export function buildPeers(net: SimNetwork, p: Prng): void {
  seedHistory(net);
  assignReleases(net);
  chooseOnline(net, p);
  const at = net.conn.clockMs;
  const candidates = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr);
  p.shuffle(candidates);
  for (const v of candidates) if (reachable(net, v.nodeIdStr, at)) connect(net, p, v, at - p.int(60_000, 30 * 86_400_000));
  fillNonValidators(net, p, at, true);
  seedMissed(net);
  refresh(net, at);
}

function fillNonValidators(net: SimNetwork, p: Prng, atMs: number, genesis = false): void {
  const c = net.conn;
  if (c.settings.isolated) return;
  let count = 0;
  for (const peer of net.peers.values()) if (peer.weight === 0n) count++;
  while (count < c.settings.nonValidatorPeers) {
    const release = c.era ? undefined : reachableNonValidatorRelease(net, atMs);
    if (!c.era && !release) return;
    add(net, newPeer(net, p, p.bytes(20), 0n, genesis ? atMs - p.int(60_000, 3 * 86_400_000) : atMs, release));
    count++;
  }
}

/** A non-validator runs what most of the network runs, if this node can still talk to it; else this node's own release. */
function reachableNonValidatorRelease(net: SimNetwork, atMs: number): Release | undefined {
  const c = net.conn;
  const sec = Math.floor(atMs / 1000);
  for (const r of [c.mainstream, c.own]) if (connectable(c.own, r, sec)) return r;
  return undefined;
}

/**
 * Brings the connections to the clock: peers that part (an upgrade one side runs and the other does not, at the
 * next ping after it), isolation, reconnections due after a restart; then the views and the validators' flags.
 */
export function refresh(net: SimNetwork, nowMs: number, force = true): void {
  const c = net.conn;
  // Asked before every request: nothing to do when neither the clock nor the network moved since the last time.
  if (!force && nowMs <= c.refreshedAt.ms && net.revision === c.refreshedAt.revision) return;
  c.clockMs = Math.max(c.clockMs, nowMs);
  const now = c.clockMs;
  while (c.pending.length > 0 && c.pending[0]!.atMs <= now) {
    const { nodeIdStr, atMs } = c.pending.shift()!;
    const v = net.validatorsByNode.get(nodeIdStr);
    if (v && reachable(net, nodeIdStr, atMs)) connect(net, net.peerPrng, v, atMs);
  }
  for (const peer of [...net.peers.values()]) {
    if (c.settings.isolated || (peer.dropAtMs !== undefined && peer.dropAtMs <= now)) disconnect(net, peer.nodeIdStr);
  }
  if (net.peers.size > 0) {
    c.hadPeers = true;
    c.aloneSinceMs = undefined;
  } else if (c.hadPeers && c.aloneSinceMs === undefined) c.aloneSinceMs = now;
  const stake = stakeSnapshot(net);
  let connected = stake.byNode.get(net.nodeIdStr) ?? 0n;
  for (const peer of net.peers.values()) {
    peer.observedUptime = observedUptime(net, peer, now);
    connected += stake.byNode.get(peer.nodeIdStr) ?? 0n;
    // Pings and gossip go on whether or not the P-chain moves.
    if (now - peer.lastReceivedMs > 3_000) peer.lastReceivedMs = now - (stableHash(peer.nodeIdStr) % 1_500);
    if (now - peer.lastSentMs > 3_000) peer.lastSentMs = now - (stableHash(peer.nodeIdStr) % 900);
  }
  const total = stake.total;
  const low = total > 0n && Number(connected) / Number(total) < 0.8;
  if (!low) c.lowSinceMs = undefined;
  else if (c.lowSinceMs === undefined) c.lowSinceMs = now;
  syncConnectedFlags(net);
  c.refreshedAt = { ms: now, revision: net.revision };
}

/**
 * When the peer and this node stop accepting each other's release: checked before each ping (network/peer/peer.go
 * lines 636-651), so the peer goes within one ping interval of the upgrade that parts them.
 */
function dropTime(net: SimNetwork, peer: Peer): number | undefined {
  const c = net.conn;
  if (c.era) return undefined;
  const peerRelease = peer.weight > 0n ? releaseOf(net, peer.nodeIdStr) : releaseByVersion(net, peer);
  const parts = partingTime(c.own, peerRelease, Math.floor(peer.connectedAtMs / 1000));
  return parts === undefined ? undefined : parts * 1000 + (stableHash(peer.nodeIdStr) % PING_FREQUENCY_MS);
}

function releaseByVersion(net: SimNetwork, peer: Peer): Release {
  const c = net.conn;
  for (const r of [c.own, c.mainstream, c.newer?.release]) if (r && r.version === peer.version) return r;
  return c.mainstream;
}

/** getCurrentValidators `connected`: the uptime manager's IsConnected, true for this node itself (the router connects it). */
export function syncConnectedFlags(net: SimNetwork): void {
  let changed = false;
  for (const v of net.validators) {
    const connected = v.nodeIdStr === net.nodeIdStr || net.peers.has(v.nodeIdStr);
    if (v.connected !== connected) {
      v.connected = connected;
      v.rev++;
      changed = true;
    }
  }
  // Replies cached for this revision (the whole validator list) must not outlive a change of connections.
  if (changed) net.revision++;
}

/**
 * One block's worth of peer activity: a validator going down and another coming back (keeping a chosen share),
 * non-validators coming and going, benching and ACP signals.
 */
export function churnPeers(net: SimNetwork, p: Prng): void {
  const c = net.conn;
  const nowMs = net.timeMs;
  if (nowMs < c.downUntilMs) return;
  // Message times follow the clock in refresh(); a few peers are heard from just now.
  const heard = net.peers.size > 0 ? [...net.peers.values()] : [];
  for (let i = 0; i < 3 && heard.length > 0; i++) {
    const peer = p.pick(heard);
    peer.lastReceivedMs = nowMs - p.int(0, 900);
    peer.lastSentMs = nowMs - p.int(0, 400);
  }
  // About one validator a minute (at 2 s blocks) drops and another comes back.
  if (!c.settings.isolated && p.chance(0.03)) {
    const online = [...net.peers.values()].filter((x) => x.weight > 0n);
    const down = [...c.offline].filter((id) => net.validatorsByNode.has(id) && reachableIgnoringOffline(net, id));
    if (online.length > 0 && down.length > 0) {
      // Swap one for one of like weight when a share is held; otherwise any.
      const gone = p.pick(online);
      const back = c.settings.connectedStake === undefined ? p.pick(down) : closestWeight(net, down, gone.weight);
      if (back !== undefined) {
        disconnect(net, gone.nodeIdStr);
        c.offline.add(gone.nodeIdStr);
        c.offline.delete(back);
        connect(net, p, net.validatorsByNode.get(back)!, nowMs);
      }
    }
  }
  // Validators that joined since genesis: online unless a share is held. Not while isolated: every validator is
  // unreachable then, and marking them all offline kept them from reconnecting when the isolation ended.
  const pending = c.pending.length > 0 ? new Set(c.pending.map((x) => x.nodeIdStr)) : undefined;
  for (const v of c.settings.isolated ? [] : net.validators) {
    if (v.nodeIdStr === net.nodeIdStr || net.peers.has(v.nodeIdStr) || c.offline.has(v.nodeIdStr) || pending?.has(v.nodeIdStr)) continue;
    if (c.settings.connectedStake !== undefined || !reachable(net, v.nodeIdStr, nowMs)) c.offline.add(v.nodeIdStr);
    else connect(net, p, v, nowMs);
  }
  if (p.chance(0.1)) {
    const nonValidators = [...net.peers.values()].filter((x) => x.weight === 0n);
    if (nonValidators.length > 0) disconnect(net, p.pick(nonValidators).nodeIdStr);
  }
  if (p.chance(0.3)) fillNonValidators(net, p, nowMs);
  if (net.peers.size > 0 && p.chance(0.05)) {
    const peer = p.pick([...net.peers.values()]);
    peer.benched = peer.benched.length > 0 ? [] : [p.pick(['P', 'C', 'X'])];
  }
  if (net.peers.size > 0 && net.profile.acps.length > 0 && p.chance(0.05)) {
    const peer = p.pick([...net.peers.values()]);
    const acp = p.pick(net.profile.acps);
    if (peer.supportedAcps.includes(acp)) peer.supportedAcps = peer.supportedAcps.filter((a) => a !== acp);
    else if (!peer.objectedAcps.includes(acp)) peer.supportedAcps = [...peer.supportedAcps, acp].sort((a, b) => a - b);
  }
}

function closestWeight(net: SimNetwork, ids: readonly string[], weight: bigint): string | undefined {
  let best: string | undefined;
  let bestDiff = Number.POSITIVE_INFINITY;
  for (const id of ids) {
    const d = Math.abs(Number(net.nodeWeight(id) - weight));
    if (d < bestDiff) {
      best = id;
      bestDiff = d;
    }
  }
  // Hold the share: a swap may move it by at most a tenth of a percent of all stake.
  return bestDiff <= Number(net.totalStake()) * 0.001 ? best : undefined;
}

// ------------------------------------------------------------------ knobs

/** Holds a connected share of stake (0..1, this node's own counted), or every online validator (undefined). */
export function setConnectedStake(net: SimNetwork, share: number | undefined): void {
  net.conn.settings.connectedStake = share;
  net.conn.settings.isolated = false;
  rebuildValidatorPeers(net);
}

/** Cuts every connection (on) or lets the peers back (off), each reconnecting over the next seconds. */
export function setIsolated(net: SimNetwork, on: boolean): void {
  const c = net.conn;
  if (on) {
    c.settings.isolated = true;
    refresh(net, c.clockMs);
    return;
  }
  c.settings.isolated = false;
  reconnectAll(net, c.clockMs);
}

/**
 * The node restarts: down from `fromMs` to `toMs` (its peers see it gone, an outage in its history), then its peers
 * connect again one by one over the next 10 s, each reporting 0 until its first ping.
 */
export function restartNode(net: SimNetwork, fromMs: number, toMs: number): void {
  const c = net.conn;
  if (toMs > fromMs) recordOutage(net, { fromMs, toMs });
  for (const id of [...net.peers.keys()]) disconnect(net, id);
  c.downUntilMs = Math.max(c.downUntilMs, toMs);
  reconnectAll(net, toMs);
}

function reconnectAll(net: SimNetwork, atMs: number): void {
  const c = net.conn;
  c.pending = [];
  const p = net.peerPrng;
  const order = net.validators.filter((v) => v.nodeIdStr !== net.nodeIdStr && !c.offline.has(v.nodeIdStr));
  p.shuffle(order);
  for (const v of order) c.pending.push({ nodeIdStr: v.nodeIdStr, atMs: atMs + p.int(200, 10_000) });
  c.pending.sort((a, b) => a.atMs - b.atMs);
  for (const peer of [...net.peers.values()]) if (peer.weight === 0n) disconnect(net, peer.nodeIdStr);
  refresh(net, c.clockMs);
}

function rebuildValidatorPeers(net: SimNetwork): void {
  const c = net.conn;
  c.pending = [];
  chooseOnline(net, net.peerPrng);
  for (const peer of [...net.peers.values()]) if (peer.weight > 0n && (c.offline.has(peer.nodeIdStr) || !reachable(net, peer.nodeIdStr, c.clockMs))) disconnect(net, peer.nodeIdStr);
  for (const v of net.validators) if (v.nodeIdStr !== net.nodeIdStr && reachable(net, v.nodeIdStr, c.clockMs)) connect(net, net.peerPrng, v, c.clockMs);
  refresh(net, c.clockMs);
}

/** Peers' views chosen outright, from now on. */
export function applyViews(net: SimNetwork, views: readonly PeerView[]): void {
  setViewsMissed(net, views);
  refresh(net, net.conn.clockMs);
}

export function recordOutage(net: SimNetwork, o: Outage): void {
  net.conn.outages = [...net.conn.outages, o].sort((a, b) => a.fromMs - b.fromMs);
  refresh(net, net.conn.clockMs);
}

/** A newer release announcing an upgrade this node's release does not schedule (undefined: none). */
export function setNewerRelease(net: SimNetwork, spec: NewerReleaseSpec | undefined): void {
  const c = net.conn;
  if (c.era) throw new Error('the v1.11 profile has no upgrade announcements (info.peers has no upgradeTime before v1.14.1)');
  if (spec && !(spec.stake > 0 && spec.stake <= 1)) throw new Error('newer release: stake must be a share above 0 and at most 1');
  c.newer = spec ? { release: newerRelease(spec.version, spec.timeSec, c.own), stake: spec.stake } : undefined;
  assignReleases(net);
  // Connected peers now run what they were assigned: their version and announcement change with it.
  for (const peer of net.peers.values()) {
    if (peer.weight > 0n) {
      const r = releaseOf(net, peer.nodeIdStr);
      peer.version = r.version;
      peer.upgradeTime = r.upgradeTimeSec;
    }
    peer.dropAtMs = dropTime(net, peer);
  }
  const stall = stallTimeMs(c, net.profile, net.networkId);
  c.stallAtMs = stall === undefined ? undefined : Math.max(stall, c.clockMs);
  refresh(net, c.clockMs);
}
