// A node that stalls for 30 seconds, in real time, with the client's default 10 s timeout and the default 2 s
// interval. Fake timers cannot drive this honestly: the time-outs live in undici's socket timers and the stall in
// the simulated node's own timers, both on the real event loop with real sockets, and faking one side of them would
// mean mocking the HTTP client. So this case runs on the wall clock (about 45 s, in its own file so it overlaps with
// the rest); the matrix covers the same fault with a short timeout.
import { expect, it } from 'vitest';
import { createScheduler } from '../../src/poll/scheduler';
import { createClient } from '../../src/rpc/client';
import { createSimNode } from '../../src/sim/index';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { expectWords, watchUnhandledRejections } from './helpers';
import { until } from '../helpers/until';
import { track } from '../helpers/track';

watchUnhandledRejections();

/** Until the store passes `test`. */
function untilStore(store: AvatopStore, test: (s: ReturnType<AvatopStore['getState']>) => boolean, timeoutMs: number, what: string): Promise<true> {
  return until(what, () => (test(store.getState()) ? true : undefined), timeoutMs, 50);
}

it('a 30 s stall: "timed out" after 10 s, the last data kept stale, fresh data again after it ends', async () => {
  const sim = track(await createSimNode({ validators: 60, peers: 20, utxos: 30, subnets: 2, seed: 9 }));
  const client = track(createClient({ url: sim.url })); // default timeout: 10 s
  const store = createAvatopStore();
  const scheduler = track(createScheduler({ client, store }), (x) => x.stop()); // default interval: 2 s
  scheduler.start();
  await untilStore(store, (s) => s.pchain.height.status === 'ok' && s.node.id.status === 'ok', 20_000, 'first data');
  const h0 = store.getState().pchain.height.data;

  const began = Date.now();
  sim.faults.add({ kind: 'stall', ms: 30_000 });
  await untilStore(store, (s) => s.pchain.height.status === 'error', 25_000, 'the first timeout');
  const stalled = store.getState().pchain.height;
  expect(Date.now() - began).toBeGreaterThanOrEqual(9_000); // not before the client's own timeout
  expectWords(stalled.error?.short, /timed out/);
  expect(stalled.data).toBe(h0);
  expect(stalled.stale).toBe(true);

  // The stall lasts 30 s from its start; the monitor keeps the old data throughout.
  await untilStore(store, (s) => Date.now() - began >= 30_000 && s.pchain.height.data === h0, 40_000, 'the end of the stall');
  expect(store.getState().pchain.height.stale).toBe(true);
  sim.faults.clear();
  // What was in flight at that moment still waits out its 10 s; then the backoff; then fresh data.
  await untilStore(store, (s) => s.pchain.height.status === 'ok' && !s.pchain.height.stale, 30_000, 'recovery');
  expect(store.getState().pchain.height.data! >= h0!).toBe(true);
}, 120_000);
