// The scheduler against a scripted node over real loopback HTTP, with a manual clock for the schedule.
import { describe, expect, it, vi } from 'vitest';
import { lens } from '../../src/state/lenses';
import { BLOCK_WATCH_KEY } from '../../src/state/view-keys';
import { PRIMARY_NETWORK_ID } from '../../src/state/store';
import { openUtxoQuery, nextUtxoPage } from '../../src/state/utxos';
import { pushView, setPane, setSubnet, type PaneId } from '../../src/state/ui';
import { blockHex, peer, startHarness, validator, examples } from '../helpers/poll-harness';
import { track } from '../helpers/track';

type Harness = Awaited<ReturnType<typeof startHarness>>;

const show = (hh: Harness, pane: PaneId) => hh.store.setState((s) => ({ ...s, ui: setPane(s.ui, pane) }));
const validators = (hh: Harness) => lens.validators(PRIMARY_NETWORK_ID).get(hh.store.getState());

const HEADER = [
  'info.getNodeID',
  'info.getNetworkID',
  'info.getNetworkName',
  'info.getNodeVersion',
  'info.isBootstrapped',
  'platform.getHeight',
  'platform.getTimestamp',
  'info.uptime',
  'info.upgrades', // its heliconTime decides the reward threshold
  'info.peers',
];


/**
 * Calls for the primary validator list alone: the header also asks for this node's own record with the same method
 * (nodeIDs set), which these tests of the heavy list's cadence do not count.
 */
function countListCalls(harness: Harness): (() => number) & { patches(): number } {
  let lists = 0;
  let patches = 0;
  harness.node.on('platform.getCurrentValidators', (p: { subnetID?: string; nodeIDs?: string[] }) => {
    if (!p?.nodeIDs) lists++;
    // The list's patches (poll/validator-patch.ts): entries of the nodes a block names, not this node's own record.
    else if (!p.subnetID && !p.nodeIDs.includes('NodeID-Self')) patches++;
    const all = harness.net.validators as Array<{ nodeID: string }>;
    return { validators: p?.nodeIDs ? all.filter((v) => p.nodeIDs!.includes(v.nodeID)) : all };
  });
  return Object.assign(() => lists, { patches: () => patches });
}

describe('scheduler', () => {
  it('polls only what the header and the visible pane need, and fills the store', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    const overview = [
      'info.getNodeIP',
      'health.health',
      'platform.getCurrentSupply',
      'platform.getStakingAssetID',
      'platform.getTotalStake',
      'platform.getMinStake',
      'platform.getCurrentValidators', // this node's own record only
      'platform.getValidatorsAt', // this node validates: the voters' weights for the reward guard
    ];
    // The peers' facts wait 1.5 s, out of the first replies' way (poll/header-plan.ts).
    expect(Object.keys(h.node.counts()).sort()).toEqual([...HEADER, ...overview].filter((m) => m !== 'info.peers').sort());
    await h.run(2_000);
    expect(Object.keys(h.node.counts()).sort()).toEqual([...HEADER, ...overview].sort());
    const s = h.store.getState();
    expect(s.node.networkId.data).toBe(5);
    expect(s.node.id.data?.nodeID).toBe('NodeID-Self');
    expect(s.pchain.height.data).toBe(100n);
    expect(s.pchain.timestamp.data).toEqual(new Date('2026-11-22T02:00:00Z'));
    expect(s.supply.minStake.data).toEqual({ minValidatorStake: 2_000_000_000_000n, minDelegatorStake: 25_000_000_000n });
    expect(s.peers.count.data).toBe(2);
    expect(s.node.bootstrapped.X.data).toBe(true);
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    expect(h.scheduler.activeKeys()).toContain(`validator:${PRIMARY_NETWORK_ID}/NodeID-Self`);
  });

  it('starts and stops pollers on pane switch', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    const before = h.node.count('platform.getCurrentValidators');
    show(h, 'validators');
    await h.quiesce();
    expect(h.node.count('platform.getCurrentValidators')).toBe(before + 1);
    expect(h.node.count('platform.getSubnets')).toBe(1);
    expect(h.scheduler.activeKeys()).not.toContain('health');
    const health = h.node.count('health.health');
    await h.run(20_000);
    expect(h.node.count('health.health')).toBe(health);
    show(h, 'overview');
    await h.quiesce();
    expect(h.node.count('health.health')).toBe(health + 1);
    expect(h.scheduler.activeKeys()).not.toContain(`validators:${PRIMARY_NETWORK_ID}`);
    // The once-only static facts were not asked again on the way back.
    expect(h.node.count('info.getNodeIP')).toBe(1);
  });

  it('fetches a validator list again when a block changes it, from the height the change shows; not at every block', async () => {
    const h = track(await startHarness({ maxAgeMs: 5 * 60_000 }));
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    await h.run(60_000);
    expect(h.node.count('platform.getHeight')).toBeGreaterThanOrEqual(30);
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    // A block with no staking tx: read (one small request), and the list stays.
    h.net.height = 101;
    await h.run(4_000);
    expect(h.node.count('platform.getBlockByHeight')).toBe(1);
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    // A reward's proposal block: the staker leaves with the commit block after it, not before.
    h.net.blocks.set(102, 'reward');
    h.net.height = 102;
    await h.run(6_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    h.net.blocks.set(103, 'commit');
    h.net.height = 103;
    // Past the heavy floor since the last slice look (every slow interval; none of this scripted node's IDs is a
    // real node ID, so it asks for none). The reward names a staker tx this node will not give (no getTx here):
    // whose it was is unknown, and the list is read whole.
    await h.run(6_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(2);
    // A delegator joins: its validator's entry alone is asked for (poll/validator-patch.ts).
    const asked: unknown[] = [];
    h.node.on('platform.getCurrentValidators', (p: { nodeIDs?: string[] }) => {
      asked.push(p?.nodeIDs);
      return { validators: h!.net.validators };
    });
    h.net.blocks.set(104, 'delegator');
    h.net.height = 104;
    await h.run(6_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(3);
    expect(asked).toEqual([[expect.stringMatching(/^NodeID-/)]]);
    await h.run(5 * 60_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(3);
    expect(h.node.maxOpen('platform.getCurrentValidators')).toBe(1);
  });

  it("fetches a subnet's list again once chain time passes a permissioned validator's end, which comes with no tx", async () => {
    const h = track(await startHarness());
    const end = Date.parse('2026-11-22T02:05:00Z') / 1000;
    let subnetLists = 0;
    h.node.on('platform.getCurrentValidators', (p: { subnetID?: string; nodeIDs?: string[] }) => {
      if (p?.subnetID !== 'S1') return { validators: p?.nodeIDs ? [] : h!.net.validators };
      subnetLists++;
      // A permissioned subnet validator: no reward, no delegation fee (state_changes.go removes it at its end).
      return { validators: [{ txID: 'tx9', nodeID: 'NodeID-9', startTime: String(end - 86_400), endTime: String(end), weight: '20' }] };
    });
    h.store.setState((s) => ({ ...s, ui: setSubnet(setPane(s.ui, 'validators'), 'S1') }));
    h.scheduler.start();
    await h.quiesce();
    await h.run(30_000);
    expect(subnetLists).toBe(1);
    h.net.timestamp = '2026-11-22T02:05:02Z';
    await h.run(4_000);
    expect(subnetLists).toBe(2);
    // One due time, one fetch.
    await h.run(30_000);
    expect(subnetLists).toBe(2);
  });

  it('setTickMs: the header polls at the new cadence, at once when it is faster (the exporter follows its scrapes)', async () => {
    const h = track(await startHarness({ intervalMs: 60_000 }));
    h.scheduler.start();
    await h.quiesce();
    const first = h.node.count('platform.getHeight');
    await h.run(50_000);
    expect(h.node.count('platform.getHeight')).toBe(first);
    h.scheduler.setTickMs(2_000);
    await h.run(100);
    expect(h.node.count('platform.getHeight')).toBe(first + 1);
    await h.run(20_000);
    expect(h.node.count('platform.getHeight')).toBeGreaterThanOrEqual(first + 10);
    // Slower again: the next poll waits the new cadence.
    h.scheduler.setTickMs(60_000);
    await h.run(3_000);
    const slow = h.node.count('platform.getHeight');
    await h.run(50_000);
    expect(h.node.count('platform.getHeight')).toBe(slow);
  });

  it('setTickMs slower than --interval: the liveness probe follows the new cadence with the rest (issue 31: the exporter works at the pace of its scrapes; a down is noticed within one scrape gap)', async () => {
    const h = track(await startHarness({ intervalMs: 2_000 }));
    h.scheduler.start();
    await h.quiesce();
    h.scheduler.setTickMs(20_000);
    await h.run(3_000);
    const heights = h.node.count('platform.getHeight');
    const stamps = h.node.count('platform.getTimestamp');
    await h.run(40_000);
    // Two gaps of 20 s: the probe and the header's other tick resources once each per gap, not every 2 s.
    expect(h.node.count('platform.getHeight') - heights).toBeGreaterThanOrEqual(1);
    expect(h.node.count('platform.getHeight') - heights).toBeLessThanOrEqual(2);
    expect(h.node.count('platform.getTimestamp') - stamps).toBeLessThanOrEqual(2);
    // The node going away is seen at the probe's next turn, within one gap, and retried at that pace.
    h.node.on('platform.getHeight', { http: 502, body: 'bad gateway' });
    await h.run(20_000);
    expect(lens.height.get(h.store.getState()).status).toBe('error');
  });

  it('two nodes of one network given one block cache read each block once between them (the exporter)', async () => {
    const shared = new Map();
    const h = track(await startHarness({ blockCache: () => shared }));
    const other = track(await startHarness({ blockCache: () => shared, clock: h.clock }));
    h.scheduler.start();
    other.scheduler.start();
    await h.quiesce();
    await other.quiesce();
    for (const x of [h, other]) x.net.height = 101;
    for (let i = 0; i < 6; i++) {
      await h.run(1_000);
      await other.quiesce();
    }
    for (const x of [h, other]) expect(lens.view<bigint>(BLOCK_WATCH_KEY).get(x.store.getState()).data).toBe(101n);
    expect(h.node.count('platform.getBlockByHeight') + other.node.count('platform.getBlockByHeight')).toBe(1);
  });

  it('follows every block again when the node cannot give blocks', async () => {
    const h = track(await startHarness());
    h.node.on('platform.getBlockByHeight', { error: { code: -32000, message: 'internal error' } });
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    h.net.height = 101;
    await h.run(8_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(2);
  });

  it('a pane reopened at the same height does not fetch its heavy list again', async () => {
    const h = track(await startHarness());
    const lists = countListCalls(h);
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    show(h, 'peers');
    await h.run(4_000);
    show(h, 'validators');
    await h.run(4_000);
    expect(lists()).toBe(1);
    h.net.blocks.set(101, 'delegator');
    h.net.height = 101;
    await h.run(2_000);
    // The block changes one validator's entry: that entry is asked for, not the whole list.
    expect(lists()).toBe(1);
    expect(lists.patches()).toBe(1);
  });

  it('marks a method the node lacks unsupported and does not ask again every tick', async () => {
    const h = track(await startHarness({ unsupportedRetryMs: 10 * 60_000 }));
    show(h, 'pending');
    h.scheduler.start();
    await h.quiesce();
    const pending = h.store.getState().pending.bySubnet[PRIMARY_NETWORK_ID]!;
    expect(pending.status).toBe('unsupported');
    expect(pending.reason).toMatch(/removed in/);
    h.net.height = 101; // height moves do not re-probe it either
    await h.run(60_000);
    expect(h.node.count('platform.getPendingValidators')).toBe(1);
    await h.run(9 * 60_000);
    expect(h.node.count('platform.getPendingValidators')).toBe(2);
    h.scheduler.refresh();
    await h.quiesce();
    expect(h.node.count('platform.getPendingValidators')).toBe(3);
  });

  it('shows P-chain resources as bootstrapping on 503 and resumes when it clears', async () => {
    const h = track(await startHarness());
    h.node.bootstrapping(true);
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    let s = h.store.getState();
    expect(s.pchain.height.bootstrapping).toBe(true);
    expect(validators(h).bootstrapping).toBe(true);
    expect(s.node.networkId.status).toBe('ok'); // the info API is not gated
    await h.run(20_000);
    h.node.bootstrapping(false);
    await h.run(2_000);
    s = h.store.getState();
    expect(s.pchain.height).toMatchObject({ status: 'ok', bootstrapping: false, data: 100n });
    expect(validators(h)).toMatchObject({ status: 'ok', bootstrapping: false });
    expect(validators(h).data?.size).toBe(3);
  });

  it('keeps the last good data marked stale on failure, backs off, and recovers', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    h.node.on('health.health', { http: 500, body: 'internal error' });
    // The overview asks every 10 s (the node runs its checks every 30 s).
    await h.run(10_000);
    let health = h.store.getState().node.health;
    expect(health).toMatchObject({ status: 'error', stale: true, data: { healthy: true } });
    expect(health.error?.message).toBeTruthy();
    const failing = h.node.count('health.health');
    await h.run(60_000);
    // Backing off (1, 2, 4, 8, 16, 30 s…): far fewer than one request per 2 s tick.
    expect(h.node.count('health.health') - failing).toBeLessThanOrEqual(6);
    h.node.on('health.health', { healthy: false, checks: {} });
    await h.run(31_000);
    health = h.store.getState().node.health;
    expect(health).toMatchObject({ status: 'ok', stale: false, data: { healthy: false }, failures: 0 });
  });

  it('while the node is down only the height probe keeps the pace; everything recovers within one interval', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    const down = { http: 502, body: 'bad gateway' };
    const methods = ['platform.getHeight', 'platform.getTimestamp', 'health.health', 'platform.getCurrentSupply'];
    const saved = new Map(methods.map((m) => [m, h!.node.count(m)]));
    h.node.on('platform.getHeight', down);
    h.node.on('platform.getTimestamp', down);
    h.node.on('health.health', down);
    await h.run(30_000);
    const height = h.node.count('platform.getHeight') - saved.get('platform.getHeight')!;
    const timestamp = h.node.count('platform.getTimestamp') - saved.get('platform.getTimestamp')!;
    expect(height).toBeGreaterThanOrEqual(14);
    expect(timestamp).toBeLessThanOrEqual(6);
    expect(h.store.getState().pchain.timestamp).toMatchObject({ status: 'error', stale: true });
    h.node.on('platform.getHeight', { height: '101' });
    h.node.on('platform.getTimestamp', { timestamp: '2026-11-22T03:00:00Z' });
    h.node.on('health.health', { healthy: true, checks: {} });
    await h.run(2_000);
    const s = h.store.getState();
    expect(s.pchain.height).toMatchObject({ status: 'ok', data: 101n });
    expect(s.pchain.timestamp).toMatchObject({ status: 'ok', stale: false });
    expect(s.node.health).toMatchObject({ status: 'ok', stale: false });
  });

  it('pause freezes the store and the requests; resume polls at once', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    h.scheduler.pause();
    await h.quiesce();
    const frozen = h.store.getState();
    const before = h.node.counts();
    h.net.height = 200;
    await h.run(20_000);
    expect(h.store.getState()).toBe(frozen);
    expect(h.node.counts()).toEqual(before);
    h.scheduler.resume();
    await h.quiesce();
    expect(h.store.getState().ui.paused).toBe(false);
    expect(h.store.getState().pchain.height.data).toBe(200n);
  });

  it('follows the paused flag in the store too', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    h.store.setState((s) => ({ ...s, ui: { ...s.ui, paused: true } }));
    const n = h.node.count('platform.getHeight');
    await h.run(10_000);
    expect(h.node.count('platform.getHeight')).toBe(n);
  });

  it('keeps identity for equal data and flags added, changed and removed rows', async () => {
    const h = track(await startHarness());
    // Blocks this node cannot give: each height reads the list whole (what is tested here is the rows' diff).
    h.node.on('platform.getBlockByHeight', { error: { code: -32000, message: 'internal error' } });
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    const first = validators(h).data!;
    for (const height of [101, 102, 103]) h.net.blocks.set(height, 'delegator');
    h.net.height = 101;
    await h.run(10_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(2);
    expect(validators(h).data).toBe(first);

    h.net.validators = [validator(1), validator(2, 3_000_000_000_000n), validator(4)];
    h.net.height = 102;
    await h.run(10_000);
    const second = validators(h).data!;
    expect(second.rows.map((r) => [r.key, r.change])).toEqual([
      ['NodeID-1', 'same'],
      ['NodeID-2', 'changed'],
      ['NodeID-4', 'added'],
      ['NodeID-3', 'removed'],
    ]);
    expect(second.rows[0]).toBe(first.rows[0]);
    h.net.height = 103;
    await h.run(10_000);
    expect(validators(h).data!.rows.map((r) => r.key)).toEqual(['NodeID-1', 'NodeID-2', 'NodeID-4']);
  });

  it('batches store writes: one notification for a whole round of answers', async () => {
    const h = track(await startHarness());
    let notified = 0;
    h.store.subscribe(() => notified++);
    h.scheduler.start();
    await h.scheduler.whenIdle();
    for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
    expect(notified).toBe(0);
    await h.clock.advance(100);
    expect(notified).toBe(1);
    expect(h.store.getState().pchain.height.data).toBe(100n);
    expect(h.store.getState().node.networkName.data).toBe('fuji');
  });

  it('counts requests and bytes per method from the client', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    await h.run(10_000);
    const acc = h.store.getState().accounting;
    expect(acc.byMethod['platform.getHeight']!.requests).toBe(h.node.count('platform.getHeight'));
    expect(acc.byMethod['platform.getHeight']!.bytes).toBeGreaterThan(30 * acc.byMethod['platform.getHeight']!.requests);
    expect(acc.requests).toBe(Object.values(h.node.counts()).reduce((a, b) => a + b, 0));
    expect(h.store.getState().pchain.height.bytes).toBeGreaterThan(30);
  });

  it('fetches recent blocks once per new height, decoded by the codec', async () => {
    const h = track(await startHarness({ recentBlocks: 5 }));
    show(h, 'blocks');
    h.net.height = 10;
    h.scheduler.start();
    await h.quiesce();
    expect(h.node.count('platform.getBlockByHeight')).toBe(5);
    let recent = lens.recentBlocks.get(h.store.getState()).data!;
    expect(recent.rows.map((r) => r.value.height)).toEqual([10n, 9n, 8n, 7n, 6n]);
    expect(recent.rows[0]!.value).toMatchObject({ type: 'BanffStandardBlock', txCount: 0, time: new Date(1_700_000_010_000) });
    expect(recent.rows[0]!.value.id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{40,}$/);
    await h.run(10_000);
    expect(h.node.count('platform.getBlockByHeight')).toBe(5);
    h.net.height = 12;
    await h.run(2_000);
    expect(h.node.count('platform.getBlockByHeight')).toBe(7);
    recent = lens.recentBlocks.get(h.store.getState()).data!;
    expect(recent.rows.map((r) => [r.value.height, r.change])).toEqual([
      [12n, 'added'],
      [11n, 'added'],
      [10n, 'same'],
      [9n, 'same'],
      [8n, 'same'],
    ]);
    // Blocks that slid out of the window were not removed from the chain: no "removed" rows to count or show.
  });

  it('decodes a real mainnet block for the block view', async () => {
    const h = track(await startHarness());
    h.node.on('platform.getBlockByHeight', examples.blockByHeight.result);
    h.store.setState((s) => ({ ...s, ui: pushView(setPane(s.ui, 'blocks'), { kind: 'block', height: 1000001n }) }));
    h.scheduler.start();
    await h.quiesce();
    const detail = h.store.getState().blocks.detail['height:1000001']!;
    expect(detail.status).toBe('ok');
    expect(detail.data!.header).toMatchObject({ height: 1000001n, type: 'ApricotStandardBlock', txCount: 1, decodeError: undefined });
    // Static: not asked again.
    await h.run(20_000);
    expect(h.node.count('platform.getBlock')).toBe(0);
  });

  it('pages UTXOs with the cursor, rows keyed by UTXO ID', async () => {
    const h = track(await startHarness());
    const pageParams: unknown[] = [];
    h.node.on('platform.getUTXOs', (p: unknown) => {
      pageParams.push(p);
      return { ...examples.utxos, numFetched: '5' };
    });
    const address = 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
    h.store.setState((s) => ({ ...s, ui: setPane(s.ui, 'utxos'), utxos: openUtxoQuery(s.utxos, { addresses: [address], pageSize: 5 }) }));
    h.scheduler.start();
    await h.quiesce();
    const key = h.store.getState().utxos.active!;
    let q = h.store.getState().utxos.queries[key]!;
    expect(q.page.status).toBe('ok');
    expect(q.page.data!.utxos.size).toBe(5);
    expect(q.page.data!.utxos.rows[0]!.key).not.toMatch(/^0x/);
    expect(pageParams[0]).toEqual({ addresses: [address], limit: 5, encoding: 'hex' });
    h.store.setState((s) => ({ ...s, utxos: nextUtxoPage(s.utxos, key) }));
    await h.quiesce();
    expect(pageParams[1]).toMatchObject({ startIndex: examples.utxos.endIndex });
    q = h.store.getState().utxos.queries[key]!;
    expect(q.prevStarts).toEqual([undefined]);
    expect(q.page.status).toBe('ok');
  });

  it('only polls the peers list when the peers pane shows; the header count is slow otherwise', async () => {
    const h = track(await startHarness({ slowMs: 30_000 }));
    h.scheduler.start();
    await h.quiesce();
    // The whole list for a count: once a minute.
    await h.run(58_000);
    // One reading of the peers' facts 1.5 s after the start, whether or not the node turns out to validate (a
    // second key for a validator read the list again within the first second), then once a minute.
    expect(h.node.count('info.peers')).toBe(1);
    show(h, 'peers');
    await h.run(10_000);
    expect(h.node.count('info.peers')).toBeGreaterThanOrEqual(6);
    expect(lens.peers.get(h.store.getState()).data?.size).toBe(2);
    expect(h.store.getState().peers.count.data).toBe(2);
  });

  it('polls the subnet the validators pane shows', async () => {
    const h = track(await startHarness());
    show(h, 'validators');
    const subnetParams: unknown[] = [];
    h.node.on('platform.getCurrentValidators', (p: { subnetID?: string; nodeIDs?: string[] }) => {
      // The header's own-record query (nodeIDs set) is not the pane's list.
      if (!p.nodeIDs) subnetParams.push(p.subnetID);
      return { validators: p.subnetID ? [validator(9)] : h!.net.validators };
    });
    h.scheduler.start();
    await h.quiesce();
    h.store.setState((s) => ({ ...s, ui: setSubnet(s.ui, 'S1') }));
    await h.quiesce();
    expect(subnetParams).toEqual([undefined, 'S1']);
    expect(lens.validators('S1').get(h.store.getState()).data?.rows.map((r) => r.key)).toEqual(['NodeID-9']);
    expect(h.scheduler.activeKeys()).not.toContain(`validators:${PRIMARY_NETWORK_ID}`);
  });

  it('on a node without getPendingValidators, the pending pane falls back to the current validators', async () => {
    const h = track(await startHarness());
    show(h, 'pending');
    h.scheduler.start();
    await h.quiesce();
    expect(h.node.count('platform.getPendingValidators')).toBe(1);
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    expect(validators(h).status).toBe('ok');
  });

  it('refreshes a heavy list at most every heavyMinIntervalMs however fast blocks come', async () => {
    const h = track(await startHarness({ heavyMinIntervalMs: 10_000 }));
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    for (let t = 0; t < 60_000; t += 2_000) {
      // Every block a staking block: the list would change at each.
      h.net.blocks.set(++h.net.height, 'delegator');
      await h.run(2_000);
    }
    expect(h.node.count('platform.getHeight')).toBeGreaterThanOrEqual(30);
    // One at start, then one per 10 s window in which the height moved.
    expect(h.node.count('platform.getCurrentValidators')).toBeLessThanOrEqual(7);
    expect(h.node.count('platform.getCurrentValidators')).toBeGreaterThanOrEqual(5);
    // The last change is picked up, not dropped.
    const last = h.node.count('platform.getCurrentValidators');
    await h.run(12_000);
    expect(h.node.count('platform.getCurrentValidators')).toBe(last + 1);
  });

  it('a big reply earns a longer wait under the byte budget; a small one keeps the normal cadence', async () => {
    const h = track(await startHarness({ byteBudgetPerSec: 32 * 1024 }));
    const many = Array.from({ length: 2_000 }, (_, i) => ({ ...peer(i), ip: `10.0.${i >> 8}.${i & 255}:9651` }));
    h.node.on('info.peers', { numPeers: String(many.length), peers: many });
    show(h, 'peers');
    h.scheduler.start();
    await h.quiesce();
    const bytes = h.store.getState().peers.list.bytes!;
    expect(bytes).toBeGreaterThan(64 * 1024);
    const startPeers = h.node.count('info.peers');
    const startHeight = h.node.count('platform.getHeight');
    await h.run(60_000);
    const waitMs = (bytes / (32 * 1024)) * 1000;
    expect(h.node.count('platform.getHeight') - startHeight).toBeGreaterThanOrEqual(29);
    expect(h.node.count('info.peers') - startPeers).toBeLessThanOrEqual(Math.ceil(60_000 / waitMs) + 1);
    expect(h.node.count('info.peers') - startPeers).toBeGreaterThanOrEqual(Math.floor(60_000 / waitMs) - 2);
  });

  it('setVisible drives the plan when not following the store, views included', async () => {
    const h = track(await startHarness({ followUi: false }));
    h.node.on('platform.getBlock', (p: { blockID: string }) => ({ block: blockHex(5), encoding: 'hex', _id: p.blockID }));
    h.scheduler.start();
    await h.quiesce();
    h.scheduler.setVisible('blocks', [{ kind: 'block', id: 'abc' }]);
    expect(h.scheduler.activeKeys()).toEqual(expect.arrayContaining(['recentBlocks', 'block:abc']));
    expect(h.scheduler.activeKeys()).not.toContain('health');
    await h.quiesce();
    expect(h.store.getState().blocks.detail.abc!.data!.header).toMatchObject({ height: 5n, type: 'BanffStandardBlock' });
    // The store's pane does not matter in this mode.
    show(h, 'peers');
    await h.quiesce();
    expect(h.scheduler.activeKeys()).not.toContain('peers');
    h.scheduler.setVisible('overview');
    expect(h.scheduler.activeKeys()).toContain('health');
    expect(h.scheduler.activeKeys()).not.toContain('block:abc');
  });

  it('a reply the transforms cannot read becomes an error on that resource, and nothing else breaks', async () => {
    const h = track(await startHarness());
    h.node.on('platform.getMinStake', { unexpected: true });
    h.node.on('platform.getHeight', { notAHeight: 1 });
    h.scheduler.start();
    await h.quiesce();
    const s = h.store.getState();
    expect(s.supply.minStake.status).toBe('error');
    expect(s.supply.minStake.error?.message).toMatch(/getMinStake/);
    expect(s.pchain.height.status).toBe('error');
    expect(s.supply.current.status).toBe('ok');
    expect(s.node.networkName.data).toBe('fuji');
  });

  it('the height probe backs off too when each failure is a big body', async () => {
    const h = track(await startHarness());
    h.scheduler.start();
    await h.quiesce();
    h.node.on('platform.getHeight', { http: 500, body: 'x'.repeat(200_000) });
    const before = h.node.count('platform.getHeight');
    await h.run(60_000);
    expect(h.store.getState().pchain.height).toMatchObject({ status: 'error', stale: true });
    expect(h.node.count('platform.getHeight') - before).toBeLessThanOrEqual(7);
  });

  it('the subnets pane fetches each chain status once, then again only past the maximum age', async () => {
    const h = track(await startHarness({ maxAgeMs: 5 * 60_000 }));
    h.node.on('platform.getBlockchains', {
      blockchains: [
        { id: 'C1', name: 'c1', subnetID: 'S1', vmID: 'vm' },
        { id: 'C2', name: 'c2', subnetID: 'S1', vmID: 'vm' },
      ],
    });
    h.node.on('platform.getBlockchainStatus', (p: { blockchainID: string }) => ({ status: p.blockchainID === 'C1' ? 'Validating' : 'Created' }));
    show(h, 'subnets');
    h.scheduler.start();
    await h.quiesce();
    expect(h.node.count('platform.getBlockchainStatus')).toBe(2);
    const s = h.store.getState();
    expect(s.subnets.chainStatus.C1!.data).toBe('Validating');
    expect(s.subnets.chainStatus.C2!.data).toBe('Created');
    for (let i = 0; i < 5; i++) {
      h.net.height++;
      await h.run(10_000);
    }
    expect(h.node.count('platform.getBlockchainStatus')).toBe(2);
    await h.run(5 * 60_000);
    expect(h.node.count('platform.getBlockchainStatus')).toBe(4);
  });

  it('never has two requests in flight for one resource, however slow the node and however often asked', async () => {
    const h = track(await startHarness({ heavyMinIntervalMs: 0, byteBudgetPerSec: 0 }));
    show(h, 'validators');
    h.node.on('platform.getCurrentValidators', { hold: true, then: { result: { validators: h.net.validators } } });
    h.scheduler.start();
    await vi.waitFor(() => expect(h!.node.held()).toBe(1));
    for (let i = 0; i < 5; i++) {
      h.net.height++;
      h.scheduler.refresh();
      await h.clock.advance(2_000);
    }
    expect(h.node.count('platform.getCurrentValidators')).toBe(1);
    expect(h.scheduler.activeKeys()).toContain(`validators:${PRIMARY_NETWORK_ID}`);
    h.node.on('platform.getCurrentValidators', { validators: h.net.validators });
    h.node.release();
    await h.quiesce();
    // The refreshes asked meanwhile collapse into one more request, right after the slow one.
    expect(h.node.count('platform.getCurrentValidators')).toBe(2);
    expect(h.node.maxOpen('platform.getCurrentValidators')).toBe(1);
    expect(validators(h).status).toBe('ok');
  });

  it('a block during a big reply\'s first fetch waits out that reply\'s byte budget, not just the heavy floor', async () => {
    // Seen in the bench: the 100,000-UTXO wallet's getBalance (7.7 MB, 2 s to answer) went out again 5 s after the
    // first, because the wait for the block that came meanwhile was set before the reply's size was known.
    const h = track(await startHarness({ heavyMinIntervalMs: 5_000, byteBudgetPerSec: 32 * 1024 }));
    const many = Array.from({ length: 3_000 }, (_, i) => validator(i));
    // The whole list (no nodeIDs) is held the first time; this node's own entry (the header's) answers at once.
    let lists = 0;
    let patches = 0;
    h.node.on('platform.getCurrentValidators', (p: { nodeIDs?: string[] }) => {
      // This node's own record is the header's; other nodes asked for are the list's patches.
      if (p?.nodeIDs && !p.nodeIDs.includes('NodeID-Self')) patches++;
      return p?.nodeIDs ? { result: { validators: [] } } : lists++ === 0 ? { hold: true, then: { result: { validators: many } } } : { result: { validators: many } };
    });
    h.scheduler.start();
    await h.quiesce();
    // The height is known when the list is first asked for, as it is once the monitor has run a while.
    show(h, 'validators');
    await vi.waitFor(() => expect(h!.node.held()).toBe(1));
    h.net.blocks.set(++h.net.height, 'delegator');
    await h.clock.advance(2_000);
    h.node.release();
    await h.quiesce();
    const bytes = validators(h).bytes!;
    const waitMs = (bytes / (32 * 1024)) * 1000;
    expect(waitMs).toBeGreaterThan(15_000);
    await h.run(waitMs - 4_000);
    expect([lists, patches]).toEqual([1, 0]);
    // The block is not forgotten: what it changed is asked for once the budget allows.
    await h.run(8_000);
    expect([lists, patches]).toEqual([1, 1]);
  });

  it('coming back to a pane after the height moved still honours the heavy floor', async () => {
    const h = track(await startHarness({ heavyMinIntervalMs: 30_000 }));
    const lists = countListCalls(h);
    show(h, 'validators');
    h.scheduler.start();
    await h.quiesce();
    show(h, 'peers');
    h.net.blocks.set(101, 'delegator');
    h.net.height = 101;
    await h.run(4_000);
    show(h, 'validators');
    await h.run(20_000);
    expect([lists(), lists.patches()]).toEqual([1, 0]);
    await h.run(8_000);
    expect([lists(), lists.patches()]).toEqual([1, 1]);
  });
});
