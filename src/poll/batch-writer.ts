// Store writes from the pollers, batched: Ink repaints the whole frame on every store change, so answers that
// arrive together are applied in one setState about every `batchMs`. While held (paused) nothing is applied.
// Writes that are not urgent (a refresh of data already on screen, call accounting) wait for `nextTick` when one is
// given: the on-screen clock's second, so they and the clock make one frame instead of two.
import { recordCalls, type CallEvent } from '../state/accounting';
import type { AvatopStore, Update } from '../state/store';
import type { Clock } from './clock';

export interface BatchWriter {
  /** Queue a write; `urgent` (the default) applies it within `batchMs`, otherwise on the next tick. */
  enqueue(update: Update, urgent?: boolean): void;
  /** A finished call, for the accounting slice. */
  record(event: CallEvent): void;
  /** Apply what is queued now; `force` applies even while held (shutdown). */
  flush(opts?: { force?: boolean }): void;
  /** Hold (true) or release (false) store writes. */
  hold(on: boolean): void;
}

export function createBatchWriter(opts: {
  store: AvatopStore;
  clock: Clock;
  batchMs: number;
  held?: boolean;
  /** Calls back once on the next tick; without it every write is urgent. */
  nextTick?: (fn: () => void) => () => void;
  /**
   * The least time between two flushes of writes that wait for a tick: the poll interval less a tick's slack, so
   * they land with the block's frame rather than in a frame of their own between two blocks.
   */
  tickGapMs?: () => number;
}): BatchWriter {
  const { store, clock, batchMs, nextTick } = opts;
  let lastFlush = -Infinity;
  let queue: Update[] = [];
  let events: CallEvent[] = [];
  let cancel: (() => void) | undefined;
  let cancelTick: (() => void) | undefined;
  let held = opts.held ?? false;

  function schedule(urgent = true): void {
    if (held) return;
    if (!urgent && nextTick) {
      if (!cancel && !cancelTick) {
        const onTick = () => {
          cancelTick = undefined;
          // Too soon after the last frame's writes: the next tick, or an urgent write before it.
          if (clock.now() - lastFlush < (opts.tickGapMs?.() ?? 0)) cancelTick = nextTick(onTick);
          else flush();
        };
        cancelTick = nextTick(onTick);
      }
      return;
    }
    if (cancel) return;
    cancel = clock.setTimer(batchMs, () => {
      cancel = undefined;
      flush();
    });
  }

  function unschedule(): void {
    cancel?.();
    cancel = undefined;
    cancelTick?.();
    cancelTick = undefined;
  }

  function flush({ force = false } = {}): void {
    if (held && !force) return;
    unschedule();
    if (queue.length === 0 && events.length === 0) return;
    lastFlush = clock.now();
    const updates = queue;
    const calls = events;
    queue = [];
    events = [];
    store.setState((s) => {
      let next = s;
      for (const u of updates) {
        try {
          next = u(next);
        } catch {
          // An update is pure and guards its own transform; one that still throws is dropped, never the batch.
        }
      }
      return calls.length ? { ...next, accounting: recordCalls(next.accounting, calls) } : next;
    }, true);
  }

  return {
    enqueue(update, urgent = true) {
      queue.push(update);
      schedule(urgent);
    },
    record(event) {
      events.push(event);
      schedule(false);
    },
    flush,
    hold(on) {
      held = on;
      if (on) unschedule();
      else if (queue.length || events.length) schedule();
    },
  };
}
