// Domain records as the store holds them: the rpc client's result schemas (rpc/methods) turn wire strings into
// bigint, numbers and Dates, and these are those schemas' output types, so a field a pane reads is the field the
// schema checked. Records avatop builds itself (block headers, UTXO pages, address totals) are declared here.
import type { ResultOf } from '../rpc/methods';
import type { RowList } from './rows';

export type NodeIdInfo = ResultOf<'info.getNodeID'>;
export type NodeVersion = ResultOf<'info.getNodeVersion'>;
export type Uptime = ResultOf<'info.uptime'>;
export type Health = ResultOf<'health.health'>;
export type Peer = ResultOf<'info.peers'>['peers'][number];
export type { PeerFacts } from '../rpc/methods/info/peers';

type Listed = ResultOf<'platform.getCurrentValidators'>['validators'][number];
/**
 * Current validator: primary network and PoS subnets keyed by node ID; L1 validators also carry validationID. A
 * listed one may come without its proof of possession (see poll/transforms.ts); a single-node query keeps it.
 */
export type Validator = Omit<Listed, 'signer'> & {
  readonly signer: { readonly publicKey: string; readonly proofOfPossession?: string } | undefined;
};

export type PendingValidator = ResultOf<'platform.getPendingValidators'>['validators'][number];
export type PendingDelegator = ResultOf<'platform.getPendingValidators'>['delegators'][number];
export type PendingStaker = PendingValidator | PendingDelegator;

export interface PendingStakers {
  readonly validators: RowList<PendingValidator>;
  readonly delegators: RowList<PendingDelegator>;
}

export type Subnet = ResultOf<'platform.getSubnets'>['subnets'][number];
export type SubnetDetail = ResultOf<'platform.getSubnet'>;
export type Blockchain = ResultOf<'platform.getBlockchains'>['blockchains'][number];
export type TxStatusResult = ResultOf<'platform.getTxStatus'>;

export type TxFee = ResultOf<'info.getTxFee'>;
export type FeeConfig = ResultOf<'platform.getFeeConfig'>;
export type FeeState = ResultOf<'platform.getFeeState'>;
export type ValidatorFeeConfig = ResultOf<'platform.getValidatorFeeConfig'>;
export type ValidatorFeeState = ResultOf<'platform.getValidatorFeeState'>;
export type Vms = ResultOf<'info.getVMs'>;
export type Upgrades = ResultOf<'info.upgrades'>;
/** info.acps' map of ACP number → support. */
export type Acps = ResultOf<'info.acps'>['acps'];

/** What the blocks pane shows for one block; from the codec's decodeBlock when the bytes decode. */
export interface BlockHeader {
  readonly height: bigint;
  readonly id: string | undefined;
  readonly parentId: string | undefined;
  /** Codec type name, e.g. "BanffStandardBlock". */
  readonly type: string | undefined;
  /** Banff blocks carry a timestamp; Apricot ones do not. */
  readonly time: Date | undefined;
  readonly txCount: number | undefined;
  readonly txIds: readonly string[];
  /**
   * Each tx's codec type name and the subnet it names, if any (domain/staking/block-changes.ts reads them); empty for
   * an option block, undefined when the block could not be read.
   */
  readonly txTypes?: readonly BlockTxType[];
  readonly bytes: number | undefined;
  /** Set when the bytes could not be decoded: the row still shows its height. */
  readonly decodeError: string | undefined;
}

export interface BlockTxType {
  readonly typeName: string | undefined;
  readonly subnetId?: string;
  /** The node a staker tx adds a validator or delegation to (its validator's node ID, or its own). */
  readonly nodeId?: string;
  /** The staker tx a reward or an auto-renewal config names (its txID field). */
  readonly stakerTxId?: string;
}

export interface BlockDetail {
  readonly header: BlockHeader;
  /** The decoded block as the codec returns it (or undefined when it failed to decode). */
  readonly decoded: unknown;
  readonly hex: string | undefined;
}

export interface MinStake {
  readonly minValidatorStake: bigint;
  readonly minDelegatorStake: bigint;
}

/** A tx as the tx view holds it: the node's hex and what our codec made of it. */
export interface TxDetail {
  readonly hex: string | undefined;
  readonly decoded: unknown;
  readonly decodeError: string | undefined;
  readonly typeName: string | undefined;
}

/** `getUTXOs` start/end index. */
export interface UtxoIndex {
  readonly address: string;
  readonly utxo: string;
}

export interface UtxoRow {
  /** UTXO ID (txID:outputIndex in cb58 form) when decodable, otherwise the encoded bytes. */
  readonly id: string;
  readonly encoded: string;
  readonly decoded: unknown;
}

export interface UtxoPage {
  readonly utxos: RowList<UtxoRow>;
  readonly numFetched: number;
  readonly endIndex: UtxoIndex | undefined;
}

/**
 * platform.getBalance for an address set: whole-address totals, not one page. The plain fields are the staking
 * asset's (AVAX); the maps are per asset ID, as the node gives them.
 */
export interface AddressBalance {
  readonly balance: bigint | undefined;
  readonly unlocked: bigint | undefined;
  readonly lockedStakeable: bigint | undefined;
  readonly lockedNotStakeable: bigint | undefined;
  readonly balances: Readonly<Record<string, bigint>>;
  readonly unlockeds: Readonly<Record<string, bigint>>;
  readonly lockedStakeables: Readonly<Record<string, bigint>>;
  readonly lockedNotStakeables: Readonly<Record<string, bigint>>;
  /** How many UTXOs the totals cover (utxoIDs; null on the wire when none). */
  readonly utxoCount: number;
}

/** platform.getStake for an address set, added up over the calls it took (the node takes 256 addresses a call). */
export interface AddressStake {
  /** Staking asset (AVAX) only. */
  readonly staked: bigint | undefined;
  /** Per asset ID. */
  readonly stakeds: Readonly<Record<string, bigint>>;
  /** Staked outputs the codec decoded. */
  readonly outputs: number;
  /** Staked outputs the codec could not read (still counted in the node's totals). */
  readonly undecodable: number;
  /** Requests it took. */
  readonly calls: number;
}
