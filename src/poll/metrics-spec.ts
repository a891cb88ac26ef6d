// The node's /ext/metrics as a polled resource. The metrics pane reads it every tick (the byte budget stretches that
// to about 7 s for a real node's 215 KB); elsewhere the header reads it slowly for its disk and file-descriptor
// warnings, and every tick while a chain bootstraps (its progress and ETA need a rate). Each reading is appended to
// a short history in the store.
import { METRICS_PATH, readMetrics, type MetricsReading } from '../metrics/fetch';
import { appendReading, type MetricsSeries } from '../metrics/series';
import { lens } from '../state/lenses';
import type { AvatopState } from '../state/store';
import type { ResourceSpec } from './resource-spec';
import { afterUpgradeFacts } from './upgrade-watch';

/** The header's first reading waits this long: the first frame waits for the first answers, not for 215 KB. */
export const HEADER_METRICS_DELAY_MS = 3_000;

type Timed = MetricsReading & { readonly at: number };

export function anyChainBootstrapping(s: AvatopState): boolean {
  const b = s.node.bootstrapped;
  return b.P.data === false || b.X.data === false || b.C.data === false;
}

export function metricsSpec(forWhat: 'pane' | 'header'): ResourceSpec {
  return {
    key: forWhat === 'pane' ? 'metrics' : 'metrics:slow',
    method: METRICS_PATH,
    cadence: forWhat === 'pane' ? 'tick' : 'slow',
    pchain: false,
    lens: lens.metrics,
    ...(forWhat === 'header'
      ? {
          intervalMs: (s: AvatopState, i: { tickMs: number; slowMs: number }) => (anyChainBootstrapping(s) ? i.tickMs : i.slowMs),
          initialDelayMs: HEADER_METRICS_DELAY_MS,
        }
      : {}),
    async fetch(ctx, signal): Promise<Timed> {
      const getter = ctx.client.getStream;
      if (!getter) throw new Error('this client cannot read /ext/metrics');
      const reading = await readMetrics({ getStream: getter.bind(ctx.client) }, { signal });
      return { ...reading, at: ctx.now() };
    },
    toData: (prev: MetricsSeries | undefined, r: Timed) => appendReading(prev, r.at, r),
    // avalanche_upgrade_time_until feeds the upgrade-deadline rule.
    also: afterUpgradeFacts,
  };
}
