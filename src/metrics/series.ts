// A short history of metric readings, and what is read off it: rates of counters (a node restart resets them, and a
// rate never spans the reset), gauges as they were, mean latencies of an interval. Pure; the store keeps the series.

export interface MetricsPoint {
  /** Epoch ms of the reading. */
  readonly at: number;
  /** Quantity values by avatop's key (see metrics/names.ts). */
  readonly values: Readonly<Record<string, number>>;
}

export interface MetricsSeries {
  /** Oldest first. */
  readonly points: readonly MetricsPoint[];
  /** The metric name each quantity was last read from. */
  readonly from: Readonly<Record<string, string>>;
  /** Lines of the last reply that did not follow the format. */
  readonly skipped: number;
  readonly bytes: number;
}

/** Sparklines cover this much; rates use the newest part of it. */
export const HISTORY_MS = 10 * 60_000;
export const HISTORY_POINTS = 300;
/** Rolling window of the rates shown as numbers. */
export const RATE_WINDOW_MS = 60_000;

export interface Reading {
  readonly values: Readonly<Record<string, number>>;
  readonly from: Readonly<Record<string, string>>;
  readonly skipped: number;
  readonly bytes: number;
}

export function appendReading(prev: MetricsSeries | undefined, at: number, r: Reading): MetricsSeries {
  const old = prev?.points ?? [];
  const points = [...old.filter((p) => p.at < at && p.at >= at - HISTORY_MS), { at, values: r.values }];
  return { points: points.slice(-HISTORY_POINTS), from: r.from, skipped: r.skipped, bytes: r.bytes };
}

export function latest(s: MetricsSeries | undefined, key: string): number | undefined {
  const p = s?.points[s.points.length - 1];
  return p?.values[key];
}

/**
 * Per second, over the newest `windowMs` of readings that follow one another without a reset (a counter that went
 * down: the node restarted). Undefined until two such readings exist.
 */
export function rate(s: MetricsSeries | undefined, key: string, windowMs = RATE_WINDOW_MS): number | undefined {
  const pts = s?.points ?? [];
  let i = pts.length - 1;
  const last = pts[i]?.values[key];
  if (last === undefined) return undefined;
  const lastAt = pts[i]!.at;
  let firstIdx = i;
  while (i > 0) {
    const prev = pts[i - 1]!;
    const v = prev.values[key];
    const cur = pts[i]!.values[key]!;
    if (v === undefined || v > cur) break;
    if (lastAt - prev.at > windowMs && firstIdx !== pts.length - 1) break;
    firstIdx = i - 1;
    i--;
  }
  if (firstIdx === pts.length - 1) return undefined;
  const first = pts[firstIdx]!;
  const dt = (lastAt - first.at) / 1000;
  return dt > 0 ? (last - first.values[key]!) / dt : undefined;
}

/** Per-second rate of each interval between readings; an interval across a reset is left out. */
export function rateSeries(s: MetricsSeries | undefined, key: string): number[] {
  const out: number[] = [];
  const pts = s?.points ?? [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!.values[key];
    const b = pts[i]!.values[key];
    const dt = (pts[i]!.at - pts[i - 1]!.at) / 1000;
    if (a === undefined || b === undefined || b < a || dt <= 0) continue;
    out.push((b - a) / dt);
  }
  return out;
}

export function gaugeSeries(s: MetricsSeries | undefined, key: string): number[] {
  const out: number[] = [];
  for (const p of s?.points ?? []) {
    const v = p.values[key];
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Mean of what a sum counter measured per event over the window (e.g. ns from issuance to acceptance per block). */
export function meanPer(s: MetricsSeries | undefined, sumKey: string, countKey: string, windowMs = RATE_WINDOW_MS): number | undefined {
  const sum = rate(s, sumKey, windowMs);
  const count = rate(s, countKey, windowMs);
  if (sum === undefined || count === undefined || count <= 0) return undefined;
  return sum / count;
}
