// The metrics pane's lines from the history of readings: what to call each quantity, how to write its value, which
// series its sparkline draws, and when it needs attention. Pure, so it can be tested without a screen.
import { CHAINS, type ChainAlias } from '../../metrics/names';
import { gaugeSeries, latest, meanPer, rate, rateSeries, type MetricsSeries } from '../../metrics/series';
import { bootstrapProgress } from '../../domain/metrics/bootstrap';
import { diskLow, fdsNearLimit } from '../../domain/metrics/warnings';
import { formatBytes, formatCompact as compactCount, formatCount, formatPercent } from '../../format/number';
import { formatDuration } from '../../format/time';
import type { Tone } from '../../components/KeyValue';

export type MetricsLine =
  | { readonly section: string }
  | { readonly label: string; readonly value: string; readonly tone?: Tone; readonly spark?: readonly number[] };

const perSec = (v: number | undefined, unit: string, digits = 1) => (v === undefined ? '—' : `${v.toFixed(digits)} ${unit}/s`);
const bytesPerSec = (v: number | undefined) => (v === undefined ? '—' : `${formatBytes(v)}/s`);
const count = (v: number | undefined) => formatCount(v);
/** Consensus latencies are nanoseconds. */
const nsText = (ns: number | undefined) => (ns === undefined ? '—' : ns >= 1e9 ? `${(ns / 1e9).toFixed(2)} s` : `${Math.round(ns / 1e6)} ms`);

export interface ModelInput {
  readonly series: MetricsSeries | undefined;
  /** info.isBootstrapped per chain (false: still bootstrapping). */
  readonly bootstrapped: Readonly<Record<ChainAlias, boolean | undefined>>;
}

export function metricsLines({ series: s, bootstrapped }: ModelInput): MetricsLine[] {
  const has = (key: string) => latest(s, key) !== undefined;
  const out: MetricsLine[] = [];
  const add = (line: MetricsLine, key?: string) => {
    if (key === undefined || has(key)) out.push(line);
  };

  out.push({ section: 'Process' });
  const cpu = rate(s, 'cpuSeconds');
  add({ label: 'CPU', value: cpu === undefined ? '—' : `${formatPercent(cpu * 100, 0)} of a core`, spark: rateSeries(s, 'cpuSeconds') }, 'cpuSeconds');
  add({ label: 'resident memory', value: formatBytes(latest(s, 'residentBytes')), spark: gaugeSeries(s, 'residentBytes') }, 'residentBytes');
  const open = latest(s, 'openFds');
  const max = latest(s, 'maxFds');
  add(
    {
      label: 'file descriptors',
      value: `${count(open)} open of ${count(max)}${open !== undefined && max ? ` (${formatPercent((open / max) * 100, 1)})` : ''}`,
      tone: fdsNearLimit(open, max) ? 'warn' : undefined,
      spark: gaugeSeries(s, 'openFds'),
    },
    'openFds',
  );
  add({ label: 'goroutines', value: count(latest(s, 'goroutines')), spark: gaugeSeries(s, 'goroutines') }, 'goroutines');

  out.push({ section: 'Disk and database' });
  const free = latest(s, 'diskAvailableBytes');
  const freePct = latest(s, 'diskAvailablePercent');
  add(
    {
      label: 'disk available',
      value: `${formatBytes(free)}${freePct !== undefined ? ` (${formatPercent(freePct, 1)})` : ''}`,
      tone: diskLow(free, freePct) ? 'warn' : undefined,
      spark: gaugeSeries(s, 'diskAvailableBytes'),
    },
    'diskAvailableBytes',
  );
  add({ label: 'database reads', value: bytesPerSec(rate(s, 'dbReadBytes')), spark: rateSeries(s, 'dbReadBytes') }, 'dbReadBytes');
  add({ label: 'database writes', value: bytesPerSec(rate(s, 'dbWriteBytes')), spark: rateSeries(s, 'dbWriteBytes') }, 'dbWriteBytes');

  out.push({ section: 'Network' });
  add({ label: 'peers', value: count(latest(s, 'peers')), spark: gaugeSeries(s, 'peers') }, 'peers');
  const benched = latest(s, 'benched');
  add({ label: 'benched peers', value: count(benched), tone: benched ? 'warn' : undefined, spark: gaugeSeries(s, 'benched') }, 'benched');
  add({ label: 'bytes in', value: bytesPerSec(rate(s, 'netBytesIn')), spark: rateSeries(s, 'netBytesIn') }, 'netBytesIn');
  add({ label: 'bytes out', value: bytesPerSec(rate(s, 'netBytesOut')), spark: rateSeries(s, 'netBytesOut') }, 'netBytesOut');

  out.push({ section: 'Consensus (accepted blocks, mean issuance-to-acceptance latency, processing)' });
  for (const c of CHAINS) {
    const progress = bootstrapped[c] === false ? bootstrapProgress(s, c) : undefined;
    if (progress) {
      out.push({ label: `${c}-chain`, value: bootstrapText(progress), tone: 'warn', spark: rateSeries(s, progress.phase === 'fetching' ? `bsFetched:${c}` : `bsAccepted:${c}`) });
      continue;
    }
    if (!has(`accepted:${c}`)) continue;
    const processing = latest(s, `processing:${c}`);
    out.push({
      label: `${c}-chain`,
      value: `${perSec(rate(s, `accepted:${c}`), 'blk', 2)} · ${nsText(meanPer(s, `acceptedLatencyNs:${c}`, `accepted:${c}`))} · ${count(processing)} processing`,
      spark: rateSeries(s, `accepted:${c}`),
    });
  }

  out.push({ section: 'Node' });
  const failing = latest(s, 'healthFailing');
  add({ label: 'failing health checks', value: count(failing), tone: failing ? 'error' : 'ok', spark: gaugeSeries(s, 'healthFailing') }, 'healthFailing');
  add({ label: 'API calls', value: perSec(rate(s, 'apiCalls'), 'call', 2), spark: rateSeries(s, 'apiCalls') }, 'apiCalls');
  return out;
}

/** "fetched 57.1k (3.0k/s)" while fetching; "accepted 26.2k of 90.0k, 29% · ETA 1m 12s" while executing. */
export function bootstrapText(p: NonNullable<ReturnType<typeof bootstrapProgress>>): string {
  if (p.phase === 'fetching') {
    return `bootstrapping: fetched ${compactCount(p.fetched)}${p.fetchRate !== undefined ? ` (${compactCount(p.fetchRate)}/s)` : ''}`;
  }
  const pct = p.done !== undefined ? `, ${formatPercent(p.done * 100, 0)}` : '';
  const eta = p.etaMs !== undefined ? ` · ETA ${formatDuration(p.etaMs)}` : '';
  return `bootstrapping: accepted ${compactCount(p.accepted)} of ${compactCount(p.fetched)}${pct}${eta}`;
}
