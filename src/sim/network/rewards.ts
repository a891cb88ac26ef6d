// Stakers whose time is up, settled as avalanchego v1.15.0's proposal executor settles them
// (vms/platformvm/txs/executor/proposal_tx_executor.go): the proposal and option blocks that reward them (or not),
// the stake and reward UTXOs paid back, and auto-renewed validators (ACP-236) starting their next cycle, leaving on
// nextPeriod 0, or removed after a failed cycle.
import type { AutoRenew, Delegator, Owner, StakerBase, Validator } from '../model';
import { PRIMARY_NETWORK_ID } from '../constants';
import { encodeSignedTx, txIdOf } from '../../codec/pchain/txs';
import { formatId } from '../wire';
import * as tf from '../tx-factory';
import { registerTx, rewardUtxosFor, storeBlock } from './ledger';
import { enqueueEnd, primaryReward, sortValidators } from './stakers';
import { restake, split } from './reward-formula';
import { stakingParams, uptimeRequirementFor } from './staking-params';
import { downWithin } from './own-history';
import type { SimNetwork } from './index';

// The simulator's staking txs have no outputs of their own and one stake output, so unstakeUTXOs
// (proposal_tx_executor.go lines 983-998) returns the stake as output 0 and rewardValidatorTx and rewardDelegatorTx
// (lines 522-603, 605-713) pay rewards from output len(outputs) + len(stake) = 1.
const STAKE_INDEX = 0;
const FIRST_REWARD_INDEX = 1;
// A RewardAutoRenewedValidatorTx has no outputs: mintRewards (lines 742-774) pays from output 0, under its own ID.
const FIRST_CYCLE_REWARD_INDEX = 0;

/** Settles the staker whose end is due, in the block at `nowSec`. */
export function reward(net: SimNetwork, s: StakerBase, nowSec: number): void {
  if ((s as Delegator | Validator).kind === 'delegator') return rewardDelegator(net, s as Delegator, nowSec);
  const v = s as Validator;
  if (v.autoRenew) return rewardAutoRenewed(net, v, v.autoRenew, nowSec);
  return rewardFixedTerm(net, v, nowSec);
}

/**
 * The network's verdict on a validator's period: each validator prefers commit when its own measurement of the
 * staker's uptime since the current period (or cycle) started meets the requirement for that start, 90% from
 * Helicon on (vms/platformvm/block/executor/options.go lines 146-194, prefersCommit; ACP-267), and the stake's
 * majority decides. A delegator is judged by its validator's uptime. For other validators the vote is modelled by
 * what this node measures of them; for this node it is counted, validator by validator, from what each of them
 * measures of it (sim/network/connections.ts: its up/down history less what each missed) and, for its own vote,
 * its own record.
 */
export function prefersCommit(net: SimNetwork, v: Validator): boolean {
  const need = uptimeRequirementFor(net, v.start);
  if (v.nodeIdStr !== net.nodeIdStr) return v.uptime / 100 >= need;
  // The vote is on the proposal block at the period's end.
  const startMs = v.start * 1000;
  const atMs = v.end * 1000;
  const elapsed = atMs - startMs;
  if (elapsed <= 0) return true;
  const up = elapsed - downWithin(net.conn.outages, startMs, atMs);
  let yes = 0n;
  let total = 0n;
  for (const w of net.validators) {
    const weight = net.weightOf(w);
    total += weight;
    const seen = w === v ? v.uptime / 100 : (up - (net.conn.missed.get(w.nodeIdStr) ?? 0)) / elapsed;
    if (seen >= need) yes += weight;
  }
  return yes * 2n > total;
}

/** The proposal block with the reward tx and the option block the vote chose; returns the reward tx's ID. */
function proposeReward(net: SimNetwork, rtx: ReturnType<typeof tf.rewardValidatorTx>, commit: boolean, nowSec: number): { id: Uint8Array; idStr: string; height: number } {
  const { id, idStr } = registerTx(net, rtx, commit ? 'Committed' : 'Aborted', true);
  const prop = storeBlock(net, tf.proposalBlock(net.lastBlock.id, net.height + 1, nowSec, rtx), [rtx]);
  storeBlock(net, tf.optionBlock(commit, prop.id, net.height + 1, nowSec), []);
  return { id, idStr, height: net.height };
}

function returnStake(net: SimNetwork, s: { txId: Uint8Array }, owner: Owner, amount: bigint): void {
  net.utxos.add({ txId: s.txId, outputIndex: STAKE_INDEX, amount, kind: 0, locktime: 0n, addrs: owner.addrs, threshold: owner.threshold });
}

function rewardDelegator(net: SimNetwork, d: Delegator, nowSec: number): void {
  const v = net.delegatorOwner.get(d);
  // options.go lines 79-91: without its validator the vote falls back to commit.
  const commit = v ? prefersCommit(net, v) : true;
  const { height } = proposeReward(net, tf.rewardValidatorTx(d.txId), commit, nowSec);
  settleDelegator(net, d, v, commit);
  if (v && net.validatorsByNode.get(v.nodeIdStr) === v) {
    net.history.set(height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
  }
}

/**
 * proposal_tx_executor.go lines 605-713 (rewardDelegatorTx) and 509-520 (undoSupplyMintOnAbort): the stake back;
 * on commit the reward split by the validator's delegation shares (reward.Split), the delegator's part paid, the
 * validator's part added to its pending delegatee reward (validators starting after Cortina, line 668: all of
 * today's); on abort the optimistically minted reward leaves the supply.
 */
function settleDelegator(net: SimNetwork, d: Delegator, v: Validator | undefined, commit: boolean): void {
  net.delegatorOwner.delete(d);
  returnStake(net, d, d.stakeOwner, d.weight);
  if (v) {
    v.delegators = v.delegators.filter((x) => x !== d);
    v.rev++;
  }
  if (!commit) {
    net.minted -= d.potentialReward;
    net.rewardUtxos.set(d.txIdStr, []);
    return;
  }
  const [delegatee, delegatorReward] = v ? split(d.potentialReward, v.shares) : [0n, d.potentialReward];
  rewardUtxosFor(net, d.txIdStr, d.txId, FIRST_REWARD_INDEX, [{ amount: delegatorReward, owner: d.rewardOwner }]);
  if (v) v.accruedDelegateeReward += delegatee;
}

/**
 * proposal_tx_executor.go lines 344-395 (RewardValidatorTx) with 522-603 (rewardValidatorTx): the stake back; on
 * commit the potential reward and the delegatee reward; on abort only the delegatee reward (commission on
 * delegations that already succeeded), from the first reward output, and the potential reward leaves the supply.
 */
function rewardFixedTerm(net: SimNetwork, v: Validator, nowSec: number): void {
  const commit = prefersCommit(net, v);
  const { height } = proposeReward(net, tf.rewardValidatorTx(v.txId), commit, nowSec);
  settleLeftoverDelegators(net, v, commit);
  returnStake(net, v, v.stakeOwner, v.weight);
  if (!commit) net.minted -= v.potentialReward;
  rewardUtxosFor(net, v.txIdStr, v.txId, FIRST_REWARD_INDEX, [
    { amount: commit ? v.potentialReward : 0n, owner: v.rewardOwner },
    { amount: v.accruedDelegateeReward, owner: v.delegationRewardOwner },
  ]);
  removeValidator(net, v, height);
}

/**
 * The end of an auto-renewed validator's cycle, proposal_tx_executor.go lines 414-505
 * (RewardAutoRenewedValidatorTx). Every reward is paid under the RewardAutoRenewedValidatorTx's own ID (mintRewards,
 * lines 742-774), the stake under the AddAutoRenewedValidatorTx's (unstakeUTXOs):
 * - abort (the cycle's uptime fell short), whatever nextPeriod says: removed; the principal back; the rewards
 *   earlier cycles restaked and every delegatee reward paid; the cycle's own reward forfeited and taken out of the
 *   supply (lines 443-463, mintRewardOnAbort 715-740);
 * - commit with nextPeriod 0: removed; the principal back; the cycle's reward with the restaked validation rewards,
 *   and the delegatee rewards with the restaked ones (lines 474-504);
 * - commit otherwise: restakeAutoRenewedValidatorOnCommit (lines 786-950), see restake() and below.
 */
export function rewardAutoRenewed(net: SimNetwork, v: Validator, cfg: AutoRenew, nowSec: number): void {
  const commit = prefersCommit(net, v);
  // The timestamp is the chain time, which is the cycle's end (lines 423-428), so each cycle's reward tx is its own.
  const rtx = proposeReward(net, tf.rewardAutoRenewedValidatorTx(v.txId, v.end), commit, nowSec);
  const principal = v.weight - cfg.accruedValidationRewards - cfg.accruedDelegateeRewards;
  settleLeftoverDelegators(net, v, commit);
  if (!commit || cfg.nextPeriod <= 0) {
    returnStake(net, v, v.stakeOwner, principal);
    if (!commit) net.minted -= v.potentialReward;
    rewardUtxosFor(net, rtx.idStr, rtx.id, FIRST_CYCLE_REWARD_INDEX, [
      { amount: (commit ? v.potentialReward : 0n) + cfg.accruedValidationRewards, owner: v.rewardOwner },
      { amount: v.accruedDelegateeReward + cfg.accruedDelegateeRewards, owner: v.delegationRewardOwner },
    ]);
    removeValidator(net, v, rtx.height);
    return;
  }
  renewCycle(net, v, cfg, (withdrawn) => rewardUtxosFor(net, rtx.idStr, rtx.id, FIRST_CYCLE_REWARD_INDEX, withdrawn));
  // The new cycle's reward joins the supply at once (lines 915-920).
  net.minted += v.potentialReward;
  v.rev++;
  sortValidators(net);
  enqueueEnd(net, v);
  net.history.set(rtx.height, PRIMARY_NETWORK_ID, v.nodeIdStr, { weight: net.weightOf(v), publicKeyHex: v.signer?.publicKeyHex ?? null });
}

/**
 * A committed cycle that renews (proposal_tx_executor.go lines 786-950): the share of the validation and delegatee
 * rewards set by autoCompoundRewardShares is restaked, up to the maximum stake, and the rest withdrawn (handed to
 * `pay`); the next cycle starts where this one ended, nextPeriod long, with a potential reward worked out at its
 * start from the new weight and today's supply (which the caller raises by it).
 */
export function renewCycle(net: SimNetwork, v: Validator, cfg: AutoRenew, pay: (withdrawn: { amount: bigint; owner: Owner }[]) => void): void {
  const r = restake(v.potentialReward, v.accruedDelegateeReward, cfg.autoCompoundRewardShares, v.weight, stakingParams(net.networkId).maxValidatorStake);
  pay([
    { amount: r.withdrawnValidation, owner: v.rewardOwner },
    { amount: r.withdrawnDelegatee, owner: v.delegationRewardOwner },
  ]);
  v.weight += r.restakedValidation + r.restakedDelegatee;
  cfg.accruedValidationRewards += r.restakedValidation;
  cfg.accruedDelegateeRewards += r.restakedDelegatee;
  v.accruedDelegateeReward = 0n;
  v.start = v.end;
  v.end = v.start + cfg.nextPeriod;
  v.potentialReward = primaryReward(net, v.start, cfg.nextPeriod, v.weight);
}

/**
 * Delegations end within their validator's period (staker_tx_verification.go lines 736-743) and, ending with it,
 * are paid first (stakers.ts endsBefore); any still attached are settled as their own reward would have been.
 */
function settleLeftoverDelegators(net: SimNetwork, v: Validator, commit: boolean): void {
  for (const d of [...v.delegators]) {
    net.endQueue = net.endQueue.filter((x) => x !== d);
    settleDelegator(net, d, v, commit);
  }
}

/**
 * The ID of the RewardAutoRenewedValidatorTx that closed the cycle before a validator's current one, if the chain
 * has it: the tx is its staker's txID and the cycle's end (its timestamp), so anyone can work the ID out.
 */
export function lastCycleRewardTxId(net: SimNetwork, v: Validator): string | undefined {
  if (!v.autoRenew) return undefined;
  const id = formatId(txIdOf(encodeSignedTx(tf.rewardAutoRenewedValidatorTx(v.txId, v.start))));
  return net.txs.has(id) ? id : undefined;
}

/** Takes a validator out of the primary network and the subnets it validates. */
export function removeValidator(net: SimNetwork, v: Validator, height: number): void {
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
