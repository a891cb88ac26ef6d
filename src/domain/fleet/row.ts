// One node of the fleet as a row: what its store says, judged by the rules every other surface asks (liveness,
// the health summary, the reward guard). Pure: the fleet pane, its tests and the bench read the same rows.
import type { AvatopState } from '../../state/store';
import { selectLiveness } from '../../state/liveness';
import { selectValidates } from '../../state/own-validator';
import { healthSummaryOf, type HealthSummary } from '../health/health-summary';
import type { ValidationGuard } from '../reward/guard';
import { guardOwnValidation } from '../reward/node-guard';
import type { WarnBudget } from '../reward/tiers';

export type RowSeverity = 0 | 1 | 2 | 3;
/** 3: cannot be reached; 2: answers but cannot be watched (refused, erroring, bootstrapping); 1: degraded; 0: fine. */
export interface FleetRowInput {
  readonly name: string;
  readonly url: string;
  readonly state: AvatopState;
}

export interface FleetRow {
  readonly name: string;
  readonly url: string;
  /** "up", or why not in words: "connection refused", "HTTP 403 forbidden", "P-chain bootstrapping". */
  readonly reach: string;
  readonly reachable: boolean | undefined;
  readonly network: string | undefined;
  readonly version: string | undefined;
  readonly bootstrapped: Readonly<Record<'P' | 'X' | 'C', boolean | undefined>>;
  readonly height: bigint | undefined;
  /** Blocks behind the fleet's highest node on the same network (set by `fleetTable`). */
  readonly lag: bigint | undefined;
  /** How far the chain time was behind the clock when it was read. */
  readonly chainBehindMs: number | undefined;
  readonly peers: number | undefined;
  /** Share of stake connected (0..1), from the node's own health checks. */
  readonly connectedStake: number | undefined;
  readonly health: HealthSummary;
  /** This node's primary-network validation as the reward guard judges it; undefined for a non-validator. */
  readonly guard: ValidationGuard | undefined;
  /** It validates the primary network; undefined while that is not known (P-chain bootstrapping, not answered yet). */
  readonly validates: boolean | undefined;
  readonly latencyMs: number | undefined;
  /** Data older than the last attempt (the node stopped answering): the row shows what it last said. */
  readonly stale: boolean;
  /** When a node that cannot be reached last answered, if it ever did. */
  readonly lastContact: number | undefined;
  readonly severity: RowSeverity;
  /** What makes the row worse than ok, in words, worst first. */
  readonly problems: readonly string[];
}

/** A node more than this many blocks behind the fleet's highest on its network is lagging. */
export const LAG_WARN_BLOCKS = 5n;
/** Chain time this far behind the clock means the chain is not advancing (the header's rule too). */
export const CHAIN_BEHIND_WARN_MS = 5 * 60_000;

/** avalanchego's network check reports its connected peers: the light poll's peer count without the peer list. */
export function connectedPeersOf(reply: unknown): number | undefined {
  const checks = (reply as { checks?: Record<string, { message?: { connectedPeers?: unknown } }> } | undefined)?.checks;
  const n = checks?.network?.message?.connectedPeers;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function reachOf(s: AvatopState): { reach: string; reachable: boolean | undefined; severity: RowSeverity } {
  const live = selectLiveness(s);
  if (live.state === 'down') return { reach: live.why, reachable: false, severity: 3 };
  const h = s.pchain.height;
  const boot = s.node.bootstrapped;
  const syncing = (['P', 'X', 'C'] as const).filter((c) => boot[c].data === false);
  if (h.bootstrapping || syncing.length > 0) return { reach: `bootstrapping ${syncing.length > 0 ? syncing.join('/') : 'P'}`, reachable: true, severity: 2 };
  if (live.state === 'connecting') return { reach: 'connecting…', reachable: undefined, severity: 0 };
  if (h.status === 'error') return { reach: h.error?.short ?? h.error?.message ?? 'error', reachable: true, severity: 2 };
  return { reach: 'up', reachable: true, severity: 0 };
}

export function fleetRow(input: FleetRowInput, now: number, opts: { override?: number; warnBudget?: WarnBudget } = {}): FleetRow {
  const s = input.state;
  const { reach, reachable, severity: base } = reachOf(s);
  const health = healthSummaryOf(s.node.health.data);
  const guard = guardOwnValidation(s, { now, override: opts.override, warnBudget: opts.warnBudget });
  const ts = s.pchain.timestamp;
  const chainBehindMs = ts.data && ts.updatedAt !== undefined ? Math.max(0, ts.updatedAt - ts.data.getTime()) : undefined;
  const problems: string[] = [];
  if (base > 0) problems.push(reach);
  if (health.kind === 'failing') problems.push(`health: ${health.text}`);
  if (health.stakeLow) problems.push('connected stake below what the node needs');
  if (chainBehindMs !== undefined && chainBehindMs > CHAIN_BEHIND_WARN_MS) problems.push('chain time behind');
  if (guard?.budget?.state === 'lost') problems.push(guard.autoRenewed ? "this cycle's reward lost" : 'reward lost for this period');
  else if (guard?.basis.kind === 'unknown') problems.push(`downtime budget unknown (${guard.basis.reason === 'unreachable' ? 'unreachable' : 'isolated'})`);
  else if (guard?.budgetTier === 'warn' || guard?.budgetTier === 'critical') problems.push(guard.basis.kind === 'projected' ? 'projected downtime budget low' : 'downtime budget low');
  if (guard?.endTier === 'warn' || guard?.endTier === 'critical') problems.push(guard.outcome === 'exits' ? 'validation exits soon (auto-renew off)' : 'validation ends soon');
  const severity: RowSeverity = base > 0 ? base : problems.length > 0 ? 1 : 0;
  return {
    name: input.name,
    url: input.url,
    reach,
    reachable,
    network: s.node.networkName.data,
    version: s.node.version.data?.version,
    bootstrapped: { P: s.node.bootstrapped.P.data, X: s.node.bootstrapped.X.data, C: s.node.bootstrapped.C.data },
    height: s.pchain.height.data,
    lag: undefined,
    chainBehindMs,
    peers: s.peers.count.data ?? connectedPeersOf(s.node.health.data),
    connectedStake: health.percentConnected,
    health,
    guard,
    validates: selectValidates(s),
    latencyMs: s.pchain.height.latencyMs,
    stale: s.pchain.height.stale || reachable === false,
    lastContact: (() => {
      const live = selectLiveness(s);
      return live.state === 'down' ? live.lastContact : undefined;
    })(),
    severity,
    problems,
  };
}
