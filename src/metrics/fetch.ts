// GET /ext/metrics through the node's transport, parsed while it arrives. Only the names avatop reads are kept, so
// memory stays small whatever the node serves; the byte cap refuses a runaway body before it is all read.
import { AvatopError, HttpError, ResponseTooLargeError } from '../rpc/errors';
import type { GetStreamOptions, GetStreamResult } from '../rpc/transport';
import { createExpositionParser } from './exposition';
import { isWanted } from './names';
import { createResolver, type Resolved } from './resolve';

export const METRICS_PATH = '/ext/metrics';
/** A v1.14 node with the primary network serves about 215 KB; a node tracking many L1s serves more. */
export const METRICS_MAX_BYTES = 8 * 1024 * 1024;
/** What promhttp serves without content negotiation; asking for it keeps protobuf and OpenMetrics out. */
const ACCEPT = 'text/plain; version=0.0.4';

export interface MetricsGetter {
  getStream(path: string, options: GetStreamOptions): Promise<GetStreamResult>;
}

export interface MetricsReading extends Resolved {
  /** Lines in the reply, and how many did not follow the format (skipped). */
  readonly lines: number;
  readonly skipped: number;
  readonly bytes: number;
}

/** The node does not serve /ext/metrics (404): its metrics API is off. Polled again only after a long wait. */
export class MetricsUnavailableError extends AvatopError {
  readonly unsupported = true;
  readonly reason = 'the node does not serve /ext/metrics (its metrics API is off: --api-metrics-enabled=false)';
  constructor(cause: HttpError) {
    super({
      short: 'metrics API off (HTTP 404 on /ext/metrics)',
      detail: cause.detail,
      hint: 'avalanchego serves /ext/metrics unless started with --api-metrics-enabled=false; a proxy may also hide the path.',
      cause,
    });
    this.name = 'MetricsUnavailableError';
  }
}

/** A page past the cap: refused (and the connection dropped) rather than read. */
export class MetricsTooLargeError extends AvatopError {
  constructor(cause: ResponseTooLargeError) {
    super({
      short: `metrics page larger than ${Math.round(cause.limit / 1024 / 1024)} MiB: refused`,
      detail: cause.detail,
      hint: 'avalanchego serves about 230 KB; check --url points at the node and not something else. The last good values stay.',
      cause,
    });
    this.name = 'MetricsTooLargeError';
  }
}

/** A 200 reply in which no line was avalanchego's metrics. */
export class MetricsFormatError extends AvatopError {
  constructor(url: string, lines: number, skipped: number) {
    super({
      short: skipped > 0 ? 'metrics reply is not Prometheus text' : 'no avalanchego metrics in the reply',
      detail: `${url}${METRICS_PATH} answered ${lines} lines, ${skipped} of them unreadable, and none of the metrics avatop reads.`,
      hint: 'Check that --url points at avalanchego (not a proxy page or another exporter).',
    });
    this.name = 'MetricsFormatError';
  }
}

export async function readMetrics(
  getter: MetricsGetter,
  opts: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number; url?: string } = {},
): Promise<MetricsReading> {
  const resolver = createResolver();
  const parser = createExpositionParser({ want: isWanted, onSample: resolver.add });
  let res: GetStreamResult;
  try {
    res = await getter.getStream(METRICS_PATH, {
      signal: opts.signal,
      timeoutMs: opts.timeoutMs,
      maxBytes: opts.maxBytes ?? METRICS_MAX_BYTES,
      accept: ACCEPT,
      onText: (t) => parser.push(t),
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw new MetricsUnavailableError(err);
    if (err instanceof ResponseTooLargeError) throw new MetricsTooLargeError(err);
    throw err;
  }
  const stats = parser.end();
  const resolved = resolver.result();
  if (Object.keys(resolved.values).length === 0) throw new MetricsFormatError(opts.url ?? '', stats.lines, stats.skipped);
  return { ...resolved, lines: stats.lines, skipped: stats.skipped, bytes: res.bytes };
}
