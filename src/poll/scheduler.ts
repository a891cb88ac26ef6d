// The scheduler: runs one chained poller per resource the screen needs (header + visible pane + open view),
// starts and stops them as panes and views change, refreshes heavy P-chain lists only when the height moves,
// and writes results into the store in batches (Ink repaints whole frames, so fewer commits means less work).
import {
  cancelLoading,
  isBootstrappingError,
  isUnsupportedError,
  markUnsupported,
  resolveError,
  resolveOk,
  startLoading,
  unsupportedReason,
  type ResourceError,
} from '../state/resource';
import type { AvatopState, AvatopStore } from '../state/store';
import type { BlockHeader } from '../state/types';
import type { NavView, PaneId } from '../state/ui';
import { setPaused } from '../state/ui';
import type { BackoffOptions } from './backoff';
import { createBatchWriter } from './batch-writer';
import { type Clock, systemClock } from './clock';
import { defaultDecoders, type Decoders } from './decoders';
import { planFor, type FetchContext, type Intervals, type PollClient, type ResourceSpec } from './plan';
import { createPoller, type Poller } from './poller';

export interface SchedulerOptions {
  client: PollClient;
  store: AvatopStore;
  /** Cadence of the header and light resources (default 2 s). */
  intervalMs?: number;
  /** Cadence of cheap, rarely changing things: uptime, node ID, peer count off the peers pane (default 30 s). */
  slowMs?: number;
  /** Heavy lists refresh at least this often even if the height stands still (default 5 min). */
  maxAgeMs?: number;
  /** ...and at most this often when the height moves (default 5 s). */
  heavyMinIntervalMs?: number;
  /**
   * Per-resource load budget (default 32 KiB/s): a resource whose last reply was large waits at least
   * bytes / budget before its next poll. Small lists stay as fresh as the cadence allows; a mainnet validator set
   * (~1.4 MB) refreshes about every 40 s however fast blocks come, and 300 peers about every 3.5 s.
   * 0 turns it off.
   */
  byteBudgetPerSec?: number;
  /** Store writes are batched this long (default 100 ms). */
  batchMs?: number;
  /**
   * Calls back once on the next tick of the on-screen clock: refreshes of data already shown, and the call
   * accounting, are applied then, in the same frame as the clock. Without it they are batched like the rest.
   */
  nextTick?: (fn: () => void) => () => void;
  /** How many recent blocks the blocks pane keeps (default 20). */
  recentBlocks?: number;
  clock?: Clock;
  random?: () => number;
  backoff?: BackoffOptions;
  /** Re-probe a method the node does not have after this long (default 10 min). */
  unsupportedRetryMs?: number;
  decoders?: Decoders;
  /** Derive the visible pane and view from the store's UI state (default true); otherwise call setVisible. */
  followUi?: boolean;
  /** Replaces the pane table (planFor): the fleet's light plan for nodes not on screen (src/fleet/light-plan.ts). */
  plan?: (state: AvatopState, decoders: Decoders) => ResourceSpec[];
}

export interface Scheduler {
  start(): void;
  /** Stop every poller and apply what is queued. */
  stop(): void;
  /** What is on screen: the pane and its drill-down stack (the top view is the visible one). */
  setVisible(pane: PaneId, views?: readonly NavView[]): void;
  /** Freeze store updates (and polling); the screen keeps what it shows. */
  pause(): void;
  /** Resume and poll everything visible at once. */
  resume(): void;
  /** The user asked: poll everything visible now, heavy lists and unsupported methods included. */
  refresh(): void;
  /** Apply queued store updates now (the batch timer does this on its own). */
  flush(): void;
  /** Resolves when no request is in flight. */
  whenIdle(): Promise<void>;
  /** Keys of the resources being polled (for tests and the debug view). */
  activeKeys(): string[];
  readonly inFlight: number;
}

interface Entry {
  spec: ResourceSpec;
  poller: Poller;
  /** P-chain height when this resource last started a fetch. */
  heightAt: bigint | undefined;
  /** Clock time of the last fetch start. */
  startedAt: number | undefined;
  /** A height-triggered refresh held back by the heavy minimum interval. */
  cancelDeferred: (() => void) | undefined;
  /** Response bytes of the last successful poll (for the byte budget). */
  lastBytes: number | undefined;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { client, store } = opts;
  const clock = opts.clock ?? systemClock;
  const intervals: Intervals = {
    tickMs: opts.intervalMs ?? 2_000,
    slowMs: opts.slowMs ?? 30_000,
    maxAgeMs: opts.maxAgeMs ?? 5 * 60_000,
  };
  const heavyMinMs = opts.heavyMinIntervalMs ?? 5_000;
  const budget = opts.byteBudgetPerSec ?? 32 * 1024;
  /** The wait a reply of `bytes` earns under the byte budget. */
  const costMs = (bytes: number | undefined) => (budget > 0 && bytes ? (bytes / budget) * 1000 : 0);
  const decoders = opts.decoders ?? defaultDecoders;
  const followUi = opts.followUi ?? true;

  const entries = new Map<string, Entry>();
  let started = false;
  let paused = store.getState().ui.paused;
  const writer = createBatchWriter({ store, clock, batchMs: opts.batchMs ?? 100, held: paused, nextTick: opts.nextTick });
  const enqueue = writer.enqueue;
  let visible: { pane: PaneId; views: readonly NavView[] } = {
    pane: store.getState().ui.pane,
    views: store.getState().ui.nav,
  };
  let lastHeight: bigint | undefined;
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  let unsubscribeStore: (() => void) | undefined;
  let offCall: unknown;
  const blockCache = new Map<bigint, BlockHeader>();
  // Bytes per method since start, to attribute bytes to the resource whose request they belong to.
  const bytesByMethod = new Map<string, number>();
  const lastLatency = new Map<string, number>();

  const ctx: FetchContext = {
    client,
    decoders,
    recentBlocks: opts.recentBlocks ?? 20,
    height: () => lastHeight,
    blockCache,
    state: () => store.getState(),
    now: () => clock.now(),
    maxAgeMs: intervals.maxAgeMs,
  };

  function begin(): void {
    inFlight++;
  }

  function end(): void {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  function intervalOf(e: Entry): number {
    const spec = e.spec;
    if (spec.intervalMs) return Math.max(spec.intervalMs(store.getState(), intervals), costMs(e.lastBytes));
    switch (spec.cadence) {
      case 'tick':
        return Math.max(intervals.tickMs, costMs(e.lastBytes));
      case 'slow':
        return Math.max(intervals.slowMs, costMs(e.lastBytes));
      case 'height':
        return intervals.maxAgeMs;
      case 'once':
        return intervals.maxAgeMs;
    }
  }

  function onHeight(h: bigint): void {
    const moved = lastHeight !== undefined && h !== lastHeight;
    const wasUnknown = lastHeight === undefined;
    lastHeight = h;
    const recovered = probeFailing;
    probeFailing = false;
    for (const e of entries.values()) {
      if (e.spec.key === 'height') continue;
      if ((recovered && e.poller.failures > 0) || (e.spec.pchain && pendingBootstrap.has(e.spec.key))) {
        // The node answers again (or finished bootstrapping): whatever was backing off polls now, so the screen
        // recovers within one interval instead of waiting out up to 30 s of backoff.
        pendingBootstrap.delete(e.spec.key);
        e.poller.refresh({ force: true });
      } else if (e.spec.cadence === 'height' && (moved || (wasUnknown && e.heightAt !== undefined && e.heightAt !== h))) {
        refreshHeavy(e);
      } else if (wasUnknown && e.heightAt === undefined && !e.poller.inFlight) {
        // Fetched before the first height answer arrived: that is the height it belongs to.
        e.heightAt = h;
      }
    }
  }

  const pendingBootstrap = new Set<string>();
  /** The header's height poll is the liveness probe: it keeps the normal pace through failures. */
  let probeFailing = false;

  function refreshHeavy(e: Entry): void {
    const floor = Math.max(heavyMinMs, costMs(e.lastBytes));
    const wait = e.startedAt === undefined || e.spec.everyHeight ? 0 : e.startedAt + floor - clock.now();
    if (wait <= 0) {
      e.poller.refresh();
      return;
    }
    if (e.cancelDeferred) return;
    e.cancelDeferred = clock.setTimer(wait, () => {
      e.cancelDeferred = undefined;
      // Weighed again: a wait set while the first reply was still arriving did not know its size, and a 7.7 MB
      // getBalance went out again 5 s after the first instead of minutes later.
      if (e.heightAt !== lastHeight) refreshHeavy(e);
    });
  }

  function halt(e: Entry): void {
    e.cancelDeferred?.();
    e.cancelDeferred = undefined;
    e.poller.stop();
  }

  function makeEntry(spec: ResourceSpec): Entry {
    const shown = () => spec.lens.get(store.getState()).data !== undefined;
    // The liveness probe's change of state (answers / does not) is news for every surface: never held for the
    // clock's next tick (state/liveness.ts).
    const probeTurns = (failed: boolean) => spec.key === 'height' && (spec.lens.get(store.getState()).status === 'error') !== failed;
    const entry: Entry = {
      spec,
      heightAt: undefined,
      startedAt: undefined,
      cancelDeferred: undefined,
      lastBytes: undefined,
      poller: undefined as unknown as Poller,
    };
    let bytesAtStart = 0;
    entry.poller = createPoller<unknown>({
      clock,
      random: opts.random,
      backoff: opts.backoff,
      unsupportedRetryMs: opts.unsupportedRetryMs,
      once: spec.cadence === 'once',
      intervalMs: () => intervalOf(entry),
      isUnsupported: isUnsupportedError,
      // The height is the liveness probe: one tiny request per interval while the node is down or bootstrapping,
      // so recovery shows within an interval; everything else backs off, and is woken when the probe answers.
      // Only while failing is cheap: a probe that draws a huge or endless body backs off like the rest.
      retryDelayMs: (e) => (spec.key === 'height' && cheapFailure(e) ? intervals.tickMs : undefined),
      run: (signal) => spec.fetch(ctx, signal),
      // What is already on screen may wait for the next tick to change (see batch-writer.ts); a first answer may not.
      onStart() {
        begin();
        entry.heightAt = lastHeight;
        entry.startedAt = clock.now();
        bytesAtStart = bytesByMethod.get(spec.method) ?? 0;
        enqueue((s) => spec.lens.set(s, startLoading(spec.lens.get(s))), !shown());
      },
      onSuccess(result, info) {
        // Read first: a height that cannot be read throws here, and the poller counts it as a failure.
        const height = spec.key === 'height' ? (spec.toData(undefined, result) as bigint) : undefined;
        // Started before the first height was known (at start-up both go out together): it belongs to that height.
        if (entry.heightAt === undefined) entry.heightAt = lastHeight;
        const bytes = (bytesByMethod.get(spec.method) ?? 0) - bytesAtStart;
        entry.lastBytes = bytes > 0 ? bytes : undefined;
        const meta = {
          at: info.endedAt,
          latencyMs: lastLatency.get(spec.method),
          bytes: bytes > 0 ? bytes : undefined,
        };
        enqueue((s) => {
          const r = spec.lens.get(s);
          let data: unknown;
          try {
            data = spec.toData(r.data, result);
          } catch (e) {
            // A reply the transform cannot read is a failed poll for the screen, not a crash.
            return spec.lens.set(s, resolveError(r, asResourceError(e), meta));
          }
          let next = spec.lens.set(s, resolveOk(r, data, meta));
          if (spec.also) next = spec.also(next, result, meta);
          return next;
        }, !shown() || probeTurns(false));
        if (height !== undefined) onHeight(height);
        end();
      },
      onFailure(error, info) {
        const err = asResourceError(error);
        if (spec.key === 'height') probeFailing = true;
        if (spec.pchain && isBootstrappingError(error)) pendingBootstrap.add(spec.key);
        enqueue((s) => {
          const r = spec.lens.get(s);
          return spec.lens.set(
            s,
            info.unsupported ? markUnsupported(r, err, unsupportedReason(error)) : resolveError(r, err, { at: info.endedAt }),
          );
        }, !shown() || probeTurns(true));
        end();
      },
      onCancel() {
        enqueue((s) => spec.lens.set(s, cancelLoading(spec.lens.get(s))));
        end();
      },
    });
    return entry;
  }

  /** Delay before a resource's first poll: none, unless what the store holds is still current. */
  function firstDelay(e: Entry): number | undefined {
    const r = e.spec.lens.get(store.getState());
    if (r.status === 'unsupported') return opts.unsupportedRetryMs ?? 10 * 60_000;
    if (r.status !== 'ok' || r.updatedAt === undefined) return e.startedAt === undefined && r.data === undefined ? (e.spec.initialDelayMs ?? 0) : 0;
    if (e.spec.cadence === 'once') return undefined; // static and already known: do not poll at all
    // A deferrable resource already read (the header's metrics after the metrics pane closes) waits out its interval.
    if (e.spec.initialDelayMs !== undefined) return Math.max(0, r.updatedAt + intervalOf(e) - clock.now());
    if (e.spec.cadence === 'height' && e.heightAt !== undefined && e.heightAt === lastHeight) {
      const age = clock.now() - r.updatedAt;
      return age < intervals.maxAgeMs ? intervals.maxAgeMs - age : 0;
    }
    if (e.spec.cadence === 'height' && e.startedAt !== undefined && !e.spec.everyHeight) {
      // Back on a pane soon after leaving it: the height moved, but the floor (and byte budget) still applies.
      return Math.max(0, e.startedAt + Math.max(heavyMinMs, costMs(e.lastBytes)) - clock.now());
    }
    return 0;
  }

  function reconcile(): void {
    if (!started) return;
    const specs = opts.plan
      ? opts.plan(store.getState(), decoders)
      : planFor(visible.pane, visible.views, store.getState(), decoders, { metrics: typeof client.getStream === 'function' });
    const wanted = new Set(specs.map((s) => s.key));
    if (wanted.size === entries.size && [...entries.keys()].every((k) => wanted.has(k))) return;
    for (const [key, e] of entries) {
      if (!wanted.has(key)) {
        halt(e);
        // Kept (stopped) so a pane opened again knows at which height its data was fetched.
        retained.delete(key);
        retained.set(key, e);
        entries.delete(key);
        // Bounded: drill-down views (blocks, txs) add keys without end; the oldest are forgotten.
        if (retained.size > 256) retained.delete(retained.keys().next().value!);
      }
    }
    for (const spec of specs) {
      if (entries.has(spec.key)) continue;
      const old = retained.get(spec.key);
      retained.delete(spec.key);
      const e = old ?? makeEntry(spec);
      e.spec = spec;
      entries.set(spec.key, e);
      if (!paused) {
        const d = firstDelay(e);
        if (d !== undefined) e.poller.start(d);
      }
    }
  }
  const retained = new Map<string, Entry>();

  function uiChanged(s: AvatopState): void {
    if (s.ui.paused !== paused) {
      if (s.ui.paused) applyPause();
      else applyResume();
    }
    if (followUi && (s.ui.pane !== visible.pane || s.ui.nav !== visible.views)) visible = { pane: s.ui.pane, views: s.ui.nav };
    // The plan also depends on data (this node's ID, the UTXO page shown, whether a method is supported), so it
    // is recomputed on every store change; that is a few dozen small objects, at most every batch.
    reconcile();
  }

  function applyPause(): void {
    if (paused) return;
    paused = true;
    writer.hold(true);
    for (const e of entries.values()) halt(e);
  }

  function applyResume(): void {
    if (!paused) return;
    paused = false;
    for (const e of entries.values()) {
      const d = firstDelay(e);
      if (d !== undefined) e.poller.start(d);
    }
    writer.hold(false);
  }

  return {
    start() {
      if (started) return;
      started = true;
      offCall = client.onCall((e) => {
        bytesByMethod.set(e.method, (bytesByMethod.get(e.method) ?? 0) + e.bytes);
        lastLatency.set(e.method, e.latencyMs);
        writer.record({ method: e.method, bytes: e.bytes, latencyMs: e.latencyMs, ok: e.ok });
      });
      unsubscribeStore = store.subscribe((s) => uiChanged(s));
      const s = store.getState();
      paused = s.ui.paused;
      if (followUi) visible = { pane: s.ui.pane, views: s.ui.nav };
      reconcile();
      uiChanged(s);
    },
    stop() {
      if (!started) return;
      started = false;
      for (const e of entries.values()) halt(e);
      for (const e of retained.values()) halt(e);
      entries.clear();
      retained.clear();
      unsubscribeStore?.();
      if (typeof offCall === 'function') (offCall as () => void)();
      writer.flush({ force: true });
    },
    setVisible(pane, views = []) {
      visible = { pane, views };
      reconcile();
    },
    pause() {
      store.setState((s) => ({ ...s, ui: setPaused(s.ui, true) }));
      applyPause();
    },
    resume() {
      store.setState((s) => ({ ...s, ui: setPaused(s.ui, false) }));
      applyResume();
    },
    refresh() {
      if (paused) return;
      for (const e of entries.values()) {
        if (e.poller.running) e.poller.refresh({ force: true });
        else e.poller.start();
      }
    },
    flush: () => writer.flush(),
    whenIdle() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    activeKeys: () => [...entries.keys()],
    get inFlight() {
      return inFlight;
    },
  };
}

/** A failure that cost the node little to send (refused, reset, a status line, a short error body). */
function cheapFailure(e: unknown): boolean {
  const x = e as { bytes?: unknown; received?: unknown; limit?: unknown } | null;
  if (x === null || typeof x !== 'object') return true;
  if (x.limit !== undefined) return false; // ResponseTooLargeError: the node streamed past the cap
  const bytes = typeof x.bytes === 'number' ? x.bytes : typeof x.received === 'number' ? x.received : 0;
  return bytes < 64 * 1024;
}

function asResourceError(e: unknown): ResourceError {
  if (e instanceof Error) return e;
  return new Error(String(e));
}
