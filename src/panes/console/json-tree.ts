// A JSON value as a navigable tree: the visible rows given which paths are expanded. Pure.
import { sanitize } from '../../format/sanitize';

export interface TreeRow {
  /** JSON-pointer-like path of this node ("" for the root). */
  readonly path: string;
  readonly depth: number;
  readonly key: string;
  /** Objects and arrays can be folded. */
  readonly container: boolean;
  readonly expanded: boolean;
  /** The value text for a leaf, or a summary for a container. */
  readonly text: string;
  /** The leaf's value as text, for copying. */
  readonly copy?: string;
  /** A secret the user has not revealed (shown masked). */
  readonly masked?: boolean;
}

export interface TreeOptions {
  readonly expanded: ReadonlySet<string>;
  /** Paths whose values are hidden until revealed (exported keys). */
  readonly isSecret?: (path: string, value: unknown) => boolean;
  readonly revealed?: boolean;
  /** Cap on rows produced (huge replies): the rest is summarized. */
  readonly maxRows?: number;
}

function leafText(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(sanitize(v));
  if (typeof v === 'bigint') return v.toString();
  if (v === null) return 'null';
  return sanitize(String(v));
}

function summary(v: unknown): string {
  if (Array.isArray(v)) return `[…] ${v.length} item${v.length === 1 ? '' : 's'}`;
  const n = Object.keys(v as object).length;
  return `{…} ${n} key${n === 1 ? '' : 's'}`;
}

const isContainer = (v: unknown) => v !== null && typeof v === 'object';

export function treeRows(value: unknown, opts: TreeOptions): TreeRow[] {
  const rows: TreeRow[] = [];
  const max = opts.maxRows ?? 20_000;
  const visit = (v: unknown, path: string, key: string, depth: number) => {
    if (rows.length >= max) return;
    if (isContainer(v)) {
      const expanded = opts.expanded.has(path);
      rows.push({ path, depth, key, container: true, expanded, text: summary(v) });
      if (!expanded) return;
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as object);
      for (const [k, x] of entries) visit(x, `${path}/${k}`, sanitize(k), depth + 1);
      return;
    }
    const secret = opts.isSecret?.(path, v) === true;
    const masked = secret && !opts.revealed;
    rows.push({
      path,
      depth,
      key,
      container: false,
      expanded: false,
      text: masked ? '•'.repeat(12) + '  (v reveals)' : leafText(v),
      copy: typeof v === 'string' ? v : leafText(v),
      masked,
    });
  };
  visit(value, '', 'result', 0);
  if (rows.length >= max) rows.push({ path: '\u0000more', depth: 0, key: '…', container: false, expanded: false, text: `more rows not shown (over ${max})` });
  return rows;
}

/** The root and its direct children open: a first look that fits on screen. */
export function initialExpanded(value: unknown): Set<string> {
  const s = new Set<string>(['']);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) if (v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length <= 20 : Object.keys(v).length <= 20)) s.add(`/${k}`);
  }
  return s;
}

export function toggle(expanded: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(expanded);
  if (next.has(path)) next.delete(path);
  else next.add(path);
  return next;
}
