// The fleet as a table: each node's lag behind the highest node of its own network, then worst first.
import { LAG_WARN_BLOCKS, type FleetRow, type RowSeverity } from './row';
import { formatCompact, formatCount } from '../../format/number';
import { formatDuration } from '../../format/time';

/** Blocks each node is behind the highest node on the same network; undefined without a height or a network. */
export function lagsBehind(nodes: ReadonlyArray<{ network: string | undefined; height: bigint | undefined }>): Array<bigint | undefined> {
  const top = new Map<string, bigint>();
  for (const n of nodes) {
    if (n.network === undefined || n.height === undefined) continue;
    const t = top.get(n.network);
    if (t === undefined || n.height > t) top.set(n.network, n.height);
  }
  return nodes.map((n) => (n.network === undefined || n.height === undefined ? undefined : top.get(n.network)! - n.height));
}

/** The fleet's one lag rule: more than LAG_WARN_BLOCKS behind the highest node of its network is a problem. */
export function lagProblem(lag: bigint | undefined): string | undefined {
  return lag !== undefined && lag > LAG_WARN_BLOCKS ? `${formatCount(lag)} blocks behind the fleet` : undefined;
}

/**
 * The LAG cell, on the fleet pane and in `status` over several nodes alike: blocks behind the fleet's highest node
 * ("0", "12", "57.1k", "1.3M"); the time a chain is behind the clock is the BEHIND column's, never LAG's.
 */
export function lagCell(lag: bigint | undefined): string {
  return lag === undefined ? '-' : formatCompact(Number(lag));
}

/** The BEHIND cell: how far the chain time was behind the clock when read ("in sync", "5m 07s"). */
export function behindCell(ms: number | undefined): string {
  return ms === undefined ? '-' : ms < 1000 ? 'in sync' : formatDuration(ms);
}

/** Worst first: unreachable, then not serving, then degraded; within a level the most behind, then by name. */
export function compareRows(a: FleetRow, b: FleetRow): number {
  if (a.severity !== b.severity) return b.severity - a.severity;
  const la = a.lag ?? -1n;
  const lb = b.lag ?? -1n;
  if (la !== lb) return la > lb ? -1 : 1;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Rows with their lag filled in (a node lagging is degraded) and sorted worst first. */
export function fleetTable(rows: readonly FleetRow[]): FleetRow[] {
  const lags = lagsBehind(rows);
  return rows
    .map((r, i) => {
      const lag = lags[i];
      const problem = lagProblem(lag);
      if (problem === undefined || r.severity > 1) return lag === r.lag ? r : { ...r, lag };
      return { ...r, lag, severity: Math.max(r.severity, 1) as RowSeverity, problems: [...r.problems, problem] };
    })
    .sort(compareRows);
}

/** Another fleet node that needs attention, for the header of the node on screen (on every pane). */
export interface FleetAttention {
  readonly severity: RowSeverity;
  /** The worst other node and why, in words, and how many more: "backup: connection refused (+1 more)". */
  readonly text: string;
}

/** The nodes other than the one on screen that are worse than fine; rows as `fleetTable` sorts them (worst first). */
export function fleetAttention(rows: readonly FleetRow[], viewed: string): FleetAttention | undefined {
  const others = rows.filter((r) => r.name !== viewed && r.severity > 0);
  const worst = others[0];
  if (worst === undefined) return undefined;
  const more = others.length > 1 ? ` (+${others.length - 1} more)` : '';
  return { severity: worst.severity, text: `${worst.name}: ${worst.problems[0] ?? worst.reach}${more}` };
}
