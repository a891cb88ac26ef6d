// The one store: a zustand vanilla store built by a factory (a fresh one per test, per monitor instance).
// Slices hold Resource<T>s written by the poll scheduler, plus UI state; all updates are pure functions of state.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { initialAccounting, type Accounting } from './accounting';
import { idleResource, type Resource } from './resource';
import type { RowList } from './rows';
import type {
  Acps,
  BlockDetail,
  BlockHeader,
  Blockchain,
  FeeConfig,
  FeeState,
  Health,
  MinStake,
  NodeIdInfo,
  NodeVersion,
  PendingStakers,
  Peer,
  PeerFacts,
  Subnet,
  SubnetDetail,
  TxDetail,
  TxFee,
  TxStatusResult,
  Upgrades,
  Uptime,
  Validator,
  ValidatorFeeConfig,
  ValidatorFeeState,
  Vms,
} from './types';
import { initialUi, type UiState } from './ui';
import { initialUtxos, type UtxoSlice } from './utxos';
import type { MetricsSeries } from '../metrics/series';
import type { RewardSlice } from './reward-memory';
import type { PeerAnnouncement, UpgradeAnnouncement } from './upgrade-announcements';

export { PRIMARY_NETWORK_ID } from './constants';

export type ChainAlias = 'P' | 'X' | 'C';

export interface NodeSlice {
  /** info.getNodeID: node ID, BLS key and proof of possession. */
  readonly id: Resource<NodeIdInfo>;
  readonly ip: Resource<string>;
  readonly networkId: Resource<number>;
  readonly networkName: Resource<string>;
  readonly version: Resource<NodeVersion>;
  readonly bootstrapped: Readonly<Record<ChainAlias, Resource<boolean>>>;
  readonly uptime: Resource<Uptime>;
  readonly health: Resource<Health>;
}

export interface PChainSlice {
  readonly height: Resource<bigint>;
  readonly timestamp: Resource<Date>;
}

export interface PeersSlice {
  readonly list: Resource<RowList<Peer>>;
  /** From info.peers' numPeers: refreshed with the list when the peers pane is open, slowly otherwise. */
  readonly count: Resource<number>;
  /**
   * What the rules read of each peer (rpc/methods/info/peers.ts `PeerFacts`), read alone where no screen shows the
   * list: the exporter's reading. The rules ask `selectPeerFacts` (state/peer-facts.ts), the list's or these.
   */
  readonly facts: Resource<readonly PeerFacts[]>;
}

export interface ValidatorsSlice {
  readonly bySubnet: Readonly<Record<string, Resource<RowList<Validator>>>>;
  /** One validator with its delegators (getCurrentValidators for a single node ID), keyed `${subnetId}/${nodeId}`. */
  readonly detail: Readonly<Record<string, Resource<Validator | undefined>>>;
}

export interface PendingSlice {
  readonly bySubnet: Readonly<Record<string, Resource<PendingStakers>>>;
}

export interface FeesSlice {
  /** Spec-era info.getTxFee (deprecated, constants on today's nodes). */
  readonly txFee: Resource<TxFee>;
  readonly feeConfig: Resource<FeeConfig>;
  readonly feeState: Resource<FeeState>;
  readonly validatorFeeConfig: Resource<ValidatorFeeConfig>;
  readonly validatorFeeState: Resource<ValidatorFeeState>;
}

export interface VersionsSlice {
  readonly vms: Resource<Vms>;
  readonly upgrades: Resource<Upgrades>;
  readonly acps: Resource<Acps>;
  /** Each connected peer's release and announced upgrade time, from whichever info.peers poll ran last. */
  readonly peerUpgrades: Resource<readonly PeerAnnouncement[]>;
  /** The last announcement of an upgrade this node's release does not schedule, kept for the run (domain/upgrades). */
  readonly announcement: UpgradeAnnouncement | undefined;
}

export interface SubnetsSlice {
  readonly list: Resource<RowList<Subnet>>;
  readonly chains: Resource<RowList<Blockchain>>;
  readonly chainStatus: Readonly<Record<string, Resource<string>>>;
  /** The subnets pane's round of getBlockchainStatus calls (all statuses it fetched, by chain ID). */
  readonly statuses: Resource<Readonly<Record<string, string>>>;
  readonly detail: Readonly<Record<string, Resource<SubnetDetail>>>;
  /** platform.validates: chain IDs a subnet validates. */
  readonly chainsOf: Readonly<Record<string, Resource<readonly string[]>>>;
}

export interface BlocksSlice {
  /** Newest first, bounded; one getBlockByHeight per new height. */
  readonly recent: Resource<RowList<BlockHeader>>;
  readonly detail: Readonly<Record<string, Resource<BlockDetail>>>;
}

export interface TxsSlice {
  readonly detail: Readonly<Record<string, Resource<TxDetail>>>;
  readonly status: Readonly<Record<string, Resource<TxStatusResult>>>;
}

/**
 * What drill-down views show beyond the slices above (a tx's JSON form, reward UTXOs, a validator's peer entry,
 * weight history, max stake), keyed by the view resource's key (see poll/view-plans.ts).
 */
export interface ViewsSlice {
  readonly data: Readonly<Record<string, Resource<unknown>>>;
}

export interface SupplySlice {
  readonly current: Resource<bigint>;
  readonly stakingAssetId: Resource<string>;
  readonly minStake: Resource<MinStake>;
  readonly totalStake: Resource<bigint>;
}

/** The node's own /ext/metrics: a short history of readings (see domain/metrics). */
export interface MetricsSlice {
  readonly series: Resource<MetricsSeries>;
}

export interface AvatopState {
  readonly node: NodeSlice;
  readonly pchain: PChainSlice;
  readonly peers: PeersSlice;
  readonly validators: ValidatorsSlice;
  readonly pending: PendingSlice;
  readonly fees: FeesSlice;
  readonly versions: VersionsSlice;
  readonly subnets: SubnetsSlice;
  readonly blocks: BlocksSlice;
  readonly txs: TxsSlice;
  readonly supply: SupplySlice;
  readonly views: ViewsSlice;
  readonly utxos: UtxoSlice;
  readonly metrics: MetricsSlice;
  /** The reward guard's voters' weights and its memory of the last trustworthy budget (state/reward-memory.ts). */
  readonly reward: RewardSlice;
  readonly accounting: Accounting;
  readonly ui: UiState;
}

export type AvatopStore = StoreApi<AvatopState>;

export function initialState(now = Date.now()): AvatopState {
  const idle = idleResource;
  return {
    node: {
      id: idle(),
      ip: idle(),
      networkId: idle(),
      networkName: idle(),
      version: idle(),
      bootstrapped: { P: idle(), X: idle(), C: idle() },
      uptime: idle(),
      health: idle(),
    },
    pchain: { height: idle(), timestamp: idle() },
    peers: { list: idle(), count: idle(), facts: idle() },
    validators: { bySubnet: {}, detail: {} },
    pending: { bySubnet: {} },
    fees: { txFee: idle(), feeConfig: idle(), feeState: idle(), validatorFeeConfig: idle(), validatorFeeState: idle() },
    versions: { vms: idle(), upgrades: idle(), acps: idle(), peerUpgrades: idle(), announcement: undefined },
    subnets: { list: idle(), chains: idle(), chainStatus: {}, statuses: idle(), detail: {}, chainsOf: {} },
    blocks: { recent: idle(), detail: {} },
    txs: { detail: {}, status: {} },
    supply: { current: idle(), stakingAssetId: idle(), minStake: idle(), totalStake: idle() },
    views: { data: {} },
    utxos: initialUtxos(),
    metrics: { series: idle() },
    reward: { weights: idle(), last: {}, seen: [] },
    accounting: initialAccounting(now),
    ui: initialUi(),
  };
}

export function createAvatopStore(opts: { now?: number } = {}): AvatopStore {
  return createStore<AvatopState>()(() => initialState(opts.now));
}

/** A pure state update, as the scheduler queues them and tests apply them. */
export type Update = (s: AvatopState) => AvatopState;
