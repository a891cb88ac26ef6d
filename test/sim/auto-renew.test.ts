// This node auto-renewed (ACP-236), as avalanchego v1.15.0 settles its cycles, read over HTTP as a client sees it.
// What must happen at a cycle's end is written out here from txs/executor/proposal_tx_executor.go
// (RewardAutoRenewedValidatorTx lines 414-505, restakeAutoRenewedValidatorOnCommit 786-950, mintRewards 742-774)
// and block/executor/options.go (prefersCommit lines 146-194: the cycle's uptime against ACP-267's 90%); the
// reward tx's ID is worked out from its bytes (its staker's txID and the cycle's end), as anyone can.
import { describe, expect, it } from 'vitest';
import { decodeHex, decodeSignedTx, decodeUtxo, formatId } from '../../src/codec';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { result } from '../helpers/rpc';
import { track } from '../helpers/track';
import { type ValidatorRecord, DAY, HELICON, HELICON_SEC, HOUR, NOW_MS, nodeReward, rewardTxId, rewardUtxos, sharesOf, sharesPart, txStatus } from './node-staking';

const BLOCK_MS = 600_000;

/** A node for the running test, closed when it ends. */
async function start(opts: SimNodeOptions): Promise<SimNode> {
  return track(await createSimNode({ profile: 'v1.15', startTimeMs: NOW_MS, validators: 150, peers: 20, utxos: 10, autoAdvance: false, blockIntervalMs: BLOCK_MS, ...opts }));
}

const P = '/ext/bc/P';
async function own(n: SimNode): Promise<ValidatorRecord | undefined> {
  return (await result<{ validators: ValidatorRecord[] }>(n.url, P, 'platform.getCurrentValidators', { nodeIDs: [n.nodeId] })).validators[0];
}
const supply = async (n: SimNode) => BigInt((await result<{ supply: string }>(n.url, P, 'platform.getCurrentSupply')).supply);

/** What the AddAutoRenewedValidatorTx staked (the principal, paid back on exit) and its first period. */
async function stakerTx(n: SimNode, txID: string): Promise<{ principal: bigint; period: bigint; typeName: string; hasKey: boolean }> {
  const hex = (await result<{ tx: string }>(n.url, P, 'platform.getTx', { txID, encoding: 'hex' })).tx;
  const u = decodeSignedTx(decodeHex(hex, { checksum: true })).unsigned as unknown as { typeName: string; stake: { output: { amount: bigint } }[]; period: bigint; signer: { typeId: number } };
  return { principal: u.stake.reduce((t, s) => t + s.output.amount, 0n), period: u.period, typeName: u.typeName, hasKey: u.signer.typeId === 28 };
}

/** What the validator earns from its current delegations, all committed: its delegation fee's part of each reward. */
function commission(v: ValidatorRecord): bigint {
  const shares = sharesOf(v.delegationFee);
  return (v.delegators as ValidatorRecord[]).reduce((t, d) => t + sharesPart(BigInt(d.potentialReward), shares), 0n);
}

/**
 * Moves the clock to just before the cycle ending at `end`, then a block or less at a time until this node's record
 * is no longer that cycle's (`sameCycle`): its last record then, and the supply just before and just after.
 */
async function throughCycleEnd(n: SimNode, end: number, sameCycle: (v: ValidatorRecord | undefined) => boolean) {
  n.tick((end - NOW_MS / 1000) * 1000 - 2 * BLOCK_MS);
  let last = (await own(n))!;
  let supplyBefore = await supply(n);
  for (let i = 0; i < 40; i++) {
    n.tick(BLOCK_MS / 2);
    const v = await own(n);
    if (!sameCycle(v)) return { last, supplyBefore, supplyNow: await supply(n) };
    last = v!;
    supplyBefore = await supply(n);
  }
  throw new Error('the cycle did not end');
}

describe('auto-renew: a healthy cycle renews', () => {
  it('has the scenario shape: BLS key, started after Helicon, 14-day cycles, half restaked, 12 hours left', async () => {
    const node = await start({ scenario: 'auto-renew' });
    const v = (await own(node))!;
    expect(v.signer?.publicKey).toMatch(/^0x[0-9a-f]{96}$/);
    expect(Number(v.startTime)).toBeGreaterThanOrEqual(HELICON_SEC);
    expect(Number(v.endTime) - Number(v.startTime)).toBe(14 * DAY);
    expect(Number(v.endTime) - NOW_MS / 1000).toBe(12 * HOUR);
    expect(v.nextPeriod).toBe(String(14 * DAY));
    expect(v.autoCompoundRewardShares).toBe('500000');
    expect(Array.isArray(v.delegators)).toBe(true);
    const tx = await stakerTx(node, v.txID);
    expect(tx).toMatchObject({ typeName: 'AddAutoRenewedValidatorTx', hasKey: true, period: BigInt(14 * DAY) });
    // Three committed cycles restaked half their rewards: the weight is more than the tx staked.
    expect(BigInt(v.weight)).toBeGreaterThan(tx.principal);
    // The last of them paid the other half under its own reward tx's ID, from output 0 (it has no outputs).
    const last = rewardTxId(v.txID, Number(v.startTime));
    const paid = await rewardUtxos(node, last);
    expect(paid.length).toBeGreaterThan(0);
    expect(paid.map((u) => [u.txId, u.outputIndex])).toEqual(paid.map((_, i) => [last, i]));
    expect(await txStatus(node, last)).toBe('Committed');
    expect((await rewardUtxos(node, v.txID)).length).toBe(0);
  });

  it('at the end: restakes half, pays the rest under the reward tx, and starts the next cycle with the ramped reward', async () => {
    const node = await start({ scenario: 'auto-renew' });
    const before = (await own(node))!;
    const end = Number(before.endTime);
    const { last, supplyBefore, supplyNow } = await throughCycleEnd(node, end, (v) => v?.startTime === before.startTime);
    const after = (await own(node))!;
    // Its delegations end with the cycle at the latest, and are paid first: their commission (reward.Split by the
    // delegation fee) joins the cycle's delegatee reward.
    const delegatee = BigInt(last.accruedDelegateeReward) + commission(last);
    // The node's restake: split each of the cycle's rewards by autoCompoundRewardShares (far from the 3 M cap here).
    const restakedV = sharesPart(BigInt(last.potentialReward), 500_000n);
    const restakedD = sharesPart(delegatee, 500_000n);
    expect(BigInt(after.weight)).toBe(BigInt(last.weight) + restakedV + restakedD);
    expect(after.startTime).toBe(String(end));
    expect(after.endTime).toBe(String(end + 14 * DAY));
    expect(after.accruedDelegateeReward).toBe('0');
    // The new cycle's reward, at its start, from the new weight and the supply of that moment; the supply takes it.
    expect(BigInt(after.potentialReward)).toBe(nodeReward(end, 14 * DAY, BigInt(after.weight), supplyBefore));
    expect(supplyNow).toBe(supplyBefore + BigInt(after.potentialReward));
    const rtx = rewardTxId(before.txID, end);
    expect(await txStatus(node, rtx)).toBe('Committed');
    const withdrawn = [BigInt(last.potentialReward) - restakedV, delegatee - restakedD].filter((a) => a > 0n);
    expect((await rewardUtxos(node, rtx)).map((u) => [u.txId, u.outputIndex, u.amount])).toEqual(withdrawn.map((a, i) => [rtx, i, a]));
  });
});

describe('auto-renew-failing: a cycle under 90% ends the validation', () => {
  it('is removed at the cycle end; the stake comes back, restaked rewards and commission are paid, the cycle reward is not', async () => {
    const node = await start({ scenario: 'auto-renew-failing' });
    const v = (await own(node))!;
    expect(v.nextPeriod).toBe(String(14 * DAY));
    const tx = await stakerTx(node, v.txID);
    const end = Number(v.endTime);
    const { last, supplyBefore, supplyNow } = await throughCycleEnd(node, end, (now) => now !== undefined);
    expect(await own(node)).toBeUndefined();
    const rtx = rewardTxId(v.txID, end);
    expect(await txStatus(node, rtx)).toBe('Aborted');
    // mintRewardOnAbort: what earlier cycles restaked (weight − principal), then all delegatee rewards.
    const accruedValidation = BigInt(last.weight) - tx.principal;
    const paid = [accruedValidation, BigInt(last.accruedDelegateeReward)].filter((a) => a > 0n);
    expect((await rewardUtxos(node, rtx)).map((u) => [u.txId, u.outputIndex, u.amount])).toEqual(paid.map((a, i) => [rtx, i, a]));
    expect((await rewardUtxos(node, v.txID)).length).toBe(0);
    // undoSupplyMintOnAbort: the cycle's reward, minted when it began, leaves the supply, with those of its
    // delegations ending with it (judged on its uptime too, so aborted).
    const delegations = (last.delegators as ValidatorRecord[]).reduce((t, d) => t + BigInt(d.potentialReward), 0n);
    expect(supplyNow).toBe(supplyBefore - BigInt(last.potentialReward) - delegations);
    // unstakeUTXOs: the principal, under the AddAutoRenewedValidatorTx, at output 0 (it has no outputs of its own).
    const wallet = node.network.wallets[0]!.str;
    const { utxos } = await result<{ utxos: string[] }>(node.url, P, 'platform.getUTXOs', { addresses: [wallet], limit: 1024, encoding: 'hex' });
    const stake = utxos.map((h) => decodeUtxo(decodeHex(h, { checksum: true }))).filter((u) => formatId(u.txId) === v.txID);
    expect(stake.map((u) => [u.outputIndex, (u.output as { amount: bigint }).amount])).toEqual([[0, tx.principal]]);
  });
});

describe('auto-renew-off: nextPeriod 0 exits at the cycle end', () => {
  it('reads nextPeriod 0, set by a SetAutoRenewedValidatorConfigTx in the chain, and exits with every reward', async () => {
    const node = await start({ scenario: 'auto-renew-off' });
    const v = (await own(node))!;
    expect(v.nextPeriod).toBe('0');
    // The config tx is in one of the recent blocks, for this validator, with period 0.
    let found = false;
    for (let h = node.network.height; h >= node.network.oldestHeight() && !found; h--) {
      const b = await result<{ block: { txs?: { unsignedTx: { txID?: string; period?: number; auth?: unknown } }[] } }>(node.url, P, 'platform.getBlockByHeight', { height: h, encoding: 'json' });
      found = (b.block.txs ?? []).some((t) => t.unsignedTx.auth !== undefined && t.unsignedTx.txID === v.txID && t.unsignedTx.period === 0);
    }
    expect(found).toBe(true);
    const tx = await stakerTx(node, v.txID);
    const end = Number(v.endTime);
    node.tick((end - NOW_MS / 1000) * 1000 + 2 * BLOCK_MS);
    expect(await own(node)).toBeUndefined();
    const rtx = rewardTxId(v.txID, end);
    expect(await txStatus(node, rtx)).toBe('Committed');
    // Graceful exit: this cycle's reward with what earlier ones restaked, then the delegatee rewards.
    const paid = await rewardUtxos(node, rtx);
    expect(paid[0]!.amount).toBe(BigInt(v.potentialReward) + BigInt(v.weight) - tx.principal);
    const delegatee = BigInt(v.accruedDelegateeReward) + commission(v);
    expect(paid.slice(1).map((u) => u.amount)).toEqual(delegatee > 0n ? [delegatee] : []);
  });
});

describe('short-cycle: the network\'s shortest cycle', () => {
  // A custom network takes the local genesis' parameters (1 h) and the Helicon time it is given.
  for (const [networkId, cycle] of [
    [1, 48 * HOUR],
    [5, 12 * HOUR],
    [1337, HOUR],
  ] as const) {
    it(`is HeliconMinStakeDuration on network ${networkId}: ${cycle / HOUR} h, an eighth gone, renewing at 100%`, async () => {
      const node = await start({ scenario: 'short-cycle', networkId, ...(networkId === 1337 ? { heliconTime: HELICON } : {}) });
      const v = (await own(node))!;
      expect(Number(v.endTime) - Number(v.startTime)).toBe(cycle);
      expect(NOW_MS / 1000 - Number(v.startTime)).toBe(cycle / 8);
      expect(v.nextPeriod).toBe(String(cycle));
      expect(v.uptime).toBe('100.0000');
    });
  }
});

describe('auto-renewed validations the network cannot have are refused', () => {
  it('before Helicon, or with a cycle under HeliconMinStakeDuration', async () => {
    const now = NOW_MS / 1000;
    await expect(start({ networkId: 1337, scenario: 'auto-renew' })).rejects.toThrow(/starts at or after Helicon, which this node does not schedule on this network/);
    await expect(start({ profile: 'v1.14', scenario: 'auto-renew' })).rejects.toThrow(/starts at or after Helicon, which this node does not schedule on this network/);
    await expect(start({ ownValidation: { startSec: now - 3 * HOUR, endSec: now + 20 * HOUR, peersUptime: 99, ownUptime: 99, autoRenew: { nextPeriodSec: 48 * HOUR, autoCompoundRewardShares: 0, earlierCycles: 0 } } })).rejects.toThrow(/lasts at least 48h .*HeliconMinStakeDuration/);
    await expect(start({ ownValidation: { startSec: now - 3 * HOUR, endSec: now + 20 * HOUR, peersUptime: 99, ownUptime: 99 } })).rejects.toThrow(/lasts at least 48h on this network/);
  });
});
