// What one polled resource is (its key, calls, cadence and where its data goes), the builder of a single-call one,
// and what a pane's or a view's poll plan is: a list of them for what the store holds now.
import type { ResourceLens } from '../state/lenses';
import type { PollMeta } from '../state/resource';
import type { AvatopState } from '../state/store';
import type { NavView } from '../state/ui';
import type { BlockHeader } from '../state/types';
import type { MetricsGetter } from '../metrics/fetch';
import type { MethodName, ParamsOf, ResultOf } from '../rpc/methods';
import type { ClientCallOptions } from '../rpc/client';
import type { MethodReading } from '../rpc/methods/define';
import type { z } from 'zod';
import type { METRICS_PATH } from '../metrics/fetch';
import type { Decoders } from './decoders';
import type { BlockChanges } from '../domain/staking/block-changes';
import type { BlockJournal } from './block-journal';

/**
 * tick: every interval. slow: every slow interval (cheap but rarely changing). once: until it succeeds (static
 * facts). height: when platform.getHeight moves, on refresh, or when older than the maximum age (heavy lists).
 */
export type Cadence = 'tick' | 'slow' | 'once' | 'height';

/** The narrow client the pollers need: the typed client from rpc/client satisfies it. */
export interface PollClient {
  /** Results arrive as the method's schema output (bigint, Date, numbers): the store keeps them as they come. */
  /** `onDone` hears this call's own report (poll/call-usage.ts charges it to the resource that made the call). */
  call<N extends MethodName>(name: N, params?: ParamsOf<N>, opts?: Pick<ClientCallOptions, 'signal' | 'onDone' | 'list'>): Promise<ResultOf<N>>;
  /** A method's reply read for a few of its values (rpc/methods/define.ts MethodReading); a client without it calls. */
  read?<N extends MethodName, R extends z.ZodType>(reading: MethodReading<N, R>, params?: ParamsOf<N>, opts?: Pick<ClientCallOptions, 'signal' | 'onDone'>): Promise<z.output<R>>;
  /** GET with a streamed body (/ext/metrics); a client without it polls no metrics. */
  getStream?: MetricsGetter['getStream'];
  onCall(listener: (e: PollCallEvent) => void): unknown;
}
export type PollCallEvent = { method: string; bytes: number; latencyMs: number; ok: boolean };

/** What a reply's transform is given besides the reply: the codec (blocks, txs and UTXOs arrive as hex). */
export interface DecodeContext {
  readonly decoders: Decoders;
}

/** The one context every resource is given: the client, the codec, and what the scheduler knows now. */
export interface FetchContext extends DecodeContext {
  readonly client: PollClient;
  readonly recentBlocks: number;
  /** Last P-chain height seen by the header poller. */
  height(): bigint | undefined;
  /** Block headers already fetched, by height: blocks never change, so each height is fetched once. */
  readonly blockCache: Map<bigint, BlockHeader>;
  /** The store as it is now (what a multi-call resource already knows). */
  state(): AvatopState;
  now(): number;
  readonly maxAgeMs: number;
  /**
   * The block watcher (blockWatchSpec) read these accepted blocks, or could not read every block since the last
   * ('gap'): resources that change only with such blocks (`changesWith`) are fetched again.
   */
  blocksAccepted?(changes: readonly BlockChanges[] | 'gap'): void;
  /** What the block watcher read, block by block (lists patched by it ask what changed since their reading). */
  readonly blockJournal?: BlockJournal;
}

/**
 * One polled resource: `R` is what its fetch returns (a method's result for a single call), `T` the data its lens
 * keeps in the store. Lists of specs leave both open (`ResourceSpec[]`).
 */
export interface ResourceSpec<T = any, R = any> {
  /** Unique per resource instance, e.g. `validators:<subnetID>`. */
  readonly key: string;
  /** The JSON-RPC method it calls, or the metrics path (for accounting and bytes per resource). */
  readonly method: MethodName | typeof METRICS_PATH;
  /** Its params, when it is a single call (for the benchmark's naive loop and debugging). */
  readonly params?: unknown;
  readonly cadence: Cadence;
  /** Answers 503 while the P-chain bootstraps. */
  readonly pchain: boolean;
  readonly lens: ResourceLens<T>;
  fetch(ctx: FetchContext, signal: AbortSignal): Promise<R>;
  /** Result → store data, given the data already in the store (for row diffs). Runs at apply time. */
  toData(prev: T | undefined, result: R, ctx: DecodeContext): T;
  /** Other store writes a success makes (e.g. info.peers also sets the header's peer count). */
  also?(s: AvatopState, result: R, meta: PollMeta): AvatopState;
  /**
   * false: the data is stored as `toData` made it, not walked against the last reading to keep its equal parts'
   * objects (state/equal.ts keepIdentity). For data new at every reading that nothing memoizes by part: the exporter's
   * peer list, where the walk copied all 1,590 peers of a mainnet node at each reading. Default true.
   */
  readonly keepIdentity?: boolean;
  /** A height-cadence resource that is cheap per height (recent blocks): follows every height, no floor. */
  everyHeight?: boolean;
  /**
   * Custom cadence in ms, given the current state (overrides the cadence's interval) and whether its last poll
   * failed (asked right after a poll, before the batched store write of its answer lands).
   */
  intervalMs?(s: AvatopState, intervals: Intervals, last?: { readonly failing: boolean }): number;
  /** The first poll of a resource with nothing to show yet may wait this long (kept out of the first frame's way). */
  initialDelayMs?: number;
  /**
   * A height-cadence resource that changes only with certain blocks (a validator set with staking and reward txs):
   * while the block watcher reads every block, it is fetched again when an accepted block changes it (and when older
   * than its interval), not at every height. Without a working watcher it follows the height as before.
   */
  changesWith?(c: BlockChanges): boolean;
  /**
   * Chain time (ms) at which what it holds changes with no tx (a permissioned subnet validator's end, an L1
   * validator's balance running out): once the P-chain's time passes it, it is fetched again.
   */
  dueAt?(s: AvatopState): number | undefined;
  /** The liveness probe and height source: its reply, read by `height`, drives the height cadence (scheduler-entry.ts). */
  probe?: { height(result: R): bigint };
}

export interface Intervals {
  /** The header's cadence, the liveness probe's too (the exporter's scrape pace: setTickMs). */
  readonly tickMs: number;
  readonly slowMs: number;
  readonly maxAgeMs: number;
}

/** The resource of one JSON-RPC call: its result, typed by the method's schema, goes to `toData`. */
export function call<N extends MethodName, T>(
  key: string,
  method: N,
  params: ParamsOf<N>,
  cadence: Cadence,
  target: ResourceLens<T>,
  toData: (prev: T | undefined, result: ResultOf<N>, ctx: DecodeContext) => NoInfer<T>,
  extra: Partial<ResourceSpec<T, ResultOf<N>>> = {},
): ResourceSpec<T, ResultOf<N>> {
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

/** A result that maps to data without the data already in the store. */
export const ignorePrev =
  <R, T>(f: (r: R) => T) =>
  (_prev: unknown, r: R): T =>
    f(r);

/** What a pane polls, given the store as it is now (its row in poll/pane-plans.ts). */
export type PanePlan = (s: AvatopState) => ResourceSpec[];

/** What a drill-down view polls while it is on top of the nav stack (its row in the view table, app/view-table.ts). */
export type ViewPlan<V extends NavView = NavView> = (view: V, s: AvatopState) => ResourceSpec[];
