// The scheduler with the real client against the simulated node (300 validators), both on simulated time: the
// store shows `pane`; `run(ms)` moves the node's clock and the scheduler's together, a second at a time.
import { createManualClock } from '../../src/poll/clock';
import { createScheduler } from '../../src/poll/scheduler';
import { createClient } from '../../src/rpc/client';
import { createSimNode, type SimNode } from '../../src/sim/index';
import { createAvatopStore } from '../../src/state/store';
import { setPane, type PaneId } from '../../src/state/ui';
import { quiesce, runFor } from './poll-drive';
import { track } from './track';

export const SIM_START = Date.UTC(2026, 10, 1);

/** Released when the test finishes (track.ts). */
export async function simScheduler(
  profile: 'v1.11' | 'v1.15',
  pane: PaneId,
  opts: { blockIntervalMs?: number; seed?: number } = {},
) {
  const sim: SimNode = await createSimNode({
    profile,
    seed: opts.seed ?? 11,
    validators: 300,
    peers: 40,
    utxos: 50,
    subnets: 3,
    autoAdvance: false,
    startTimeMs: SIM_START,
    blockIntervalMs: opts.blockIntervalMs ?? 2_000,
  });
  const client = createClient({ url: sim.url, timeoutMs: 10_000 });
  const clock = createManualClock(SIM_START);
  const store = createAvatopStore({ now: SIM_START });
  store.setState((s) => ({ ...s, ui: setPane(s.ui, pane) }));
  const scheduler = createScheduler({ client, store, clock, intervalMs: 2_000, random: () => 0.5 });
  track(scheduler, async (sc) => {
    sc.stop();
    await client.close();
    await sim.close();
  });
  scheduler.start();
  await quiesce(scheduler, store);
  const run = (ms: number) => runFor(clock, scheduler, store, ms, { stepMs: 1_000, onStep: (d) => sim.tick(d) });
  const requests = (m: string) => store.getState().accounting.byMethod[m]?.requests ?? 0;
  return { sim, client, clock, store, scheduler, run, requests };
}
