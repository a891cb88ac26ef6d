// Decoded P-chain objects. Field names are camelCase; toNodeJson maps them to avalanchego's JSON names.
// uint64 values are bigint, smaller integers number, IDs and keys raw bytes.
export type Bytes = Uint8Array;

export interface TransferOutput {
  typeId: 7;
  typeName: 'secp256k1fx.TransferOutput';
  amount: bigint;
  locktime: bigint;
  threshold: number;
  addresses: Bytes[];
}

export interface StakeableLockOut {
  typeId: 22;
  typeName: 'stakeable.LockOut';
  locktime: bigint;
  output: Output;
}

export type Output = TransferOutput | StakeableLockOut;

export interface TransferInput {
  typeId: 5;
  typeName: 'secp256k1fx.TransferInput';
  amount: bigint;
  signatureIndices: number[];
}

export interface StakeableLockIn {
  typeId: 21;
  typeName: 'stakeable.LockIn';
  locktime: bigint;
  input: Input;
}

export type Input = TransferInput | StakeableLockIn;

export interface OutputOwners {
  typeId: 11;
  typeName: 'secp256k1fx.OutputOwners';
  locktime: bigint;
  threshold: number;
  addresses: Bytes[];
}

/** secp256k1fx.Input: the signature indices that authorize a subnet or L1 action. */
export interface AuthInput {
  typeId: 10;
  typeName: 'secp256k1fx.Input';
  signatureIndices: number[];
}

export interface Credential {
  typeId: 9;
  typeName: 'secp256k1fx.Credential';
  /** 65-byte recoverable signatures [r ‖ s ‖ v]. */
  signatures: Bytes[];
}

export interface EmptySigner {
  typeId: 27;
  typeName: 'signer.Empty';
}

export interface ProofOfPossession {
  typeId: 28;
  typeName: 'signer.ProofOfPossession';
  /** 48-byte BLS public key. */
  publicKey: Bytes;
  /** 96-byte BLS signature. */
  signature: Bytes;
}

export type Signer = EmptySigner | ProofOfPossession;

export interface TransferableOutput {
  kind: 'transferableOutput';
  assetId: Bytes;
  output: Output;
}

export interface TransferableInput {
  txId: Bytes;
  outputIndex: number;
  assetId: Bytes;
  input: Input;
}

export interface Utxo {
  kind: 'utxo';
  txId: Bytes;
  outputIndex: number;
  assetId: Bytes;
  output: Output;
}

export interface Validator {
  /** 20-byte node ID. */
  nodeId: Bytes;
  start: bigint;
  end: bigint;
  weight: bigint;
}

export interface SubnetValidator extends Validator {
  subnetId: Bytes;
}

/** message.PChainOwner: inline (no type ID) owner of L1 validator balances. */
export interface PChainOwner {
  threshold: number;
  addresses: Bytes[];
}

export interface L1Validator {
  /** Variable-length node ID bytes. */
  nodeId: Bytes;
  weight: bigint;
  balance: bigint;
  signer: { publicKey: Bytes; signature: Bytes };
  remainingBalanceOwner: PChainOwner;
  deactivationOwner: PChainOwner;
}

interface TxHead<Id extends number, Name extends string> {
  kind: 'unsignedTx';
  typeId: Id;
  typeName: Name;
}

export interface BaseTxFields {
  networkId: number;
  blockchainId: Bytes;
  outputs: TransferableOutput[];
  inputs: TransferableInput[];
  memo: Bytes;
}

export interface AddValidatorTx extends TxHead<12, 'AddValidatorTx'>, BaseTxFields {
  validator: Validator;
  stake: TransferableOutput[];
  rewardsOwner: OutputOwners;
  shares: number;
}
export interface AddSubnetValidatorTx extends TxHead<13, 'AddSubnetValidatorTx'>, BaseTxFields {
  validator: SubnetValidator;
  subnetAuth: AuthInput;
}
export interface AddDelegatorTx extends TxHead<14, 'AddDelegatorTx'>, BaseTxFields {
  validator: Validator;
  stake: TransferableOutput[];
  rewardsOwner: OutputOwners;
}
export interface CreateChainTx extends TxHead<15, 'CreateChainTx'>, BaseTxFields {
  subnetId: Bytes;
  /** Shown as text; `chainNameBytes` keeps the exact bytes when they are not valid UTF-8. */
  chainName: string;
  chainNameBytes?: Bytes;
  vmId: Bytes;
  fxIds: Bytes[];
  genesisData: Bytes;
  subnetAuth: AuthInput;
}
export interface CreateSubnetTx extends TxHead<16, 'CreateSubnetTx'>, BaseTxFields {
  owner: OutputOwners;
}
export interface ImportTx extends TxHead<17, 'ImportTx'>, BaseTxFields {
  sourceChain: Bytes;
  importedInputs: TransferableInput[];
}
export interface ExportTx extends TxHead<18, 'ExportTx'>, BaseTxFields {
  destinationChain: Bytes;
  exportedOutputs: TransferableOutput[];
}
export interface AdvanceTimeTx extends TxHead<19, 'AdvanceTimeTx'> {
  time: bigint;
}
export interface RewardValidatorTx extends TxHead<20, 'RewardValidatorTx'> {
  txId: Bytes;
}
export interface RemoveSubnetValidatorTx extends TxHead<23, 'RemoveSubnetValidatorTx'>, BaseTxFields {
  nodeId: Bytes;
  subnetId: Bytes;
  subnetAuth: AuthInput;
}
export interface TransformSubnetTx extends TxHead<24, 'TransformSubnetTx'>, BaseTxFields {
  subnetId: Bytes;
  assetId: Bytes;
  initialSupply: bigint;
  maximumSupply: bigint;
  minConsumptionRate: bigint;
  maxConsumptionRate: bigint;
  minValidatorStake: bigint;
  maxValidatorStake: bigint;
  minStakeDuration: number;
  maxStakeDuration: number;
  minDelegationFee: number;
  minDelegatorStake: bigint;
  maxValidatorWeightFactor: number;
  uptimeRequirement: number;
  subnetAuth: AuthInput;
}
export interface AddPermissionlessValidatorTx extends TxHead<25, 'AddPermissionlessValidatorTx'>, BaseTxFields {
  validator: Validator;
  subnetId: Bytes;
  signer: Signer;
  stake: TransferableOutput[];
  validationRewardsOwner: OutputOwners;
  delegationRewardsOwner: OutputOwners;
  shares: number;
}
export interface AddPermissionlessDelegatorTx extends TxHead<26, 'AddPermissionlessDelegatorTx'>, BaseTxFields {
  validator: Validator;
  subnetId: Bytes;
  stake: TransferableOutput[];
  rewardsOwner: OutputOwners;
}
export interface TransferSubnetOwnershipTx extends TxHead<33, 'TransferSubnetOwnershipTx'>, BaseTxFields {
  subnetId: Bytes;
  subnetAuth: AuthInput;
  newOwner: OutputOwners;
}
export interface BaseTx extends TxHead<34, 'BaseTx'>, BaseTxFields {}
export interface ConvertSubnetToL1Tx extends TxHead<35, 'ConvertSubnetToL1Tx'>, BaseTxFields {
  subnetId: Bytes;
  chainId: Bytes;
  address: Bytes;
  validators: L1Validator[];
  subnetAuth: AuthInput;
}
export interface RegisterL1ValidatorTx extends TxHead<36, 'RegisterL1ValidatorTx'>, BaseTxFields {
  balance: bigint;
  /** 96-byte BLS signature. */
  proofOfPossession: Bytes;
  /** Signed Warp message. */
  message: Bytes;
}
export interface SetL1ValidatorWeightTx extends TxHead<37, 'SetL1ValidatorWeightTx'>, BaseTxFields {
  message: Bytes;
}
export interface IncreaseL1ValidatorBalanceTx extends TxHead<38, 'IncreaseL1ValidatorBalanceTx'>, BaseTxFields {
  validationId: Bytes;
  balance: bigint;
}
export interface DisableL1ValidatorTx extends TxHead<39, 'DisableL1ValidatorTx'>, BaseTxFields {
  validationId: Bytes;
  disableAuth: AuthInput;
}
export interface AddAutoRenewedValidatorTx extends TxHead<40, 'AddAutoRenewedValidatorTx'>, BaseTxFields {
  nodeId: Bytes;
  signer: Signer;
  stake: TransferableOutput[];
  validationRewardsOwner: OutputOwners;
  delegationRewardsOwner: OutputOwners;
  validatorAuthority: OutputOwners;
  delegationShares: number;
  autoCompoundRewardShares: number;
  period: bigint;
}
export interface SetAutoRenewedValidatorConfigTx extends TxHead<41, 'SetAutoRenewedValidatorConfigTx'>, BaseTxFields {
  txId: Bytes;
  auth: AuthInput;
  autoCompoundRewardShares: number;
  period: bigint;
}
export interface RewardAutoRenewedValidatorTx extends TxHead<42, 'RewardAutoRenewedValidatorTx'> {
  txId: Bytes;
  timestamp: bigint;
}

export type UnsignedTx =
  | AddValidatorTx
  | AddSubnetValidatorTx
  | AddDelegatorTx
  | CreateChainTx
  | CreateSubnetTx
  | ImportTx
  | ExportTx
  | AdvanceTimeTx
  | RewardValidatorTx
  | RemoveSubnetValidatorTx
  | TransformSubnetTx
  | AddPermissionlessValidatorTx
  | AddPermissionlessDelegatorTx
  | TransferSubnetOwnershipTx
  | BaseTx
  | ConvertSubnetToL1Tx
  | RegisterL1ValidatorTx
  | SetL1ValidatorWeightTx
  | IncreaseL1ValidatorBalanceTx
  | DisableL1ValidatorTx
  | AddAutoRenewedValidatorTx
  | SetAutoRenewedValidatorConfigTx
  | RewardAutoRenewedValidatorTx;

export interface SignedTx {
  kind: 'signedTx';
  unsigned: UnsignedTx;
  credentials: Credential[];
  /** sha256 of the signed bytes (with the codec version), filled in by the decoder. */
  id?: Bytes;
}

interface BlockHead<Id extends number, Name extends string> {
  kind: 'block';
  typeId: Id;
  typeName: Name;
  parentId: Bytes;
  height: bigint;
  /** sha256 of the block bytes, filled in by the decoder. */
  id?: Bytes;
}

export interface ApricotProposalBlock extends BlockHead<0, 'ApricotProposalBlock'> {
  tx: SignedTx;
}
export interface ApricotAbortBlock extends BlockHead<1, 'ApricotAbortBlock'> {}
export interface ApricotCommitBlock extends BlockHead<2, 'ApricotCommitBlock'> {}
export interface ApricotStandardBlock extends BlockHead<3, 'ApricotStandardBlock'> {
  txs: SignedTx[];
}
export interface ApricotAtomicBlock extends BlockHead<4, 'ApricotAtomicBlock'> {
  tx: SignedTx;
}
export interface BanffProposalBlock extends BlockHead<29, 'BanffProposalBlock'> {
  time: bigint;
  txs: SignedTx[];
  tx: SignedTx;
}
export interface BanffAbortBlock extends BlockHead<30, 'BanffAbortBlock'> {
  time: bigint;
}
export interface BanffCommitBlock extends BlockHead<31, 'BanffCommitBlock'> {
  time: bigint;
}
export interface BanffStandardBlock extends BlockHead<32, 'BanffStandardBlock'> {
  time: bigint;
  txs: SignedTx[];
}

export type Block =
  | ApricotProposalBlock
  | ApricotAbortBlock
  | ApricotCommitBlock
  | ApricotStandardBlock
  | ApricotAtomicBlock
  | BanffProposalBlock
  | BanffAbortBlock
  | BanffCommitBlock
  | BanffStandardBlock;

/** Anything toNodeJson renders. */
export type Decoded = Utxo | TransferableOutput | SignedTx | UnsignedTx | Block;
