// The scheduler: runs one chained poller per resource the screen needs (header + visible pane + open view),
// starts and stops them as panes and views change, refreshes heavy P-chain lists only when the height moves,
// and writes results into the store in batches (Ink repaints whole frames, so fewer commits means less work).
// Beside it: one resource's poller and store writes (scheduler-entry.ts), when each polls (scheduler-timing.ts), the
// height and what it wakes (height-follower.ts), what each resource's own calls cost (call-usage.ts).
import type { AvatopState, AvatopStore } from '../state/store';
import type { BlockHeader } from '../state/types';
import type { NavView, PaneId } from '../state/ui';
import { setPaused } from '../state/ui';
import type { BackoffOptions } from './backoff';
import { createBatchWriter } from './batch-writer';
import { accountedClient } from './call-usage';
import { type Clock, systemClock } from './clock';
import { defaultDecoders, type Decoders } from './decoders';
import { createHeightFollower } from './height-follower';
import { createBlockJournal } from './block-journal';
import { planFor, type ViewPlans } from './plan';
import type { FetchContext, Intervals, PollClient, ResourceSpec } from './resource-spec';
import { makeEntry, type Entry } from './scheduler-entry';
import { createTiming } from './scheduler-timing';
import { lens } from '../state/lenses';
import { BLOCK_WATCH_KEY } from '../state/view-keys';

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
  /**
   * Where block headers are kept, asked at each fetch: the exporter gives every node of one network the same map,
   * so a block is read once for all of them (blocks at a height are the same on every node of a network).
   */
  blockCache?: () => Map<bigint, BlockHeader> | undefined;
  clock?: Clock;
  random?: () => number;
  backoff?: BackoffOptions;
  /** Re-probe a method the node does not have after this long (default 10 min). */
  unsupportedRetryMs?: number;
  decoders?: Decoders;
  /** Derive the visible pane and view from the store's UI state (default true); otherwise call setVisible. */
  followUi?: boolean;
  /**
   * What each drill-down view polls, by kind: the view table (app/view-table.ts). Without it views poll nothing
   * beyond their pane (the exporter shows none).
   */
  views?: ViewPlans;
  /** Replaces the pane table (planFor): the fleet's light plan for nodes not on screen (src/fleet/light-plan.ts). */
  plan?: (state: AvatopState) => ResourceSpec[];
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
  /**
   * The header's cadence from now on, and the slow and maximum-age ones never faster than it (the exporter polls at
   * the pace of its scrapes). Faster: what polls at the header's cadence polls now, then at the new one.
   */
  setTickMs(ms: number): void;
  /** Apply queued store updates now (the batch timer does this on its own). */
  flush(): void;
  /** Resolves when no request is in flight. */
  whenIdle(): Promise<void>;
  /** Keys of the resources being polled (for tests and the debug view). */
  activeKeys(): string[];
  readonly inFlight: number;
}

export function createScheduler(opts: SchedulerOptions): Scheduler {
  const { client, store } = opts;
  const clock = opts.clock ?? systemClock;
  const base: Intervals = {
    tickMs: opts.intervalMs ?? 2_000,
    slowMs: opts.slowMs ?? 30_000,
    maxAgeMs: opts.maxAgeMs ?? 5 * 60_000,
  };
  // Read at every wait (scheduler-timing.ts), so setTickMs changes it in place.
  const intervals: { -readonly [K in keyof Intervals]: number } = { ...base };
  const timing = createTiming({
    intervals,
    heavyMinMs: opts.heavyMinIntervalMs ?? 5_000,
    byteBudgetPerSec: opts.byteBudgetPerSec ?? 32 * 1024,
    unsupportedRetryMs: opts.unsupportedRetryMs ?? 10 * 60_000,
  });
  // Block-driven resources wait for the block watcher while it is polled and answering (poll/pchain-specs.ts).
  const watching = () => {
    if (!entries.has(BLOCK_WATCH_KEY)) return false;
    const r = lens.view(BLOCK_WATCH_KEY).get(store.getState());
    return r.status === 'ok' || (r.status === 'loading' && r.data !== undefined);
  };
  const heights = createHeightFollower({ clock, heavyFloorMs: timing.heavyFloorMs, watching, state: () => store.getState() });
  const decoders = opts.decoders ?? defaultDecoders;
  const followUi = opts.followUi ?? true;

  const entries = new Map<string, Entry>();
  let started = false;
  let paused = store.getState().ui.paused;
  // The writes that wait for the clock's second also wait out the replies then in flight, for at most a fifth of a
  // second: a block's height and the block itself (its time, the chain time) came in two frames a second apart
  // whenever the tick fell between the two replies, 41-57 frames a minute at idle for 30 blocks (strace).
  const nextTick =
    opts.nextTick &&
    settledTick(opts.nextTick, clock, () => inFlight, (fn) => {
      idleWaiters.push(fn);
      return () => {
        const i = idleWaiters.indexOf(fn);
        if (i >= 0) idleWaiters.splice(i, 1);
      };
    });
  // The writes that wait for a tick (refreshes of what is on screen, call accounting) come at most once a poll interval
  // (at most every other second), with the block's frame: slow resources on timers of their own came in frames
  // between two blocks, 4-8 a minute. Never more than two seconds late, whatever the interval.
  const writer = createBatchWriter({
    store,
    clock,
    batchMs: opts.batchMs ?? 100,
    held: paused,
    nextTick,
    tickGapMs: () => Math.min(intervals.tickMs, MAX_TICK_GAP_MS) - TICK_SLACK_MS,
  });
  let visible: { pane: PaneId; views: readonly NavView[] } = {
    pane: store.getState().ui.pane,
    views: store.getState().ui.nav,
  };
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  let unsubscribeStore: (() => void) | undefined;
  let offCall: unknown;
  const blockCache = new Map<bigint, BlockHeader>();
  const blockJournal = createBlockJournal();

  const ctx: FetchContext = {
    // Each resource is charged its own calls' bytes and latency (call-usage.ts).
    client: accountedClient(client),
    decoders,
    recentBlocks: opts.recentBlocks ?? 20,
    height: () => heights.height(),
    get blockCache() {
      return opts.blockCache?.() ?? blockCache;
    },
    state: () => store.getState(),
    now: () => clock.now(),
    maxAgeMs: intervals.maxAgeMs,
    blockJournal,
    blocksAccepted: (changes) => {
      blockJournal.record(changes);
      heights.blocksAccepted(changes, entries.values());
    },
  };

  const intervalOf = (e: Entry) => timing.intervalOf(e, store.getState());
  const firstDelay = (e: Entry) => timing.firstDelay(e, store.getState(), clock.now(), heights.height());

  const newEntry = (spec: ResourceSpec): Entry =>
    makeEntry(spec, {
      store,
      clock,
      random: opts.random,
      backoff: opts.backoff,
      unsupportedRetryMs: opts.unsupportedRetryMs,
      // The probe's pace, also while it fails: the header's cadence (the exporter's scrape pace, setTickMs).
      get tickMs() {
        return intervals.tickMs;
      },
      ctx,
      heights,
      entries: () => entries.values(),
      intervalOf,
      enqueue: writer.enqueue,
      begin() {
        inFlight++;
      },
      end() {
        inFlight = Math.max(0, inFlight - 1);
        if (inFlight === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const w of waiters) w();
        }
      },
    });

  function halt(e: Entry): void {
    e.cancelDeferred?.();
    e.cancelDeferred = undefined;
    e.poller.stop();
  }

  // The plan last reconciled: a plan made again only when it changes (the exporter's planOnChange) is the same array
  // at most store changes, and the entries are already its own.
  let reconciled: readonly ResourceSpec[] | undefined;

  function reconcile(): void {
    if (!started) return;
    const specs = opts.plan
      ? opts.plan(store.getState())
      : planFor(visible.pane, visible.views, store.getState(), { metrics: typeof client.getStream === 'function', views: opts.views });
    if (specs === reconciled) return;
    reconciled = specs;
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
      const e = old ?? newEntry(spec);
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
      // The accounting slice counts per method; what each resource is charged comes from its own calls.
      offCall = client.onCall((e) => {
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
      reconciled = undefined;
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
    setTickMs(ms) {
      const faster = ms < intervals.tickMs;
      intervals.tickMs = ms;
      intervals.slowMs = Math.max(base.slowMs, ms);
      intervals.maxAgeMs = Math.max(base.maxAgeMs, ms);
      // A tick resource waiting out the old, longer cadence (or a failure's wait, as long) polls now, then keeps the new one.
      if (faster && started) for (const e of entries.values()) if (e.spec.cadence === 'tick') e.poller.refresh({ force: true });
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

/** How long a tick's writes wait for the replies in flight at the tick. */
export const SETTLE_MS = 200;
/** How much sooner than a poll interval after the last flush the next may come: half a tick. */
const TICK_SLACK_MS = 500;
/** The longest a refresh waits for the next poll's frame: two ticks. */
const MAX_TICK_GAP_MS = 2_000;

/**
 * `nextTick`, but once it fires, waiting until no request is in flight (or SETTLE_MS passes) before calling `fn`.
 * The cancel function cancels either wait.
 */
export function settledTick(
  nextTick: (fn: () => void) => () => void,
  clock: Clock,
  inFlight: () => number,
  whenIdle: (fn: () => void) => () => void,
): (fn: () => void) => () => void {
  return (fn) => {
    let cancelled = false;
    let done = false;
    let cancelTimer: (() => void) | undefined;
    let cancelIdle: (() => void) | undefined;
    const stopWaiting = () => {
      cancelTimer?.();
      cancelIdle?.();
    };
    const run = () => {
      if (cancelled || done) return;
      done = true;
      stopWaiting();
      fn();
    };
    const cancelTick = nextTick(() => {
      if (cancelled) return;
      if (inFlight() === 0) return run();
      cancelTimer = clock.setTimer(SETTLE_MS, run);
      cancelIdle = whenIdle(run);
    });
    return () => {
      cancelled = true;
      cancelTick();
      stopWaiting();
    };
  };
}
