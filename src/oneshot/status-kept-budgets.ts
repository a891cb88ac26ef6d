// `status` and the budgets the event log keeps (node.json, the reward guard's LastBudget): which of this run's budgets
// are worth keeping, and what a kept one says of a node this run cannot reach. Pure; status-memory.ts does the I/O.
import type { ValidationGuard } from '../domain/reward/guard';
import { lastBudgetOf, project } from '../domain/reward/projection';
import { formatClock, formatDuration, formatTimestamp } from '../format/time';
import type { LastBudget } from '../state/reward-memory';
import { sanitize } from '../format/sanitize';

/**
 * Each judged validation whose budget rested on a trustworthy vote (more than half of all stake's view known), as
 * the record to keep. Kept at the threshold it was judged at: `project` recomputes it at another one from the median
 * voter's uptime the record holds.
 */
export function trustedBudgetsOf(guards: readonly ValidationGuard[]): LastBudget[] {
  const out: LastBudget[] = [];
  for (const g of guards) {
    const b = g.basis;
    const { startMs, endMs } = g;
    const thresholdPercent = g.threshold.percent;
    if (g.view !== 'peers' || b.kind !== 'vote' || g.uptimePercent === undefined || thresholdPercent === undefined) continue;
    if (startMs === undefined || endMs === undefined || startMs >= endMs) continue;
    out.push(lastBudgetOf({ validation: g.validation, nodeId: g.nodeId, atMs: b.atMs, startMs, endMs, thresholdPercent, medianUptimePercent: g.uptimePercent, knownShare: b.knownShare }));
  }
  return out;
}

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * A kept budget of a node this run cannot reach: spent in real time since it was read, as if the node had been down
 * all along (the worst case; never "reward lost": if only the path to the node failed, the voters lost nothing).
 */
export function unreachableBudget(b: LastBudget, now: number): { line: string; json: Record<string, unknown> } {
  const p = project(b, now);
  const since = `projected since ${formatClock(b.atMs, now)} (node unreachable)`;
  const text = p.ended
    ? `the period it was last read for ended on ${formatTimestamp(b.endMs)} (${since}); the vote decided its reward`
    : p.spent
      ? `spent if the node has been down since the last trustworthy figure (${since}): the reward is at risk, not known lost; check the node and avatop's path to it now`
      : `at most ${formatDuration(p.remainingMs)} more this period (of ${formatDuration(p.allowedMs)}), ${since}: spent in real time as if the node were down; check the node and avatop's path to it`;
  const primary = b.validation === 'primary';
  return {
    line: `${primary ? 'budget    ' : `subnet     ${sanitize(b.validation)}:`} ${text}`,
    json: {
      kind: primary ? 'primary' : 'subnet',
      subnet: primary ? 'primary' : b.validation,
      threshold: b.thresholdPercent,
      budgetBasis: 'projected',
      projectedSince: new Date(b.atMs).toISOString(),
      projectedReason: 'unreachable',
      downtimeBudgetSeconds: p.ended ? null : seconds(p.remainingMs),
      allowanceSeconds: seconds(p.allowedMs),
      budgetState: p.ended ? 'ended' : p.spent ? 'spent' : 'ok',
      endsInSeconds: seconds(b.endMs - now),
      budgetText: text,
    },
  };
}
