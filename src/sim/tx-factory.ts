// Builds the P-chain txs and blocks the simulated network accepts, as the codec's typed objects. Signatures are
// random bytes of the right size: nothing on the client side verifies them, and real keys would cost startup time.
import type {
  Credential,
  OutputOwners,
  SignedTx,
  TransferableInput,
  TransferableOutput,
  UnsignedTx,
  Block,
  L1Validator as CodecL1Validator,
} from '../codec/pchain/types';
import type { Prng } from './prng';
import type { Owner } from './model';

export interface TxContext {
  networkId: number;
  /** 32 zero bytes: the P-chain's blockchain ID. */
  pChainId: Uint8Array;
  avaxAssetId: Uint8Array;
}

export function outputOwners(owner: Owner): OutputOwners {
  return {
    typeId: 11,
    typeName: 'secp256k1fx.OutputOwners',
    locktime: owner.locktime,
    threshold: owner.threshold,
    addresses: owner.addrs,
  };
}

export function transferOutput(assetId: Uint8Array, amount: bigint, owner: Owner): TransferableOutput {
  return {
    kind: 'transferableOutput',
    assetId,
    output: {
      typeId: 7,
      typeName: 'secp256k1fx.TransferOutput',
      amount,
      locktime: owner.locktime,
      threshold: owner.threshold,
      addresses: owner.addrs,
    },
  };
}

/** Inputs spending earlier (unlisted) UTXOs worth `amount` in total, split over 1-3 inputs. */
export function inputsWorth(prng: Prng, assetId: Uint8Array, amount: bigint): TransferableInput[] {
  const n = prng.int(1, 3);
  const out: TransferableInput[] = [];
  let left = amount;
  for (let i = 0; i < n; i++) {
    const part = i === n - 1 ? left : left / BigInt(n - i) + BigInt(prng.int(0, 1000));
    left -= part;
    out.push({
      txId: prng.bytes(32),
      outputIndex: prng.int(0, 3),
      assetId,
      input: { typeId: 5, typeName: 'secp256k1fx.TransferInput', amount: part, signatureIndices: [0] },
    });
  }
  // The codec sorts nothing: inputs must already be sorted by (txID, index) as the node requires.
  out.sort((a, b) => Buffer.compare(a.txId, b.txId) || a.outputIndex - b.outputIndex);
  return out;
}

export function credentials(prng: Prng, count: number, sigsEach = 1): Credential[] {
  const creds: Credential[] = [];
  for (let i = 0; i < count; i++) {
    const signatures: Uint8Array[] = [];
    for (let s = 0; s < sigsEach; s++) {
      const sig = prng.bytes(65);
      sig[64] = sig[64]! & 1;
      signatures.push(sig);
    }
    creds.push({ typeId: 9, typeName: 'secp256k1fx.Credential', signatures });
  }
  return creds;
}

function base(ctx: TxContext, outputs: TransferableOutput[], inputs: TransferableInput[], memo = new Uint8Array(0)) {
  return { networkId: ctx.networkId, blockchainId: ctx.pChainId, outputs, inputs, memo };
}

export function signed(prng: Prng, unsigned: UnsignedTx, credCount: number): SignedTx {
  return { kind: 'signedTx', unsigned, credentials: credentials(prng, credCount) };
}

const FEE = 1_000_000n;

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

export function baseTransferTx(prng: Prng, ctx: TxContext, outs: { amount: bigint; owner: Owner }[]): SignedTx {
  let total = FEE;
  for (const o of outs) total += o.amount;
  const ins = inputsWorth(prng, ctx.avaxAssetId, total);
  const outputs = outs.map((o) => transferOutput(ctx.avaxAssetId, o.amount, o.owner));
  const memo = prng.chance(0.2) ? new TextEncoder().encode('avatop-sim') : new Uint8Array(0);
  const unsigned: UnsignedTx = { kind: 'unsignedTx', typeId: 34, typeName: 'BaseTx', ...base(ctx, outputs, ins, memo) };
  return signed(prng, unsigned, ins.length);
}

export function importTx(prng: Prng, ctx: TxContext, sourceChain: Uint8Array, amount: bigint, to: Owner): SignedTx {
  const imported = inputsWorth(prng, ctx.avaxAssetId, amount + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 17,
    typeName: 'ImportTx',
    ...base(ctx, [transferOutput(ctx.avaxAssetId, amount, to)], []),
    sourceChain,
    importedInputs: imported,
  };
  return signed(prng, unsigned, imported.length);
}

export function exportTx(prng: Prng, ctx: TxContext, destination: Uint8Array, amount: bigint, to: Owner): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, amount + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 18,
    typeName: 'ExportTx',
    ...base(ctx, [], ins),
    destinationChain: destination,
    exportedOutputs: [transferOutput(ctx.avaxAssetId, amount, to)],
  };
  return signed(prng, unsigned, ins.length);
}

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

const auth = (n: number) => ({
  typeId: 10 as const,
  typeName: 'secp256k1fx.Input' as const,
  signatureIndices: Array.from({ length: n }, (_, i) => i),
});

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

export function standardBlock(parentId: Uint8Array, height: number, time: number, txs: SignedTx[]): Block {
  return { kind: 'block', typeId: 32, typeName: 'BanffStandardBlock', parentId, height: BigInt(height), time: BigInt(time), txs };
}

export function proposalBlock(parentId: Uint8Array, height: number, time: number, tx: SignedTx): Block {
  return {
    kind: 'block',
    typeId: 29,
    typeName: 'BanffProposalBlock',
    parentId,
    height: BigInt(height),
    time: BigInt(time),
    txs: [],
    tx,
  };
}

export function optionBlock(commit: boolean, parentId: Uint8Array, height: number, time: number): Block {
  return commit
    ? { kind: 'block', typeId: 31, typeName: 'BanffCommitBlock', parentId, height: BigInt(height), time: BigInt(time) }
    : { kind: 'block', typeId: 30, typeName: 'BanffAbortBlock', parentId, height: BigInt(height), time: BigInt(time) };
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
