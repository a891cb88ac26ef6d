// Which lists an accepted block changes, checked against what avalanchego v1.15.0's executors do with each tx
// (vms/platformvm/txs/executor/standard_tx_executor.go, proposal_tx_executor.go), written out here: a staker tx
// changes its subnet's set, a reward tx removes a staker of any set and mints, subnet txs change the subnet list, a
// chain tx the chain list, transfers nothing; a proposal block's change shows with the option block after it.
import { describe, expect, it } from 'vitest';
import { blockChanges, changesAnyStakers, changesStakersOf, EVERY_SET } from '../../../src/domain/staking/block-changes';
import { PRIMARY_NETWORK_ID } from '../../../src/state/constants';
import type { BlockTxType } from '../../../src/state/types';

const block = (txTypes: BlockTxType[] | undefined, type = 'BanffStandardBlock', height = 50n) => ({ height, type, txTypes, decodeError: undefined });

describe('what a block changes', () => {
  it('nothing for transfers, imports, exports and option blocks', () => {
    for (const typeName of ['BaseTx', 'ImportTx', 'ExportTx']) {
      const c = blockChanges(block([{ typeName }]));
      expect(changesAnyStakers(c), typeName).toBe(false);
      expect([c.subnets, c.chains, c.supply]).toEqual([false, false, false]);
    }
    expect(changesAnyStakers(blockChanges(block([], 'BanffCommitBlock')))).toBe(false);
  });

  it("a staker tx: its own subnet's set, from this block", () => {
    const primary = blockChanges(block([{ typeName: 'AddPermissionlessDelegatorTx', subnetId: PRIMARY_NETWORK_ID }]));
    expect(changesStakersOf(primary, PRIMARY_NETWORK_ID)).toBe(true);
    expect(changesStakersOf(primary, 'S1')).toBe(false);
    expect(primary.effectiveHeight).toBe(50n);
    expect(changesStakersOf(blockChanges(block([{ typeName: 'AddValidatorTx' }])), PRIMARY_NETWORK_ID)).toBe(true);
    expect(changesStakersOf(blockChanges(block([{ typeName: 'AddAutoRenewedValidatorTx' }])), PRIMARY_NETWORK_ID)).toBe(true);
    const subnet = blockChanges(block([{ typeName: 'AddSubnetValidatorTx', subnetId: 'S1' }]));
    expect([changesStakersOf(subnet, 'S1'), changesStakersOf(subnet, PRIMARY_NETWORK_ID)]).toEqual([true, false]);
    expect(changesStakersOf(blockChanges(block([{ typeName: 'RemoveSubnetValidatorTx', subnetId: 'S2' }])), 'S2')).toBe(true);
  });

  it('a reward: any set (the tx names the staker, not its subnet) and the supply, with the option block after the proposal', () => {
    const c = blockChanges(block([{ typeName: 'RewardValidatorTx' }], 'BanffProposalBlock'));
    expect(c.stakers).toBe(EVERY_SET);
    expect(c.supply).toBe(true);
    expect(c.effectiveHeight).toBe(51n);
    expect(blockChanges(block([{ typeName: 'RewardAutoRenewedValidatorTx' }], 'BanffProposalBlock')).supply).toBe(true);
  });

  it('L1 validator txs: any set (the subnet is in a Warp message or behind a validation ID)', () => {
    for (const typeName of ['RegisterL1ValidatorTx', 'SetL1ValidatorWeightTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx']) {
      expect(blockChanges(block([{ typeName }])).stakers, typeName).toBe(EVERY_SET);
    }
  });

  it('subnet and chain txs change those lists', () => {
    expect(blockChanges(block([{ typeName: 'CreateSubnetTx' }])).subnets).toBe(true);
    expect(blockChanges(block([{ typeName: 'TransferSubnetOwnershipTx', subnetId: 'S1' }])).subnets).toBe(true);
    const convert = blockChanges(block([{ typeName: 'ConvertSubnetToL1Tx', subnetId: 'S1' }]));
    expect([convert.subnets, changesStakersOf(convert, 'S1')]).toEqual([true, true]);
    const chain = blockChanges(block([{ typeName: 'CreateChainTx', subnetId: 'S1' }]));
    expect([chain.chains, changesAnyStakers(chain)]).toEqual([true, false]);
  });

  it('everything, when the block could not be read or a tx is of a type not known here', () => {
    const unread = blockChanges({ height: 9n, type: undefined, txTypes: undefined, decodeError: 'bad bytes' });
    expect([unread.stakers, unread.subnets, unread.chains, unread.supply]).toEqual([EVERY_SET, true, true, true]);
    const unknown = blockChanges(block([{ typeName: 'SomeFutureTx' }]));
    expect([unknown.stakers, unknown.subnets, unknown.chains, unknown.supply]).toEqual([EVERY_SET, true, true, true]);
  });

  it('names the primary stakers it changes: by node for stakers added, by staker tx for rewards and renewal configs', () => {
    const c = blockChanges(
      block([
        { typeName: 'AddPermissionlessDelegatorTx', subnetId: PRIMARY_NETWORK_ID, nodeId: 'NodeID-A' },
        { typeName: 'AddPermissionlessValidatorTx', subnetId: 'S1', nodeId: 'NodeID-B' },
        { typeName: 'AddAutoRenewedValidatorTx', nodeId: 'NodeID-C' },
        { typeName: 'SetAutoRenewedValidatorConfigTx', stakerTxId: 'T1' },
        { typeName: 'IncreaseL1ValidatorBalanceTx' },
        { typeName: 'BaseTx' },
      ]),
    );
    // A subnet's staker and an L1 validator's balance are not the primary network's.
    expect(c.primaryStakers).toEqual({ nodeIds: ['NodeID-A', 'NodeID-C'], stakerTxIds: ['T1'] });
    expect(blockChanges(block([{ typeName: 'RewardValidatorTx', stakerTxId: 'T2' }], 'BanffProposalBlock')).primaryStakers).toEqual({ nodeIds: [], stakerTxIds: ['T2'] });
  });

  it("unknown when a change to the primary set cannot be told by its staker", () => {
    expect(blockChanges(block([{ typeName: 'AddPermissionlessDelegatorTx', subnetId: PRIMARY_NETWORK_ID }])).primaryStakers).toBe('unknown');
    expect(blockChanges(block([{ typeName: 'AddPermissionlessValidatorTx' }])).primaryStakers).toBe('unknown');
    expect(blockChanges(block([{ typeName: 'RewardValidatorTx' }])).primaryStakers).toBe('unknown');
    expect(blockChanges(block([{ typeName: 'SomeFutureTx' }])).primaryStakers).toBe('unknown');
    expect(blockChanges({ height: 9n, type: undefined, txTypes: undefined, decodeError: 'bad bytes' }).primaryStakers).toBe('unknown');
  });
});
