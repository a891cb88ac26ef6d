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
  /** Uptime over the last hour or so, in percent: when lower, the budget also says when it runs out at that rate. */
  readonly recentUptimePercent?: number;
}

export type BudgetState =
  /** The period has not begun: all of it is still to spend. */
  | 'not-started'
  /** Some downtime can still be afforded. */
  | 'ok'
  /** More downtime has been spent than the period allows: the reward is lost whatever happens next. */
  | 'lost'
  /** The period is over; the figures are its final ones. */
  | 'ended';

export interface Budget {
  readonly state: BudgetState;
  readonly allowedMs: number;
  readonly usedMs: number;
  /** allowed − used; negative once lost. */
  readonly remainingMs: number;
  /** When the remaining budget is gone if the node stays as available as in the last hour (only when that is lower). */
  readonly runsOutAtMs?: number;
}

const clampPercent = (p: number): number => Math.min(100, Math.max(0, p));

export function downtimeBudget(input: BudgetInput): Budget {
  const { startMs, endMs, nowMs } = input;
  const length = Math.max(0, endMs - startMs);
  const allowedMs = (1 - clampPercent(input.thresholdPercent) / 100) * length;
  if (nowMs <= startMs) return { state: 'not-started', allowedMs, usedMs: 0, remainingMs: allowedMs };
  const elapsed = Math.min(nowMs, endMs) - startMs;
  const uptime = clampPercent(input.uptimePercent);
  const usedMs = (1 - uptime / 100) * elapsed;
  const remainingMs = allowedMs - usedMs;
  if (nowMs >= endMs) return { state: 'ended', allowedMs, usedMs, remainingMs };
  if (remainingMs < 0) return { state: 'lost', allowedMs, usedMs, remainingMs };
  const runsOutAtMs = runsOutAt(remainingMs, nowMs, endMs, uptime, input.recentUptimePercent);
  return runsOutAtMs === undefined
    ? { state: 'ok', allowedMs, usedMs, remainingMs }
    : { state: 'ok', allowedMs, usedMs, remainingMs, runsOutAtMs };
}

function runsOutAt(remainingMs: number, nowMs: number, endMs: number, uptime: number, recent: number | undefined): number | undefined {
  if (recent === undefined || !Number.isFinite(recent)) return undefined;
  const recentUptime = clampPercent(recent);
  if (recentUptime >= uptime || recentUptime >= 100) return undefined;
  // At the recent rate, downtime accrues (1 − recent) ms per ms of wall time.
  const at = nowMs + remainingMs / (1 - recentUptime / 100);
  return at < endMs ? at : undefined;
}

export interface UptimeSample {
  readonly atMs: number;
  /** Uptime over the period up to `atMs`, in percent. */
  readonly uptimePercent: number;
}

/**
 * Uptime over the interval between two samples of the period's running uptime: the seconds up at each sample are
 * uptime × (time since start), so their difference over the elapsed time is the interval's own uptime.
 */
export function intervalUptime(startMs: number, earlier: UptimeSample, later: UptimeSample): number | undefined {
  const span = later.atMs - earlier.atMs;
  if (span <= 0 || earlier.atMs < startMs) return undefined;
  const upEarlier = (clampPercent(earlier.uptimePercent) / 100) * (earlier.atMs - startMs);
  const upLater = (clampPercent(later.uptimePercent) / 100) * (later.atMs - startMs);
  return clampPercent(((upLater - upEarlier) / span) * 100);
}

/** Samples older than this are no use to the last hour's figure. */
export const RECENT_WINDOW_MS = 3_600_000;
/** A shorter span says too little: a single missed poll would read as an outage. */
export const RECENT_MIN_SPAN_MS = 10 * 60_000;

/** Keeps the last hour of samples, adding `next` when it is newer than the last one kept. */
export function addUptimeSample(samples: readonly UptimeSample[], next: UptimeSample): UptimeSample[] {
  const last = samples[samples.length - 1];
  const out = last && next.atMs <= last.atMs ? [...samples] : [...samples, next];
  const cutoff = next.atMs - RECENT_WINDOW_MS;
  while (out.length > 2 && out[1]!.atMs <= cutoff) out.shift();
  return out;
}

/** The uptime over (about) the last hour, from the oldest sample in it to the newest; undefined under 10 minutes. */
export function recentUptime(samples: readonly UptimeSample[], startMs: number | undefined): number | undefined {
  if (startMs === undefined || samples.length < 2) return undefined;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  if (last.atMs - first.atMs < RECENT_MIN_SPAN_MS) return undefined;
  return intervalUptime(startMs, first, last);
}
