// The last downtime budget of a validation that could be trusted, kept with the event log so the countdown survives
// a restart of the exporter and a one-shot `status` of a node that cannot be asked now. While nothing trustworthy
// comes in, the budget is spent in real time from that figure: the worst case, never a rise (if only avatop's path
// to the node failed, the voters lose nothing, so the real budget is at least this).
import * as z from 'zod';

export interface LastBudget {
  /** The validation: `primary`, `subnet:<id>`. */
  readonly key: string;
  readonly label: string;
  /** Budget left when it was last trustworthy, ms (negative once spent). */
  readonly remainingMs: number;
  /** When that was (epoch ms). */
  readonly at: number;
  /** The period the budget is of: a projection stops at its end. */
  readonly endMs?: number;
}

export const lastBudgetSchema = z.object({
  key: z.string(),
  label: z.string(),
  remainingMs: z.number(),
  at: z.number(),
  endMs: z.number().optional(),
});

export interface ProjectedBudget {
  readonly remainingMs: number;
  /** The figure is a projection from `since` (nothing trustworthy came in after it). */
  readonly since: number;
  /** The period ended since: the figure is its last. */
  readonly ended: boolean;
}

/** The budget at `now`, spent in real time since it was last trustworthy. */
export function projectBudget(b: LastBudget, now: number): ProjectedBudget {
  const until = b.endMs !== undefined ? Math.min(now, b.endMs) : now;
  return { remainingMs: b.remainingMs - Math.max(0, until - b.at), since: b.at, ended: b.endMs !== undefined && now >= b.endMs };
}
