// The health API: GET /ext/health[/health|/readiness|/liveness] (200 healthy, 503 not) and JSON-RPC health.*.
import { formatId, rfc3339, sha256 } from '../wire';
import { PRIMARY_NETWORK_ID } from '../constants';
import type { Handler } from '../jsonrpc';
import type { HandlerContext } from './context';

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
  const percentConnected = net.validators.length === 0 ? 1 : Math.min(1, 0.9 + (net.peers.size / Math.max(1, net.validators.length)) * 0.1);
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
    timestamp: ts,
    duration,
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
    network: {
      message: { connectedPeers: net.peers.size, sendFailRate: 0, timeSinceLastMsgReceived: '293.098ms', timeSinceLastMsgSent: '293.098ms' },
      timestamp: ts,
      duration: 2_333,
    },
    router: { message: { longestRunningRequest: '66.90725ms', outstandingRequests: 3 }, timestamp: ts, duration: 3_542 },
  };
  return { checks, healthy: !booting };
}

export function healthHandlers(ctx: HandlerContext): Map<string, Handler> {
  const m = new Map<string, Handler>();
  m.set('Health', () => healthReport(ctx, 'health'));
  m.set('Readiness', () => healthReport(ctx, 'readiness'));
  m.set('Liveness', () => healthReport(ctx, 'liveness'));
  return m;
}
