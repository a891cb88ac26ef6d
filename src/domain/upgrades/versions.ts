// Node software versions: "avalanchego/1.14.2" parsing, ordering and breakdowns.
import { sanitize } from '../../format/sanitize';

/**
 * Versions read, by text: a network runs a handful of releases, and the exporter's upgrade rule compares its node's
 * against each public activation's at every scrape of every node (a regex and an array each time). Bounded: the texts
 * come from nodes.
 */
const parsed = new Map<string, readonly number[] | undefined>();
const PARSED_AT_MOST = 256;

export function parseVersion(v: string | undefined): readonly number[] | undefined {
  const text = v ?? '';
  if (parsed.has(text)) return parsed.get(text);
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  const out = m ? Object.freeze([Number(m[1]), Number(m[2]), Number(m[3])]) : undefined;
  if (parsed.size >= PARSED_AT_MOST) parsed.clear();
  parsed.set(text, out);
  return out;
}

export function compareVersions(a: string | undefined, b: string | undefined): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

export function shortVersion(v: string | undefined): string {
  const s = sanitize(v ?? '');
  return s.replace(/^avalanchego\//, 'v') || '—';
}

export interface VersionShare {
  readonly version: string;
  readonly count: number;
  readonly share: number;
  /** Stake behind this version, when weights are known. */
  readonly weight?: bigint;
  readonly weightShare?: number;
}

/** Count (and weigh) versions; newest first. */
export function versionBreakdown(items: ReadonlyArray<{ version: string; weight?: bigint }>): VersionShare[] {
  const by = new Map<string, { count: number; weight: bigint }>();
  let totalWeight = 0n;
  for (const it of items) {
    const v = shortVersion(it.version);
    const e = by.get(v) ?? { count: 0, weight: 0n };
    e.count += 1;
    e.weight += it.weight ?? 0n;
    totalWeight += it.weight ?? 0n;
    by.set(v, e);
  }
  const total = items.length || 1;
  return [...by.entries()]
    .map(([version, e]) => ({
      version,
      count: e.count,
      share: (e.count / total) * 100,
      weight: e.weight,
      weightShare: totalWeight > 0n ? Number((e.weight * 1_000_000n) / totalWeight) / 10_000 : undefined,
    }))
    .sort((a, b) => -compareVersions(a.version, b.version) || b.count - a.count);
}

/** The newest version seen; peers behind it (by minor or major) count as outdated. */
export function newestVersion(versions: readonly string[]): string | undefined {
  let best: string | undefined;
  let passed: string | undefined;
  for (const v of versions) {
    // Peers mostly run a few releases: the same text as the last one looked at is not parsed again (10,723 peers
    // parsed three times at each render were a tenth of what the peers pane allocated on opening).
    if (v === best || v === passed) continue;
    if (parseVersion(v) && (best === undefined || compareVersions(v, best) > 0)) best = v;
    else passed = v;
  }
  return best;
}

export function isOutdated(v: string | undefined, newest: string | undefined): boolean {
  const x = parseVersion(v);
  const y = parseVersion(newest);
  if (!x || !y) return false;
  return x[0]! < y[0]! || (x[0] === y[0] && x[1]! < y[1]!);
}

/**
 * Share (0-1) of connected peers' stake that runs a newer avalanchego than `own`: how far this node lags the
 * network. Undefined until both the peers and their stakes are known.
 */
export function newerVersionStakeShare(
  own: string | undefined,
  peers: ReadonlyArray<{ nodeID: string; version?: unknown }>,
  weights: ReadonlyMap<string, bigint>,
): number | undefined {
  if (parseVersion(own) === undefined || peers.length === 0 || weights.size === 0) return undefined;
  let total = 0n;
  let newer = 0n;
  // A network runs a handful of releases: each compared once, not once per peer (1,590 on mainnet).
  const isNewer = new Map<string, boolean>();
  for (let i = 0; i < peers.length; i++) {
    const p = peers[i]!;
    const w = weights.get(p.nodeID);
    if (w === undefined) continue;
    total += w;
    const version = String(p.version ?? '');
    let n = isNewer.get(version);
    if (n === undefined) isNewer.set(version, (n = compareVersions(version, own) > 0));
    if (n) newer += w;
  }
  if (total === 0n) return undefined;
  return Number((newer * 1_000_000n) / total) / 1_000_000;
}
