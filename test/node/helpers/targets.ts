// What the method calls need to point at (a block, a tx, a subnet, a chain, addresses), found by asking the node
// itself, so the same parameter table works for a real node and for the simulator.
import { call } from './jsonrpc';

export interface Targets {
  height: number;
  blockId: string;
  txId: string;
  subnetId: string;
  chainId: string;
  nodeId: string;
  addresses: string[];
  /** A tx that staked (for getRewardUTXOs). */
  stakerTxId: string;
}

interface BlockJson {
  id: string;
  txs?: { id: string }[];
  tx?: { id: string };
}

export async function discoverTargets(url: string, hints: Partial<Targets> = {}): Promise<Targets> {
  const { height: h } = await call<{ height: string }>(url, 'P', 'platform.getHeight', {});
  const height = Number(h);
  const tip = (await call<{ block: BlockJson }>(url, 'P', 'platform.getBlockByHeight', { height, encoding: 'json' })).block;

  let txId = hints.txId;
  for (let at = height; txId === undefined && at >= Math.max(0, height - 50); at -= 1) {
    const b = (await call<{ block: BlockJson }>(url, 'P', 'platform.getBlockByHeight', { height: at, encoding: 'json' })).block;
    txId = b.txs?.[0]?.id ?? b.tx?.id;
  }

  const { validators } = await call<{ validators: Record<string, unknown>[] }>(url, 'P', 'platform.getCurrentValidators', {});
  const first = validators[0] ?? {};
  const owner = (first['validationRewardOwner'] ?? first['rewardOwner']) as { addresses?: string[] } | undefined;

  const { subnets } = await call<{ subnets: { id: string }[] | null }>(url, 'P', 'platform.getSubnets', {});
  const primary = '11111111111111111111111111111111LpoYY';
  const subnetId = hints.subnetId ?? (subnets ?? []).find((s) => s.id !== primary)?.id ?? primary;
  const { blockchains } = await call<{ blockchains: { id: string; subnetID: string }[] }>(url, 'P', 'platform.getBlockchains', {});
  const chainId = hints.chainId ?? blockchains.find((c) => c.subnetID === subnetId)?.id ?? blockchains[0]?.id ?? '';

  return {
    height,
    blockId: hints.blockId ?? tip.id,
    txId: txId ?? '',
    subnetId,
    chainId,
    nodeId: hints.nodeId ?? String(first['nodeID'] ?? ''),
    addresses: hints.addresses ?? owner?.addresses ?? [],
    stakerTxId: hints.stakerTxId ?? String(first['txID'] ?? txId ?? ''),
  };
}

/**
 * Params for every method of the registry (wire shape). Methods not listed take `{}`. Kept here, not in the tests,
 * so the real-node and the simulator comparisons ask exactly the same questions.
 */
export function paramsFor(name: string, t: Targets): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  switch (name) {
    case 'info.getBlockchainID':
      return { alias: 'X' };
    case 'info.isBootstrapped':
      return { chain: 'P' };
    case 'platform.exportKey':
      return { username: 'avatop', password: 'avatop-conformance-pw', address: t.addresses[0] };
    case 'platform.listAddresses':
      return { username: 'avatop', password: 'avatop-conformance-pw' };
    case 'platform.getAllValidatorsAt':
    case 'platform.getValidatorsAt':
      return { height: t.height };
    case 'platform.getBalance':
      return { addresses: t.addresses };
    case 'platform.getStake':
      return { addresses: t.addresses, encoding: 'hex' };
    case 'platform.getUTXOs':
      return { addresses: t.addresses, limit: 5, encoding: 'hex' };
    case 'platform.getBlock':
      return { blockID: t.blockId, encoding: 'hex' };
    case 'platform.getBlockByHeight':
      return { height: t.height, encoding: 'hex' };
    case 'platform.getTx':
      return { txID: t.txId, encoding: 'hex' };
    case 'platform.getTxStatus':
      return { txID: t.txId };
    case 'platform.getRewardUTXOs':
      return { txID: t.stakerTxId, encoding: 'hex' };
    case 'platform.getBlockchainStatus':
      return { blockchainID: t.chainId };
    case 'platform.getSubnet':
      return { subnetID: t.subnetId };
    case 'platform.validates':
      return { subnetID: t.subnetId };
    case 'platform.validatedBy':
      return { blockchainID: t.chainId };
    case 'platform.sampleValidators':
      return { size: 1 };
    case 'platform.getCurrentValidators':
      return {};
    case 'platform.getMaxStakeAmount':
      return { nodeID: t.nodeId, startTime: now + 600, endTime: now + 3 * 86400 };
    case 'platform.getL1Validator':
      // No L1 on the test networks: the call must be understood and answered "not found".
      return { validationID: t.txId };
    case 'platform.issueTx':
      // A valid hex string that is not a tx: exercises the error path without changing the chain.
      return { tx: '0x00000000000000000000', encoding: 'hexnc' };
    default:
      return {};
  }
}

/** Methods that exist at the version but whose call is answered with an RPC error on our networks, and why. */
export const EXPECTED_RPC_ERRORS: Readonly<Record<string, string>> = {
  'platform.getL1Validator': 'no L1 validators exist on a fresh local network',
  'platform.issueTx': 'we send bytes that are not a tx',
  'platform.exportKey': 'the keystore user does not exist',
  'platform.listAddresses': 'the keystore user does not exist',
};
