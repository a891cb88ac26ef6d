// The budget while the network's view cannot be trusted: the last trustworthy figure, spent in real time. Pure.
//
// When avatop cannot reach the node, or the node knows the view of half of the stake or less (a restart's first
// seconds, a firewall change, a partition), the voters keep measuring but nobody can read them. The worst case is
// that the node has been down for all of it since the last trustworthy reading, so the budget is that reading minus
// the wall time since: it never rises while projected, and a projection is never "reward lost" (if only avatop's
// path to the node failed, the voters lost nothing). Where there is no earlier figure, the budget is unknown.
import type { LastBudget, RewardSlice, ViewSample } from '../../state/reward-memory';
import { voterBudgetMs } from './vote';

export type { LastBudget, ViewSample } from '../../state/reward-memory';

/** Why the view cannot be trusted now. */
export type ProjectionReason = 'unreachable' | 'isolated';

export interface ProjectedBudget {
  /** The last trustworthy budget minus the time since, as if the node had been down all of it. */
  readonly remainingMs: number;
  readonly allowedMs: number;
  /** When the figure it starts from was read. */
  readonly sinceMs: number;
  /** Past the period's end: the figure is that period's last one. */
  readonly ended: boolean;
  /** Gone, if the node really has been down since then (a projection: not a lost reward). */
  readonly spent: boolean;
}

/**
 * Spends `last` in real time up to `nowMs` (never past the period's end). With `thresholdPercent` differing from
 * the one it was computed at (an operator's --uptime-threshold), its start is recomputed from the median voter.
 */
export function project(last: LastBudget, nowMs: number, opts: { thresholdPercent?: number } = {}): ProjectedBudget {
  const t = opts.thresholdPercent;
  const recomputed = t !== undefined && t !== last.thresholdPercent;
  const start = recomputed ? voterBudgetMs(t, last.startMs, last.endMs, last.medianUptimePercent, last.atMs) : last.remainingMs;
  const allowedMs = recomputed ? ((100 - t) / 100) * (last.endMs - last.startMs) : last.allowedMs;
  const spentSince = Math.max(0, Math.min(nowMs, last.endMs) - last.atMs);
  const remainingMs = start - spentSince;
  return { remainingMs, allowedMs, sinceMs: last.atMs, ended: nowMs >= last.endMs, spent: remainingMs < 0 };
}

/** The record of one trustworthy budget. */
export function lastBudgetOf(b: Omit<LastBudget, 'allowedMs' | 'remainingMs'>): LastBudget {
  const allowedMs = ((100 - b.thresholdPercent) / 100) * Math.max(0, b.endMs - b.startMs);
  const remainingMs = voterBudgetMs(b.thresholdPercent, b.startMs, b.endMs, b.medianUptimePercent, b.atMs);
  return { ...b, allowedMs, remainingMs };
}

/** Readings older than this say nothing about the last hour. */
export const SEEN_WINDOW_MS = 3_600_000;
/** Under this much history the last hour's rate is not known (one missed reading would read as an outage). */
export const SEEN_MIN_SPAN_MS = 10 * 60_000;

/**
 * The memory with these records: a newer record of a validation replaces the older one; a record of another period
 * (a new cycle, a new validation) replaces it too. One that is older than what is kept is dropped, so a record the
 * event log gives back never overwrites a fresher one.
 */
export function rememberBudgets(last: Readonly<Record<string, LastBudget>>, records: readonly LastBudget[]): Readonly<Record<string, LastBudget>> {
  let out: Record<string, LastBudget> | undefined;
  for (const r of records) {
    const kept = (out ?? last)[r.validation];
    if (kept && kept.atMs >= r.atMs && kept.nodeId === r.nodeId) continue;
    out ??= { ...last };
    out[r.validation] = r;
  }
  return out ?? last;
}

/** The slice with records given back from elsewhere (the event log, across runs). */
export function restoreLastBudgets(slice: RewardSlice, records: readonly LastBudget[]): RewardSlice {
  const last = rememberBudgets(slice.last, records.filter(isLastBudget));
  return last === slice.last ? slice : { ...slice, last };
}

/** A record read back from disk is only used if it has the shape and sense of one. */
export function isLastBudget(v: unknown): v is LastBudget {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  const nums = ['atMs', 'startMs', 'endMs', 'thresholdPercent', 'allowedMs', 'remainingMs', 'medianUptimePercent', 'knownShare'];
  return (
    typeof o.validation === 'string' &&
    typeof o.nodeId === 'string' &&
    nums.every((k) => typeof o[k] === 'number' && Number.isFinite(o[k])) &&
    (o.startMs as number) < (o.endMs as number)
  );
}

/** Readings closer than this to the last one kept, and saying the same, add nothing (the peers pane reads every tick). */
export const SEEN_MIN_SPACING_MS = 15_000;

/** The readings with `next` added, the last hour kept (readings out of order, or too close saying the same, are dropped). */
export function addViewSample(seen: readonly ViewSample[], next: ViewSample): readonly ViewSample[] {
  const last = seen[seen.length - 1];
  if (last && (next.atMs <= last.atMs || (next.atMs - last.atMs < SEEN_MIN_SPACING_MS && next.trusted === last.trusted))) return seen;
  const out = [...seen, next];
  const cutoff = next.atMs - SEEN_WINDOW_MS;
  while (out.length > 2 && out[1]!.atMs <= cutoff) out.shift();
  return out;
}

/**
 * The share (0-1) of the last hour the node counted as down, in the worst case: a stretch between two readings is
 * up only when both could be trusted and they are at most `gapMs` apart (a longer silence is time avatop could not
 * see the node). Undefined under ten minutes of history.
 */
export function recentDownShare(seen: readonly ViewSample[], nowMs: number, gapMs: number): number | undefined {
  const from = Math.max(nowMs - SEEN_WINDOW_MS, seen[0]?.atMs ?? nowMs);
  const span = nowMs - from;
  if (seen.length === 0 || span < SEEN_MIN_SPAN_MS) return undefined;
  let up = 0;
  for (let i = 0; i < seen.length; i++) {
    const a = seen[i]!;
    const bAt = i + 1 < seen.length ? seen[i + 1]!.atMs : nowMs;
    const bTrusted = i + 1 < seen.length ? seen[i + 1]!.trusted : true;
    const lo = Math.max(a.atMs, from);
    const hi = Math.min(bAt, nowMs);
    if (hi <= lo) continue;
    if (a.trusted && bTrusted && bAt - a.atMs <= gapMs) up += hi - lo;
  }
  return Math.min(1, Math.max(0, 1 - up / span));
}
