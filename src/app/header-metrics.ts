// What the header says from /ext/metrics: each chain still bootstrapping with its progress and ETA, and the host
// running short of disk or file descriptors. Pure: the rules are in domain/metrics, the words here; Header.tsx only
// places the parts.
import { bootstrapProgress, type BootstrapProgress } from '../domain/metrics/bootstrap';
import { resourceWarnings } from '../domain/metrics/warnings';
import type { MetricsSeries } from '../metrics/series';
import { CHAINS, type ChainAlias } from '../metrics/names';
import { formatBytes, formatCompact as compactCount, formatPercent } from '../format/number';
import { formatDuration } from '../format/time';

export interface HeaderMetricPart {
  readonly text: string;
  readonly tone: 'warn' | 'error';
}

/** Short enough for an 80-column header with all three chains: "P 29% ETA 1m 12s", "P fetched 57.1k" (rates: the pane). */
export function bootstrapPart(p: BootstrapProgress): string {
  if (p.phase === 'fetching') return `${p.chain} fetched ${compactCount(p.fetched)}`;
  const pct = p.done !== undefined ? formatPercent(p.done * 100, 0) : compactCount(p.accepted);
  return `${p.chain} ${pct}${p.etaMs !== undefined ? ` ETA ${formatDuration(p.etaMs)}` : ''}`;
}

export function headerMetricParts(
  series: MetricsSeries | undefined,
  bootstrapped: Readonly<Record<ChainAlias, boolean | undefined>>,
): HeaderMetricPart[] {
  const out: HeaderMetricPart[] = [];
  for (const c of CHAINS) {
    if (bootstrapped[c] !== false) continue;
    const p = bootstrapProgress(series, c);
    if (p) out.push({ text: bootstrapPart(p), tone: 'warn' });
  }
  for (const w of resourceWarnings(series)) {
    if (w.kind === 'disk') {
      const free = w.availableBytes !== undefined ? formatBytes(w.availableBytes) : formatPercent(w.availablePercent, 1);
      out.push({ text: `DISK ${free} free`, tone: 'error' });
    } else {
      out.push({ text: `FDS ${formatPercent((w.open / w.max) * 100, 0)} used`, tone: 'error' });
    }
  }
  return out;
}
