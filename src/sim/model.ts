// The simulated network's state, kept as raw bytes (for the codec) next to their text forms (for fast JSON).

export interface Owner {
  locktime: bigint;
  threshold: number;
  addrs: Uint8Array[];
  addrStrs: string[];
}

export interface StakerBase {
  txId: Uint8Array;
  txIdStr: string;
  nodeId: Uint8Array;
  nodeIdStr: string;
  /** Unix seconds. */
  start: number;
  end: number;
  weight: bigint;
  potentialReward: bigint;
  rewardOwner: Owner;
  /** Who gets the stake back (and whose getStake counts it). */
  stakeOwner: Owner;
}

export interface Delegator extends StakerBase {
  kind: 'delegator';
}

export interface BlsSigner {
  publicKey: Uint8Array;
  pop: Uint8Array;
  publicKeyHex: string;
  popHex: string;
}

export interface Validator extends StakerBase {
  kind: 'validator';
  /** Delegation fee in millionths (20000 = 2%). */
  shares: number;
  delegationRewardOwner: Owner;
  accruedDelegateeReward: bigint;
  /** Percent 0..100, as this node observes it. */
  uptime: number;
  /** Kept by sim/network/connections.ts from the one set of connections (net.peers); nothing else writes it. */
  connected: boolean;
  signer: BlsSigner | null;
  delegators: Delegator[];
  /** Bumped whenever a field of its API record changes (uptime, connected, delegators, accrued reward). */
  rev: number;
  /** ACP-236 (v1.15): staked with AddAutoRenewedValidatorTx; start/end are the current cycle's. */
  autoRenew?: AutoRenew;
}

/** ACP-236's StakingInfo of an auto-renewed validator (vms/platformvm/docs/validators_auto_renewed.md). */
export interface AutoRenew {
  /** Who may change the config (SetAutoRenewedValidatorConfigTx). */
  authority: Owner;
  /** Seconds of the next cycle; 0: stop at the end of this one. */
  nextPeriod: number;
  /** Millionths of each cycle's reward restaked. */
  autoCompoundRewardShares: number;
  /** Validation rewards restaked by earlier cycles: part of `weight`, paid back on exit. */
  accruedValidationRewards: bigint;
  /** Delegatee rewards restaked by earlier cycles: part of `weight`, paid back on exit. */
  accruedDelegateeRewards: bigint;
}

export type SubnetKind = 'permissioned' | 'elastic' | 'l1';

export interface SubnetStaker {
  txIdStr: string;
  nodeIdStr: string;
  start: number;
  end: number;
  weight: bigint;
}

export interface L1Validator {
  validationId: Uint8Array;
  validationIdStr: string;
  nodeId: Uint8Array;
  nodeIdStr: string;
  weight: bigint;
  /** nAVAX left to pay the continuous fee; 0 means inactive. */
  balance: bigint;
  startTime: number;
  minNonce: bigint;
  publicKeyHex: string;
  remainingBalanceOwner: Owner;
  deactivationOwner: Owner;
}

export interface Chain {
  id: Uint8Array;
  idStr: string;
  name: string;
  subnetIdStr: string;
  vmIdStr: string;
  /** The primary alias the node knows the chain by (X, C), if any. */
  alias?: string;
}

export interface Subnet {
  id: Uint8Array;
  idStr: string;
  kind: SubnetKind;
  owner: Owner;
  createdAt: number;
  chains: Chain[];
  validators: SubnetStaker[];
  l1Validators: L1Validator[];
  /** Elastic subnets only. */
  transformationTxIdStr?: string;
  assetIdStr?: string;
  minValidatorStake?: bigint;
  minDelegatorStake?: bigint;
  supply?: bigint;
  /** L1s only. */
  conversionIdStr?: string;
  managerChainIdStr?: string;
  managerAddressHex?: string;
  tracked: boolean;
}

export interface Peer {
  nodeId: Uint8Array;
  nodeIdStr: string;
  ip: string;
  publicIp: string;
  version: string;
  upgradeTime: number;
  lastSentMs: number;
  lastReceivedMs: number;
  observedUptime: number;
  trackedSubnets: string[];
  supportedAcps: number[];
  objectedAcps: number[];
  benched: string[];
  /** Primary-network weight when the peer is a validator (0 otherwise). */
  weight: bigint;
  /** When the connection was made (simulated ms): its first ping, and so its first view of this node, comes 22.5 s later. */
  connectedAtMs: number;
  /** When it drops this node (or this node it) for an upgrade one of them does not run; undefined: it will not. */
  dropAtMs?: number;
}

export interface BlockRecord {
  id: Uint8Array;
  idStr: string;
  height: number;
  /** Unix seconds. */
  time: number;
  bytes: Uint8Array;
  txIds: string[];
}

export type TxStatus = 'Committed' | 'Aborted' | 'Processing' | 'Dropped';

export interface TxRecord {
  bytes: Uint8Array;
  status: TxStatus;
  reason?: string;
  /** Forgotten with its block when old blocks are dropped (transfers, rewards); staking and subnet txs stay. */
  prunable?: boolean;
}
