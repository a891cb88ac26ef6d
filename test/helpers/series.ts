// A metrics series built from readings given as [time, values], the way the scheduler appends /ext/metrics pages.
import { appendReading, type MetricsSeries } from '../../src/metrics/series';

export function seriesOf(points: Array<[number, Record<string, number>]>): MetricsSeries | undefined {
  let s: MetricsSeries | undefined;
  for (const [at, values] of points) s = appendReading(s, at, { values, from: {}, skipped: 0, bytes: 0 });
  return s;
}
