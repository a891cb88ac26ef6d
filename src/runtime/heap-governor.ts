// Keeps the monitor's peak memory near what it actually holds. V8 sizes its heap for throughput: with a 4 GiB limit
// it let garbage from replies and frames pile up to 250 MiB between full collections while only 40-60 MiB was live
// (docs/performance.md). A hard `--max-old-space-size` would bound that too, but it turns one huge reply into a
// fatal out-of-memory crash; this only collects earlier, so the worst case is a slower collection, never a crash.
import { getHeapStatistics } from 'node:v8';
import { exposeGc } from './gc';

export interface HeapGovernorOptions {
  /** Garbage allowed on top of what the last collection left, before collecting. */
  headroomBytes: number;
  /** ...or this share of it, when larger: a bigger live set makes more garbage per reply. */
  headroomRatio: number;
}

export const DEFAULT_HEAP_GOVERNOR: HeapGovernorOptions = { headroomBytes: 16 * 1024 * 1024, headroomRatio: 0.25 };

export interface HeapGovernor {
  /** Collects when the heap has grown past the headroom; true when it did. */
  check(): boolean;
  /** Heap in use after the last collection seen (ours or V8's own). */
  readonly liveBytes: number;
}

/** The decision alone, on injected readings, so it is tested without a real heap. */
export function createHeapGovernor(
  usedBytes: () => number,
  collect: () => void,
  options: HeapGovernorOptions = DEFAULT_HEAP_GOVERNOR,
): HeapGovernor {
  let live = usedBytes();
  return {
    check() {
      const used = usedBytes();
      // V8 collected by itself: what is left is the new floor.
      if (used < live) live = used;
      if (used <= live + Math.max(options.headroomBytes, live * options.headroomRatio)) return false;
      collect();
      live = usedBytes();
      return true;
    },
    get liveBytes() {
      return live;
    },
  };
}

/** Checks every `everyMs` on an unref'd timer; returns the stop function. Without `gc` it does nothing. */
export function startHeapGovernor(everyMs = 250, options: HeapGovernorOptions = DEFAULT_HEAP_GOVERNOR): () => void {
  const gc = exposeGc();
  if (!gc) return () => {};
  const governor = createHeapGovernor(() => getHeapStatistics().used_heap_size, gc, options);
  const timer = setInterval(() => governor.check(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
