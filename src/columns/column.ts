// A table's columns as data: one row per column says how the screen lays it out and draws its cell, how it sorts
// and filters, and how `avatop get` prints it. The screen's DataTable and `get`'s text table read the same rows,
// so a column added here shows in both (k9s's header-and-row renderers are the model).
import type { Align } from '../format/width';

/** A column as `avatop get` prints it: plain text, full values, no layout. */
export interface TextColumn<Row> {
  readonly title: string;
  readonly align?: Align;
  value(row: Row): string;
}

export interface Column<T> {
  readonly key: string;
  readonly title: string;
  /** Minimum width in cells. */
  readonly width: number;
  /** Extra width a growing column may take beyond `width`. */
  readonly maxWidth?: number;
  readonly grow?: boolean;
  readonly align?: Align;
  /** Lower numbers stay longer: when the terminal narrows, the highest numbers drop first. 0 never drops. */
  readonly priority?: number;
  /** Cell text; must already be sanitized (node strings pass through `sanitize`). */
  readonly render: (row: T) => string;
  /** Sort by this; absent means the column is not sortable. */
  readonly sortValue?: (row: T) => string | number | bigint | undefined;
  /**
   * The cell moves on every poll by its nature (a peer's last-message age): a change in it alone does not mark the
   * row changed ("~"), or every row would carry the marker after every refresh.
   */
  readonly volatile?: boolean;
  /** Cut long text in the middle ("NodeID-7Xhw2m…St3Lg") rather than at the end, keeping both ends of IDs. */
  readonly cut?: 'end' | 'middle';
  /** Text the `/` filter matches (plain words and `/KEY:text`); defaults to the rendered cell. */
  readonly filterText?: (row: T) => string;
  /** The number `/KEY<n` and `/KEY>n` compare; defaults to the first number in the cell as shown ("89.5%" → 89.5). */
  readonly filterNumber?: (row: T) => number | undefined;
  /**
   * How `avatop get` prints the column: `false` leaves it out (a figure only a live screen needs, like an age);
   * otherwise its own title, alignment or text (full IDs and exact amounts where the screen shortens them), each
   * defaulting to the screen's.
   */
  readonly get?: false | { readonly title?: string; readonly align?: Align; readonly value?: (row: T) => string };
}

/** The columns `avatop get` prints, in the screen's order. */
export function textColumns<T>(columns: readonly Column<T>[]): TextColumn<T>[] {
  const out: TextColumn<T>[] = [];
  for (const c of columns) {
    if (c.get === false) continue;
    out.push({ title: c.get?.title ?? c.title, align: c.get?.align ?? c.align, value: c.get?.value ?? c.render });
  }
  return out;
}
