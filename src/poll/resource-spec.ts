// What one polled resource is (its key, calls, cadence and where its data goes) and the builder of a single-call
// one; the pane plan and the view plan both describe their polls with these.
import type { ResourceLens } from '../state/lenses';
import type { PollMeta } from '../state/resource';
import type { AvatopState } from '../state/store';
import type { BlockHeader } from '../state/types';
import type { MetricsGetter } from '../metrics/fetch';
import type { Decoders } from './decoders';

/**
 * tick: every interval. slow: every slow interval (cheap but rarely changing). once: until it succeeds (static
 * facts). height: when platform.getHeight moves, on refresh, or when older than the maximum age (heavy lists).
 */
export type Cadence = 'tick' | 'slow' | 'once' | 'height';

/** The narrow client the pollers need: the typed client from rpc/client satisfies it. */
export interface PollClient {
  call(name: string, params?: unknown, opts?: { signal?: AbortSignal }): Promise<unknown>;
  /** GET with a streamed body (/ext/metrics); a client without it polls no metrics. */
  getStream?: MetricsGetter['getStream'];
  onCall(listener: (e: { method: string; bytes: number; latencyMs: number; ok: boolean }) => void): unknown;
}

export interface FetchContext {
  readonly client: PollClient;
  readonly decoders: Decoders;
  readonly recentBlocks: number;
  /** Last P-chain height seen by the header poller. */
  height(): bigint | undefined;
  /** Block headers already fetched, by height: blocks never change, so each height is fetched once. */
  readonly blockCache: Map<bigint, BlockHeader>;
  /** The store as it is now (what a multi-call resource already knows). */
  state(): AvatopState;
  now(): number;
  readonly maxAgeMs: number;
}

export interface ResourceSpec {
  /** Unique per resource instance, e.g. `validators:<subnetID>`. */
  readonly key: string;
  /** The JSON-RPC method it calls (for accounting and bytes per resource). */
  readonly method: string;
  /** Its params, when it is a single call (for the benchmark's naive loop and debugging). */
  readonly params?: unknown;
  readonly cadence: Cadence;
  /** Answers 503 while the P-chain bootstraps. */
  readonly pchain: boolean;
  readonly lens: ResourceLens<any>;
  fetch(ctx: FetchContext, signal: AbortSignal): Promise<unknown>;
  /** Raw result → store data, given the data already in the store (for row diffs). Runs at apply time. */
  toData(prev: any, result: any): unknown;
  /** Other store writes a success makes (e.g. info.peers also sets the header's peer count). */
  also?(s: AvatopState, result: any, meta: PollMeta): AvatopState;
  /** A height-cadence resource that is cheap per height (recent blocks): follows every height, no floor. */
  everyHeight?: boolean;
  /** Custom cadence in ms, given the current state (overrides the cadence's interval). */
  intervalMs?(s: AvatopState, intervals: Intervals): number;
  /** The first poll of a resource with nothing to show yet may wait this long (kept out of the first frame's way). */
  initialDelayMs?: number;
}

export interface Intervals {
  readonly tickMs: number;
  readonly slowMs: number;
  readonly maxAgeMs: number;
}

/** The resource of one JSON-RPC call. */
export function call(
  key: string,
  method: string,
  params: unknown,
  cadence: Cadence,
  target: ResourceLens<any>,
  toData: (prev: any, result: any) => unknown,
  extra: Partial<ResourceSpec> = {},
): ResourceSpec {
  return {
    key,
    method,
    params,
    cadence,
    pchain: method.startsWith('platform.'),
    lens: target,
    fetch: (ctx, signal) => ctx.client.call(method, params, { signal }),
    toData,
    ...extra,
  };
}

/** A reply that maps to data without the data already in the store. */
export const ignorePrev =
  <R>(f: (r: unknown) => R) =>
  (_prev: unknown, r: unknown) =>
    f(r);
