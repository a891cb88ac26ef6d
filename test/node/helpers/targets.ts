// What the method calls need to point at (a block, a tx, a subnet, a chain, addresses), found by asking the node
// itself, so the same questions (each method's `live` params, test/fixtures/methods) go to a real node and to the
// simulator.
import { call } from './jsonrpc';
import type { Targets } from '../../helpers/method-fixtures';

/** The keystore user's password on the conformance networks. */
const PASSWORD = 'avatop-conformance-pw';

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
    // One validator is asked about (with its delegators): one with a BLS key on both sides, so a genesis validator
    // without one (v1.11.2's local network) is not compared with a simulated one that has it.
    nodeId: hints.nodeId ?? String((validators.find((v) => v['signer']) ?? first)['nodeID'] ?? ''),
    addresses: hints.addresses ?? owner?.addresses ?? [],
    stakerTxId: hints.stakerTxId ?? String(first['txID'] ?? txId ?? ''),
    // No L1 on the test networks: getL1Validator is asked about a tx ID, to be understood and answered "not found".
    validationId: hints.validationId ?? txId ?? '',
    password: hints.password ?? PASSWORD,
  };
}

/** Methods that exist at the version but whose call is answered with an RPC error on our networks, and why. */
export const EXPECTED_RPC_ERRORS: Readonly<Record<string, string>> = {
  'platform.getL1Validator': 'no L1 validators exist on a fresh local network',
  'platform.issueTx': 'we send bytes that are not a tx',
  'platform.exportKey': 'the keystore user does not exist',
  'platform.listAddresses': 'the keystore user does not exist',
};
