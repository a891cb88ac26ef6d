// Driving a scheduler on a manual clock: wait for requests to settle, apply the batch, repeat until quiet.
import type { ManualClock } from '../../src/poll/clock';
import type { Scheduler } from '../../src/poll/scheduler';
import type { AvatopStore } from '../../src/state/store';

const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
};

/** Wait until every request started so far (and any it triggered) has finished, then apply the batch. */
export async function quiesce(scheduler: Scheduler, store: AvatopStore): Promise<void> {
  for (;;) {
    await scheduler.whenIdle();
    await settle();
    if (scheduler.inFlight > 0) continue;
    // Applying the batch can change the plan (e.g. the node ID is now known) and start new requests.
    const before = store.getState();
    scheduler.flush();
    await settle();
    if (scheduler.inFlight === 0 && store.getState() === before) break;
  }
}

/**
 * Move simulated time forward in steps, letting requests finish in between; `onStep` moves anything else that
 * keeps time (the simulated node's clock).
 */
export async function runFor(
  clock: ManualClock,
  scheduler: Scheduler,
  store: AvatopStore,
  ms: number,
  opts: { stepMs?: number; onStep?: (ms: number) => void } = {},
): Promise<void> {
  const stepMs = opts.stepMs ?? 1_000;
  for (let t = 0; t < ms; t += stepMs) {
    const d = Math.min(stepMs, ms - t);
    opts.onStep?.(d);
    await clock.advance(d);
    await quiesce(scheduler, store);
  }
}
