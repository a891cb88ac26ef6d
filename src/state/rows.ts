// Keyed row lists: each poll of a list is diffed by key against the previous one so tables can highlight what
// was added or changed, and show a removed row for one more cycle before it disappears.
import { keepIdentity } from './equal';

export type RowChange = 'added' | 'changed' | 'same' | 'removed';

export interface Row<T> {
  readonly key: string;
  readonly value: T;
  readonly change: RowChange;
  /**
   * The value of the previous poll, on a 'changed' row only: a table marks the row changed when what it shows for
   * it differs (components/DataTable.tsx), not whenever a field it does not show moved. Held until the next poll.
   */
  readonly before?: T;
}

export interface RowList<T> {
  readonly rows: readonly Row<T>[];
  /** Rows still present on the node (rows minus the ones kept for one cycle as 'removed'). */
  readonly size: number;
}

/**
 * Diff `items` against `prev` by key. With no previous list (first load) nothing is flagged, so the screen does
 * not light up entirely on start. Rows that keep the same value and flag keep their object identity.
 */
export function diffRows<T>(
  prev: RowList<T> | undefined,
  items: readonly T[],
  keyOf: (item: T) => string,
): RowList<T> {
  const before = new Map<string, Row<T>>();
  if (prev) for (const row of prev.rows) before.set(row.key, row);
  const seen = new Set<string>();
  const rows: Row<T>[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue; // the node may repeat an entry (e.g. across UTXO pages); the first wins
    seen.add(key);
    const old = before.get(key);
    let change: RowChange;
    let value: T;
    if (!prev) {
      change = 'same';
      value = item;
    } else if (!old || old.change === 'removed') {
      change = 'added';
      value = item;
    } else {
      value = keepIdentity(old.value, item);
      change = value === old.value ? 'same' : 'changed';
    }
    if (old && old.value === value && old.change === change) rows.push(old);
    else rows.push(change === 'changed' ? { key, value, change, before: old!.value } : { key, value, change });
  }
  const size = rows.length;
  if (prev) {
    // A row gone from this poll is shown once more, flagged; one already flagged last time is dropped now.
    for (const old of prev.rows) {
      if (seen.has(old.key) || old.change === 'removed') continue;
      rows.push({ key: old.key, value: old.value, change: 'removed' });
    }
  }
  if (prev && prev.size === size && prev.rows.length === rows.length && rows.every((r, i) => r === prev.rows[i])) {
    return prev;
  }
  return { rows, size };
}

/**
 * The list as it is: nothing flagged, nothing of the previous poll kept or compared. For a reader that shows no
 * changes (the exporter): diffing a list whose every row changes at each poll (info.peers' lastSent) costs a deep
 * compare per row and keeps the old value beside the new.
 */
export function plainRows<T>(items: readonly T[], keyOf: (item: T) => string): RowList<T> {
  const seen = new Set<string>();
  const rows: Row<T>[] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({ key, value: item, change: 'same' });
  }
  return { rows, size: rows.length };
}

/** Values of the rows still present (drops the 'removed' ones). */
export function liveValues<T>(list: RowList<T> | undefined): T[] {
  if (!list) return [];
  return list.rows.filter((r) => r.change !== 'removed').map((r) => r.value);
}
