import type { z } from 'zod';
import type { MethodDescriptor } from './define';
import { compareVersion, parseNodeVersion } from './info/get-node-version';
import { methods } from './registry';

// The registry is generated from the method files (scripts/gen-method-index.mjs); a method is one file.
export { methods };

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
