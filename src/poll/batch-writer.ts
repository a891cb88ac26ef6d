// Store writes from the pollers, batched: Ink repaints the whole frame on every store change, so answers that
// arrive together are applied in one setState about every `batchMs`. While held (paused) nothing is applied.
import { recordCalls, type CallEvent } from '../state/accounting';
import type { AvatopStore, Update } from '../state/store';
import type { Clock } from './clock';

export interface BatchWriter {
  enqueue(update: Update): void;
  /** A finished call, for the accounting slice. */
  record(event: CallEvent): void;
  /** Apply what is queued now; `force` applies even while held (shutdown). */
  flush(opts?: { force?: boolean }): void;
  /** Hold (true) or release (false) store writes. */
  hold(on: boolean): void;
}

export function createBatchWriter(opts: { store: AvatopStore; clock: Clock; batchMs: number; held?: boolean }): BatchWriter {
  const { store, clock, batchMs } = opts;
  let queue: Update[] = [];
  let events: CallEvent[] = [];
  let cancel: (() => void) | undefined;
  let held = opts.held ?? false;

  function schedule(): void {
    if (cancel || held) return;
    cancel = clock.setTimer(batchMs, () => {
      cancel = undefined;
      flush();
    });
  }

  function flush({ force = false } = {}): void {
    if (held && !force) return;
    cancel?.();
    cancel = undefined;
    if (queue.length === 0 && events.length === 0) return;
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
    enqueue(update) {
      queue.push(update);
      schedule();
    },
    record(event) {
      events.push(event);
      schedule();
    },
    flush,
    hold(on) {
      held = on;
      if (on) {
        cancel?.();
        cancel = undefined;
      } else {
        schedule();
      }
    },
  };
}
