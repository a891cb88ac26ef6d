// The pane → resources table: what each screen polls, with which cadence.
import { describe, expect, it } from 'vitest';
import { planFor } from '../../src/poll/plan';
import { header } from '../../src/poll/header-plan';
import { VIEW_TABLE } from '../../src/app/view-table';
import { lens } from '../../src/state/lenses';
import { idleResource, markUnsupported, resolveError, resolveOk } from '../../src/state/resource';
import { diffRows } from '../../src/state/rows';
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../src/state/store';
import { setSubnet, type PaneId } from '../../src/state/ui';
import { openUtxoQuery } from '../../src/state/utxos';

const HEADER = ['nodeId', 'networkId', 'networkName', 'nodeVersion', 'bootstrapped:P', 'bootstrapped:X', 'bootstrapped:C', 'height', 'timestamp', 'uptime', 'upgrades'];

function plan(pane: PaneId, s: AvatopState = createAvatopStore().getState(), views = [] as Parameters<typeof planFor>[1]) {
  return planFor(pane, views, s, { views: VIEW_TABLE });
}
/** Keys beyond the fixed header, sorted. */
const keys = (pane: PaneId, s?: AvatopState, views?: Parameters<typeof planFor>[1]) =>
  plan(pane, s, views)
    .map((p) => p.key)
    .filter((k) => !HEADER.includes(k) && k !== 'health:slow' && k !== 'blockWatch')
    .sort();
const sorted = (xs: string[]) => [...xs].sort();
const cadence = (pane: PaneId, key: string) => plan(pane).find((p) => p.key === key)?.cadence;

describe('planFor', () => {
  it('always polls the header; the peer count slowly unless a pane polls the peers list', () => {
    for (const pane of ['overview', 'fees', 'console'] as PaneId[]) {
      expect(plan(pane).map((p) => p.key)).toEqual(expect.arrayContaining([...HEADER, 'peerCount']));
    }
    expect(cadence('overview', 'peerCount')).toBe('slow');
    expect(cadence('overview', 'height')).toBe('tick');
    expect(cadence('overview', 'networkId')).toBe('once');
    // The peers pane asks the validator list too: which peers validate and their stake (issue 30, item 6).
    expect(keys('peers')).toEqual(sorted(['peers', `validators:${PRIMARY_NETWORK_ID}`]));
    expect(keys('versions')).not.toContain('peerCount');
  });

  it('polls health on every screen for the header: every tick on the overview, lightly elsewhere', () => {
    for (const pane of ['peers', 'validators', 'fees', 'blocks', 'utxos', 'console'] as PaneId[]) {
      const health = plan(pane).filter((p) => p.method === 'health.health');
      expect(health.map((p) => [p.key, p.cadence])).toEqual([['health:slow', 'slow']]);
    }
    expect(plan('overview').filter((p) => p.method === 'health.health').map((p) => [p.key, p.cadence])).toEqual([['health', 'tick']]);
    const slow = plan('peers').find((p) => p.key === 'health:slow')!;
    const intervals = { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 };
    // The overview's checks change when the node runs them (every 30 s): asked every 10 s, not every tick.
    expect(plan('overview').find((p) => p.key === 'health')!.intervalMs!(createAvatopStore().getState(), intervals)).toBe(10_000);
    let s = createAvatopStore().getState();
    expect(slow.intervalMs!(s, intervals)).toBe(10_000);
    s = lens.health.set(s, resolveOk(idleResource(), { healthy: true, checks: {} }, { at: 1 }));
    expect(slow.intervalMs!(s, intervals)).toBe(30_000);
    // The health view keeps it fresh while open.
    expect(plan('peers', undefined, [{ kind: 'health' }]).filter((p) => p.method === 'health.health').map((p) => [p.key, p.cadence])).toEqual([['health', 'tick']]);
  });

  it('reads every block where a list changes only with certain blocks, and nowhere else', () => {
    const watches = (pane: PaneId, s?: AvatopState, views?: Parameters<typeof planFor>[1]) => plan(pane, s, views).some((p) => p.key === 'blockWatch');
    // The peers pane holds the primary network's validator set (which peers validate), so it watches too.
    for (const pane of ['overview', 'validators', 'pending', 'subnets', 'versions', 'peers'] as PaneId[]) expect(watches(pane), pane).toBe(true);
    for (const pane of ['fees', 'blocks', 'utxos', 'console', 'metrics'] as PaneId[]) expect(watches(pane), pane).toBe(false);
    // This node's own record is on every pane once its ID is known, and changes with staking blocks.
    const s = lens.nodeId.set(createAvatopStore().getState(), resolveOk(idleResource(), { nodeID: 'NodeID-Me', nodePOP: null }, { at: 1 }));
    expect(watches('console', s)).toBe(true);
    const blockDriven = plan('validators').filter((p) => p.changesWith).map((p) => p.key).sort();
    expect(blockDriven).toEqual(sorted([`validators:${PRIMARY_NETWORK_ID}`, 'subnets']));
    // The header's peer count off the peers pane (the whole list): once a minute. The slow list a validator's header
    // and the versions pane read keeps the reward guard's cadence (its vote's views).
    const intervals = { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 };
    expect(plan('overview').find((p) => p.key === 'peerCount')!.intervalMs!(createAvatopStore().getState(), intervals)).toBe(60_000);
  });

  it("reads the peers for their facts where no pane shows the list, once a minute, under one key for a validator or not", () => {
    const intervals = { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 };
    for (const validator of [false, true]) {
      const reads = header(false, validator).filter((p) => p.method === 'info.peers');
      expect(reads.map((p) => p.key)).toEqual(['peerCount']);
      expect(reads[0]!.lens).toBe(lens.peerFacts);
      expect(reads[0]!.cadence).toBe('slow');
      expect(reads[0]!.intervalMs!(createAvatopStore().getState(), intervals)).toBe(60_000);
      // A pane that polls the list replaces it.
      expect(header(true, validator).filter((p) => p.method === 'info.peers')).toEqual([]);
    }
  });

  it("lists each pane's resources, heavy lists height-gated", () => {
    expect(keys('overview')).toEqual(sorted(['nodeIp', 'health', 'supply', 'stakingAssetId', 'totalStake', 'minStake', 'peerCount']));
    expect(keys('validators')).toEqual(sorted([`validators:${PRIMARY_NETWORK_ID}`, 'subnets', 'peerCount']));
    expect(cadence('validators', `validators:${PRIMARY_NETWORK_ID}`)).toBe('height');
    expect(keys('fees')).toEqual(sorted(['txFee', 'feeConfig', 'feeState', 'validatorFeeConfig', 'validatorFeeState', 'peerCount']));
    expect(keys('versions')).toEqual(sorted(['vms', 'acps', 'peers:slow', `validators:${PRIMARY_NETWORK_ID}`]));
    // The node's Helicon time decides the reward threshold the header shows: asked once, on every pane.
    expect(cadence('console', 'upgrades')).toBe('once');
    expect(keys('subnets')).toEqual(sorted(['subnets', 'blockchains', 'peerCount']));
    expect(keys('blocks')).toEqual(sorted(['recentBlocks', 'peerCount']));
    expect(keys('utxos')).toEqual(sorted(['peerCount'])); // nothing until an address is entered
    expect(keys('console')).toEqual(sorted(['peerCount']));
  });

  it('follows data: own validator, chosen subnet, chain statuses, pending fallback, UTXO page', () => {
    let s = createAvatopStore().getState();
    s = lens.nodeId.set(s, resolveOk(idleResource(), { nodeID: 'NodeID-Me', nodePOP: null }, { at: 1 }));
    expect(keys('overview', s)).toContain(`validator:${PRIMARY_NETWORK_ID}/NodeID-Me`);
    // Once the node's ID is known, the header discovers its subnet and L1 validations (every few minutes).
    expect(keys('console', s)).toContain('ownValidations');
    s = { ...s, ui: setSubnet(s.ui, 'S1') };
    expect(keys('validators', s)).toContain('validators:S1');
    // A subnet's validators are judged by its TransformSubnetTx uptimeRequirement (asked once).
    expect(keys('validators', s)).toContain('uptimeRequirement:S1');
    // A subnet's list may hold L1 validators, whose balances count down by the fee price.
    expect(keys('validators', s)).toContain('validatorFeeState');
    s = lens.blockchains.set(s, resolveOk(idleResource(), diffRows(undefined, [{ id: 'C1', name: 'c', subnetID: 'S1', vmID: 'vm' }], (c) => c.id), { at: 1 }));
    expect(keys('subnets', s)).toContain('chainStatuses');
    // The header's reward badge needs this node's own record on every pane that does not list the validators.
    expect(keys('pending', s)).toEqual(sorted([`pending:${PRIMARY_NETWORK_ID}`, `validator:${PRIMARY_NETWORK_ID}/NodeID-Me`, 'peerCount', 'ownValidations']));
    s = lens.pending(PRIMARY_NETWORK_ID).set(s, markUnsupported(idleResource(), new Error('x'), 'gone'));
    expect(keys('pending', s)).toEqual(sorted([`pending:${PRIMARY_NETWORK_ID}`, `validators:${PRIMARY_NETWORK_ID}`, 'peerCount', 'ownValidations']));
    s = { ...s, utxos: openUtxoQuery(s.utxos, { addresses: ['P-avax1x'], pageSize: 10 }) };
    const utxo = plan('utxos', s).find((p) => p.key.startsWith('utxos:'))!;
    expect(utxo.params).toEqual({ addresses: ['P-avax1x'], limit: 10, encoding: 'hex' });
  });

  it("polls each kind of view's own resources, from the view table", () => {
    const own = (view: Parameters<typeof planFor>[1][number]) => keys('console', undefined, [view]).filter((k) => k !== 'peerCount');
    expect(own({ kind: 'block', id: 'B1' })).toEqual(['block:B1']);
    expect(own({ kind: 'block', height: 7n })).toEqual(['block:height:7']);
    // AVAX's asset ID names the fee's asset (issue 30, item 6).
    expect(own({ kind: 'tx', id: 'T1' })).toEqual(sorted(['stakingAssetId', 'tx:T1', 'txJson:T1', 'txStatus:T1']));
    expect(own({ kind: 'validator', nodeId: 'N1' })).toEqual(sorted([`validator:${PRIMARY_NETWORK_ID}/N1`, 'peer:N1', `weights:${PRIMARY_NETWORK_ID}/N1`]));
    // A subnet's chains name it (issue 30, item 6).
    expect(own({ kind: 'validator', nodeId: 'N1', subnetId: 'S1' })).toEqual(sorted(['validator:S1/N1', 'peer:N1', 'weights:S1/N1', 'uptimeRequirement:S1', 'blockchains']));
    expect(own({ kind: 'peer', nodeId: 'N1' })).toEqual(['peers']);
    expect(own({ kind: 'subnet', id: 'S1' })).toEqual(sorted(['subnet:S1', 'validates:S1', 'validators:S1', 'blockchains']));
    expect(own({ kind: 'chain', id: 'C1' })).toEqual(['chainStatus:C1']);
    expect(own({ kind: 'utxo', id: 'U1', query: 'q' })).toEqual([]); // its creating tx, once the row is decoded
    // The chain list names the subnets' chains, whose checks carry only their IDs (issue 30, item 6).
    expect(own({ kind: 'health' })).toEqual(['blockchains', 'health']);
    // A scheduler handed no view table (the exporter) polls nothing for a view.
    expect(planFor('console', [{ kind: 'chain', id: 'C1' }], createAvatopStore().getState()).map((p) => p.key)).not.toContain('chainStatus:C1');
  });

  it("adds the top view's resources only", () => {
    const views = [{ kind: 'block' as const, id: 'B1' }, { kind: 'chain' as const, id: 'C9' }];
    const k = keys('blocks', undefined, views);
    expect(k).toContain('chainStatus:C9');
    expect(k).not.toContain('block:B1');
    expect(keys('blocks', undefined, [views[0]!])).toContain('block:B1');
  });
});

describe('planFor and a bootstrapped chain (issue 31)', () => {
  it('stops asking a chain bootstrapped while the probe answers and the health report says healthy; asks every chain again when either fails', () => {
    const store = createAvatopStore();
    const boot = ['bootstrapped:P', 'bootstrapped:X', 'bootstrapped:C'];
    const asked = () => plan('overview', store.getState()).map((p) => p.key).filter((k) => boot.includes(k));
    store.setState((s) => (['P', 'X', 'C'] as const).reduce((t, c) => lens.bootstrapped(c).set(t, resolveOk(lens.bootstrapped(c).get(t), c !== 'X', { at: 1 })), s));
    store.setState((s) => lens.height.set(s, resolveOk(lens.height.get(s), 5n, { at: 1 })));
    expect(asked()).toEqual(boot);
    store.setState((s) => lens.health.set(s, resolveOk(lens.health.get(s), { healthy: true, checks: {} }, { at: 2 })));
    // X still bootstrapping (a report healthy beside it is the node's business): X alone.
    expect(asked()).toEqual(['bootstrapped:X']);
    store.setState((s) => lens.bootstrapped('X').set(s, resolveOk(lens.bootstrapped('X').get(s), true, { at: 3 })));
    expect(asked()).toEqual([]);
    // The node restarts: its probe fails.
    store.setState((s) => lens.height.set(s, resolveError(lens.height.get(s), Object.assign(new Error('ECONNREFUSED'), { short: 'refused' }) as never, { at: 4 })));
    expect(asked()).toEqual(boot);
    // Back, its report not yet healthy ("bootstrapped" failing, checks not yet run).
    store.setState((s) => lens.height.set(s, resolveOk(lens.height.get(s), 5n, { at: 5 })));
    store.setState((s) => lens.health.set(s, resolveOk(lens.health.get(s), { healthy: false, checks: {} }, { at: 5 })));
    expect(asked()).toEqual(boot);
  });
});
