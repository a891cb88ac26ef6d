// One read per network for what every node of it answers alike (issue 31): the exporter's stake source reads the
// supply, total stake, minimum stakes, staking asset and voter weights, and the other sessions of its network are
// given its answers; what is each node's own (height, chain time, health, bootstrap state) each reads itself. Two
// headless sessions watch one simulated node under two names, each through its own client, counted by method.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { startHeadlessSession, fastPlan, type HeadlessSession } from '../../src/exporter/session';
import { isNetworkRead, NETWORK_READS, shareNetworkReads } from '../../src/exporter/network-reads';
import { createAvatopStore } from '../../src/state/store';
import { lens } from '../../src/state/lenses';
import { resolveError, resolveOk } from '../../src/state/resource';
import { track } from '../helpers/track';
import { startHarness } from '../helpers/poll-harness';
import { chainTimeSpec } from '../../src/exporter/network-reads';
import { until } from './programs';

function counted(s: HeadlessSession): Map<string, number> {
  const m = new Map<string, number>();
  s.client.onCall((e) => m.set(e.method, (m.get(e.method) ?? 0) + 1));
  return m;
}

describe('the network\'s reads', () => {
  it('are in the plan of the network\'s source only, the voter weights whether or not it validates', () => {
    const s = createAvatopStore().getState();
    const source = fastPlan(s, true, true).map((spec) => spec.key);
    const other = fastPlan(s, true, false).map((spec) => spec.key);
    expect(other.filter(isNetworkRead)).toEqual([]);
    expect(source.filter(isNetworkRead).sort()).toEqual(NETWORK_READS.map((r) => r.key).sort());
    // Each node's own: the probe, its chain time, its health and bootstrap state.
    for (const key of ['height', 'timestamp', 'health', 'bootstrapped:P']) expect(other).toContain(key);
  });

  it('are read by the source alone and given to the other sessions of its network', async () => {
    const sim = track(await createSimNode({ seed: 3, validators: 30, peers: 8, utxos: 5 }));
    const a = track(startHeadlessSession({ name: 'a', url: sim.url }, { intervalMs: 500, timeoutMs: 5_000 }), (x) => x.close());
    const b = track(startHeadlessSession({ name: 'b', url: sim.url }, { intervalMs: 500, timeoutMs: 5_000 }), (x) => x.close());
    const calls = counted(b);
    a.setStakeSource(true);
    b.setStakeSource(false);
    track(shareNetworkReads([a, b]), (off) => off());
    const held = (s: HeadlessSession) => {
      const st = s.store.getState();
      return lens.totalStake.get(st).data !== undefined && lens.supply.get(st).data !== undefined && lens.minStake.get(st).data !== undefined && lens.timestamp.get(st).data !== undefined;
    };
    await until('b holds the network\'s reads', async () => (held(b) ? true : undefined), 30_000, 50);
    const [sa, sb] = [a.store.getState(), b.store.getState()];
    expect(lens.totalStake.get(sb)).toBe(lens.totalStake.get(sa));
    expect(lens.supply.get(sb).data).toBe(lens.supply.get(sa).data);
    expect(lens.minStake.get(sb).data).toEqual(lens.minStake.get(sa).data);
    for (const m of ['platform.getTotalStake', 'platform.getCurrentSupply', 'platform.getMinStake', 'platform.getStakingAssetID', 'platform.getValidatorsAt']) expect(calls.get(m) ?? 0).toBe(0);
    for (const m of ['platform.getHeight', 'platform.getTimestamp', 'info.isBootstrapped']) expect(calls.get(m) ?? 0).toBeGreaterThan(0);
  }, 60_000);

  it('give answers only, to sessions of the same network only', () => {
    const stores = [createAvatopStore(), createAvatopStore(), createAvatopStore()];
    const named = (i: number, network: string) => stores[i]!.setState((s) => lens.networkName.set(s, resolveOk(lens.networkName.get(s), network, { at: 1 })));
    named(0, 'mainnet');
    named(1, 'mainnet');
    named(2, 'fuji');
    const off = shareNetworkReads(stores.map((store, i) => ({ store, isStakeSource: i === 0 })));
    stores[0]!.setState((s) => lens.totalStake.set(s, resolveOk(lens.totalStake.get(s), 5n, { at: 2 })));
    expect(lens.totalStake.get(stores[1]!.getState()).data).toBe(5n);
    expect(lens.totalStake.get(stores[2]!.getState()).data).toBeUndefined();
    // A failed read leaves the last answer where it was given.
    stores[0]!.setState((s) => lens.totalStake.set(s, resolveError(lens.totalStake.get(s), new Error('refused'), { at: 3 })));
    expect(lens.totalStake.get(stores[1]!.getState())).toMatchObject({ status: 'ok', data: 5n });
    off();
  });

  it('chain time: the time of the block at the height just read, each block read once for the network; a node that stands still keeps its own', async () => {
    const blocks = new Map();
    const a = track(await startHarness({ plan: (s) => fastPlan(s, false, true, chainTimeSpec()), blockCache: () => blocks }));
    const b = track(await startHarness({ plan: (s) => fastPlan(s, false, false, chainTimeSpec()), blockCache: () => blocks, clock: a.clock }));
    const reads = (m: string) => a.node.count(m) + b.node.count(m);
    // The scripted chain's block at height h carries the time 1_700_000_000 + h seconds (test/helpers/poll-harness.ts).
    const blockTime = (h: number) => new Date((1_700_000_000 + h) * 1000);
    for (const h of [a, b]) h.scheduler.start();
    await a.quiesce();
    await b.quiesce();
    const first = { stamps: reads('platform.getTimestamp'), blocks: reads('platform.getBlockByHeight') };
    for (const h of [a, b]) h.net.height = 101;
    for (let i = 0; i < 3; i++) {
      await a.run(1_000);
      await b.quiesce();
    }
    // Block 101 read once for both nodes; its time is both nodes' chain time, without a getTimestamp.
    expect(reads('platform.getBlockByHeight')).toBe(first.blocks + 1);
    expect(reads('platform.getTimestamp')).toBe(first.stamps);
    for (const h of [a, b]) expect(lens.timestamp.get(h.store.getState()).data).toEqual(blockTime(101));
    // Nothing is read again while the height stands.
    await a.run(20_000);
    await b.quiesce();
    expect(reads('platform.getBlockByHeight') + reads('platform.getTimestamp')).toBe(first.blocks + first.stamps + 1);
    // a moves on, b stands still: a has the new block's time, b keeps its own (its chain falls behind).
    a.net.height = 102;
    await a.run(3_000);
    await b.quiesce();
    expect(lens.timestamp.get(a.store.getState()).data).toEqual(blockTime(102));
    expect(lens.timestamp.get(b.store.getState()).data).toEqual(blockTime(101));
  });

  it('chain time: the node is asked where it will not give the block', async () => {
    const h = track(await startHarness({ plan: (s) => fastPlan(s, false, true, chainTimeSpec()) }));
    h.node.on('platform.getBlockByHeight', { error: { code: -32000, message: 'internal error' } });
    h.scheduler.start();
    await h.quiesce();
    h.net.height = 101;
    h.net.timestamp = '2026-11-22T02:00:07Z';
    await h.run(3_000);
    expect(lens.timestamp.get(h.store.getState()).data).toEqual(new Date('2026-11-22T02:00:07Z'));
  });
});
