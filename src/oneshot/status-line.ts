// `status -o line`: the verdict in one line for a tmux status bar, a prompt or a panel. The same report as the table
// and the JSON (status-report.ts), in the header's words: the badge is the header's (domain/reward/words.ts).
import { sanitize } from '../format/sanitize';
import { validationsBadgeText } from '../domain/reward/words';
import type { StatusReport } from './status-report';

type Json = Record<string, unknown>;

/** "connection refused (http://…/ext/info) — Is avalanchego running…" → "connection refused". */
export const shortReason = (reason: string): string => reason.split(' — ')[0]!.replace(/ \(https?:\/\/[^)]*\)$/, '');

const problemsText = (n: number): string => (n === 0 ? '' : ` · ${n} ${n === 1 ? 'problem' : 'problems'}`);

/** "avatop mainnet v1.15.0 HEALTHY h 21382033 peers 1571 budget 17d 9h" (words from a node, sanitized). */
export function statusLine(report: StatusReport, now: number): string {
  const j = report.json as Json;
  if (report.verdict === 'unreachable') return `avatop UNREACHABLE ${sanitize(shortReason(report.problems[0] ?? ''), { maxLength: 60 })}`;
  const network = typeof j.networkName === 'string' ? ` ${sanitize(j.networkName, { maxLength: 20 })}` : '';
  const version = typeof j.version === 'string' ? ` ${sanitize(j.version, { maxLength: 20 }).replace(/^avalanchego\//, 'v')}` : '';
  const height = typeof j.height === 'number' ? ` h ${j.height}` : ' h ?';
  const peers = typeof j.peers === 'number' ? ` peers ${j.peers}` : '';
  const badge = validationsBadgeText(report.validations ?? [], now);
  return `avatop${network}${version} ${report.verdict.toUpperCase()}${height}${peers}${badge ? ` ${badge.text}` : ''}${problemsText(report.problems.length)}`;
}

/** One node of a fleet as `-o line` names it: what needs attention, in the header's words. */
export interface FleetLineNode {
  readonly name: string;
  readonly report: StatusReport;
  /** "35 blocks behind the fleet" when the node lags the fleet. */
  readonly lagging: string | undefined;
}

/** A node's few words: "UNREACHABLE", "budget 15h 49m", "35 blocks behind", "2 problems"; none when healthy. */
function nodeWords(n: FleetLineNode, now: number): string | undefined {
  const r = n.report;
  if (r.verdict === 'unreachable') return 'UNREACHABLE';
  const badge = validationsBadgeText(r.validations ?? [], now);
  const words: string[] = [];
  if (r.verdict === 'critical') words.push('CRITICAL');
  if (badge && badge.tier !== undefined && badge.tier !== 'ok' && badge.tier !== 'notice') words.push(badge.text);
  if (n.lagging) words.push(n.lagging.replace(/ the fleet$/, ''));
  if (words.length === 0 && r.problems.length > 0) words.push(`${r.problems.length} ${r.problems.length === 1 ? 'problem' : 'problems'}`);
  return words.length === 0 ? undefined : words.join(', ');
}

/** Several nodes: "avatop 3 nodes DEGRADED · b budget 15h 49m, 35 blocks behind · c UNREACHABLE". */
export function fleetLine(verdict: string, nodes: readonly FleetLineNode[], now: number): string {
  const attention = nodes.flatMap((n) => {
    const w = nodeWords(n, now);
    return w === undefined ? [] : [`${sanitize(n.name, { maxLength: 30 })} ${w}`];
  });
  return [`avatop ${nodes.length} ${nodes.length === 1 ? 'node' : 'nodes'} ${verdict}`, ...attention].join(' · ');
}
