// Regression: changing the UTXO page size must fetch pages of the new size (the poll key once left the size out,
// so the old poller kept asking for the old limit and the pane said "(last)" with paging stuck).
import { expect, it } from 'vitest';
import { createManualClock } from '../../src/poll/clock';
import { createScheduler } from '../../src/poll/scheduler';
import { createClient } from '../../src/rpc/client';
import { createSimNode } from '../../src/sim/index';
import { createAvatopStore } from '../../src/state/store';
import { setPane } from '../../src/state/ui';
import { hasNextPage, nextUtxoPage, openUtxoQuery, setUtxoPageSize } from '../../src/state/utxos';
import { quiesce, runFor } from '../helpers/poll-drive';
import { track } from '../helpers/track';

const START = Date.UTC(2026, 10, 1);
it('a new page size fetches pages of that size, and paging goes on', async () => {
  const sim = await createSimNode({ validators: 30, peers: 10, utxos: 400, subnets: 1, seed: 12, autoAdvance: false, startTimeMs: START });
  const client = createClient({ url: sim.url });
  const clock = createManualClock(START);
  const store = createAvatopStore({ now: START });
  const scheduler = createScheduler({ client, store, clock, intervalMs: 2_000, random: () => 0.5 });
  track(sim);
  track(client);
  track(scheduler, (sc) => sc.stop());
  const address = sim.network.wallets[0]!.str;
  store.setState((s) => ({ ...s, ui: setPane(s.ui, 'utxos'), utxos: openUtxoQuery(s.utxos, { addresses: [address], pageSize: 100 }) }));
  scheduler.start();
  await quiesce(scheduler, store);
  const query = () => store.getState().utxos.queries[store.getState().utxos.active!]!;
  expect(query().page.data?.utxos.rows.length).toBe(100);

  store.setState((s) => ({ ...s, utxos: setUtxoPageSize(s.utxos, s.utxos.active!, 250) }));
  await runFor(clock, scheduler, store, 4_000, { onStep: (d) => sim.tick(d) });
  expect(query().pageSize).toBe(250);
  expect(query().page.data?.utxos.rows.length).toBe(250);
  expect(hasNextPage(query())).toBe(true);

  store.setState((s) => ({ ...s, utxos: nextUtxoPage(s.utxos, s.utxos.active!) }));
  await runFor(clock, scheduler, store, 4_000, { onStep: (d) => sim.tick(d) });
  expect(query().page.data?.utxos.rows.length).toBe(150);
  expect(hasNextPage(query())).toBe(false);
});
