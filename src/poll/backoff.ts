// Exponential backoff with jitter, so a fleet of monitors does not retry a recovering node in lockstep.

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 30_000 };

/**
 * Delay before retry number `failures` (1 = first retry): base·2^(n-1) capped at max, then "equal jitter"
 * (a random point in the upper half) so it never drops below half the step and never exceeds the cap.
 */
export function backoffDelay(failures: number, opts: BackoffOptions = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const n = Math.max(1, failures);
  const step = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(n - 1, 30));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(step / 2 + (step / 2) * r);
}
