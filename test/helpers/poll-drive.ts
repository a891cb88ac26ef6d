// Driving a scheduler on a manual clock: wait for requests to settle, apply the batch, repeat until quiet.
import type { ManualClock } from '../../src/poll/clock';
import type { Scheduler } from '../../src/poll/scheduler';
import type { AvatopStore } from '../../src/state/store';
import { quiesce } from '../../src/poll/quiesce';

export { quiesce };

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
