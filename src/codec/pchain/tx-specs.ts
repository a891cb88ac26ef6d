// The field layout of every unsigned tx type, in serialization order, which is also the order of avalanchego's
// JSON keys (Go marshals struct fields in declaration order). One table drives decode, encode and toNodeJson.
export type FieldKind =
  | 'u8'
  | 'u32'
  | 'u64'
  | 'id' // [32]byte, JSON cb58
  | 'nodeId' // [20]byte, JSON "NodeID-…"
  | 'hexBytes' // []byte shown as types.JSONByteSlice ("0x…")
  | 'base64Bytes' // plain []byte, which Go's encoding/json prints as base64
  | 'blsSignatureArray' // [96]byte, which Go prints as an array of numbers
  | 'string'
  | 'ids' // [][32]byte
  | 'outputs'
  | 'inputs'
  | 'owner'
  | 'auth'
  | 'signer'
  | 'validator'
  | 'subnetValidator'
  | 'l1Validators';

export type FieldSpec = { key: string; json: string; kind: FieldKind };
export type TxSpec = { name: string; baseTx: boolean; fields: readonly FieldSpec[] };

const f = (key: string, json: string, kind: FieldKind): FieldSpec => ({ key, json, kind });

export const BASE_TX_FIELDS: readonly FieldSpec[] = [
  f('networkId', 'networkID', 'u32'),
  f('blockchainId', 'blockchainID', 'id'),
  f('outputs', 'outputs', 'outputs'),
  f('inputs', 'inputs', 'inputs'),
  f('memo', 'memo', 'hexBytes'),
];

const subnetAuth = f('subnetAuth', 'subnetAuthorization', 'auth');
const subnetId = f('subnetId', 'subnetID', 'id');
const validator = f('validator', 'validator', 'validator');
const stake = f('stake', 'stake', 'outputs');

export const TX_SPECS: Readonly<Record<number, TxSpec>> = {
  12: {
    name: 'AddValidatorTx',
    baseTx: true,
    fields: [validator, stake, f('rewardsOwner', 'rewardsOwner', 'owner'), f('shares', 'shares', 'u32')],
  },
  13: { name: 'AddSubnetValidatorTx', baseTx: true, fields: [f('validator', 'validator', 'subnetValidator'), subnetAuth] },
  14: { name: 'AddDelegatorTx', baseTx: true, fields: [validator, stake, f('rewardsOwner', 'rewardsOwner', 'owner')] },
  15: {
    name: 'CreateChainTx',
    baseTx: true,
    fields: [
      subnetId,
      f('chainName', 'chainName', 'string'),
      f('vmId', 'vmID', 'id'),
      f('fxIds', 'fxIDs', 'ids'),
      f('genesisData', 'genesisData', 'base64Bytes'),
      subnetAuth,
    ],
  },
  16: { name: 'CreateSubnetTx', baseTx: true, fields: [f('owner', 'owner', 'owner')] },
  17: {
    name: 'ImportTx',
    baseTx: true,
    fields: [f('sourceChain', 'sourceChain', 'id'), f('importedInputs', 'importedInputs', 'inputs')],
  },
  18: {
    name: 'ExportTx',
    baseTx: true,
    fields: [f('destinationChain', 'destinationChain', 'id'), f('exportedOutputs', 'exportedOutputs', 'outputs')],
  },
  19: { name: 'AdvanceTimeTx', baseTx: false, fields: [f('time', 'time', 'u64')] },
  20: { name: 'RewardValidatorTx', baseTx: false, fields: [f('txId', 'txID', 'id')] },
  23: { name: 'RemoveSubnetValidatorTx', baseTx: true, fields: [f('nodeId', 'nodeID', 'nodeId'), subnetId, subnetAuth] },
  24: {
    name: 'TransformSubnetTx',
    baseTx: true,
    fields: [
      subnetId,
      f('assetId', 'assetID', 'id'),
      f('initialSupply', 'initialSupply', 'u64'),
      f('maximumSupply', 'maximumSupply', 'u64'),
      f('minConsumptionRate', 'minConsumptionRate', 'u64'),
      f('maxConsumptionRate', 'maxConsumptionRate', 'u64'),
      f('minValidatorStake', 'minValidatorStake', 'u64'),
      f('maxValidatorStake', 'maxValidatorStake', 'u64'),
      f('minStakeDuration', 'minStakeDuration', 'u32'),
      f('maxStakeDuration', 'maxStakeDuration', 'u32'),
      f('minDelegationFee', 'minDelegationFee', 'u32'),
      f('minDelegatorStake', 'minDelegatorStake', 'u64'),
      f('maxValidatorWeightFactor', 'maxValidatorWeightFactor', 'u8'),
      f('uptimeRequirement', 'uptimeRequirement', 'u32'),
      subnetAuth,
    ],
  },
  25: {
    name: 'AddPermissionlessValidatorTx',
    baseTx: true,
    fields: [
      validator,
      subnetId,
      f('signer', 'signer', 'signer'),
      stake,
      f('validationRewardsOwner', 'validationRewardsOwner', 'owner'),
      f('delegationRewardsOwner', 'delegationRewardsOwner', 'owner'),
      f('shares', 'shares', 'u32'),
    ],
  },
  26: {
    name: 'AddPermissionlessDelegatorTx',
    baseTx: true,
    fields: [validator, subnetId, stake, f('rewardsOwner', 'rewardsOwner', 'owner')],
  },
  33: { name: 'TransferSubnetOwnershipTx', baseTx: true, fields: [subnetId, subnetAuth, f('newOwner', 'newOwner', 'owner')] },
  34: { name: 'BaseTx', baseTx: true, fields: [] },
  35: {
    name: 'ConvertSubnetToL1Tx',
    baseTx: true,
    fields: [
      subnetId,
      f('chainId', 'chainID', 'id'),
      f('address', 'address', 'hexBytes'),
      f('validators', 'validators', 'l1Validators'),
      subnetAuth,
    ],
  },
  36: {
    name: 'RegisterL1ValidatorTx',
    baseTx: true,
    fields: [
      f('balance', 'balance', 'u64'),
      f('proofOfPossession', 'proofOfPossession', 'blsSignatureArray'),
      f('message', 'message', 'hexBytes'),
    ],
  },
  37: { name: 'SetL1ValidatorWeightTx', baseTx: true, fields: [f('message', 'message', 'hexBytes')] },
  38: {
    name: 'IncreaseL1ValidatorBalanceTx',
    baseTx: true,
    fields: [f('validationId', 'validationID', 'id'), f('balance', 'balance', 'u64')],
  },
  39: {
    name: 'DisableL1ValidatorTx',
    baseTx: true,
    fields: [f('validationId', 'validationID', 'id'), f('disableAuth', 'disableAuthorization', 'auth')],
  },
  40: {
    name: 'AddAutoRenewedValidatorTx',
    baseTx: true,
    fields: [
      f('nodeId', 'nodeID', 'hexBytes'),
      f('signer', 'signer', 'signer'),
      stake,
      f('validationRewardsOwner', 'validationRewardsOwner', 'owner'),
      f('delegationRewardsOwner', 'delegationRewardsOwner', 'owner'),
      f('validatorAuthority', 'validatorAuthority', 'owner'),
      f('delegationShares', 'delegationShares', 'u32'),
      f('autoCompoundRewardShares', 'autoCompoundRewardShares', 'u32'),
      f('period', 'period', 'u64'),
    ],
  },
  41: {
    name: 'SetAutoRenewedValidatorConfigTx',
    baseTx: true,
    fields: [
      f('txId', 'txID', 'id'),
      f('auth', 'auth', 'auth'),
      f('autoCompoundRewardShares', 'autoCompoundRewardShares', 'u32'),
      f('period', 'period', 'u64'),
    ],
  },
  42: { name: 'RewardAutoRenewedValidatorTx', baseTx: false, fields: [f('txId', 'txID', 'id'), f('timestamp', 'timestamp', 'u64')] },
};

/** All fields of a tx type in order, BaseTx's first when it has one. */
export function txFields(spec: TxSpec): readonly FieldSpec[] {
  return spec.baseTx ? [...BASE_TX_FIELDS, ...spec.fields] : spec.fields;
}
