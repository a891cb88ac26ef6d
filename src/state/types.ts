// Domain records as the store holds them. The rpc client's result schemas turn wire strings into bigint, numbers
// and Dates before data gets here; these types name only the fields the store and scheduler rely on and let the
// rest through, so a node adding a field never breaks the store.

type Open = { readonly [field: string]: unknown };

export type NodeIdInfo = Open & {
  readonly nodeID: string;
  readonly nodePOP?: { readonly publicKey: string; readonly proofOfPossession: string } | null;
};

export type NodeVersion = Open & {
  readonly version: string;
  readonly databaseVersion?: string;
  readonly gitCommit?: string;
  readonly vmVersions?: Readonly<Record<string, string>>;
};

export type Uptime = Open & {
  readonly rewardingStakePercentage?: number;
  readonly weightedAveragePercentage?: number;
};

export type Health = Open & { readonly healthy: boolean; readonly checks?: Readonly<Record<string, unknown>> };

export type Peer = Open & { readonly nodeID: string };

/** Current validator: primary network and PoS subnets keyed by node ID; L1 validators also carry validationID. */
export type Validator = Open & { readonly nodeID: string; readonly validationID?: string; readonly txID?: string };

export type PendingStaker = Open & { readonly txID: string; readonly nodeID: string };

export interface PendingStakers {
  readonly validators: import('./rows').RowList<PendingStaker>;
  readonly delegators: import('./rows').RowList<PendingStaker>;
}

export type Subnet = Open & { readonly id: string };

export type Blockchain = Open & { readonly id: string; readonly name?: string; readonly subnetID?: string; readonly vmID?: string };

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
  readonly bytes: number | undefined;
  /** Set when the bytes could not be decoded: the row still shows its height. */
  readonly decodeError: string | undefined;
}

export interface BlockDetail {
  readonly header: BlockHeader;
  /** The decoded block as the codec returns it (or undefined when it failed to decode). */
  readonly decoded: unknown;
  readonly hex: string | undefined;
}

export type Tx = Open;

export interface MinStake {
  readonly minValidatorStake: bigint;
  readonly minDelegatorStake: bigint;
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
  readonly utxos: import('./rows').RowList<UtxoRow>;
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

export type Loose = Open;
