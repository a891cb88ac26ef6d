// The health API: GET /ext/health[/health|/readiness|/liveness] (200 healthy, 503 not) and JSON-RPC health.*.
import { formatId, rfc3339, sha256 } from '../wire';
import { PRIMARY_NETWORK_ID } from '../constants';
import type { Handler } from '../jsonrpc';
import { sortedRecord, type HandlerContext } from './context';

export type HealthKind = 'health' | 'readiness' | 'liveness';

export interface HealthReply {
  checks: Record<string, unknown>;
  healthy: boolean;
}

export function healthReport(ctx: HandlerContext, kind: HealthKind): HealthReply {
  const { net } = ctx;
  const ts = rfc3339(net.timeMs);
  const booting = ctx.state.bootstrapping;
  const bootstrapped = booting
    ? { message: [PRIMARY_NETWORK_ID], error: 'subnets not bootstrapped', timestamp: ts, duration: 4_250, contiguousFailures: 3, timeOfFirstFailure: ts }
    : { message: [], timestamp: ts, duration: 3_375 };
  if (kind === 'liveness') return { checks: {}, healthy: true };
  if (kind === 'readiness') return { checks: { bootstrapped }, healthy: !booting };
  const knob = ctx.state.health;
  const spec = knob?.spec ?? {};
  const percentConnected =
    spec.percentConnected ?? (net.validators.length === 0 ? 1 : Math.min(1, 0.9 + (net.peers.size / Math.max(1, net.validators.length)) * 0.1));
  // avalanchego's chain handlers fail below the healthy minimum (0.8 with the primary network's snow parameters).
  const stakeError =
    percentConnected < MIN_PERCENT_CONNECTED
      ? `not connected to enough stake: connected to ${(percentConnected * 100).toFixed(6)}%; required at least ${(MIN_PERCENT_CONNECTED * 100).toFixed(6)}%`
      : undefined;
  const rich = ctx.profile.richHealth;
  const disconnected = rich ? net.validators.filter((v) => !v.connected).map((v) => v.nodeIdStr).sort() : [];
  const chain = (height: number, id: string, duration: number, avg: string) => ({
    message: {
      engine: {
        consensus: {
          ...(rich ? { avgAcceptanceTime: avg } : {}),
          lastAcceptedHeight: height,
          lastAcceptedID: id,
          longestProcessingBlock: '0s',
          processingBlocks: 0,
        },
        vm: null,
      },
      networking: rich ? { disconnectedValidators: disconnected, percentConnected } : { percentConnected },
    },
    ...(stakeError ? failure(stakeError) : {}),
    timestamp: ts,
    duration,
  });
  const subnetChain = (height: number, id: string) => ({
    message: {
      engine: { consensus: { ...(rich ? { avgAcceptanceTime: '2.004s' } : {}), lastAcceptedHeight: height, lastAcceptedID: id, longestProcessingBlock: '0s', processingBlocks: 0 }, vm: null },
      networking: rich ? { disconnectedValidators: [], percentConnected: 1 } : { percentConnected: 1 },
    },
    timestamp: ts,
    duration: 9_125,
  });
  // How a failing check reports itself: how many runs in a row (the node runs them every 30 s by default), since when.
  const since = knob?.sinceMs ?? net.timeMs;
  const failure = (error: string) => ({
    error,
    contiguousFailures: 1 + Math.floor(Math.max(0, net.timeMs - since) / 30_000),
    timeOfFirstFailure: rfc3339(since),
  });
  // The C- and X-chains are not simulated beyond a height; their block IDs only need to look like IDs.
  const fakeId = (chainName: string, height: number) => formatId(sha256(new TextEncoder().encode(`${net.seed}:${chainName}:${height}`)));
  const checks: Record<string, unknown> = {
    C: chain(net.cChainHeight, fakeId('C', net.cChainHeight), 20_375, '1.42s'),
    P: chain(net.height, net.lastBlock.idStr, 8_750, '1.873s'),
    X: chain(net.xChainHeight, fakeId('X', net.xChainHeight), 23_291, '1.106s'),
    ...(rich ? { bls: { message: 'node has the correct BLS key', timestamp: ts, duration: 6_821 } } : {}),
    bootstrapped,
    database: { timestamp: ts, duration: 1_959 },
    diskspace: {
      message: rich ? { availableDiskBytes: 227_332_591_616, availableDiskPercentage: 41 } : { availableDiskBytes: 227_332_591_616 },
      timestamp: ts,
      duration: 3_042,
    },
    ...(rich
      ? {
          futureupgrade: {
            message: {
              localUpgradeTime: '2025-11-19T16:00:00Z',
              modeUpgradeTime: '2025-11-19T16:00:00Z',
              modeUpgradeWeightPercentage: 97.31,
              numUpgradeTimes: 2,
            },
            timestamp: ts,
            duration: 52_437,
          },
        }
      : {}),
    // With no peer at all the network layer fails (--network-health-min-conn-peers defaults to 1).
    network:
      net.peers.size === 0
        ? { ...alone(spec.percentConnected === undefined ? undefined : net.timeMs - since, failure), timestamp: ts, duration: 2_333 }
        : {
            message: { connectedPeers: net.peers.size, sendFailRate: 0, timeSinceLastMsgReceived: '293.098ms', timeSinceLastMsgSent: '293.098ms' },
            timestamp: ts,
            duration: 2_333,
          },
    router: { message: { longestRunningRequest: '66.90725ms', outstandingRequests: 3 }, timestamp: ts, duration: 3_542 },
  };
  // Each chain the node runs has a check named by its primary alias, which for a subnet's chain is its ID
  // (chains/manager.go): how a tool learns which subnets the node tracks. Its connected stake is its subnet's, which
  // the health knob (the primary network's) does not set: these pass unless named.
  for (const s of net.subnets) {
    if (!s.tracked) continue;
    for (const ch of s.chains) {
      const h = 1 + (Math.floor(net.height / 3) % 5_000_000);
      checks[ch.idStr] = subnetChain(h, fakeId(ch.idStr, h));
    }
  }
  for (const [name, error] of Object.entries(spec.failing ?? {})) checks[name] = { ...(checks[name] as object | undefined), ...failure(error), timestamp: ts };
  for (const name of spec.pending ?? []) if (name in checks) checks[name] = NOT_YET_RUN;
  const ordered = sortedRecord(Object.entries(checks));
  return { checks: ordered, healthy: !booting && Object.values(ordered).every((c) => (c as { error?: unknown }).error === undefined) };
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

/** Go's time.Duration String() for whole milliseconds: "0s", "250ms", "14.2s", "1m5s", "2h0m1.5s". */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
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
