// The scheduler with the real client against the simulated node, both on simulated time.
import { describe, expect, it } from 'vitest';
import { lens } from '../../src/state/lenses';
import { PRIMARY_NETWORK_ID } from '../../src/state/store';
import type { PaneId } from '../../src/state/ui';
import { simScheduler } from '../helpers/sim-scheduler';

const setup = (profile: 'v1.11' | 'v1.15', pane: PaneId, opts: { blockIntervalMs?: number } = {}) => simScheduler(profile, pane, opts);

describe('scheduler against the simulated node', () => {
  it('a minute on the validators pane makes far fewer heavy requests than one per tick', async () => {
    const t = await setup('v1.15', 'validators');
    await t.run(60_000);
    const ticks = t.requests('platform.getHeight');
    // Discovery of this node's subnet validations asks once in the minute: one small query per tracked subnet.
    const discovery = t.sim.network.subnets.filter((x) => x.tracked).length;
    const heavy = t.requests('platform.getCurrentValidators') - discovery;
    expect(ticks).toBeGreaterThanOrEqual(30);
    // Blocks arrive every ~2 s here, a staking tx in one of three or so: the list is read whole once, then only the
    // entries the blocks change and a slice of the oldest uptimes are asked for (poll/validator-patch.ts), at most
    // every heavy floor (5 s).
    expect(heavy).toBeLessThanOrEqual(14);
    const spent = t.store.getState().accounting.byMethod['platform.getCurrentValidators']!.bytes;
    const whole = (await t.client.callRaw('platform.getCurrentValidators', {})).bytes;
    expect(spent).toBeLessThan(1.5 * whole);
    const v = lens.validators(PRIMARY_NETWORK_ID).get(t.store.getState());
    expect(v.status).toBe('ok');
    expect(v.data!.size).toBeGreaterThan(250);
    expect(t.store.getState().pchain.height.data).toBeGreaterThan(0n);
    const acc = t.store.getState().accounting;
    expect(acc.byMethod['platform.getCurrentValidators']!.bytes).toBeGreaterThan(50_000);
  });

  it('v1.15 (as since v1.12): pending stakers are unsupported and asked once; v1.11 answers them', async () => {
    const today = await setup('v1.15', 'pending');
    await today.run(30_000);
    expect(today.store.getState().pending.bySubnet[PRIMARY_NETWORK_ID]!.status).toBe('unsupported');
    expect(today.requests('platform.getPendingValidators')).toBe(1);

    const old = await setup('v1.11', 'pending');
    await old.run(4_000);
    const pending = old.store.getState().pending.bySubnet[PRIMARY_NETWORK_ID]!;
    expect(pending.status).toBe('ok');
    expect(pending.data!.validators.rows.length + pending.data!.delegators.rows.length).toBeGreaterThanOrEqual(0);
  });

  it('recent blocks decode from the simulated chain, one request per new height', async () => {
    const t = await setup('v1.15', 'blocks', { blockIntervalMs: 5_000 });
    const first = t.requests('platform.getBlockByHeight');
    expect(first).toBe(20);
    const h0 = t.store.getState().pchain.height.data!;
    await t.run(30_000);
    const h1 = t.store.getState().pchain.height.data!;
    expect(h1).toBeGreaterThan(h0);
    // Every height fetched once; never refetched.
    expect(t.requests('platform.getBlockByHeight')).toBe(first + Number(h1 - h0));
    const rows = lens.recentBlocks.get(t.store.getState()).data!.rows.filter((r) => r.change !== 'removed');
    expect(rows[0]!.value.height).toBe(h1);
    expect(rows.every((r) => r.value.decodeError === undefined && r.value.type !== undefined)).toBe(true);
  });

  it("the chain time comes with each block the watcher reads, as the node's own getTimestamp answers it", async () => {
    const t = await setup('v1.15', 'overview');
    await t.run(30_000);
    const s = t.store.getState();
    const height = s.pchain.height.data!;
    // The simulated node on simulated time: nothing moves between the last poll and these questions.
    expect((await t.client.call('platform.getHeight', {})).height).toBe(height);
    const node = await t.client.call('platform.getTimestamp', {});
    expect(s.pchain.timestamp.data?.getTime()).toBe(node.timestamp.getTime());
    // About 15 blocks in the 30 s, each read by the watcher; getTimestamp asked only before the watch had a block.
    expect(t.requests('platform.getBlockByHeight')).toBeGreaterThanOrEqual(10);
    expect(t.requests('platform.getTimestamp')).toBeLessThanOrEqual(3);
  });

  it('says "bootstrapping" while the simulated P-chain bootstraps, then recovers', async () => {
    const t = await setup('v1.15', 'validators');
    t.sim.faults.setBootstrapping(true);
    await t.run(10_000);
    const s = t.store.getState();
    expect(s.pchain.height.bootstrapping).toBe(true);
    expect(s.pchain.height.stale).toBe(true);
    expect(s.pchain.height.data).toBeDefined(); // last good height still shown
    t.sim.faults.setBootstrapping(false);
    await t.run(4_000);
    expect(t.store.getState().pchain.height).toMatchObject({ status: 'ok', bootstrapping: false });
  });
});
