// A chained poller: `await run(); await sleep(interval)`, so one resource never has two requests in flight however
// slow the node is. Failures back off with jitter; a method the node does not have is re-probed only rarely.
import { DEFAULT_BACKOFF, backoffDelay, type BackoffOptions } from './backoff';
import { type Clock, systemClock } from './clock';

export interface PollerOptions<T> {
  /** One poll. Must honour `signal` (the client aborts its request with it). */
  run(signal: AbortSignal): Promise<T>;
  /** Pause between the end of one poll and the start of the next; a function so the cadence can follow state. */
  intervalMs: number | (() => number);
  clock?: Clock;
  random?: () => number;
  backoff?: BackoffOptions;
  /** How long to wait before asking again for a method the node does not support (10 min). */
  unsupportedRetryMs?: number;
  /** Stop after the first success (things that never change: network ID, node version, a block by ID). */
  once?: boolean;
  isUnsupported?(error: unknown): boolean;
  /** A delay for this failure instead of the backoff (e.g. steady probing while the node bootstraps). */
  retryDelayMs?(error: unknown, failures: number): number | undefined;
  onStart?(): void;
  onSuccess?(data: T, info: { startedAt: number; endedAt: number }): void;
  onFailure?(error: unknown, info: { failures: number; retryInMs: number; unsupported: boolean; endedAt: number }): void;
  /** Stopped while a request was in flight: its answer will be dropped. */
  onCancel?(): void;
}

export interface Poller {
  /** Start polling now, or after `delayMs` (data still fresh from an earlier run). No-op when running. */
  start(delayMs?: number): void;
  /** Stop and abort the request in flight, if any. */
  stop(): void;
  /**
   * Poll again now instead of waiting; if a poll is in flight, run once more right after it. An unforced refresh
   * (height moved) is ignored while the method is unsupported or backing off; `force` (the user asked) is not.
   */
  refresh(opts?: { force?: boolean }): void;
  readonly running: boolean;
  readonly inFlight: boolean;
  readonly failures: number;
  readonly unsupported: boolean;
}

export const UNSUPPORTED_RETRY_MS = 10 * 60_000;

export function createPoller<T>(opts: PollerOptions<T>): Poller {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? Math.random;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const interval = typeof opts.intervalMs === 'function' ? opts.intervalMs : () => opts.intervalMs as number;

  let generation = 0;
  let running = false;
  let inFlight: AbortController | undefined;
  // One controller for the poller's whole life, replaced only once stop() aborted it: a controller and its signal a
  // poll were ~1 % of the monitor's main-thread time at idle (ninety polls a minute), and the polls of one poller
  // never overlap. It can be kept because nothing that listens to it outlives the request that listened
  // (rpc/request-failure.ts startDeadline lets go of its listener when the request ends).
  let controller: AbortController | undefined;
  let failures = 0;
  let unsupported = false;
  let again = false;
  let wake: (() => void) | undefined;
  let cancelTimer: (() => void) | undefined;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        cancelTimer?.();
        cancelTimer = undefined;
        wake = undefined;
        resolve();
      };
      wake = done;
      cancelTimer = clock.setTimer(ms, done);
    });

  async function loop(gen: number, firstDelayMs: number): Promise<void> {
    if (firstDelayMs > 0) await wait(firstDelayMs);
    while (running && gen === generation) {
      again = false;
      const ac = (controller ??= new AbortController());
      inFlight = ac;
      const startedAt = clock.now();
      opts.onStart?.();
      let delay: number;
      // Declared out here so it can be dropped before the wait: V8 keeps a block's variables in the suspended
      // loop's frame, and a reply kept across the wait was up to 12 MiB (getBalance's utxoIDs for a big wallet).
      let data: T | undefined;
      try {
        data = await opts.run(ac.signal);
        if (gen !== generation) return;
        inFlight = undefined;
        failures = 0;
        unsupported = false;
        opts.onSuccess?.(data, { startedAt, endedAt: clock.now() });
        data = undefined;
        if (opts.once && !again) {
          running = false;
          return;
        }
        delay = interval();
      } catch (error) {
        data = undefined;
        if (gen !== generation) return;
        inFlight = undefined;
        unsupported = opts.isUnsupported?.(error) ?? false;
        if (unsupported) {
          delay = opts.unsupportedRetryMs ?? UNSUPPORTED_RETRY_MS;
        } else {
          failures += 1;
          delay =
            opts.retryDelayMs?.(error, failures) ??
            Math.max(opts.once ? 0 : interval(), backoffDelay(failures, backoff, random));
        }
        opts.onFailure?.(error, { failures, retryInMs: delay, unsupported, endedAt: clock.now() });
      }
      if (again) continue;
      await wait(delay);
    }
  }

  function start(delayMs = 0): void {
    if (running) return;
    running = true;
    const gen = ++generation;
    loop(gen, delayMs).catch(() => {
      // Only a throwing callback gets here (run's errors are handled in the loop); stop rather than spin, and
      // never leave an unhandled rejection behind.
      if (gen === generation) {
        running = false;
        inFlight = undefined;
      }
    });
  }

  return {
    start,
    stop() {
      if (!running && !inFlight) return;
      running = false;
      generation++;
      const ac = inFlight;
      inFlight = undefined;
      wake?.();
      if (ac) {
        // Aborted for good: the next start() must not hand out a signal already aborted.
        controller = undefined;
        ac.abort();
        opts.onCancel?.();
      }
    },
    refresh({ force = false } = {}) {
      if (!running) {
        if (force && opts.once) start();
        return;
      }
      if (!force && (unsupported || failures > 0)) return;
      if (inFlight) again = true;
      else wake?.();
    },
    get running() {
      return running;
    },
    get inFlight() {
      return inFlight !== undefined;
    },
    get failures() {
      return failures;
    },
    get unsupported() {
      return unsupported;
    },
  };
}
