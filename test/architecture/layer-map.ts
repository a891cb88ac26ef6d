// The layer map as data, read from its one written form: the table between the `layers:start` and `layers:end`
// markers in docs/architecture.md (rows lowest layer first; `may import` lists folder names in backticks).

export interface LayerMap {
  /** Position in the table, lowest layer 0. */
  readonly rank: ReadonlyMap<string, number>;
  readonly allowed: ReadonlyMap<string, ReadonlySet<string>>;
}

export function readLayerMap(markdown: string): LayerMap {
  const start = markdown.indexOf('<!-- layers:start -->');
  const end = markdown.indexOf('<!-- layers:end -->');
  if (start < 0 || end < start) throw new Error('docs/architecture.md has no layers:start … layers:end table');
  const rank = new Map<string, number>();
  const allowed = new Map<string, Set<string>>();
  for (const line of markdown.slice(start, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const folder = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!folder) continue;
    if (rank.has(folder)) throw new Error(`layers table: ${folder} has two rows`);
    rank.set(folder, rank.size);
    allowed.set(folder, new Set([...(cells[2] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  }
  if (rank.size === 0) throw new Error('layers table has no rows');
  return { rank, allowed };
}
