import type { z } from 'zod';
import type { MethodDescriptor } from './define';
import { compareVersion, parseNodeVersion } from './info/get-node-version';
import { acps as info_acps } from './info/acps';
import { getBlockchainID as info_getBlockchainID } from './info/get-blockchain-id';
import { getNetworkID as info_getNetworkID } from './info/get-network-id';
import { getNetworkName as info_getNetworkName } from './info/get-network-name';
import { getNodeID as info_getNodeID } from './info/get-node-id';
import { getNodeIP as info_getNodeIP } from './info/get-node-ip';
import { getNodeVersion as info_getNodeVersion } from './info/get-node-version';
import { getTxFee as info_getTxFee } from './info/get-tx-fee';
import { getVMs as info_getVMs } from './info/get-vms';
import { isBootstrapped as info_isBootstrapped } from './info/is-bootstrapped';
import { peers as info_peers } from './info/peers';
import { upgrades as info_upgrades } from './info/upgrades';
import { uptime as info_uptime } from './info/uptime';
import { exportKey as platform_exportKey } from './platform/export-key';
import { getAllValidatorsAt as platform_getAllValidatorsAt } from './platform/get-all-validators-at';
import { getBalance as platform_getBalance } from './platform/get-balance';
import { getBlockByHeight as platform_getBlockByHeight } from './platform/get-block-by-height';
import { getBlock as platform_getBlock } from './platform/get-block';
import { getBlockchainStatus as platform_getBlockchainStatus } from './platform/get-blockchain-status';
import { getBlockchains as platform_getBlockchains } from './platform/get-blockchains';
import { getCurrentSupply as platform_getCurrentSupply } from './platform/get-current-supply';
import { getCurrentValidators as platform_getCurrentValidators } from './platform/get-current-validators';
import { getFeeConfig as platform_getFeeConfig } from './platform/get-fee-config';
import { getFeeState as platform_getFeeState } from './platform/get-fee-state';
import { getHeight as platform_getHeight } from './platform/get-height';
import { getL1Validator as platform_getL1Validator } from './platform/get-l1-validator';
import { getMaxStakeAmount as platform_getMaxStakeAmount } from './platform/get-max-stake-amount';
import { getMinStake as platform_getMinStake } from './platform/get-min-stake';
import { getPendingValidators as platform_getPendingValidators } from './platform/get-pending-validators';
import { getProposedHeight as platform_getProposedHeight } from './platform/get-proposed-height';
import { getRewardUTXOs as platform_getRewardUTXOs } from './platform/get-reward-utxos';
import { getStake as platform_getStake } from './platform/get-stake';
import { getStakingAssetID as platform_getStakingAssetID } from './platform/get-staking-asset-id';
import { getSubnet as platform_getSubnet } from './platform/get-subnet';
import { getSubnets as platform_getSubnets } from './platform/get-subnets';
import { getTimestamp as platform_getTimestamp } from './platform/get-timestamp';
import { getTotalStake as platform_getTotalStake } from './platform/get-total-stake';
import { getTxStatus as platform_getTxStatus } from './platform/get-tx-status';
import { getTx as platform_getTx } from './platform/get-tx';
import { getUTXOs as platform_getUTXOs } from './platform/get-utxos';
import { getValidatorFeeConfig as platform_getValidatorFeeConfig } from './platform/get-validator-fee-config';
import { getValidatorFeeState as platform_getValidatorFeeState } from './platform/get-validator-fee-state';
import { getValidatorsAt as platform_getValidatorsAt } from './platform/get-validators-at';
import { issueTx as platform_issueTx } from './platform/issue-tx';
import { listAddresses as platform_listAddresses } from './platform/list-addresses';
import { sampleValidators as platform_sampleValidators } from './platform/sample-validators';
import { validatedBy as platform_validatedBy } from './platform/validated-by';
import { validates as platform_validates } from './platform/validates';
import { health as health_health } from './health/health';
import { liveness as health_liveness } from './health/liveness';
import { readiness as health_readiness } from './health/readiness';

/** Every method avatop knows, keyed by its JSON-RPC name. The RPC console and the simulator enumerate this. */
export const methods = {
  'info.acps': info_acps,
  'info.getBlockchainID': info_getBlockchainID,
  'info.getNetworkID': info_getNetworkID,
  'info.getNetworkName': info_getNetworkName,
  'info.getNodeID': info_getNodeID,
  'info.getNodeIP': info_getNodeIP,
  'info.getNodeVersion': info_getNodeVersion,
  'info.getTxFee': info_getTxFee,
  'info.getVMs': info_getVMs,
  'info.isBootstrapped': info_isBootstrapped,
  'info.peers': info_peers,
  'info.upgrades': info_upgrades,
  'info.uptime': info_uptime,
  'platform.exportKey': platform_exportKey,
  'platform.getAllValidatorsAt': platform_getAllValidatorsAt,
  'platform.getBalance': platform_getBalance,
  'platform.getBlockByHeight': platform_getBlockByHeight,
  'platform.getBlock': platform_getBlock,
  'platform.getBlockchainStatus': platform_getBlockchainStatus,
  'platform.getBlockchains': platform_getBlockchains,
  'platform.getCurrentSupply': platform_getCurrentSupply,
  'platform.getCurrentValidators': platform_getCurrentValidators,
  'platform.getFeeConfig': platform_getFeeConfig,
  'platform.getFeeState': platform_getFeeState,
  'platform.getHeight': platform_getHeight,
  'platform.getL1Validator': platform_getL1Validator,
  'platform.getMaxStakeAmount': platform_getMaxStakeAmount,
  'platform.getMinStake': platform_getMinStake,
  'platform.getPendingValidators': platform_getPendingValidators,
  'platform.getProposedHeight': platform_getProposedHeight,
  'platform.getRewardUTXOs': platform_getRewardUTXOs,
  'platform.getStake': platform_getStake,
  'platform.getStakingAssetID': platform_getStakingAssetID,
  'platform.getSubnet': platform_getSubnet,
  'platform.getSubnets': platform_getSubnets,
  'platform.getTimestamp': platform_getTimestamp,
  'platform.getTotalStake': platform_getTotalStake,
  'platform.getTxStatus': platform_getTxStatus,
  'platform.getTx': platform_getTx,
  'platform.getUTXOs': platform_getUTXOs,
  'platform.getValidatorFeeConfig': platform_getValidatorFeeConfig,
  'platform.getValidatorFeeState': platform_getValidatorFeeState,
  'platform.getValidatorsAt': platform_getValidatorsAt,
  'platform.issueTx': platform_issueTx,
  'platform.listAddresses': platform_listAddresses,
  'platform.sampleValidators': platform_sampleValidators,
  'platform.validatedBy': platform_validatedBy,
  'platform.validates': platform_validates,
  'health.health': health_health,
  'health.liveness': health_liveness,
  'health.readiness': health_readiness,
} as const;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type ParamsOf<N extends MethodName> = z.input<Methods[N]['params']>;
export type WireParamsOf<N extends MethodName> = z.output<Methods[N]['params']>;
export type ResultOf<N extends MethodName> = z.output<Methods[N]['result']>;

/** A registry descriptor: its name is one of the registry's keys. */
export type RegisteredMethod = MethodDescriptor<MethodName, z.ZodType, z.ZodType>;

export const methodList: readonly RegisteredMethod[] = Object.values(methods);

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}

export function getMethod(name: string): RegisteredMethod | undefined {
  return isMethodName(name) ? methods[name] : undefined;
}

export type { AnyMethod, MethodDescriptor } from './define';
export { defineMethod } from './define';

// Domain types and helpers the UI needs alongside the registry.
export type { Owner as OwnerRecord, Signer as SignerRecord } from './common';
export type { Peer } from './info/peers';
export { parseNodeVersion, compareVersion, type SemVer } from './info/get-node-version';
export { UNSCHEDULED_UPGRADE_YEAR, type UpgradesResult } from './info/upgrades';
export type { HealthCheck, HealthResult } from './health/health-result';
export type { ValidatorRecord, DelegatorRecord, ValidatorKind } from './platform/validator-records';
export type { ValidatorAt } from './platform/get-validators-at';
export type { Blockchain } from './platform/get-blockchains';
export type { Subnet } from './platform/get-subnets';
export { TX_STATUSES, type TxStatus } from './platform/get-tx-status';
export { BLOCKCHAIN_STATUSES, type BlockchainStatus } from './platform/get-blockchain-status';
export { MAX_UTXOS_PAGE, MAX_UTXOS_ADDRESSES } from './platform/get-utxos';
export { MAX_GET_STAKE_ADDRESSES } from './platform/get-stake';

/**
 * Whether a node that reports `version` (info.getNodeVersion, e.g. "avalanchego/1.14.2") serves the method, so
 * pollers can skip what it lacks. undefined when the version cannot be read or the method is unknown.
 */
export function isSupportedBy(name: string, version: string): boolean | undefined {
  const descriptor = getMethod(name);
  const node = parseNodeVersion(version);
  if (!descriptor || !node) return undefined;
  if (descriptor.since && compareVersion(node, descriptor.since) < 0) return false;
  if (descriptor.removedIn && compareVersion(node, descriptor.removedIn) >= 0) return false;
  return true;
}
