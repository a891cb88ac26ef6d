// Sorting and counting for tables: pure functions the panes use before handing rows to DataTable (the filter is
// columns/filter.ts).
import type { Column } from '../columns/column';

export interface TableRow<T> {
  readonly key: string;
  readonly value: T;
  readonly change?: 'added' | 'changed' | 'same' | 'removed';
  /** The previous poll's value of a 'changed' row: the row shows "~" only if its cells differ from these. */
  readonly before?: T;
}

/**
 * A store row as another table's row (a pane shows what it derives from the record): the previous value is
 * derived alike, so "changed" still means the cells this table shows changed.
 */
export function mapRow<T, U>(row: { readonly key: string; readonly value: T; readonly change?: TableRow<T>['change']; readonly before?: T }, key: string, f: (value: T) => U): TableRow<U> {
  return row.before === undefined ? { key, change: row.change, value: f(row.value) } : { key, change: row.change, value: f(row.value), before: f(row.before) };
}

function compare(a: string | number | bigint | undefined, b: string | number | bigint | undefined): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return 1; // missing values last whatever the direction
  if (b === undefined) return -1;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    const x = typeof a === 'bigint' ? a : BigInt(Math.trunc(Number(a)));
    const y = typeof b === 'bigint' ? b : BigInt(Math.trunc(Number(b)));
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Number(a) - Number(b);
}

export function sortRows<T>(
  rows: readonly TableRow<T>[],
  columns: readonly Column<T>[],
  sortKey: string | undefined,
  dir: 'asc' | 'desc',
): readonly TableRow<T>[] {
  const col = columns.find((c) => c.key === sortKey && c.sortValue);
  if (!col || !col.sortValue) return rows;
  const get = col.sortValue;
  // Decorate once: sortValue may format or parse, and a 10,000-row sort calls the comparator ~130,000 times.
  const decorated = rows.map((r, i) => ({ r, v: get(r.value), i }));
  const sign = dir === 'asc' ? 1 : -1;
  decorated.sort((a, b) => {
    if (a.v === undefined || b.v === undefined) return compare(a.v, b.v) || a.i - b.i;
    return sign * compare(a.v, b.v) || a.i - b.i;
  });
  return decorated.map((d) => d.r);
}

/** Sortable column keys in order; `s` steps through them. */
export function sortableKeys<T>(columns: readonly Column<T>[]): string[] {
  return columns.filter((c) => c.sortValue).map((c) => c.key);
}

export function nextSortKey<T>(columns: readonly Column<T>[], current: string | undefined): string | undefined {
  const keys = sortableKeys(columns);
  if (keys.length === 0) return undefined;
  const i = current === undefined ? -1 : keys.indexOf(current);
  return keys[(i + 1) % keys.length];
}

export interface TableCounts {
  /** Rows still there: what the pane counts, and what its header figure must agree with. */
  readonly live: number;
  /** Rows kept one more update only to show that they went away: marked, never counted. */
  readonly removed: number;
  /** The cursor's place among the live rows (1-based), or undefined when it sits on a removed row. */
  readonly position: number | undefined;
}

export function tableCounts<T>(rows: readonly TableRow<T>[], cursor: number): TableCounts {
  let live = 0;
  let position: number | undefined;
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.change === 'removed') continue;
    live++;
    if (i === cursor) position = live;
  }
  return { live, removed: rows.length - live, position };
}
