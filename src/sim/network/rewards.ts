// Stakers whose time is up: the proposal and option blocks that reward them (or not), the stake and reward UTXOs
// paid back, and auto-renewed validators starting their next cycle (ACP-236).
import type { Prng } from '../prng';
import type { Delegator, Owner, StakerBase, Validator } from '../model';
import { PRIMARY_NETWORK_ID } from '../constants';
import * as tf from '../tx-factory';
import { registerTx, rewardUtxosFor, storeBlock } from './ledger';
import { enqueueEnd, rewardFor, sortValidators } from './stakers';
import type { SimNetwork } from './index';

export function reward(net: SimNetwork, p: Prng, s: StakerBase, nowSec: number): void {
  const renewing = (s as Validator).autoRenew;
  if (renewing) return rewardAutoRenewed(net, p, s as Validator, renewing, nowSec);
  const commit = p.chance(0.96);
  const rtx = tf.rewardValidatorTx(s.txId);
  registerTx(net, rtx, commit ? 'Committed' : 'Aborted', true);
  const prop = storeBlock(net, tf.proposalBlock(net.lastBlock.id, net.height + 1, nowSec, rtx), [rtx]);
  storeBlock(net, tf.optionBlock(commit, prop.id, net.height + 1, nowSec), []);
  const height = net.height;
  const stakeBack = (owner: Owner, amount: bigint) =>
    net.utxos.add({ txId: s.txId, outputIndex: 0, amount, kind: 0, locktime: 0n, addrs: owner.addrs, threshold: owner.threshold });
  if ((s as Delegator | Validator).kind === 'delegator') {
    const d = s as Delegator;
    const v = net.delegatorOwner.get(d);
    net.delegatorOwner.delete(d);
    stakeBack(d.stakeOwner, d.weight);
    if (v) {
      v.delegators = v.delegators.filter((x) => x !== d);
      v.rev++;
      if (commit) {
        net.minted += d.potentialReward;
        const cut = (d.potentialReward * BigInt(v.shares)) / 1_000_000n;
        v.accruedDelegateeReward += cut;
        rewardUtxosFor(net, d.txId, d.txIdStr, [{ amount: d.potentialReward - cut, owner: d.rewardOwner }]);
      } else net.rewardUtxos.set(d.txIdStr, []);
      if (net.validatorsByNode.get(v.nodeIdStr) === v) {
        net.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
      }
    }
    return;
  }
  removeValidator(net, s as Validator, commit, height);
}

/**
 * The end of an auto-renewed validator's cycle (ACP-236): a RewardAutoRenewedValidatorTx closes it; the share of
 * the reward set by autoCompoundRewardShares is restaked and the rest paid out, and a new cycle of nextPeriod
 * starts, or with nextPeriod 0 the validator leaves as any other does.
 */
export function rewardAutoRenewed(net: SimNetwork, p: Prng, v: Validator, cfg: NonNullable<Validator['autoRenew']>, nowSec: number): void {
  const commit = p.chance(0.96);
  const rtx = tf.rewardAutoRenewedValidatorTx(v.txId, v.end);
  registerTx(net, rtx, commit ? 'Committed' : 'Aborted', true);
  const prop = storeBlock(net, tf.proposalBlock(net.lastBlock.id, net.height + 1, nowSec, rtx), [rtx]);
  storeBlock(net, tf.optionBlock(commit, prop.id, net.height + 1, nowSec), []);
  const height = net.height;
  if (cfg.nextPeriod <= 0) {
    removeValidator(net, v, commit, height);
    return;
  }
  const compounded = commit ? (v.potentialReward * BigInt(cfg.autoCompoundRewardShares)) / 1_000_000n : 0n;
  if (commit) {
    rewardUtxosFor(net, v.txId, v.txIdStr, [
      { amount: v.potentialReward - compounded, owner: v.rewardOwner },
      { amount: v.accruedDelegateeReward, owner: v.delegationRewardOwner },
    ]);
  }
  v.accruedDelegateeReward = 0n;
  v.weight += compounded;
  v.start = v.end;
  v.end = v.start + cfg.nextPeriod;
  v.potentialReward = rewardFor(v.weight, cfg.nextPeriod);
  v.rev++;
  sortValidators(net);
  enqueueEnd(net, v);
  net.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
}

export function removeValidator(net: SimNetwork, v: Validator, commit: boolean, height: number): void {
  const stakeBack = (owner: Owner, amount: bigint) =>
    net.utxos.add({ txId: v.txId, outputIndex: 0, amount, kind: 0, locktime: 0n, addrs: owner.addrs, threshold: owner.threshold });
  stakeBack(v.stakeOwner, v.weight);
  if (commit) {
    net.minted += v.potentialReward;
    rewardUtxosFor(net, v.txId, v.txIdStr, [
      { amount: v.potentialReward, owner: v.rewardOwner },
      { amount: v.accruedDelegateeReward, owner: v.delegationRewardOwner },
    ]);
  } else net.rewardUtxos.set(v.txIdStr, []);
  // Delegators always end no later than their validator; any left are settled with it.
  for (const d of v.delegators) {
    net.endQueue = net.endQueue.filter((x) => x !== d);
    net.delegatorOwner.delete(d);
    stakeBack(d.stakeOwner, d.weight);
    if (commit) net.minted += d.potentialReward;
    rewardUtxosFor(net, d.txId, d.txIdStr, [{ amount: commit ? d.potentialReward : 0n, owner: d.rewardOwner }]);
  }
  net.validators = net.validators.filter((x) => x !== v);
  net.validatorsByNode.delete(v.nodeIdStr);
  net.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, undefined);
  for (const sub of net.subnets) {
    const before = sub.validators.length;
    sub.validators = sub.validators.filter((x) => x.nodeIdStr !== v.nodeIdStr);
    if (sub.validators.length !== before) net.history.set(height, sub.idStr, v.nodeIdStr, undefined);
  }
  const peer = net.peers.get(v.nodeIdStr);
  if (peer) peer.weight = 0n;
}

