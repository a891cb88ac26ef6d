// Column layout for DataTable: which columns fit the width, and how wide each is. Pure, so it is tested directly.
import { displayWidth, fit, truncate } from '../format/width';
import type { Column } from '../columns/column';

export interface LaidOutColumn<T> {
  readonly column: Column<T>;
  readonly width: number;
}

/** Cells between columns. */
export const GAP = 1;
/** The marker cell at the left of each row: cursor or change sign. */
export const MARKER_WIDTH = 1;

/**
 * `sortKey`: the sorted column is laid out at least as wide as its title and the sort arrow, so sorting never cuts
 * its title short ("DEL…▲"); the cells come from the growing columns or, at worst, the lowest-priority ones.
 */
export function layoutColumns<T>(columnsIn: readonly Column<T>[], width: number, sortKey?: string): LaidOutColumn<T>[] {
  const avail = width - MARKER_WIDTH;
  const columns = columnsIn.map((c) => (c.key === sortKey && c.width < displayWidth(c.title) + 1 ? { ...c, width: displayWidth(c.title) + 1 } : c));
  const byPriority = columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.priority ?? 0) - (b.c.priority ?? 0) || a.i - b.i);
  const chosen = new Set<number>();
  let used = 0;
  for (const { c, i } of byPriority) {
    const need = c.width + (chosen.size > 0 ? GAP : 0);
    if (used + need > avail) {
      if ((c.priority ?? 0) === 0 && chosen.size === 0) {
        chosen.add(i); // always show at least the first essential column, truncated
        used = avail;
      }
      continue;
    }
    chosen.add(i);
    used += need;
  }
  const out = columns.map((c, i) => ({ c, i })).filter(({ i }) => chosen.has(i)).map(({ c }) => ({ column: c, width: c.width }));
  let spare = avail - used;
  if (out.length === 1 && out[0]!.width > avail) out[0] = { column: out[0]!.column, width: Math.max(1, avail) };
  // Give spare cells to growing columns, in order, up to their maximum.
  for (let k = 0; k < out.length && spare > 0; k++) {
    const col = out[k]!;
    if (!col.column.grow) continue;
    const max = col.column.maxWidth ?? Infinity;
    const extra = Math.min(spare, max - col.width);
    if (extra > 0) {
      out[k] = { column: col.column, width: col.width + extra };
      spare -= extra;
    }
  }
  return out;
}

/** One cell as drawn: the column's text cut and padded to its width. */
function cellText<T>(row: T, { column, width }: LaidOutColumn<T>): string {
  const text = column.render(row);
  return fit(column.cut === 'middle' ? cutMiddle(text, width) : text, width, column.align ?? 'left');
}

export function renderCells<T>(row: T, cols: readonly LaidOutColumn<T>[]): string {
  let line = '';
  for (let k = 0; k < cols.length; k++) {
    if (k > 0) line += ' '.repeat(GAP);
    line += cellText(row, cols[k]!);
  }
  return line;
}

/**
 * Whether a row shows anything different from its previous value, in the columns on screen (volatile ones aside):
 * a record whose unshown fields moved (a drifting uptime behind a rounded cell, a field no column draws) has not
 * changed as far as the table is concerned.
 */
export function cellsDiffer<T>(before: T, value: T, cols: readonly LaidOutColumn<T>[]): boolean {
  for (const c of cols) if (!c.column.volatile && cellText(before, c) !== cellText(value, c)) return true;
  return false;
}

/** Keep the start and the end of `s` within `width` cells, joined by "…" (IDs are ASCII, so cells = chars). */
export function cutMiddle(s: string, width: number): string {
  if (displayWidth(s) <= width || width < 5) return s;
  const tail = Math.floor((width - 1) / 3);
  const head = width - 1 - tail;
  return `${s.slice(0, head)}…${s.slice(s.length - tail)}`;
}

export function renderHeader<T>(cols: readonly LaidOutColumn<T>[], sortKey: string | undefined, sortDir: 'asc' | 'desc'): string {
  let line = '';
  for (let k = 0; k < cols.length; k++) {
    const { column, width } = cols[k]!;
    if (k > 0) line += ' '.repeat(GAP);
    const arrow = column.key === sortKey ? (sortDir === 'asc' ? '▲' : '▼') : '';
    // The arrow always shows: the title gives way to it in narrow columns.
    line += fit(arrow ? `${truncate(column.title, Math.max(0, width - 1))}${arrow}` : column.title, width, column.align ?? 'left');
  }
  return line;
}

/** The first row shown so that `cursor` is inside a window of `height` rows, starting from `scroll` if possible. */
export function windowStart(cursor: number, scroll: number, height: number, rowCount: number): number {
  const h = Math.max(1, height);
  let start = Math.max(0, Math.min(scroll, rowCount - 1));
  if (cursor < start) start = cursor;
  if (cursor >= start + h) start = cursor - h + 1;
  return Math.max(0, Math.min(start, Math.max(0, rowCount - h)));
}
