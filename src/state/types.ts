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

export type Loose = Open;
