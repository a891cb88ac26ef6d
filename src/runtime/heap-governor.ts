// The monitor's memory policy, second half (docs/performance.md, "Memory policy"): bin/avatop.cjs bounds the heap
// (the worst case, with replies that would not fit refused by rpc/value-budget.ts); within that bound V8 still lets
// garbage grow to the bound before a full collection, so this collects once garbage passes live + max(3 MiB, 15 %),
// which keeps the peak near what is live. 4 MiB, not the 16 it was: at idle on the default network (12-14 MiB live)
// that is a full collection about every 20 s, a few ms each, and 3-4 MiB less resident (docs/performance.md); 3, not 4,
// since the minute's peer list is read after a collection (`collectBeforeLargeRead`): the top of the headroom was then
// the monitor's highest resident memory, 0.5-1 MiB lower at 3 for no CPU three pairs side by side could tell. 15 %,
// not the 25 it was: it matters only above 27 MiB live (the big scenario's 34 MiB while paging UTXOs, whose peak was
// live + 25 % and the pages V8 kept committed beside it). The CLI alone starts it (commands/monitor.tsx), never the library.
import { getHeapStatistics } from 'node:v8';
import { exposeGc } from './gc';
import { subscribeTick } from './ticker';

export interface HeapGovernorOptions {
  /** Garbage allowed on top of what the last collection left, before collecting. */
  headroomBytes: number;
  /** ...or this share of it, when larger: a bigger live set makes more garbage per reply. */
  headroomRatio: number;
}

export const DEFAULT_HEAP_GOVERNOR: HeapGovernorOptions = { headroomBytes: 3 * 1024 * 1024, headroomRatio: 0.15 };
/**
 * A fleet's (more than one node on screen): 4 MiB. Twenty nodes make garbage many times faster than one, and at 3 MiB
 * the bench's fleet of 20 took 2.38 % of a core against 2.02 % at 4 (its memory target is 150 MB; it peaks near 70).
 */
export const FLEET_HEAP_GOVERNOR: HeapGovernorOptions = { headroomBytes: 4 * 1024 * 1024, headroomRatio: 0.15 };

export interface HeapGovernor {
  /** Collects when the heap has grown past the headroom; true when it did. */
  check(): boolean;
  /** Collects now, whatever the headroom, unless a collection is under way; true when it started one. */
  collect(): boolean;
  /**
   * Before a read that will keep much of what it makes: collects when the garbage since the last collection is more
   * than `garbageBytes`. The collection under way (this one or one already running) when it is incremental, so the
   * caller may wait for it; undefined when there is none.
   */
  prepare(garbageBytes: number): PromiseLike<unknown> | undefined;
  /** Heap in use after the last collection seen (ours or V8's own). */
  readonly liveBytes: number;
}

/**
 * The decision alone, on injected readings, so it is tested without a real heap. `collect` may return a promise (an
 * incremental collection, finished later): no other is started before it settles, and what it left is then the floor.
 */
export function createHeapGovernor(
  usedBytes: () => number,
  collect: () => void | PromiseLike<unknown>,
  options: HeapGovernorOptions = DEFAULT_HEAP_GOVERNOR,
): HeapGovernor {
  let live = usedBytes();
  let running: PromiseLike<unknown> | undefined;
  const start = (): true => {
    const pending = collect();
    if (pending && typeof pending.then === 'function') {
      const settle = () => {
        running = undefined;
        live = usedBytes();
      };
      running = pending;
      pending.then(settle, settle);
    } else live = usedBytes();
    return true;
  };
  return {
    check() {
      if (running) return false;
      const used = usedBytes();
      // V8 collected by itself: what is left is the new floor.
      if (used < live) live = used;
      if (used <= live + Math.max(options.headroomBytes, live * options.headroomRatio)) return false;
      return start();
    },
    collect() {
      return running ? false : start();
    },
    prepare(garbageBytes) {
      if (running) return running;
      const used = usedBytes();
      if (used < live) live = used;
      if (used - live <= garbageBytes) return undefined;
      start();
      return running;
    },
    get liveBytes() {
      return live;
    },
  };
}

/** Heap growth between two checks that means a burst (a large reply, 10,000 rows drawn): checks come faster. */
export const BURST_BYTES = 1024 * 1024;
/** How often a burst is checked. */
export const BURST_CHECK_MS = 250;

/**
 * The pace of the checks: at each tick of the screen's one-second clock (runtime/ticker.ts), which wakes the
 * process anyway, and every `burstMs` while the heap grows by more than `burstBytes` from one check to the next. A
 * timer of its own every 250 ms was 240 wake-ups a minute at idle, about 7 % of the monitor's CPU there (side by side).
 * Returns the stop function.
 */
export function paceChecks(
  check: () => void,
  usedBytes: () => number,
  subscribe: (listener: () => void) => () => void,
  options: { burstBytes?: number; burstMs?: number } = {},
): () => void {
  const burstBytes = options.burstBytes ?? BURST_BYTES;
  const burstMs = options.burstMs ?? BURST_CHECK_MS;
  let last = usedBytes();
  let fast: ReturnType<typeof setInterval> | undefined;
  const step = () => {
    check();
    const used = usedBytes();
    const bursting = used - last > burstBytes;
    last = used;
    if (bursting && !fast) {
      fast = setInterval(step, burstMs);
      fast.unref?.();
    } else if (!bursting && fast) {
      clearInterval(fast);
      fast = undefined;
    }
  };
  const unsubscribe = subscribe(step);
  return () => {
    unsubscribe();
    if (fast) clearInterval(fast);
    fast = undefined;
  };
}

/** Garbage worth a collection before a large read (`collectBeforeLargeRead`). */
export const LARGE_READ_GARBAGE_BYTES = 1024 * 1024;
/** The longest a large read waits for that collection. */
export const LARGE_READ_WAIT_MS = 250;
/**
 * At most one such collection in this long: the monitor reads its one list a minute apart (and more, the collection's
 * wait and the read itself); a fleet reads each validator's list once a minute, twenty lists a few seconds apart, and a
 * collection before each was twenty full collections a minute (2.08 → 2.45 % of a core for the bench's fleet of 20 with
 * one every 20 s).
 */
export const LARGE_READ_GAP_MS = 50_000;

let started: HeapGovernor | undefined;
let lastLargeRead = -Infinity;

/**
 * Called before a read that keeps much of what it makes for a while: the monitor's peer list once a minute (0.7 MB
 * from a mainnet node), whose reading promotes about a MiB to V8's old generation. Made on top of the garbage the
 * governor lets grow (up to its headroom), that was the monitor's highest resident memory each minute; collected
 * first, what the read keeps fills the pages the garbage held. Resolves when the collection has run, or after
 * LARGE_READ_WAIT_MS; at once where no governor runs (the exporter, tests), there is little garbage, or one ran for a
 * large read less than LARGE_READ_GAP_MS ago.
 */
export function collectBeforeLargeRead(waitMs = LARGE_READ_WAIT_MS, gapMs = LARGE_READ_GAP_MS): Promise<void> {
  const now = performance.now();
  if (!started || now - lastLargeRead < gapMs) return Promise.resolve();
  const pending = started.prepare(LARGE_READ_GARBAGE_BYTES);
  if (!pending) return Promise.resolve();
  lastLargeRead = now;
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    pending.then(done, done);
  });
}

/** V8's gc as `exposeGc` gives it, asked for an incremental full collection. */
export type IncrementalGc = (options?: { type: 'major'; execution: 'async' }) => void | PromiseLike<unknown>;

/**
 * Starts the governor, paced by `paceChecks`; returns the stop function. Without `gc` it does nothing. The
 * collection is V8's incremental one (`execution: 'async'`): marked in steps and on V8's helper threads, where the
 * synchronous one stopped the main thread for a whole mark and compaction (tens of ms at the big scenario's 34 MiB
 * live, beside the key presses).
 *
 * `collectAtMs`: one collection that long after the start, whatever the headroom. The start leaves 3-4 MiB of garbage
 * (its first replies, parsed and checked, and the objects of the first frames), below the headroom, so it stayed until
 * V8's own collection many seconds later, and the monitor's deferred reads (poll/deferred-start.ts) came on top of
 * it: their moment was the peak of resident memory (64 MiB on the default network, 62.5 with the collection first).
 */
export function startHeapGovernor(
  options: HeapGovernorOptions = DEFAULT_HEAP_GOVERNOR,
  collectAtMs?: number,
  gc: IncrementalGc | undefined = exposeGc() as IncrementalGc | undefined,
): () => void {
  if (!gc) return () => {};
  const used = () => getHeapStatistics().used_heap_size;
  const governor = createHeapGovernor(used, () => gc({ type: 'major', execution: 'async' }), options);
  const once = collectAtMs === undefined ? undefined : setTimeout(() => governor.collect(), collectAtMs);
  once?.unref?.();
  const stopChecks = paceChecks(() => governor.check(), used, (listener) => subscribeTick(1000, listener));
  started = governor;
  return () => {
    clearTimeout(once);
    stopChecks();
    if (started === governor) started = undefined;
  };
}
