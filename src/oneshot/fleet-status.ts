// `avatop status` over several nodes: each node gathered and judged exactly as a single one is (gather-status,
// status-report), then one table, each node's problems under it, and the worst exit status of them.
import { gatherStatus } from './gather-status';
import { assessStatus, type StatusReport, type ThresholdRule } from './status-report';
import { renderTextTable } from '../columns/text-table';
import type { TextColumn } from '../columns/column';
import { behindCell, lagCell, lagProblem, lagsBehind } from '../domain/fleet/table';
import { formatDuration } from '../format/time';
import type { OneShotNode } from './command-frame';
import { keepStatusBudgets, withKeptBudgets } from './status-memory';
import { fleetLine, shortReason } from './status-line';
import { EXIT_CRITICAL, EXIT_WARNING, worstExit } from '../config/exit-codes';

interface NodeReport {
  readonly node: OneShotNode;
  readonly report: StatusReport;
  readonly lag: bigint | undefined;
  /** Behind the highest node of its network by more than the fleet's rule allows (domain/fleet), in words. */
  readonly lagging: string | undefined;
}

type Json = Record<string, any>;


const yesNo = (v: unknown): string => (v === true ? 'yes' : v === false ? 'no' : '?');
const secs = (v: unknown): string => (typeof v === 'number' ? formatDuration(v * 1000) : '-');

const COLUMNS: TextColumn<NodeReport>[] = [
  { title: 'NODE', value: (r) => r.node.name },
  { title: 'STATUS', value: (r) => (r.report.verdict === 'unreachable' ? `UNREACHABLE: ${shortReason(r.report.problems[0] ?? '')}` : r.lagging && r.report.verdict === 'healthy' ? 'DEGRADED' : r.report.verdict.toUpperCase()) },
  { title: 'NETWORK', value: (r) => String((r.report.json as Json).networkName ?? '-') },
  { title: 'VERSION', value: (r) => String((r.report.json as Json).version ?? '-').replace(/^avalanchego\//, 'v') },
  { title: 'P/X/C', value: (r) => (r.report.verdict === 'unreachable' ? '-' : (['P', 'X', 'C'] as const).map((c) => yesNo((r.report.json as Json).bootstrapped?.[c])).join('/')) },
  { title: 'HEIGHT', align: 'right', value: (r) => String((r.report.json as Json).height ?? '-') },
  { title: 'LAG', align: 'right', value: (r) => lagCell(r.lag) },
  { title: 'BEHIND', align: 'right', value: (r) => { const a = (r.report.json as Json).chainTimeAgeSeconds; return behindCell(typeof a === 'number' ? Math.max(0, a) * 1000 : undefined); } },
  { title: 'PEERS', align: 'right', value: (r) => String((r.report.json as Json).peers ?? '-') },
  { title: 'UPTIME', align: 'right', value: (r) => { const u = (r.report.json as Json).uptime?.weightedAveragePercentage; return typeof u === 'number' ? `${u.toFixed(2)}%` : '-'; } },
  { title: 'NEEDS', align: 'right', value: (r) => { const v = (r.report.json as Json).validations?.[0]; return v?.threshold != null ? `${v.threshold}%` : '-'; } },
  { title: 'BUDGET', value: (r) => { const v = (r.report.json as Json).validations?.[0]; if (!v) return (r.report.json as Json).reachable ? 'not a validator' : '-'; return v.budgetBasis === 'unknown' ? 'unknown' : v.budgetState === 'lost' ? 'LOST' : `${secs(v.downtimeBudgetSeconds)}${v.budgetBasis === 'projected' ? ' proj.' : ''}`; } },
  { title: 'ENDS', value: (r) => secs((r.report.json as Json).validations?.[0]?.endsInSeconds) },
];

export interface FleetStatus {
  readonly text: string;
  readonly json: Json[];
  /** `-o line`: the verdict and the first problem. */
  readonly line: string;
  readonly exitCode: number;
}

export async function fleetStatus(
  nodes: readonly OneShotNode[],
  rule: ThresholdRule,
  opts: { l1Validations?: readonly string[]; watch?: readonly string[]; stateDir?: string },
): Promise<FleetStatus> {
  const { stateDir } = opts;
  // In parallel, each bounded by its client's timeout: a slow node delays the answer by its timeout, no more.
  const gathered = await Promise.all(nodes.map((n) => gatherStatus(n.client, opts)));
  // Each node's budgets the event log kept, as for one node (status-memory.ts).
  const snapshots = stateDir ? gathered.map((s) => withKeptBudgets(s, stateDir)) : gathered;
  const now = Date.now();
  const reports = snapshots.map((s) => assessStatus(s, rule, now));
  if (stateDir) snapshots.forEach((s, i) => keepStatusBudgets(s, reports[i]!.validations, stateDir, nodes[i]!.name));
  const lags = lagsBehind(reports.map((r) => {
    const j = r.json as Json;
    return { network: typeof j.networkName === 'string' ? j.networkName : undefined, height: typeof j.height === 'number' ? BigInt(j.height) : undefined };
  }));
  const rows: NodeReport[] = nodes.map((node, i) => {
    const lag = lags[i];
    return { node, report: reports[i]!, lag, lagging: reports[i]!.verdict === 'unreachable' ? undefined : lagProblem(lag) };
  });
  const problems = rows.flatMap((r) => [
    ...r.report.problems.map((p) => `${r.node.name}: ${p}`),
    ...(r.lagging ? [`${r.node.name}: ${r.lagging}`] : []),
  ]);
  const worst = worstExit(rows.map((r) => (r.lagging ? Math.max(r.report.exitCode, EXIT_WARNING) : r.report.exitCode)));
  // A node left behind by a network upgrade answers, but is as critical as one that does not.
  const verdict = rows.some((r) => r.report.verdict === 'unreachable') ? 'UNREACHABLE' : worst === EXIT_CRITICAL ? 'CRITICAL' : worst >= EXIT_WARNING ? 'DEGRADED' : 'HEALTHY';
  const text = [`${verdict}  ${nodes.length} ${nodes.length === 1 ? 'node' : 'nodes'}`, renderTextTable(COLUMNS, rows), ...problems.map((p) => `problem  ${p}`)].join('\n');
  const json = rows.map((r) => ({ name: r.node.name, ...(r.report.json as Json), url: r.node.url, lag: r.lag === undefined ? null : Number(r.lag) }));
  return { text, json, line: fleetLine(verdict, rows.map((r) => ({ name: r.node.name, report: r.report, lagging: r.lagging })), now), exitCode: worst };
}
