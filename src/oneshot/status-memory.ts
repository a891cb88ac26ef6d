// `status` and the event log's memory of budgets (node.json, events/keep-budgets.ts): a run reads back the last
// trustworthy budget of each validation, so a node it finds isolated or cannot reach gets a projected budget rather
// than "budget unknown", and keeps what it read itself while the vote could be trusted.
import type { NodeRef } from '../domain/events/record';
import type { JudgedValidation } from '../domain/reward/own-validations';
import { keepLastBudgets, rememberTarget, type KeepOutcome } from '../events/keep-budgets';
import { nodeLastAt, readLastBudgets } from '../events/read-all';
import type { StatusSnapshot } from './status-report';
import { trustedBudgetsOf } from './status-kept-budgets';

/** The node a snapshot is of, as the event log files it: as it answered, or as it last answered at this address. */
function nodeOf(s: StatusSnapshot, stateDir: string): Pick<NodeRef, 'network' | 'nodeId'> | undefined {
  if (s.unreachable !== undefined) return nodeLastAt(stateDir, s.url);
  return s.nodeId.ok && s.networkName.ok ? { network: s.networkName.value, nodeId: s.nodeId.value } : undefined;
}

/** The snapshot with the budgets the event log kept for its node. */
export function withKeptBudgets(s: StatusSnapshot, stateDir: string): StatusSnapshot {
  const node = nodeOf(s, stateDir);
  const kept = node ? readLastBudgets(stateDir, node) : [];
  return kept.length === 0 ? s : { ...s, lastBudgets: kept };
}

/**
 * Keeps this run's trustworthy budgets for the next run (left to a monitor or exporter that watches the node), and
 * which node answered at this address, for a run that finds it unreachable.
 */
export function keepStatusBudgets(s: StatusSnapshot, judged: readonly JudgedValidation[] | undefined, stateDir: string, name: string): KeepOutcome {
  const node = s.unreachable === undefined ? nodeOf(s, stateDir) : undefined;
  if (!node) return 'unchanged';
  const records = trustedBudgetsOf((judged ?? []).flatMap((v) => (v.guard ? [v.guard] : [])));
  if (records.length > 0) rememberTarget(stateDir, s.url, { ...node, name });
  return keepLastBudgets(stateDir, { ...node, name }, records);
}
