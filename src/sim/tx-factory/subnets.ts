// Subnet and L1 txs: create a subnet and its chains, add permissioned validators, transform to elastic, convert to
// an L1, top up an L1 validator's balance.
import type { SignedTx, UnsignedTx, L1Validator as CodecL1Validator } from '../../codec/pchain/types';
import type { Prng } from '../prng';
import type { Owner } from '../model';
import { FEE, auth, base, credentials, inputsWorth, outputOwners, signed, type TxContext } from './parts';

export function createSubnetTx(prng: Prng, ctx: TxContext, owner: Owner): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, 1_000_000_000n);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 16,
    typeName: 'CreateSubnetTx',
    ...base(ctx, [], ins),
    owner: outputOwners(owner),
  };
  return signed(prng, unsigned, ins.length);
}

export function createChainTx(
  prng: Prng,
  ctx: TxContext,
  c: { subnetId: Uint8Array; name: string; vmId: Uint8Array; genesis: Uint8Array; threshold: number },
): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, 1_000_000_000n);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 15,
    typeName: 'CreateChainTx',
    ...base(ctx, [], ins),
    subnetId: c.subnetId,
    chainName: c.name,
    vmId: c.vmId,
    fxIds: [],
    genesisData: c.genesis,
    subnetAuth: auth(c.threshold),
  };
  return { kind: 'signedTx', unsigned, credentials: [...credentials(prng, ins.length), ...credentials(prng, 1, c.threshold)] };
}

export function addSubnetValidatorTx(
  prng: Prng,
  ctx: TxContext,
  v: { nodeId: Uint8Array; start: number; end: number; weight: bigint; subnetId: Uint8Array; threshold: number },
): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 13,
    typeName: 'AddSubnetValidatorTx',
    ...base(ctx, [], ins),
    validator: { nodeId: v.nodeId, start: BigInt(v.start), end: BigInt(v.end), weight: v.weight, subnetId: v.subnetId },
    subnetAuth: auth(v.threshold),
  };
  return { kind: 'signedTx', unsigned, credentials: [...credentials(prng, ins.length), ...credentials(prng, 1, v.threshold)] };
}

export function transformSubnetTx(
  prng: Prng,
  ctx: TxContext,
  t: { subnetId: Uint8Array; assetId: Uint8Array; supply: bigint; minValidatorStake: bigint; minDelegatorStake: bigint; threshold: number },
): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, 10_000_000_000n);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 24,
    typeName: 'TransformSubnetTx',
    ...base(ctx, [], ins),
    subnetId: t.subnetId,
    assetId: t.assetId,
    initialSupply: t.supply / 2n,
    maximumSupply: t.supply,
    minConsumptionRate: 100_000n,
    maxConsumptionRate: 120_000n,
    minValidatorStake: t.minValidatorStake,
    maxValidatorStake: t.supply / 10n,
    minStakeDuration: 86_400,
    maxStakeDuration: 31_536_000,
    minDelegationFee: 20_000,
    minDelegatorStake: t.minDelegatorStake,
    maxValidatorWeightFactor: 5,
    uptimeRequirement: 800_000,
    subnetAuth: auth(t.threshold),
  };
  return { kind: 'signedTx', unsigned, credentials: [...credentials(prng, ins.length), ...credentials(prng, 1, t.threshold)] };
}

export function convertSubnetToL1Tx(
  prng: Prng,
  ctx: TxContext,
  c: {
    subnetId: Uint8Array;
    chainId: Uint8Array;
    address: Uint8Array;
    validators: { nodeId: Uint8Array; weight: bigint; balance: bigint; publicKey: Uint8Array; pop: Uint8Array; owner: Owner }[];
    threshold: number;
  },
): SignedTx {
  const total = c.validators.reduce((s, v) => s + v.balance, 0n);
  const ins = inputsWorth(prng, ctx.avaxAssetId, total + FEE);
  const validators: CodecL1Validator[] = c.validators.map((v) => ({
    nodeId: v.nodeId,
    weight: v.weight,
    balance: v.balance,
    signer: { publicKey: v.publicKey, signature: v.pop },
    remainingBalanceOwner: { threshold: v.owner.threshold, addresses: v.owner.addrs },
    deactivationOwner: { threshold: v.owner.threshold, addresses: v.owner.addrs },
  }));
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 35,
    typeName: 'ConvertSubnetToL1Tx',
    ...base(ctx, [], ins),
    subnetId: c.subnetId,
    chainId: c.chainId,
    address: c.address,
    validators,
    subnetAuth: auth(c.threshold),
  };
  return { kind: 'signedTx', unsigned, credentials: [...credentials(prng, ins.length), ...credentials(prng, 1, c.threshold)] };
}

export function increaseL1BalanceTx(prng: Prng, ctx: TxContext, validationId: Uint8Array, balance: bigint): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, balance + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 38,
    typeName: 'IncreaseL1ValidatorBalanceTx',
    ...base(ctx, [], ins),
    validationId,
    balance,
  };
  return signed(prng, unsigned, ins.length);
}
