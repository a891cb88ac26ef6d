// The health API: GET /ext/health[/health|/readiness|/liveness] (200 healthy, 503 not) and JSON-RPC health.*.
import { formatId, rfc3339, sha256 } from '../wire';
import { PRIMARY_NETWORK_ID } from '../constants';
import { ownRelease } from '../releases';
import type { Subnet } from '../model';
import type { SimNetwork } from '../network';
import { stakeSnapshot } from '../network/stake-snapshot';
import type { Handler } from '../jsonrpc';
import { sortedRecord, type HandlerContext } from './context';

export type HealthKind = 'health' | 'readiness' | 'liveness';

export interface HealthReply {
  checks: Record<string, unknown>;
  healthy: boolean;
}

export function healthReport(ctx: HandlerContext, kind: HealthKind): HealthReply {
  const { net } = ctx;
  const now = net.conn.clockMs;
  const ts = rfc3339(now);
  const booting = ctx.state.bootstrapping;
  const bootstrapped = booting
    ? { message: [PRIMARY_NETWORK_ID], error: 'subnets not bootstrapped', timestamp: ts, duration: 4_250, contiguousFailures: 3, timeOfFirstFailure: ts }
    : { message: [], timestamp: ts, duration: 3_375 };
  if (kind === 'liveness') return { checks: {}, healthy: true };
  if (kind === 'readiness') return { checks: { bootstrapped }, healthy: !booting };
  const knob = ctx.state.health;
  const spec = knob?.spec ?? {};
  const rich = ctx.profile.richHealth;
  // The primary network's chains: connected stake over all stake, this node's own included (the chain router
  // connects the node to itself, snow/networking/router/chain_router.go lines 124-131), as
  // snow/engine/common/tracker/peers.go ConnectedPercent (lines 264-269) gives it; disconnected validators are the
  // rest (snow/networking/handler/health.go lines 70-76).
  const primary = primaryConnection(net);
  // How a failing check reports itself: how many runs in a row (the node runs them every 30 s by default), since when.
  const failure = (error: string, since: number) => ({
    error,
    contiguousFailures: 1 + Math.floor(Math.max(0, now - since) / 30_000),
    timeOfFirstFailure: rfc3339(since),
  });
  // Failing since the connected stake fell below the minimum (the node reruns its checks every 30 s).
  const stakeSince = net.conn.lowSinceMs ?? now;
  const chain = (height: number, id: string, duration: number, avg: string, c: Connection, since: number) => ({
    message: {
      engine: {
        consensus: {
          // avgAcceptanceTime left the consensus check in v1.15.0 (snow/consensus/snowman/topological.go lines 336-341).
          ...(ctx.profile.avgAcceptanceTime ? { avgAcceptanceTime: avg } : {}),
          lastAcceptedHeight: height,
          lastAcceptedID: id,
          longestProcessingBlock: '0s',
          processingBlocks: 0,
        },
        vm: null,
      },
      networking: rich ? { disconnectedValidators: c.disconnected, percentConnected: c.percent } : { percentConnected: c.percent },
    },
    ...(c.percent < MIN_PERCENT_CONNECTED ? failure(stakeError(c.percent), since) : {}),
    timestamp: ts,
    duration,
  });
  // The C- and X-chains are not simulated beyond a height; their block IDs only need to look like IDs.
  const fakeId = (chainName: string, height: number) => formatId(sha256(new TextEncoder().encode(`${net.seed}:${chainName}:${height}`)));
  const checks: Record<string, unknown> = {
    C: chain(net.cChainHeight, fakeId('C', net.cChainHeight), 20_375, '1.42s', primary, stakeSince),
    P: chain(net.height, net.lastBlock.idStr, 8_750, '1.873s', primary, stakeSince),
    X: chain(net.xChainHeight, fakeId('X', net.xChainHeight), 23_291, '1.106s', primary, stakeSince),
    ...(rich ? { bls: { message: 'node has the correct BLS key', timestamp: ts, duration: 6_821 } } : {}),
    bootstrapped,
    database: { timestamp: ts, duration: 1_959 },
    diskspace: {
      message: rich ? { availableDiskBytes: 227_332_591_616, availableDiskPercentage: 41 } : { availableDiskBytes: 227_332_591_616 },
      timestamp: ts,
      duration: 3_042,
    },
    ...(rich ? { futureupgrade: futureUpgradeCheck(ctx, ts, failure) } : {}),
    // With no peer at all the network layer fails (--network-health-min-conn-peers defaults to 1).
    network:
      net.peers.size === 0
        ? { ...alone(net.conn.aloneSinceMs === undefined ? undefined : now - net.conn.aloneSinceMs, (e) => failure(e, net.conn.aloneSinceMs ?? now)), timestamp: ts, duration: 2_333 }
        : {
            message: { connectedPeers: net.peers.size, sendFailRate: 0, timeSinceLastMsgReceived: '293.098ms', timeSinceLastMsgSent: '293.098ms' },
            timestamp: ts,
            duration: 2_333,
          },
    router: { message: { longestRunningRequest: '66.90725ms', outstandingRequests: 3 }, timestamp: ts, duration: 3_542 },
  };
  // Each chain the node runs has a check named by its primary alias, which for a subnet's chain is its ID
  // (chains/manager.go): how a tool learns which subnets the node tracks. Its connected stake is its subnet's: the
  // subnet's validators this node is connected to that track it (network/network.go lines 490-494).
  for (const s of net.subnets) {
    if (!s.tracked) continue;
    const c = subnetConnection(net, s);
    for (const ch of s.chains) {
      const h = 1 + (Math.floor(net.height / 3) % 5_000_000);
      checks[ch.idStr] = chain(h, fakeId(ch.idStr, h), 9_125, '2.004s', c, stakeSince);
    }
  }
  const since = knob?.sinceMs ?? now;
  for (const [name, error] of Object.entries(spec.failing ?? {})) checks[name] = { ...(checks[name] as object | undefined), ...failure(error, since), timestamp: ts };
  for (const name of spec.pending ?? []) if (name in checks) checks[name] = NOT_YET_RUN;
  const ordered = sortedRecord(Object.entries(checks));
  return { checks: ordered, healthy: !booting && Object.values(ordered).every((c) => (c as { error?: unknown }).error === undefined) };
}

interface Connection {
  percent: number;
  disconnected: string[];
}

function stakeError(percent: number): string {
  return `not connected to enough stake: connected to ${(percent * 100).toFixed(6)}%; required at least ${(MIN_PERCENT_CONNECTED * 100).toFixed(6)}%`;
}

/** The primary network's connected share, from the one set of connections. */
export function primaryConnection(net: SimNetwork): Connection {
  const { byNode, total } = stakeSnapshot(net);
  let connected = 0n;
  const disconnected: string[] = [];
  for (const [id, w] of byNode) {
    if (id === net.nodeIdStr || net.peers.has(id)) connected += w;
    else disconnected.push(id);
  }
  return { percent: total === 0n ? 1 : Number(connected) / Number(total), disconnected: disconnected.sort() };
}

/** A tracked subnet's validators (permissioned, elastic or L1) connected to this node and tracking it. */
function subnetConnection(net: SimNetwork, s: Subnet): Connection {
  const weights = new Map<string, bigint>();
  for (const v of s.validators) weights.set(v.nodeIdStr, (weights.get(v.nodeIdStr) ?? 0n) + v.weight);
  for (const v of s.l1Validators) if (v.balance > 0n) weights.set(v.nodeIdStr, (weights.get(v.nodeIdStr) ?? 0n) + v.weight);
  let total = 0n;
  let connected = 0n;
  const disconnected: string[] = [];
  for (const [id, w] of weights) {
    total += w;
    const peer = net.peers.get(id);
    if (id === net.nodeIdStr || (peer && peer.trackedSubnets.includes(s.idStr))) connected += w;
    else disconnected.push(id);
  }
  return { percent: total === 0n ? 1 : Number(connected) / Number(total), disconnected: disconnected.sort() };
}

/**
 * The futureupgrade check (node/node.go lines 1548-1645): the stake-weighted mode of the upgrade times connected
 * validators announce, against the one this node's release gates on (v1.15.0: HeliconTime, line 1552; v1.14.2:
 * GraniteTime). It fails only when at least half of all stake announces a later time, from three days before it.
 */
export function futureUpgrade(ctx: HandlerContext): FutureUpgrade {
  const { net } = ctx;
  const localSec = ownRelease(ctx.profile, net.networkId).upgradeTimeSec;
  const stake = stakeSnapshot(net);
  const total = stake.total;
  if (total === 0n) return { error: 'no validators in the current validator set' };
  const byTime = new Map<number, bigint>();
  let modeSec = 0;
  let modeWeight = 0n;
  for (const id of [...net.peers.keys()].sort()) {
    const w = stake.byNode.get(id) ?? 0n;
    if (w === 0n) continue;
    const t = net.peers.get(id)!.upgradeTime;
    const sum = (byTime.get(t) ?? 0n) + w;
    byTime.set(t, sum);
    if (sum > modeWeight) {
      modeSec = t;
      modeWeight = sum;
    }
  }
  const portion = Number(modeWeight) / Number(total);
  const message: Record<string, unknown> = {
    localUpgradeTime: rfc3339(localSec * 1000),
    modeUpgradeTime: rfc3339(modeSec * 1000),
    modeUpgradeWeightPercentage: 100 * portion,
    numUpgradeTimes: byTime.size,
  };
  if (localSec >= modeSec || portion < 0.5) return { message, untilNs: Number.POSITIVE_INFINITY };
  const untilMs = modeSec * 1000 - net.conn.clockMs;
  message.timeUntilUpgrade = goDuration(untilMs);
  const DAY = 86_400_000;
  const error =
    untilMs > 3 * DAY ? undefined : untilMs > DAY ? 'unknown network upgrade detected' : untilMs > 3_600_000 ? 'unknown network upgrade detected - update as soon as possible' : 'imminent network upgrade detected - update immediately';
  return { message, error, untilNs: untilMs * 1e6 };
}

export interface FutureUpgrade {
  message?: Record<string, unknown>;
  error?: string;
  /** avalanche_upgrade_time_until: nanoseconds to the mode's upgrade, +Inf when none is pending (node.go lines 1538-1544). */
  untilNs?: number;
}

function futureUpgradeCheck(ctx: HandlerContext, ts: string, failure: (error: string, since: number) => object): object {
  const f = futureUpgrade(ctx);
  const out: Record<string, unknown> = { ...(f.message ? { message: f.message } : {}) };
  if (f.error) {
    // One streak of failures from three days before the upgrade, whatever its words on the way.
    const mode = Date.parse(String(f.message?.modeUpgradeTime ?? ''));
    const began = Number.isNaN(mode) ? ctx.net.conn.clockMs : mode - 3 * 86_400_000;
    Object.assign(out, failure(f.error, Math.min(ctx.net.conn.clockMs, began)));
  }
  return { ...out, timestamp: ts, duration: 52_437 };
}

/**
 * The network layer with no peer (network/network.go's reasons). A node that never had one has sent and received
 * nothing; a node cut off (a knob with `percentConnected`, as `isolated`: bootstrapped, then its validators gone)
 * last heard from them when the knob was set, and the node adds "no messages … in" once that is over a minute ago
 * (--network-health-max-time-since-msg-received/-sent default to 1m).
 */
function alone(cutOffForMs: number | undefined, failure: (error: string) => object): object {
  const reason = 'network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0';
  if (cutOffForMs === undefined) {
    return { message: { connectedPeers: 0, sendFailRate: 0 }, ...failure(`${reason}, no messages received from network, no messages sent to network`) };
  }
  const since = goDuration(Math.max(0, cutOffForMs));
  const late = cutOffForMs > 60_000 ? `, no messages from network received in ${since} > 1m0s, no messages from network sent in ${since} > 1m0s` : '';
  return { message: { connectedPeers: 0, sendFailRate: 0, timeSinceLastMsgReceived: since, timeSinceLastMsgSent: since }, ...failure(reason + late) };
}

/** Go's time.Duration String() for whole milliseconds: "0s", "250ms", "14.2s", "1m5s", "2h0m1.5s", "-3s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 0) return `-${goDuration(-ms)}`;
  if (ms < 1000) return `${ms}ms`;
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = ((ms % 60_000) / 1000).toFixed(3).replace(/\.?0+$/, '');
  return `${h > 0 ? `${h}h` : ''}${h > 0 || m > 0 ? `${m}m` : ''}${s}s`;
}

/** The healthy minimum of connected stake with the primary network's default snow parameters (alpha 15 of k 20). */
const MIN_PERCENT_CONNECTED = 0.8;

/** avalanchego's result for a check registered after the last run: Go's zero time, no duration (api/health/result.go). */
const NOT_YET_RUN = { error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 };

export function healthHandlers(ctx: HandlerContext): Map<string, Handler> {
  const m = new Map<string, Handler>();
  m.set('Health', () => healthReport(ctx, 'health'));
  m.set('Readiness', () => healthReport(ctx, 'readiness'));
  m.set('Liveness', () => healthReport(ctx, 'liveness'));
  return m;
}
