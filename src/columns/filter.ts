// The `/` filter of a table. Plain words match anywhere in a row, as they always did; a word that names a column
// asks that column only: `conn:no` (its text contains "no"), `conn=no` (its text is "no"), `uptime<90`,
// `weight>=2000` (the number in its cell as shown). `/NO` alone matches every row through "NodeID-"; `/conn:no`
// matches the disconnected ones. A word whose name is no column (an IP's `1.2.3.4:9651`) stays a plain word.
import type { Column } from './column';

export type FilterOp = ':' | '=' | '<' | '<=' | '>' | '>=';

export interface ColumnTerm<T> {
  readonly column: Column<T>;
  readonly op: FilterOp;
  /** Lower-cased text for `:` and `=`. */
  readonly text: string;
  /** The bound for `<`, `<=`, `>`, `>=`. */
  readonly number: number;
}

export interface TableFilter<T> {
  /** Lower-cased words matched anywhere in the row, as one phrase; empty when there are none. */
  readonly text: string;
  readonly terms: readonly ColumnTerm<T>[];
}

const TERM = /^([a-z][\w.]*)(<=|>=|:|=|<|>)(.*)$/i;

/** The column a filter word names: its key or title, whole (any case) first, else the first that begins so. */
export function columnNamed<T>(columns: readonly Column<T>[], name: string): Column<T> | undefined {
  const n = name.toLowerCase();
  const names = (c: Column<T>) => [c.key.toLowerCase(), c.title.toLowerCase()];
  return columns.find((c) => names(c).includes(n)) ?? columns.find((c) => names(c).some((x) => x.startsWith(n)));
}

export function parseFilter<T>(filter: string, columns: readonly Column<T>[]): TableFilter<T> {
  const words = filter.trim().split(/\s+/).filter(Boolean);
  const terms: ColumnTerm<T>[] = [];
  const rest: string[] = [];
  for (const w of words) {
    const m = TERM.exec(w);
    const column = m ? columnNamed(columns, m[1]!) : undefined;
    const op = m?.[2] as FilterOp | undefined;
    const value = m?.[3] ?? '';
    const number = Number(value.replace(/,/g, ''));
    const numeric = op === '<' || op === '<=' || op === '>' || op === '>=';
    if (!column || !op || value === '' || (numeric && !Number.isFinite(number))) rest.push(w);
    else terms.push({ column, op, text: value.toLowerCase(), number });
  }
  // Without column words the phrase is the filter as typed (spaces inside it kept), as before column words existed.
  return { text: (terms.length === 0 ? filter.trim() : rest.join(' ')).toLowerCase(), terms };
}

/** The first number in a cell as shown: "89.5%" → 89.5, "2,000.5" → 2000.5, "—" → undefined. */
export function numberInCell(text: string): number | undefined {
  const m = /-?\d[\d,]*(\.\d+)?/.exec(text);
  return m ? Number(m[0].replace(/,/g, '')) : undefined;
}

export function termMatches<T>(term: ColumnTerm<T>, row: T): boolean {
  const c = term.column;
  if (term.op === ':' || term.op === '=') {
    const text = (c.filterText ? c.filterText(row) : c.render(row)).trim().toLowerCase();
    return term.op === ':' ? text.includes(term.text) : text === term.text;
  }
  const n = c.filterNumber ? c.filterNumber(row) : numberInCell(c.render(row));
  if (n === undefined || Number.isNaN(n)) return false;
  switch (term.op) {
    case '<':
      return n < term.number;
    case '<=':
      return n <= term.number;
    case '>':
      return n > term.number;
    default:
      return n >= term.number;
  }
}

/** Every searchable cell of a row, lower-cased: what plain words are looked for in. */
export function haystackOf<T>(value: T, columns: readonly Column<T>[]): string {
  return columns.map((c) => (c.filterText ? c.filterText(value) : c.render(value))).join('\u0000').toLowerCase();
}

/**
 * The rows a filter keeps. `haystack` may be a cache of `haystackOf` per row (sparing the formatting of every cell
 * of 10,000 rows on each key press).
 */
export function filterRows<R extends { readonly value: T }, T>(
  rows: readonly R[],
  columns: readonly Column<T>[],
  filter: string,
  haystack: (row: R) => string = (r) => haystackOf(r.value, columns),
): readonly R[] {
  if (!filter.trim()) return rows;
  const { text, terms } = parseFilter(filter, columns);
  // Plain words alone (the usual case) cost one substring search per row, as before column words existed.
  if (terms.length === 0) return rows.filter((r) => haystack(r).includes(text));
  return rows.filter((r) => (!text || haystack(r).includes(text)) && terms.every((t) => termMatches(t, r.value)));
}
