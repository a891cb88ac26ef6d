// The History view as pure functions: which span to open on, and one chart's input (buckets, bounds, labels, event
// marks) and legend from the samples and events of that span.
import { bucketize, HISTORY_SERIES, HISTORY_WINDOWS, type HistorySample, type HistoryWindow, type SeriesKey } from '../domain/events/history';
import type { EventLine } from '../domain/events/record';
import { chartBounds, type ChartInput } from '../components/chart-layout';
import { MONTHS } from '../format/time';

/** Columns the value axis takes at most (labels are kept to 7 characters). */
const AXIS = 8;

/** The shortest span that shows `at` (the moment an event opened the view), else the last hour. */
export function windowFor(at: number | undefined, now: number): number {
  if (at === undefined) return 0;
  const i = HISTORY_WINDOWS.findIndex((w) => now - at < w.ms * 0.9);
  return i < 0 ? HISTORY_WINDOWS.length - 1 : i;
}

export function formatSeries(key: SeriesKey, v: number): string {
  switch (key) {
    case 'uptime':
    case 'stake':
      return `${v >= 99.95 ? v.toFixed(0) : v.toFixed(1)}%`;
    case 'peers':
      return String(Math.round(v));
    case 'bpm':
      return v.toFixed(1);
    case 'budgetMs':
      return Math.abs(v) >= 48 ? `${(v / 24).toFixed(1)}d` : `${v.toFixed(v < 10 ? 1 : 0)}h`;
    case 'latencyMs':
      return v >= 1000 ? `${(v / 1000).toFixed(1)}s` : `${v.toFixed(0)}ms`;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
function timeLabel(ms: number, w: HistoryWindow): string {
  const d = new Date(ms);
  if (w.ms > 2 * 86_400_000) return `${MONTHS[d.getMonth()]} ${d.getDate()}`;
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const MARK_RANK: Record<string, number> = { '·': 0, '▲': 1, '!': 2 };

export interface HistoryChartInput {
  readonly samples: readonly HistorySample[];
  readonly series: SeriesKey;
  readonly window: HistoryWindow;
  readonly now: number;
  readonly width: number;
  readonly plotHeight: number;
  readonly events: readonly EventLine[];
  readonly threshold?: number;
  /** A moment to mark (the event the view was opened from). */
  readonly at?: number;
}

export interface HistoryChart {
  readonly input: ChartInput;
  readonly legend: string;
  /** Why there is nothing to draw, in words (then `input` is not drawn). */
  readonly empty?: string;
}

export function historyChart(h: HistoryChartInput): HistoryChart {
  const cols = Math.max(10, h.width - AXIS - 1);
  const from = h.now - h.window.ms;
  const buckets = bucketize(h.samples, h.series, from, h.now, cols);
  const values = buckets.map((b) => b.value);
  const down = buckets.map((b) => b.down);
  const present = values.filter((v): v is number => v !== undefined);
  const pct = h.series === 'uptime' || h.series === 'stake';
  const bounds = chartBounds(values, { threshold: h.threshold, ...(pct ? { max: 100 } : {}), ...(h.series === 'peers' || h.series === 'latencyMs' || h.series === 'bpm' ? { min: 0 } : {}) });
  const marks = new Map<number, string>();
  const mark = (t: number, glyph: string) => {
    if (t < from || t > h.now) return;
    const c = Math.min(cols - 1, Math.floor(((t - from) / h.window.ms) * cols));
    const cur = marks.get(c);
    if (cur === undefined || MARK_RANK[glyph]! > MARK_RANK[cur]!) marks.set(c, glyph);
  };
  for (const e of h.events) mark(e.start, e.severity === 'critical' ? '!' : e.severity === 'warning' ? '▲' : '·');
  const fmt = (v: number) => formatSeries(h.series, v);
  const input: ChartInput = {
    values,
    down,
    height: h.plotHeight,
    threshold: h.threshold,
    marks,
    min: bounds.min,
    max: bounds.max,
    format: fmt,
    timeLabels: [
      { column: 0, text: timeLabel(from, h.window) },
      { column: Math.floor(cols / 2) - 2, text: timeLabel(from + h.window.ms / 2, h.window) },
      { column: cols - 5, text: h.window.ms > 2 * 86_400_000 ? 'now' : timeLabel(h.now, h.window) },
    ],
  };
  const last = [...h.samples].reverse().find((x) => x.t >= from && x.t < h.now && x[h.series] !== undefined);
  const lastValue = last ? (h.series === 'budgetMs' ? last.budgetMs! / 3_600_000 : last[h.series]) : undefined;
  const parts = [
    lastValue !== undefined ? `now ${fmt(lastValue)}` : undefined,
    present.length > 0 ? `low ${fmt(Math.min(...present))}  high ${fmt(Math.max(...present))}` : undefined,
    h.threshold !== undefined ? `┄ ${h.threshold}% reward threshold` : undefined,
    marks.size > 0 ? '! critical ▲ warning · info event' : undefined,
    down.some(Boolean) ? '× unreachable' : undefined,
    present.length === 0 ? `no samples yet (one a minute)` : undefined,
  ].filter(Boolean);
  const name = HISTORY_SERIES.find((s) => s.key === h.series)!.title.toLowerCase();
  // Nothing to draw: no sample, and no event to mark either (events alone still get their axis).
  if (present.length === 0 && !down.some(Boolean) && marks.size === 0) {
    return {
      input,
      legend: parts.join('  '),
      empty:
        h.samples.length === 0
          ? `No samples for the last ${h.window.name} yet. avatop takes one a minute while it watches this node and keeps a week of them; the first comes a minute after it starts.`
          : `No ${name} in the samples of the last ${h.window.name} (the node did not report it).`,
    };
  }
  return { input, legend: parts.join('  ') };
}
