// Stakers: primary-network validators and delegators with their staking txs, keys and rewards, and the queue of
// ends that decides which is rewarded next.
import type { Prng } from '../prng';
import type { BlsSigner, Delegator, StakerBase, Validator } from '../model';
import { formatNodeId, hexNoChecksum } from '../wire';
import * as tf from '../tx-factory';
import { blsPair } from '../bls-keys';
import { NAVAX, YEAR, ZERO32 } from './types';
import { potentialReward } from './reward-formula';
import { heliconSec, stakingParams } from './staking-params';
import { registerTx } from './ledger';
import type { SimNetwork } from './index';

/** A real key and proof of possession from the pool (src/sim/bls-keys.ts), a different one each time until the
 * pool wraps. The random draws it once made are still taken, so every later draw of a seed stays the same. */
export function makeSigner(net: SimNetwork, p: Prng): BlsSigner {
  p.bytes(48 + 96);
  return pooledSigner(net);
}

/** The next key of the pool, drawing nothing. */
function pooledSigner(net: SimNetwork): BlsSigner {
  const { publicKey, pop } = blsPair(net.signers++);
  return { publicKey, pop, publicKeyHex: hexNoChecksum(publicKey), popHex: hexNoChecksum(pop) };
}

/**
 * The potential reward of a primary-network stake starting at `startSec`, at the network's current supply, as the
 * node computes it when the staker is added or a cycle begins (reward-formula.ts, with ACP-285's ramp).
 */
export function primaryReward(net: SimNetwork, startSec: number, durationSec: number, weight: bigint): bigint {
  return potentialReward(stakingParams(net.networkId).reward, heliconSec(net), startSec, durationSec, weight, net.currentSupply());
}

/**
 * The node rewards stakers in state/staker.go's order (Less, lines 79-95): by end time, then by priority, where a
 * primary-network delegator (txs/priorities.go line 34) comes before a validator (line 36). So a validator's
 * delegators that end with it are paid, and their commission counted, before the validator's own reward.
 */
export function endsBefore(a: StakerBase, b: StakerBase): boolean {
  if (a.end !== b.end) return a.end < b.end;
  return isDelegator(a) && !isDelegator(b);
}

const isDelegator = (s: StakerBase): boolean => (s as { kind?: string }).kind === 'delegator';

export function compareEnds(a: StakerBase, b: StakerBase): number {
  return endsBefore(a, b) ? -1 : endsBefore(b, a) ? 1 : 0;
}

/**
 * An elastic subnet staker's reward: a flat 7.5% a year. (The node would use the subnet's TransformSubnetTx rates,
 * state_changes.go lines 404-415; elastic subnets are a sideline here and keep this stand-in.)
 */
export function elasticSubnetReward(weight: bigint, seconds: number): bigint {
  const ppm = BigInt(Math.round((0.075 * Math.max(0, seconds) * 1e9) / YEAR));
  return (weight * ppm) / NAVAX;
}

export function enqueueEnd(net: SimNetwork, s: StakerBase): void {
  const q = net.endQueue;
  if (net.bulkLoading) {
    q.push(s);
    return;
  }
  let lo = 0;
  let hi = q.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (!endsBefore(s, q[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  q.splice(lo, 0, s);
}

export function sortValidators(net: SimNetwork): void {
  net.validators.sort((a, b) => a.end - b.end || (a.txIdStr < b.txIdStr ? -1 : 1));
}

/** What a new validator stakes with AddAutoRenewedValidatorTx (ACP-236); left out, a fixed-term validation. */
export interface RenewChoice {
  /** Seconds of the cycle after the current one (the tx's Period, later SetAutoRenewedValidatorConfigTx's). */
  nextPeriod: number;
  /** Millionths; drawn when left out. */
  autoCompoundRewardShares?: number;
  /** Rewards earlier cycles restaked, already part of the weight given. */
  accruedValidationRewards?: bigint;
  accruedDelegateeRewards?: bigint;
}

/**
 * A primary-network validator whose current period (an auto-renewed one's current cycle) runs from `startSec` to
 * `endSec` with `weight`. An auto-renewed validator's tx (which must carry a BLS key too:
 * add_auto_renewed_validator_tx.go lines 170-172, errMissingSigner) stakes the weight less what earlier cycles
 * restaked.
 */
export function newValidator(
  net: SimNetwork,
  p: Prng,
  nodeId: Uint8Array,
  startSec: number,
  endSec: number,
  weight: bigint,
  own = false,
  renew?: RenewChoice,
): Validator {
  const rewardAddr = own ? net.wallets[0]!.addr : p.pick(net.addrPool);
  const stakeAddr = own ? net.wallets[0]!.addr : p.chance(0.7) ? rewardAddr : p.pick(net.addrPool);
  const rewardOwner = net.owner([rewardAddr]);
  const delegationRewardOwner = p.chance(0.85) ? rewardOwner : net.owner([p.pick(net.addrPool)]);
  // Every primary-network validator has a BLS key: AddPermissionlessValidatorTx demands one on the primary network
  // (add_permissionless_validator_tx.go lines 142-150), and the keyless AddValidatorTx stakes of before Durango
  // (2024-03) ended within their year at most. The draws that once left 5% without one are taken as they were, so
  // the draws after them in a seed's history stay the same.
  const signer = own ? net.nodePop : p.chance(0.95) ? makeSigner(net, p) : pooledSigner(net);
  const shares = p.weighted<number>([
    [20_000, 0.55],
    [30_000, 0.1],
    [50_000, 0.1],
    [100_000, 0.12],
    [p.int(20_000, 1_000_000), 0.13],
  ]);
  const stakeOwner = net.owner([stakeAddr]);
  const autoRenew = renew
    ? {
        authority: own || p.chance(0.6) ? rewardOwner : net.owner([p.pick(net.addrPool)]),
        nextPeriod: renew.nextPeriod,
        autoCompoundRewardShares: renew.autoCompoundRewardShares ?? p.pick([0, 300_000, 500_000, 1_000_000]),
        accruedValidationRewards: renew.accruedValidationRewards ?? 0n,
        accruedDelegateeRewards: renew.accruedDelegateeRewards ?? 0n,
      }
    : undefined;
  const tx = autoRenew
    ? tf.addAutoRenewedValidatorTx(p, net.ctx, {
        nodeId,
        weight: weight - autoRenew.accruedValidationRewards - autoRenew.accruedDelegateeRewards,
        signer,
        stakeOwner,
        rewardOwner,
        delegationRewardOwner,
        shares,
        authority: autoRenew.authority,
        autoCompoundRewardShares: autoRenew.autoCompoundRewardShares,
        // The first cycle's length; the current cycle may be a later one of another length.
        period: endSec - startSec,
      })
    : tf.addPermissionlessValidatorTx(p, net.ctx, {
        nodeId,
        start: startSec,
        end: endSec,
        weight,
        subnetId: ZERO32,
        signer,
        stakeOwner,
        rewardOwner,
        delegationRewardOwner,
        shares,
      });
  const { id, idStr } = registerTx(net, tx);
  return {
    ...(autoRenew ? { autoRenew } : {}),
    kind: 'validator',
    txId: id,
    txIdStr: idStr,
    nodeId,
    nodeIdStr: formatNodeId(nodeId),
    start: startSec,
    end: endSec,
    weight,
    potentialReward: primaryReward(net, startSec, endSec - startSec, weight),
    rewardOwner,
    stakeOwner,
    shares,
    delegationRewardOwner,
    accruedDelegateeReward: 0n,
    uptime: own ? 99.6 : p.chance(0.9) ? 97 + p.next() * 3 : 60 + p.next() * 37,
    connected: own ? true : p.chance(0.97),
    signer,
    delegators: [],
    rev: 0,
  };
}

/**
 * A delegator whose staking tx is built, encoded and hashed only when its ID is first needed, and whose potential
 * reward is worked out only when first asked (most delegators are never looked at): startup at mainnet scale is
 * dominated by tx encoding, then by the reward's big-integer arithmetic. The tx draws from its own PRNG
 * stream, so when it is built does not change what it is.
 */
export function newDelegator(net: SimNetwork, p: Prng, v: Validator, startSec: number, endSec: number, weight: bigint, eager = false): Delegator {
  const addr = p.chance(0.1) ? net.wallets[1]!.addr : p.pick(net.addrPool);
  const rewardOwner = net.owner([addr]);
  const stakeOwner = rewardOwner;
  const stream = `delegator:${net.delegatorSeq++}`;
  const params = stakingParams(net.networkId);
  const helicon = heliconSec(net);
  const supply = net.currentSupply();
  let reward: bigint | undefined;
  let built: { id: Uint8Array; idStr: string } | null = null;
  const build = () => {
    if (!built) {
      const tx = tf.addPermissionlessDelegatorTx(net.prng.fork(stream), net.ctx, {
        nodeId: v.nodeId,
        start: startSec,
        end: endSec,
        weight,
        subnetId: ZERO32,
        stakeOwner,
        rewardOwner,
      });
      const reg = registerTx(net, tx);
      built = { id: reg.id, idStr: reg.idStr };
    }
    return built;
  };
  const d: Delegator = {
    kind: 'delegator',
    get txId() {
      return build().id;
    },
    get txIdStr() {
      return build().idStr;
    },
    nodeId: v.nodeId,
    nodeIdStr: v.nodeIdStr,
    start: startSec,
    end: endSec,
    weight,
    // Worked out when first asked (most never are), from the supply of the moment it was added.
    get potentialReward() {
      reward ??= potentialReward(params.reward, helicon, startSec, endSec - startSec, weight, supply);
      return reward;
    },
    rewardOwner,
    stakeOwner,
  };
  if (eager) build();
  return d;
}

export function attachDelegator(net: SimNetwork, v: Validator, d: Delegator): void {
  v.delegators.push(d);
  v.rev++;
  net.delegatorOwner.set(d, v);
  enqueueEnd(net, d);
}
