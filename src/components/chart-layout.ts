// A time chart in text, laid out as pure data: one column per time bucket, bars of block characters in eighths, a
// labelled value axis on the left and a time axis below, a threshold drawn across, and a row of marks under the axis
// where something happened. Every meaning is in a glyph, never only in colour, so it reads the same with NO_COLOR.
import { displayWidth } from '../format/width';

export type ChartRole = 'axis' | 'bar' | 'threshold' | 'down' | 'mark' | 'label' | 'empty';

export interface ChartSegment {
  readonly text: string;
  readonly role: ChartRole;
}

export type ChartLine = readonly ChartSegment[];

export interface ChartInput {
  /** One value per column (undefined: no sample there). */
  readonly values: readonly (number | undefined)[];
  /** Columns in which the node was found down. */
  readonly down?: readonly boolean[];
  /** Plot rows (the bars' height). */
  readonly height: number;
  /** A line drawn across at this value (a reward threshold). */
  readonly threshold?: number;
  /** Columns to mark under the axis, with their glyph ('▲' a warning, '!' critical). */
  readonly marks?: ReadonlyMap<number, string>;
  /** The value axis' bounds; by default the data's (and the threshold's), with a margin. */
  readonly min?: number;
  readonly max?: number;
  /** Formats a value for the axis ("99.5%", "12", "850ms"). */
  readonly format: (v: number) => string;
  /** Labels under the time axis, by column (left-aligned at it; the last is right-aligned to the edge). */
  readonly timeLabels: ReadonlyArray<{ readonly column: number; readonly text: string }>;
}

const EIGHTHS = ['', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

export interface ChartBounds {
  readonly min: number;
  readonly max: number;
}

/** The value axis' bounds: the data, the threshold, a little room, never a zero span. */
export function chartBounds(values: readonly (number | undefined)[], o: { threshold?: number; min?: number; max?: number } = {}): ChartBounds {
  const xs = values.filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (o.threshold !== undefined) xs.push(o.threshold);
  let lo = o.min ?? (xs.length ? Math.min(...xs) : 0);
  let hi = o.max ?? (xs.length ? Math.max(...xs) : 1);
  if (o.min === undefined && o.max === undefined) {
    const pad = (hi - lo) * 0.1 || Math.abs(hi) * 0.05 || 1;
    lo -= pad;
    hi += pad;
  } else if (o.min === undefined) lo -= (hi - lo) * 0.1 || 1;
  else if (o.max === undefined) hi += (hi - lo) * 0.1 || 1;
  if (hi <= lo) hi = lo + 1;
  return { min: lo, max: hi };
}

/** The chart's lines: `height` plot rows, the time axis, the marks row and the time labels. */
export function layoutChart(c: ChartInput): ChartLine[] {
  const cols = c.values.length;
  const { min, max } = chartBounds(c.values, c);
  const span = max - min;
  const labels = [c.format(max), c.format(min + span / 2), c.format(min)];
  const axisWidth = Math.max(...labels.map((l) => displayWidth(l))) + 1;
  const pad = (s: string) => ' '.repeat(Math.max(0, axisWidth - 1 - displayWidth(s))) + s;
  // Eighths of a row each column's bar reaches.
  const levels = c.values.map((v) => (v === undefined || !Number.isFinite(v) ? undefined : Math.round(((Math.min(max, Math.max(min, v)) - min) / span) * c.height * 8)));
  const thresholdRow = c.threshold === undefined || c.threshold < min || c.threshold > max ? undefined : Math.min(c.height - 1, Math.floor(((c.threshold - min) / span) * c.height));
  const lines: ChartLine[] = [];
  for (let r = c.height - 1; r >= 0; r--) {
    const label = r === c.height - 1 ? labels[0]! : r === 0 ? labels[2]! : r === Math.floor((c.height - 1) / 2) ? labels[1]! : '';
    const segs: ChartSegment[] = [{ text: `${pad(label)}┤`, role: 'axis' }];
    let run: ChartSegment | undefined;
    const push = (text: string, role: ChartRole) => {
      if (run && run.role === role) run = { text: run.text + text, role };
      else {
        if (run) segs.push(run);
        run = { text, role };
      }
    };
    for (let i = 0; i < cols; i++) {
      const lv = levels[i];
      const filled = lv === undefined ? 0 : Math.max(0, Math.min(8, lv - r * 8));
      if (filled > 0) push(EIGHTHS[filled]!, 'bar');
      else if (r === 0 && lv === undefined && c.down?.[i]) push('×', 'down');
      else if (r === thresholdRow) push('┄', 'threshold');
      else push(' ', 'empty');
    }
    if (run) segs.push(run);
    lines.push(segs);
  }
  lines.push([{ text: `${' '.repeat(axisWidth - 1)}└${'─'.repeat(cols)}`, role: 'axis' }]);
  if (c.marks && c.marks.size > 0) {
    const row = Array.from({ length: cols }, (_, i) => c.marks!.get(i) ?? ' ').join('');
    lines.push([{ text: ' '.repeat(axisWidth), role: 'empty' }, { text: row, role: 'mark' }]);
  } else lines.push([{ text: '', role: 'empty' }]);
  const under = Array.from({ length: cols }, () => ' ');
  for (const l of c.timeLabels) {
    const start = Math.max(0, Math.min(cols - displayWidth(l.text), l.column));
    for (let k = 0; k < l.text.length && start + k < cols; k++) under[start + k] = l.text[k]!;
  }
  lines.push([{ text: ' '.repeat(axisWidth) + under.join('').trimEnd(), role: 'label' }]);
  return lines;
}

/** Plain text of a laid-out chart (tests, and a terminal without colour). */
export function chartText(lines: readonly ChartLine[]): string[] {
  return lines.map((l) => l.map((s) => s.text).join(''));
}
