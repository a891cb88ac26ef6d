// Driving a scheduler on a manual clock (tests, benchmarks, soak): wait for requests to settle, apply the batch,
// repeat until quiet. Not used by the monitor itself, which runs on real time.
import type { Scheduler } from './scheduler';
import type { AvatopStore } from '../state/store';

/** A few turns of the event loop, so replies that have arrived are processed. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
}

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
