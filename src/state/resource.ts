// Resource<T>: the state of one polled thing. Transitions are pure so pollers, tests and the UI agree on them.
import { keepIdentity } from './equal';

export type ResourceStatus = 'idle' | 'loading' | 'ok' | 'error' | 'unsupported';

/**
 * The error a poll failed with. In practice an AvatopError from `rpc/errors` (short, detail, hint); typed
 * structurally so the store depends on no runtime code of ours.
 */
export interface ResourceError extends Error {
  readonly short?: string;
  readonly detail?: string;
  readonly hint?: string;
}

export interface Resource<T> {
  readonly status: ResourceStatus;
  /** Last good data; kept through later failures (then `stale` is true). */
  readonly data: T | undefined;
  readonly error: ResourceError | undefined;
  /** Epoch ms of the last successful poll. */
  readonly updatedAt: number | undefined;
  /** Data is older than the last attempt: that attempt failed, or the node is still bootstrapping. */
  readonly stale: boolean;
  /** A request for it is in flight (status stays 'ok' while refreshing data already shown). */
  readonly fetching: boolean;
  /** The node answered 503 "not done bootstrapping" for this resource's chain: show that in words, not as a fault. */
  readonly bootstrapping: boolean;
  /** Why the node does not support it (status 'unsupported'), e.g. "removed in v1.11.3". */
  readonly reason: string | undefined;
  readonly latencyMs: number | undefined;
  readonly bytes: number | undefined;
  /** Consecutive failures, for "retrying in …" hints. */
  readonly failures: number;
  /** Epoch ms of the first of the current run of failures (undefined while the last poll succeeded). */
  readonly failingSince?: number;
}

export interface PollMeta {
  readonly at: number;
  readonly latencyMs?: number;
  readonly bytes?: number;
}

const IDLE: Resource<never> = Object.freeze({
  status: 'idle',
  data: undefined,
  error: undefined,
  updatedAt: undefined,
  stale: false,
  fetching: false,
  bootstrapping: false,
  reason: undefined,
  latencyMs: undefined,
  bytes: undefined,
  failures: 0,
});

export function idleResource<T>(): Resource<T> {
  return IDLE;
}

export function startLoading<T>(r: Resource<T>): Resource<T> {
  if (r.fetching) return r;
  return { ...r, fetching: true, status: r.data === undefined && r.status !== 'unsupported' ? 'loading' : r.status };
}

/** A successful poll. Equal data keeps its previous object identity (`share` false: the data as it is). */
export function resolveOk<T>(r: Resource<T>, data: T, meta: PollMeta, share = true): Resource<T> {
  return {
    status: 'ok',
    data: share ? keepIdentity(r.data, data) : data,
    error: undefined,
    updatedAt: meta.at,
    stale: false,
    fetching: false,
    bootstrapping: false,
    reason: undefined,
    latencyMs: meta.latencyMs ?? r.latencyMs,
    bytes: meta.bytes ?? r.bytes,
    failures: 0,
    failingSince: undefined,
  };
}

/** A failed poll: the last good data stays, marked stale. */
export function resolveError<T>(r: Resource<T>, error: ResourceError, meta: PollMeta): Resource<T> {
  return {
    ...r,
    status: 'error',
    error,
    stale: r.data !== undefined,
    fetching: false,
    bootstrapping: isBootstrappingError(error),
    latencyMs: meta.latencyMs ?? r.latencyMs,
    failures: r.failures + 1,
    failingSince: r.failures > 0 ? (r.failingSince ?? meta.at) : meta.at,
  };
}

export function markUnsupported<T>(r: Resource<T>, error: ResourceError, reason: string): Resource<T> {
  return { ...r, status: 'unsupported', error, reason, fetching: false, stale: r.data !== undefined };
}

/** Stopped while in flight (pane closed): forget the request, keep everything else. */
export function cancelLoading<T>(r: Resource<T>): Resource<T> {
  if (!r.fetching) return r;
  return { ...r, fetching: false, status: r.status === 'loading' ? 'idle' : r.status };
}

export function isBootstrappingError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { isBootstrapping?: unknown }).isBootstrapping === true;
}

/** RpcError.unsupported ("can't find method"): this node's version does not have the method. */
export function isUnsupportedError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { unsupported?: unknown }).unsupported === true;
}

export function unsupportedReason(e: unknown): string {
  const removedIn = (e as { removedIn?: unknown } | null)?.removedIn;
  if (typeof removedIn === 'string' && removedIn) return `not available on this node (removed in ${removedIn})`;
  const reason = (e as { reason?: unknown } | null)?.reason;
  if (typeof reason === 'string' && reason) return reason;
  return 'not available on this node';
}

/** Words for the status line: what state the resource is in, in plain language. */
export function describeResource(r: Resource<unknown>): string {
  if (r.status === 'unsupported') return r.reason ?? 'not available on this node';
  if (r.bootstrapping) return 'node is still bootstrapping the P-chain';
  if (r.status === 'error') return (r.error?.short ?? r.error?.message ?? 'failed') + (r.stale ? ' (showing last data)' : '');
  if (r.status === 'loading' || r.status === 'idle') return 'loading…';
  return r.stale ? 'stale' : 'ok';
}

const NOT_FOUND = /\bnot found\b|\bnot exist|\bunknown (tx|block|id)\b|\bmissing\b|\bno such\b/i;
/** The node answered that it has no such thing ("couldn't get tx: not found"), not that it failed. */
export function isNotFound(r: Resource<unknown> | undefined): boolean {
  return r?.status === 'error' && r.error?.name === 'RpcError' && NOT_FOUND.test(r.error.message);
}

const NO_ANSWER = new Set(['TransportError', 'HttpError', 'ResponseTooLargeError', 'MalformedResponseError']);

/**
 * A field whose value could not be read, in words, for the place where the value goes: what is unknown and why,
 * with the node's own words in parentheses. A node's error message is never shown as if it were the value (the UTXO
 * view's "type" once read "platform.getTx: couldn't get tx: not found"). `missing` says what "not found" means for
 * this field, e.g. "the node no longer has the creating tx".
 */
export function describeUnknown(r: Resource<unknown> | undefined, missing = 'the node does not have it'): string {
  if (!r || r.status === 'idle' || r.status === 'loading') return 'loading…';
  if (r.status === 'unsupported') return `unknown — ${r.reason ?? 'not available on this node'}`;
  if (r.bootstrapping) return 'unknown — the node is still bootstrapping the P-chain';
  if (r.status !== 'error') return '—';
  const e = r.error;
  // An RpcError's message is the node's own text ("couldn't get tx: not found"); its last clause says the reason.
  const nodeSaid = e?.name === 'RpcError' ? e.message : undefined;
  const said = (nodeSaid ?? e?.short ?? e?.message ?? 'failed').split(': ').pop()!.trim() || 'failed';
  if (nodeSaid !== undefined && NOT_FOUND.test(nodeSaid)) return `unknown — ${missing} (${said})`;
  if (e && NO_ANSWER.has(e.name)) return `unknown — the node did not answer (${e.short ?? said})`;
  return `unknown — the node could not say (${said})`;
}
