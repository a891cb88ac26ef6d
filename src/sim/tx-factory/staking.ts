// Staking txs: permissionless validators and delegators, their rewards, and ACP-236 auto-renewed validators.
import type { SignedTx, UnsignedTx } from '../../codec/pchain/types';
import type { Prng } from '../prng';
import type { Owner } from '../model';
import { FEE, auth, base, credentials, inputsWorth, outputOwners, signed, transferOutput, type TxContext } from './parts';

export interface ValidatorTxInput {
  nodeId: Uint8Array;
  start: number;
  end: number;
  weight: bigint;
  subnetId: Uint8Array;
  signer: { publicKey: Uint8Array; pop: Uint8Array } | null;
  stakeOwner: Owner;
  rewardOwner: Owner;
  delegationRewardOwner: Owner;
  shares: number;
  assetId?: Uint8Array;
}

export function addPermissionlessValidatorTx(prng: Prng, ctx: TxContext, v: ValidatorTxInput): SignedTx {
  const assetId = v.assetId ?? ctx.avaxAssetId;
  const ins = inputsWorth(prng, assetId, v.weight + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 25,
    typeName: 'AddPermissionlessValidatorTx',
    ...base(ctx, [], ins),
    validator: { nodeId: v.nodeId, start: BigInt(v.start), end: BigInt(v.end), weight: v.weight },
    subnetId: v.subnetId,
    signer: v.signer
      ? { typeId: 28, typeName: 'signer.ProofOfPossession', publicKey: v.signer.publicKey, signature: v.signer.pop }
      : { typeId: 27, typeName: 'signer.Empty' },
    stake: [transferOutput(assetId, v.weight, v.stakeOwner)],
    validationRewardsOwner: outputOwners(v.rewardOwner),
    delegationRewardsOwner: outputOwners(v.delegationRewardOwner),
    shares: v.shares,
  };
  return signed(prng, unsigned, ins.length);
}

export interface DelegatorTxInput {
  nodeId: Uint8Array;
  start: number;
  end: number;
  weight: bigint;
  subnetId: Uint8Array;
  stakeOwner: Owner;
  rewardOwner: Owner;
}

export function addPermissionlessDelegatorTx(prng: Prng, ctx: TxContext, d: DelegatorTxInput): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, d.weight + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 26,
    typeName: 'AddPermissionlessDelegatorTx',
    ...base(ctx, [], ins),
    validator: { nodeId: d.nodeId, start: BigInt(d.start), end: BigInt(d.end), weight: d.weight },
    subnetId: d.subnetId,
    stake: [transferOutput(ctx.avaxAssetId, d.weight, d.stakeOwner)],
    rewardsOwner: outputOwners(d.rewardOwner),
  };
  return signed(prng, unsigned, ins.length);
}

export function rewardValidatorTx(txId: Uint8Array): SignedTx {
  return { kind: 'signedTx', unsigned: { kind: 'unsignedTx', typeId: 20, typeName: 'RewardValidatorTx', txId }, credentials: [] };
}

// ACP-236 auto-renewed staking (v1.15): field order from vms/platformvm/txs/*auto_renewed*.go at v1.15.0-fuji.

export interface AutoRenewedTxInput extends Omit<ValidatorTxInput, 'start' | 'end' | 'subnetId' | 'assetId'> {
  authority: Owner;
  /** Millionths of each period's reward restaked. */
  autoCompoundRewardShares: number;
  /** Seconds per validation cycle. */
  period: number;
}

export function addAutoRenewedValidatorTx(prng: Prng, ctx: TxContext, v: AutoRenewedTxInput): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, v.weight + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 40,
    typeName: 'AddAutoRenewedValidatorTx',
    ...base(ctx, [], ins),
    nodeId: v.nodeId,
    signer: v.signer
      ? { typeId: 28, typeName: 'signer.ProofOfPossession', publicKey: v.signer.publicKey, signature: v.signer.pop }
      : { typeId: 27, typeName: 'signer.Empty' },
    stake: [transferOutput(ctx.avaxAssetId, v.weight, v.stakeOwner)],
    validationRewardsOwner: outputOwners(v.rewardOwner),
    delegationRewardsOwner: outputOwners(v.delegationRewardOwner),
    validatorAuthority: outputOwners(v.authority),
    delegationShares: v.shares,
    autoCompoundRewardShares: v.autoCompoundRewardShares,
    period: BigInt(v.period),
  };
  return signed(prng, unsigned, ins.length);
}

export function setAutoRenewedValidatorConfigTx(prng: Prng, ctx: TxContext, c: { txId: Uint8Array; autoCompoundRewardShares: number; period: number }): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 41,
    typeName: 'SetAutoRenewedValidatorConfigTx',
    ...base(ctx, [], ins),
    txId: c.txId,
    auth: auth(1),
    autoCompoundRewardShares: c.autoCompoundRewardShares,
    period: BigInt(c.period),
  };
  return { kind: 'signedTx', unsigned, credentials: [...credentials(prng, ins.length), ...credentials(prng, 1)] };
}

/** Closes one cycle of an auto-renewed validator: the period's end time keeps each cycle's reward tx ID distinct. */
export function rewardAutoRenewedValidatorTx(txId: Uint8Array, periodEnd: number): SignedTx {
  return {
    kind: 'signedTx',
    unsigned: { kind: 'unsignedTx', typeId: 42, typeName: 'RewardAutoRenewedValidatorTx', txId, timestamp: BigInt(periodEnd) },
    credentials: [],
  };
}
