// How long a validator can still be offline before this period's reward is lost.
//
// A validator is rewarded when the uptime the voters measured over the staking period reaches the threshold, so the
// period allows (1 − threshold) × its length of downtime, and what has been spent so far is (1 − uptime) × the time
// since the period started. Auto-renewed validators (ACP-236) are judged per period: callers pass the current
// period's start and end. Times are milliseconds since the epoch; percentages are 0-100, as the API reports them.

export interface BudgetInput {
  /** The uptime the reward needs, in percent (e.g. 80 or 90). */
  readonly thresholdPercent: number;
  /** Start and end of the period being judged. */
  readonly startMs: number;
  readonly endMs: number;
  /** Uptime over the period so far, in percent, from the view the budget is meant for. */
  readonly uptimePercent: number;
  readonly nowMs: number;
}

export type BudgetState =
  /** The period has not begun: all of it is still to spend. */
  | 'not-started'
  /** Some downtime can still be afforded. */
  | 'ok'
  /** More downtime has been spent than the period allows: the reward is lost whatever happens next. */
  | 'lost'
  /** A projection below zero: gone if the node really has been down since the last trustworthy figure (not a lost reward). */
  | 'spent'
  /** The period is over; the figures are its final ones. */
  | 'ended';

export interface Budget {
  readonly state: BudgetState;
  readonly allowedMs: number;
  readonly usedMs: number;
  /** allowed − used; negative once lost. */
  readonly remainingMs: number;
  /** When the remaining budget is gone at the last hour's downtime rate (a projection: at once), if before the end. */
  readonly runsOutAtMs?: number;
}

const clampPercent = (p: number): number => Math.min(100, Math.max(0, p));

export function downtimeBudget(input: BudgetInput): Budget {
  const { startMs, endMs, nowMs } = input;
  const length = Math.max(0, endMs - startMs);
  const allowedMs = ((100 - clampPercent(input.thresholdPercent)) / 100) * length;
  if (nowMs <= startMs) return { state: 'not-started', allowedMs, usedMs: 0, remainingMs: allowedMs };
  const elapsed = Math.min(nowMs, endMs) - startMs;
  const uptime = clampPercent(input.uptimePercent);
  const usedMs = ((100 - uptime) / 100) * elapsed;
  const remainingMs = allowedMs - usedMs;
  if (nowMs >= endMs) return { state: 'ended', allowedMs, usedMs, remainingMs };
  if (remainingMs < 0) return { state: 'lost', allowedMs, usedMs, remainingMs };
  return { state: 'ok', allowedMs, usedMs, remainingMs };
}
