// Wires a scheduler to a scripted loopback node with a manual clock, and serves a small, consistent network.
import { readFileSync } from 'node:fs';
import { encodeHex } from '../../src/codec/hex';
import { encodeBlock } from '../../src/codec/pchain/blocks';
import { Prng } from '../../src/sim/prng';
import { optionBlock, proposalBlock, standardBlock } from '../../src/sim/tx-factory/blocks';
import { addPermissionlessDelegatorTx, rewardValidatorTx } from '../../src/sim/tx-factory/staking';
import { createManualClock } from '../../src/poll/clock';
import { createScheduler, type SchedulerOptions } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createAvatopStore } from '../../src/state/store';
import { createPollClient } from './poll-client';
import { quiesce as quiesceScheduler, runFor } from './poll-drive';
import { startScriptedNode } from './scripted-node';

export const examples = JSON.parse(readFileSync(new URL('../fixtures/poll/examples.json', import.meta.url), 'utf8'));

export function validator(i: number, weight = 2_000_000_000_000n) {
  return {
    txID: `tx${i}`,
    startTime: '1600368632',
    endTime: '1902960455',
    weight: weight.toString(),
    nodeID: `NodeID-${i}`,
    potentialReward: '1',
    delegationFee: '2.0000',
    uptime: '99.0000',
    connected: true,
  };
}

/** A peer as info.peers lists it (every field the schema requires). */
export function peer(i: number) {
  return {
    ip: `10.0.0.${i % 250}:9651`,
    nodeID: `NodeID-${i}`,
    version: 'avalanchego/1.14.2',
    lastSent: '2026-11-22T02:00:00Z',
    lastReceived: '2026-11-22T02:00:00Z',
    trackedSubnets: [],
    benched: [],
    supportedACPs: [],
    objectedACPs: [],
  };
}

/**
 * What the scripted chain's block at a height holds: nothing (a transfer-free standard block), a delegator joining
 * the primary network (a staking tx: the primary validator set changes), a reward (a proposal block with a
 * RewardValidatorTx, whose effect shows with the commit block after it, `commit`).
 */
export type BlockKind = 'empty' | 'delegator' | 'reward' | 'commit';

/** A block at `height`, hex with the API checksum, built with the real codec and the simulator's tx builders. */
export function blockHex(height: number, kind: BlockKind = 'empty'): string {
  const parentId = new Uint8Array(32);
  parentId[0] = height & 0xff;
  const time = 1_700_000_000 + height;
  const prng = new Prng(height);
  const ctx = { networkId: 5, pChainId: new Uint8Array(32), avaxAssetId: new Uint8Array(32).fill(7) };
  const owner = { locktime: 0n, threshold: 1, addrs: [new Uint8Array(20).fill(1)], addrStrs: [] };
  const b =
    kind === 'delegator'
      ? standardBlock(parentId, height, time, [
          addPermissionlessDelegatorTx(prng, ctx, { nodeId: new Uint8Array(20).fill(2), start: time, end: time + 86_400 * 14, weight: 25_000_000_000n, subnetId: new Uint8Array(32), stakeOwner: owner, rewardOwner: owner }),
        ])
      : kind === 'reward'
        ? proposalBlock(parentId, height, time, rewardValidatorTx(new Uint8Array(32).fill(3)))
        : kind === 'commit'
          ? optionBlock(true, parentId, height, time)
          : standardBlock(parentId, height, time, []);
  return encodeHex(encodeBlock(b), { checksum: true });
}

export async function startHarness(options: Partial<SchedulerOptions> = {}) {
  const node = await startScriptedNode();
  const net = { height: 100, timestamp: '2026-11-22T02:00:00Z', validators: [validator(1), validator(2), validator(3)], blocks: new Map<number, BlockKind>() };
  node.on('info.getNodeID', { nodeID: 'NodeID-Self', nodePOP: { publicKey: '0x01', proofOfPossession: '0x02' } });
  node.on('info.getNetworkID', { networkID: '5' });
  node.on('info.getNetworkName', { networkName: 'fuji' });
  node.on('info.getNodeVersion', { version: 'avalanche/1.14.2', databaseVersion: 'v1.4.5', gitCommit: 'abc', vmVersions: {}, rpcProtocolVersion: '42' });
  node.on('info.isBootstrapped', { isBootstrapped: true });
  node.on('info.uptime', { rewardingStakePercentage: '100.0000', weightedAveragePercentage: '99.0000' });
  node.on('info.peers', { numPeers: '2', peers: [peer(1), peer(2)] });
  node.on('info.getNodeIP', { ip: '127.0.0.1:9651' });
  node.on('health.health', { healthy: true, checks: {} });
  node.on('platform.getHeight', () => ({ height: String(net.height) }));
  node.on('platform.getTimestamp', () => ({ timestamp: net.timestamp }));
  node.on('platform.getCurrentSupply', { supply: '720000000000000000', height: '100' });
  node.on('platform.getStakingAssetID', { assetID: 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK' });
  node.on('platform.getTotalStake', { stake: '5', weight: '5' });
  node.on('platform.getMinStake', { minValidatorStake: '2000000000000', minDelegatorStake: '25000000000' });
  node.on('platform.getCurrentValidators', () => ({ validators: net.validators }));
  node.on('platform.getSubnets', { subnets: [{ id: 'S1', controlKeys: [], threshold: '0' }] });
  node.on('platform.getBlockchains', { blockchains: [{ id: 'C1', name: 'c', subnetID: 'S1', vmID: 'vm' }] });
  node.on('platform.getBlockByHeight', (p: { height: number }) => ({ block: blockHex(p.height, net.blocks.get(p.height)), encoding: 'hex' }));
  node.on('platform.getFeeConfig', { weights: [1, 1, 1, 1], maxCapacity: 1, maxPerSecond: 1, targetPerSecond: 1, minPrice: 1, excessConversionConstant: 1 });
  node.on('platform.getFeeState', { capacity: 1, excess: 0, price: 1, timestamp: '2026-11-22T02:00:00Z' });
  node.on('info.getTxFee', { txFee: '1000000' });
  // platform.getPendingValidators and the validator-fee methods are left out: this is a v1.14 node, they are gone.

  const client = createPollClient(node.url);
  const clock = createManualClock(1_000_000);
  const store = createAvatopStore({ now: clock.now() });
  const scheduler = createScheduler({ client, store, clock, intervalMs: 2_000, random: () => 0.5, views: VIEW_TABLE, ...options });

  const quiesce = () => quiesceScheduler(scheduler, store);
  const run = (ms: number, stepMs = 1_000) => runFor(clock, scheduler, store, ms, { stepMs });

  return {
    node,
    net,
    client,
    clock,
    store,
    scheduler,
    quiesce,
    run,
    async close() {
      scheduler.stop();
      await client.close();
      await node.close();
    },
  };
}
