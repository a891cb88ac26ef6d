// How a request ends when it fails: one deadline for the whole request joined with the caller's cancel, and every
// failure as an AvatopError that says what happened (timeout, cancel, refused, DNS, TLS, reset) and carries the
// bytes and time it cost.
import { AvatopError, TransportError, type TransportErrorKind } from './errors';

export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * What a request's socket needs of a cancel. An AbortSignal has it, and so has a request's deadline without the cost
 * of an AbortController, which was a tenth of a request's CPU at idle (its EventTarget), ninety times a minute.
 */
export interface Cancel {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** A cancel fired once, by `abort`; each listener hears it once. */
class OneCancel implements Cancel {
  aborted = false;
  reason: unknown;
  private listeners: Array<() => void> = [];
  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }
  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }
  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }
}

/**
 * The requests now out under each caller's signal, heard through one 'abort' listener per signal. A poller hands
 * every poll the same signal for its whole life (poll/poller.ts); an EventTarget listener added and taken off at each
 * request was about 4% of a 20-node exporter's main thread (docs/performance.md, exp49). The listener goes with the
 * signal (once it aborts, or when the signal is collected); a request's own part is let go when it ends.
 */
const outUnder = new WeakMap<AbortSignal, Set<() => void>>();

function onAbortOf(userSignal: AbortSignal, listener: () => void): () => void {
  let out = outUnder.get(userSignal);
  if (!out) {
    const fresh = new Set<() => void>();
    userSignal.addEventListener(
      'abort',
      () => {
        outUnder.delete(userSignal);
        for (const l of [...fresh]) l();
        fresh.clear();
      },
      { once: true },
    );
    outUnder.set(userSignal, (out = fresh));
  }
  const set = out;
  set.add(listener);
  return () => set.delete(listener);
}

/** How many requests are out under `signal` now (what a test asks to see that none is left behind). */
export const requestsOutUnder = (signal: AbortSignal): number => outUnder.get(signal)?.size ?? 0;

/**
 * A request's one deadline and the caller's cancel, as one cancel: the timer and the request's part in the caller's
 * signal are let go by `dispose`, and `timedOut` tells a timeout from the caller's cancel.
 */
export function startDeadline(timeoutMs: number, userSignal: AbortSignal | undefined) {
  const signal = new OneCancel();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    signal.abort(new Error(`timed out after ${timeoutMs} ms`));
  }, timeoutMs);
  let off: (() => void) | undefined;
  if (userSignal?.aborted) signal.abort(userSignal.reason);
  else if (userSignal) off = onAbortOf(userSignal, () => signal.abort(userSignal.reason));
  return {
    signal: signal as Cancel,
    timedOut: () => timedOut,
    dispose() {
      clearTimeout(timer);
      off?.();
    },
  };
}

/** setTimeout fires at once for delays above 2^31-1 ms; a missing or bad value falls back to the default. */
export function clampTimeout(ms: number): number {
  if (!Number.isFinite(ms) || ms <= 0) return ms === Number.POSITIVE_INFINITY ? MAX_TIMER_MS : DEFAULT_TIMEOUT_MS;
  return Math.min(ms, MAX_TIMER_MS);
}

const MAX_TIMER_MS = 2_147_483_647;

export function withAccounting<E extends AvatopError>(err: E, method: string, bytes: number, latencyMs: number): E {
  err.method ??= method;
  err.bytes ??= bytes;
  err.latencyMs ??= latencyMs;
  return err;
}

/** The failure handler of one request: an AvatopError keeps its words; anything else is classified. */
export function requestFailure(r: {
  url: string;
  label: string;
  started: number;
  timeoutMs: number;
  deadline: { timedOut(): boolean };
  userSignal: AbortSignal | undefined;
  received(): number;
}): (err: unknown) => never {
  return (err) => {
    if (err instanceof AvatopError) throw withAccounting(err, r.label, r.received(), performance.now() - r.started);
    const kind: TransportErrorKind = r.deadline.timedOut() ? 'timeout' : r.userSignal?.aborted ? 'aborted' : classifyNetworkError(err);
    const why = r.deadline.timedOut() ? `no complete reply within ${r.timeoutMs} ms` : undefined;
    throw withAccounting(new TransportError(kind, r.url, err, why, r.deadline.timedOut() ? r.timeoutMs : undefined), r.label, r.received(), performance.now() - r.started);
  };
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

/** Maps a Node network error to a kind, looking through `cause` chains. */
export function classifyNetworkError(err: unknown): TransportErrorKind {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    const name = (e as { name?: unknown }).name;
    if (typeof code === 'string') {
      if (code === 'ECONNREFUSED') return 'refused';
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return 'dns';
      if (code === 'ETIMEDOUT' || code.endsWith('_TIMEOUT')) return 'timeout';
      if (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL') || code.startsWith('CERT_')) return 'tls';
      if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'ECONNABORTED') return 'reset';
      if (code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR') return 'aborted';
    }
    if (name === 'AbortError') return 'aborted';
    e = (e as { cause?: unknown }).cause;
  }
  return 'other';
}
