import { AvatopError, MalformedResponseError, ParamsError, SchemaError } from './errors';
import { parseJsonBig } from '../codec/json-big';
import { methods, type MethodName, type ParamsOf, type ResultOf } from './methods';
import type { AnyMethod, MethodReading } from './methods/define';
import type { SkimPlan } from '../codec/json-skim';
import type { z } from 'zod';
import {
  createTransport,
  type CallResult,
  type Endpoint,
  type GetStreamOptions,
  type GetStreamResult,
  type TransportOptions,
} from './transport';

// zod's internal `abortEarly` (public in its ParseContextInternal, honoured by arrays and objects): not in the
// public ParseContext type, hence the cast.
const FIRST_ISSUE_ONLY = { abortEarly: true } as Record<string, unknown>;

export type ClientOptions = TransportOptions;

export interface ClientCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Hears this call's own event (after the onCall listeners): per-call accounting where one method has several callers. */
  onDone?: CallListener;
  /** A list of the result read as it arrives, never whole (see `ListReading`). */
  list?: ListReading;
}

/**
 * A list of the result read as the reply streams in (rpc/streamed-list.ts): without `keep`, counted alone, its
 * count in its place for the result's schema (getBalance's `utxoIDs`); with `keep`, each element parsed and checked
 * by the method's `lists[key]` schema on its own, and the list in the result holds what `keep` returns for it (a
 * leaner row). A client that does not read lists this way returns the list whole, so `keep` must give the same for
 * an element it already kept. A bad element fails the call as a bad result would (SchemaError, at its index).
 */
export interface ListReading {
  readonly key: string;
  readonly keep?: (element: never, index: number) => unknown;
}

/** One finished call, for request accounting (status bar counters, the RPC console's log). */
export interface CallEvent {
  /** A JSON-RPC method, or the path of a GET (`/ext/metrics`). */
  method: string;
  endpoint: Endpoint | 'get';
  /** Response bytes (0 when nothing came back). */
  bytes: number;
  requestBytes: number;
  latencyMs: number;
  ok: boolean;
  error?: AvatopError;
}

export type CallListener = (event: CallEvent) => void;

type ServiceOf<N extends string> = N extends `${infer S}.${string}` ? S : never;
type ShortName<N extends string> = N extends `${string}.${infer M}` ? M : never;

/** Params may be left out exactly when the schema accepts undefined. */
export type CallArgs<N extends MethodName> = undefined extends ParamsOf<N>
  ? [params?: ParamsOf<N>, options?: ClientCallOptions]
  : [params: ParamsOf<N>, options?: ClientCallOptions];

export type ServiceSugar<S extends string> = {
  [N in MethodName as ServiceOf<N> extends S ? ShortName<N> : never]: (...args: CallArgs<N>) => Promise<ResultOf<N>>;
};

export interface RawCallResult extends CallResult {
  endpoint: Endpoint;
}

export interface AvatopClient {
  /** The node URL without credentials. */
  readonly url: string;
  /** Validates params, calls, and turns the reply into domain values. */
  call<N extends MethodName>(name: N, ...args: CallArgs<N>): Promise<ResultOf<N>>;
  /**
   * Any method name with any params, result left as the node sent it (the RPC console). Known methods go to their
   * endpoint; unknown ones are routed by their service prefix.
   */
  callRaw(name: string, params?: unknown, options?: ClientCallOptions): Promise<RawCallResult>;
  /** A method's reply read for the values `reading` names alone (methods/define.ts MethodReading); counted as the method. */
  read<N extends MethodName, R extends z.ZodType>(reading: MethodReading<N, R>, ...args: CallArgs<N>): Promise<z.output<R>>;
  readonly info: ServiceSugar<'info'>;
  readonly platform: ServiceSugar<'platform'>;
  readonly health: ServiceSugar<'health'>;
  /** GET a path under the node URL, the body handed on as it arrives (the metrics source); counted like a call. */
  getStream(path: string, options: GetStreamOptions): Promise<GetStreamResult>;
  /** Returns an unsubscribe function. */
  onCall(listener: CallListener): () => void;
  close(): Promise<void>;
}

export function endpointForMethod(name: string): Endpoint {
  const known = (methods as Record<string, AnyMethod>)[name];
  if (known) return known.endpoint;
  if (name.startsWith('info.')) return 'info';
  if (name.startsWith('health.')) return 'health';
  return 'P';
}

export function createClient(options: ClientOptions): AvatopClient {
  const transport = createTransport(options);
  const listeners = new Set<CallListener>();

  function emit(event: CallEvent, onDone?: CallListener): void {
    for (const listener of onDone ? [...listeners, onDone] : listeners) {
      try {
        listener(event);
      } catch {
        // Accounting must never break a call.
      }
    }
  }

  async function send(
    name: string,
    endpoint: Endpoint,
    wireParams: unknown,
    opts: ClientCallOptions,
    bigJson: boolean,
    skim?: SkimPlan,
    list?: { key: string; each?: (text: string) => void },
  ): Promise<CallResult> {
    const started = performance.now();
    try {
      const res = await transport.call(endpoint, name, wireParams, { signal: opts.signal, timeoutMs: opts.timeoutMs, bigJson, skim, list });
      return res;
    } catch (err) {
      const error =
        err instanceof AvatopError ? err : new AvatopError({ short: `${name}: ${String(err)}`, cause: err, hint: 'Unexpected failure; please report it.' });
      emit({
        method: name,
        endpoint,
        bytes: error.bytes ?? 0,
        requestBytes: 0,
        latencyMs: error.latencyMs ?? performance.now() - started,
        ok: false,
        error,
      }, opts.onDone);
      throw error;
    }
  }

  async function call(name: string, params?: unknown, opts: ClientCallOptions = {}): Promise<unknown> {
    const descriptor = (methods as Record<string, AnyMethod>)[name];
    if (!descriptor) {
      throw new ParamsError(name, [], `unknown method (known: ${Object.keys(methods).length} methods; use callRaw for others)`);
    }
    return checkedCall(descriptor, descriptor.result, undefined, params, opts);
  }

  /** The method called, its params checked first and its reply (what `skim` keeps of it, or all) by `result`. */
  async function checkedCall(descriptor: AnyMethod, result: z.ZodType, skim: SkimPlan | undefined, params: unknown, opts: ClientCallOptions): Promise<unknown> {
    const name = descriptor.name;
    const checked = descriptor.params.safeParse(params);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new ParamsError(name, issue.path, issue.message);
    }
    const bigJson = descriptor.bigJson === true;
    // A skimmed reading keeps only its plan's values; a list read element by element is the whole result's way.
    const reading = skim ? undefined : opts.list;
    let kept: unknown[] | undefined;
    let list: { key: string; each?: (text: string) => void } | undefined;
    if (reading?.keep) {
      const element = descriptor.lists?.[reading.key];
      if (!element) throw new ParamsError(name, [], `the result's ${reading.key} is not read element by element`);
      const items: unknown[] = (kept = []);
      const keep = reading.keep as (element: unknown, index: number) => unknown;
      list = {
        key: reading.key,
        each(text) {
          const index = items.length;
          let raw: unknown;
          try {
            raw = bigJson ? parseJsonBig(text) : JSON.parse(text);
          } catch (err) {
            throw new MalformedResponseError('json', `Body is not valid JSON (${(err as Error).message})`, text.slice(0, 200), transport.url, err);
          }
          const one = element.safeParse(raw, FIRST_ISSUE_ONLY);
          if (!one.success) {
            const issue = one.error.issues[0]!;
            throw new SchemaError(name, [reading.key, index, ...issue.path], issue.message);
          }
          items.push(keep(one.data, index));
        },
      };
    } else if (reading) list = { key: reading.key };
    const res = await send(name, descriptor.endpoint, checked.data, opts, bigJson, skim, list);
    // The elements were checked as they came; the rest of the result is checked with an empty list in their place.
    const listed = kept && typeof res.result === 'object' && res.result !== null && typeof (res.result as Record<string, unknown>)[reading!.key] === 'number';
    if (listed) (res.result as Record<string, unknown>)[reading!.key] = [];
    // Stop at the first issue, the only one reported: a reply of millions of wrong elements otherwise made an issue
    // object apiece and ran the process out of memory (a 30 MB array of zeros where validators belong).
    const parsed = result.safeParse(res.result, FIRST_ISSUE_ONLY);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const error = new SchemaError(name, issue.path, issue.message);
      error.bytes = res.bytes;
      error.latencyMs = res.latencyMs;
      emit({ method: name, endpoint: descriptor.endpoint, bytes: res.bytes, requestBytes: res.requestBytes, latencyMs: res.latencyMs, ok: false, error }, opts.onDone);
      throw error;
    }
    emit({ method: name, endpoint: descriptor.endpoint, bytes: res.bytes, requestBytes: res.requestBytes, latencyMs: res.latencyMs, ok: true }, opts.onDone);
    if (listed && typeof parsed.data === 'object' && parsed.data !== null) (parsed.data as Record<string, unknown>)[reading!.key] = kept;
    return parsed.data;
  }

  async function callRaw(name: string, params?: unknown, opts: ClientCallOptions = {}): Promise<RawCallResult> {
    const endpoint = endpointForMethod(name);
    const bigJson = (methods as Record<string, AnyMethod>)[name]?.bigJson ?? true;
    const res = await send(name, endpoint, params ?? {}, opts, bigJson);
    emit({ method: name, endpoint, bytes: res.bytes, requestBytes: res.requestBytes, latencyMs: res.latencyMs, ok: true }, opts.onDone);
    return { ...res, endpoint };
  }

  function sugar(service: string): Record<string, (params?: unknown, opts?: ClientCallOptions) => Promise<unknown>> {
    const out: Record<string, (params?: unknown, opts?: ClientCallOptions) => Promise<unknown>> = {};
    for (const name of Object.keys(methods)) {
      if (!name.startsWith(`${service}.`)) continue;
      out[name.slice(service.length + 1)] = (params, opts) => call(name, params, opts);
    }
    return Object.freeze(out);
  }

  async function getStream(path: string, opts: GetStreamOptions): Promise<GetStreamResult> {
    const started = performance.now();
    try {
      const res = await transport.getStream(path, opts);
      emit({ method: path, endpoint: 'get', bytes: res.bytes, requestBytes: 0, latencyMs: res.latencyMs, ok: true });
      return res;
    } catch (err) {
      const error =
        err instanceof AvatopError ? err : new AvatopError({ short: `${path}: ${String(err)}`, cause: err, hint: 'Unexpected failure; please report it.' });
      emit({ method: path, endpoint: 'get', bytes: error.bytes ?? 0, requestBytes: 0, latencyMs: error.latencyMs ?? performance.now() - started, ok: false, error });
      throw error;
    }
  }

  return {
    url: transport.url,
    call: call as AvatopClient['call'],
    callRaw,
    read: ((reading: MethodReading, params?: unknown, opts: ClientCallOptions = {}) =>
      checkedCall(reading.method as AnyMethod, reading.result, reading.keep, params, opts)) as AvatopClient['read'],
    getStream,
    info: sugar('info') as unknown as ServiceSugar<'info'>,
    platform: sugar('platform') as unknown as ServiceSugar<'platform'>,
    health: sugar('health') as unknown as ServiceSugar<'health'>,
    onCall(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => transport.close(),
  };
}
