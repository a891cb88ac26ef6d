// What an accepted P-chain block changes among the lists avatop keeps (validator sets, the subnet list, the chain
// list, the supply), read from its txs' types: the scheduler fetches a list again when a block changes it, instead
// of at every block. Facts from avalanchego v1.15.0, vms/platformvm/txs/executor/:
// - standard_tx_executor.go: AddValidatorTx (118), AddSubnetValidatorTx (152), AddDelegatorTx (173),
//   RemoveSubnetValidatorTx (508), AddPermissionlessValidatorTx (609), AddPermissionlessDelegatorTx (642),
//   ConvertSubnetToL1Tx (742), RegisterL1ValidatorTx (875), SetL1ValidatorWeightTx (1033),
//   IncreaseL1ValidatorBalanceTx (1179), DisableL1ValidatorTx (1256), AddAutoRenewedValidatorTx (1374),
//   SetAutoRenewedValidatorConfigTx (1453) put or change stakers; CreateSubnetTx (258), TransformSubnetTx (537),
//   TransferSubnetOwnershipTx (667) and ConvertSubnetToL1Tx change subnets; CreateChainTx (194) adds a chain.
// - proposal_tx_executor.go: RewardValidatorTx (344) and RewardAutoRenewedValidatorTx (414) remove (or restake) a
//   staker and mint its reward, in a proposal block whose effect is the option block accepted after it.
// - state_changes.go: a permissioned subnet validator leaves when chain time passes its end, with no tx (248);
//   permissionless stakers leave by the reward txs above (249-251); an L1 validator whose balance is spent is
//   deactivated as time advances, with no tx (375-379). Those two are the lists' own due times
//   (poll/pchain-specs.ts), not block contents.
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import type { BlockHeader } from '../../state/types';

/** Every validator set: the tx names a staker or a validation, not its subnet. */
export const EVERY_SET = 'every';

export interface BlockChanges {
  readonly height: bigint;
  /** The first height at which the node's API shows the change: a proposal block's tx with the option after it. */
  readonly effectiveHeight: bigint;
  /** Subnets whose validator sets (current and pending) change, or every set. */
  readonly stakers: ReadonlySet<string> | typeof EVERY_SET;
  readonly subnets: boolean;
  readonly chains: boolean;
  /** Rewards mint AVAX: getCurrentSupply and the stake totals move. */
  readonly supply: boolean;
  /**
   * The primary network's stakers the block changes, each named: by node (a validator or a delegation added: its
   * validator's node) or by staker tx (a reward names the staker's tx, a renewal config its validator's), so the
   * list can be patched by those entries alone (poll/validator-patch.ts). 'unknown' when a change to that set cannot
   * be told by its staker: an unread block, a tx of a type not known here, a staker tx without its node or subnet.
   */
  readonly primaryStakers: PrimaryStakers | 'unknown';
}

export interface PrimaryStakers {
  readonly nodeIds: readonly string[];
  readonly stakerTxIds: readonly string[];
}

const STAKER_TXS_PRIMARY = new Set(['AddValidatorTx', 'AddDelegatorTx', 'AddAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx']);
const STAKER_TXS_OF_SUBNET = new Set(['AddSubnetValidatorTx', 'RemoveSubnetValidatorTx', 'AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx', 'ConvertSubnetToL1Tx']);
// The subnet is inside a Warp message or behind a validation ID: any set may have changed.
const STAKER_TXS_ANY = new Set(['RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx']);
const REWARD_TXS = new Set(['RewardValidatorTx', 'RewardAutoRenewedValidatorTx']);
const SUBNET_TXS = new Set(['CreateSubnetTx', 'TransformSubnetTx', 'TransferSubnetOwnershipTx', 'ConvertSubnetToL1Tx']);
// Txs that change none of the lists: transfers, imports and exports, the pre-Banff time advance.
const QUIET_TXS = new Set(['BaseTx', 'ImportTx', 'ExportTx', 'AdvanceTimeTx']);
const PROPOSAL_BLOCKS = new Set(['ApricotProposalBlock', 'BanffProposalBlock']);

/** What a block changes. A block that could not be decoded, or a tx of a type not known here, changes everything. */
export function blockChanges(block: Pick<BlockHeader, 'height' | 'type' | 'txTypes' | 'decodeError'>): BlockChanges {
  const effectiveHeight = block.type !== undefined && PROPOSAL_BLOCKS.has(block.type) ? block.height + 1n : block.height;
  if (block.decodeError !== undefined || block.txTypes === undefined) {
    return { height: block.height, effectiveHeight, stakers: EVERY_SET, subnets: true, chains: true, supply: true, primaryStakers: 'unknown' };
  }
  let unnamed = false;
  const nodeIds: string[] = [];
  const stakerTxIds: string[] = [];
  let every = false;
  const stakers = new Set<string>();
  let subnets = false;
  let chains = false;
  let supply = false;
  for (const tx of block.txTypes) {
    const name = tx.typeName ?? '';
    if (QUIET_TXS.has(name)) continue;
    const known = STAKER_TXS_PRIMARY.has(name) || STAKER_TXS_OF_SUBNET.has(name) || STAKER_TXS_ANY.has(name) || REWARD_TXS.has(name) || SUBNET_TXS.has(name) || name === 'CreateChainTx';
    if (!known) {
      every = subnets = chains = supply = unnamed = true;
      continue;
    }
    // L1 validators never join the primary network's set; a subnet's own stakers neither.
    const primaryStaker = STAKER_TXS_PRIMARY.has(name) || (STAKER_TXS_OF_SUBNET.has(name) && tx.subnetId !== undefined && tx.subnetId === PRIMARY_NETWORK_ID);
    if (STAKER_TXS_OF_SUBNET.has(name) && tx.subnetId === undefined) unnamed = true;
    // A reward names a staker of any set: which one, its tx tells (resolved where the list is).
    if (REWARD_TXS.has(name) || name === 'SetAutoRenewedValidatorConfigTx') {
      if (tx.stakerTxId === undefined) unnamed = true;
      else stakerTxIds.push(tx.stakerTxId);
    } else if (primaryStaker) {
      if (tx.nodeId === undefined) unnamed = true;
      else nodeIds.push(tx.nodeId);
    }
    if (STAKER_TXS_PRIMARY.has(name)) stakers.add(PRIMARY_NETWORK_ID);
    if (STAKER_TXS_OF_SUBNET.has(name)) {
      if (tx.subnetId === undefined) every = true;
      else stakers.add(tx.subnetId);
    }
    if (STAKER_TXS_ANY.has(name)) every = true;
    if (REWARD_TXS.has(name)) every = supply = true;
    if (SUBNET_TXS.has(name)) subnets = true;
    if (name === 'CreateChainTx') chains = true;
  }
  return {
    height: block.height,
    effectiveHeight,
    stakers: every ? EVERY_SET : stakers,
    subnets,
    chains,
    supply,
    primaryStakers: unnamed ? 'unknown' : { nodeIds, stakerTxIds },
  };
}

/** Whether the block changes the validators (current or pending) of `subnetId`. */
export function changesStakersOf(c: BlockChanges, subnetId: string): boolean {
  return c.stakers === EVERY_SET || c.stakers.has(subnetId);
}

/** Whether it changes any validator set at all. */
export function changesAnyStakers(c: BlockChanges): boolean {
  return c.stakers === EVERY_SET || c.stakers.size > 0;
}
