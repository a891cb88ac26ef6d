// Time: blocks accepted as the clock passes, each either a reward (the staker whose end is due) or a standard block
// of new stakers, transfers, imports and exports, mempool txs and L1 top-ups; uptimes, peers and fees move with it.
import type { SignedTx } from '../../codec/pchain/types';
import type { Prng } from '../prng';
import { PRIMARY_NETWORK_ID } from '../constants';
import { parseId } from '../wire';
import * as tf from '../tx-factory';
import { churnPeers, refresh } from './connections';
import { drainL1Balances, updateFees } from '../fees';
import { DAY, NAVAX } from './types';
import { addTxOutputs, lastTx, registerTx, storeBlock } from './ledger';
import { attachDelegator, enqueueEnd, newDelegator, newValidator, sortValidators } from './stakers';
import { reward } from './rewards';
import { drawCycle, drawNewPeriod } from './periods';
import { stakingParams } from './staking-params';
import { markCommitted, takeIssued } from './mempool';
import type { SimNetwork } from './index';

/**
 * Accepts every block due up to `ms` (simulated wall time). `maxCatchUpMs` bounds the work after a long pause
 * (a suspended laptop): older due blocks are skipped and the chain resumes from there.
 */
export function advanceTo(net: SimNetwork, ms: number, maxCatchUpMs = Number.POSITIVE_INFINITY): number {
  let produced = 0;
  // A node left behind by an upgrade accepts no block from then on; its clock (and its connections) go on.
  const stall = net.conn.stallAtMs;
  const until = stall === undefined ? ms : Math.min(ms, stall - 1);
  if (until - net.nextBlockAtMs > maxCatchUpMs) net.nextBlockAtMs = until - maxCatchUpMs;
  while (net.nextBlockAtMs <= until) {
    const at = net.nextBlockAtMs;
    step(net, at);
    const jitter = 0.6 + net.stepPrng.next() * 0.8;
    net.nextBlockAtMs = at + Math.max(50, Math.round(net.blockIntervalMs * jitter));
    produced++;
  }
  refresh(net, ms, false);
  return produced;
}

/** The blocks of `atMs`: the rewards of every staker due by then, else a standard block. */
export function step(net: SimNetwork, atMs: number): void {
  const p = net.stepPrng;
  net.timeMs = Math.max(net.timeMs, atMs);
  const nowSec = net.nowSec();
  const elapsedSec = net.blockIntervalMs / 1000;
  net.cChainHeight += Math.max(1, Math.round(elapsedSec / 2));
  if (p.chance(0.3)) net.xChainHeight++;

  // The chain's time cannot pass the next staker's end: each staker due is rewarded by a proposal block at its end
  // time exactly (proposal_tx_executor.go lines 1021-1031, getNextStakerToReward), one after another, before time
  // moves on; so every staker due by now is settled in this step, and a standard block waits for the next.
  let due = net.endQueue[0];
  if (due && due.end <= nowSec) {
    while (due && due.end <= nowSec) {
      net.endQueue.shift();
      reward(net, due, Math.max(due.end, net.lastBlock.time));
      due = net.endQueue[0];
    }
  } else {
    standardStep(net, p, nowSec);
  }
  driftUptimes(net, p);
  churnPeers(net, net.peerPrng);
  updateFees(p, net.feeState, net.validatorFeeState, net.subnets, elapsedSec);
  drainL1Balances(net.subnets, net.validatorFeeState.price, elapsedSec);
}

/** A standard block: up to 16 issued txs, then whatever the seed draws. */
export function standardStep(net: SimNetwork, p: Prng, nowSec: number): void {
  const txs: SignedTx[] = [];
  const after: (() => void)[] = [];
  const issued = takeIssued(net.mempool, 16);
  for (const m of issued) txs.push(m.tx);

  if (net.validators.length < net.targetValidators && p.chance(0.3)) {
    const nodeId = p.bytes(20);
    const period = drawNewPeriod(net, p, nowSec);
    const minStake = Number(net.consts.minValidatorStake / NAVAX);
    const weight = BigInt(Math.round(p.logUniform(minStake, net.stakeCeiling))) * NAVAX;
    const v = newValidator(net, p, nodeId, period.start, period.end, weight, false, period.renew);
    // The potential reward joins the supply when the staker is added (standard_tx_executor.go lines 1405-1409, 1526-1533).
    net.minted += v.potentialReward;
    txs.push(lastTx(net));
    after.push(() => {
      net.validators.push(v);
      net.validatorsByNode.set(v.nodeIdStr, v);
      sortValidators(net);
      enqueueEnd(net, v);
      net.history.set(net.height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: v.weight, publicKeyHex: v.signer?.publicKeyHex ?? null });
    });
  }
  if (net.validators.length > 0 && p.chance(0.25)) {
    const v = p.pick(net.validators);
    // At most five times the validator's own weight with it, never past the maximum stake, inside its current
    // period and at least MinStakeDuration long (staker_tx_verification.go lines 727-743).
    const params = stakingParams(net.networkId);
    const cap = v.weight * 5n < params.maxValidatorStake ? v.weight * 5n : params.maxValidatorStake;
    const room = cap - net.weightOf(v);
    const dw = BigInt(Math.round(p.logUniform(25, 20_000))) * NAVAX;
    const minDuration = Math.max(params.minStakeDurationSec, 14 * DAY);
    if (v.end - nowSec > minDuration + DAY && dw <= room) {
      const end = Math.min(v.end, nowSec + p.int(minDuration, 180 * DAY));
      const d = newDelegator(net, p, v, nowSec, end, dw, true);
      net.minted += d.potentialReward;
      txs.push(lastTx(net));
      after.push(() => {
        attachDelegator(net, v, d);
        net.history.set(net.height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
      });
    }
  }
  if (net.profile.autoRenewedShare > 0 && p.chance(0.01)) {
    // An authority changes its auto-renewed validator's next cycle (0 now and then: it leaves at the cycle's end);
    // a period other than 0 is at least HeliconMinStakeDuration (staker_tx_verification.go lines 1010-1014). This
    // node's own validation keeps the config its scenario set.
    const renewed = net.validators.filter((x) => x.autoRenew && x.autoRenew.nextPeriod > 0 && x.nodeIdStr !== net.nodeIdStr);
    if (renewed.length > 0) {
      const v = p.pick(renewed);
      const cfg = { autoCompoundRewardShares: p.pick([0, 250_000, 500_000, 1_000_000]), nextPeriod: p.chance(0.15) ? 0 : drawCycle(p, stakingParams(net.networkId)) };
      const tx = tf.setAutoRenewedValidatorConfigTx(p, net.ctx, { txId: v.txId, autoCompoundRewardShares: cfg.autoCompoundRewardShares, period: cfg.nextPeriod });
      registerTx(net, tx, 'Committed', true);
      txs.push(tx);
      after.push(() => {
        v.autoRenew = { ...v.autoRenew!, ...cfg };
        v.rev++;
      });
    }
  }
  if (p.chance(0.55) || txs.length === 0) {
    const outs = Array.from({ length: p.int(1, 3) }, () => ({
      amount: BigInt(Math.round(p.logUniform(0.01, 5_000) * 1e9)),
      owner: net.owner([p.chance(0.3) ? p.pick(net.wallets.slice(0, 3)).addr : p.pick(net.addrPool)]),
    }));
    const tx = tf.baseTransferTx(p, net.ctx, outs);
    const reg = registerTx(net, tx, 'Committed', true);
    txs.push(tx);
    after.push(() => addTxOutputs(net, reg.id, outs));
  }
  if (p.chance(0.2)) {
    const amount = BigInt(Math.round(p.logUniform(1, 20_000))) * NAVAX;
    const owner = net.owner([p.pick(net.addrPool)]);
    const other = parseId(p.chance(0.7) ? net.consts.cChainId : net.consts.xChainId);
    const tx = p.chance(0.5) ? tf.importTx(p, net.ctx, other, amount, owner) : tf.exportTx(p, net.ctx, other, amount, owner);
    const reg = registerTx(net, tx, 'Committed', true);
    txs.push(tx);
    if (tx.unsigned.typeId === 17) after.push(() => addTxOutputs(net, reg.id, [{ amount, owner }]));
  }
  if (net.profile.l1 && p.chance(0.08)) {
    const l1s = net.subnets.filter((s) => s.kind === 'l1' && s.l1Validators.length > 0);
    if (l1s.length > 0) {
      let val = p.pick(p.pick(l1s).l1Validators);
      // The low-l1-balance case's validation is left to run down.
      if (val === net.scenarioL1) val = l1s[0]!.l1Validators[l1s[0]!.l1Validators.length - 1]!;
      const add = BigInt(p.int(1, 10)) * NAVAX;
      const tx = tf.increaseL1BalanceTx(p, net.ctx, val.validationId, add);
      registerTx(net, tx, 'Committed', true);
      txs.push(tx);
      after.push(() => {
        val.balance += add;
      });
    }
  }
  markCommitted(net.txs, issued);
  storeBlock(net, tf.standardBlock(net.lastBlock.id, net.height + 1, nowSec, txs), txs);
  for (const f of after) f();
}

/** About 3% of validators' uptimes wander a little each block. */
export function driftUptimes(net: SimNetwork, p: Prng): void {
  const n = net.validators.length;
  const touches = Math.max(1, Math.round(n * 0.03));
  for (let i = 0; i < touches; i++) {
    const v = net.validators[p.int(0, n - 1)];
    if (!v || v.nodeIdStr === net.nodeIdStr) continue;
    v.uptime = Math.min(100, Math.max(0, v.uptime + (p.next() - 0.45) * 0.6));
    v.rev++;
  }
}
