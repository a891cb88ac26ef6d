// Every method of the client's registry, called through the real client on both profiles: the reply must pass the
// client's schemas; methods of the other generation must be reported unsupported.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { methods } from '../../src/rpc/methods';
import { RpcError } from '../../src/rpc/errors';
import type { SimNode } from '../../src/sim/index';
import { startSim } from './helpers';

function paramsFor(name: string, node: SimNode): unknown {
  const net = node.network;
  const validator = net.validators.find((v) => v.delegators.length > 0) ?? net.validators[0]!;
  const subnet = net.subnets.find((s) => s.kind === 'l1') ?? net.subnets[0]!;
  const wallet = net.wallets[0]!.str;
  const lastTx = net.lastBlock.txIds[0] ?? validator.txIdStr;
  const nowSec = Math.floor(net.timeMs / 1000);
  switch (name) {
    case 'info.getBlockchainID':
      return { alias: 'X' };
    case 'info.isBootstrapped':
      return { chain: 'P' };
    case 'info.peers':
      return {};
    case 'platform.exportKey':
      return { username: 'avatop', password: 'avatop-sim-password', address: wallet };
    case 'platform.listAddresses':
      return { username: 'avatop', password: 'avatop-sim-password' };
    case 'platform.getAllValidatorsAt':
    case 'platform.getValidatorsAt':
      return { height: net.height - 1 };
    case 'platform.getBalance':
      return { addresses: [wallet] };
    case 'platform.getStake':
      return { addresses: [wallet], encoding: 'hex' };
    case 'platform.getUTXOs':
      return { addresses: [wallet], limit: 20, encoding: 'hex' };
    case 'platform.getBlock':
      return { blockID: net.lastBlock.idStr, encoding: 'json' };
    case 'platform.getBlockByHeight':
      return { height: net.height, encoding: 'hex' };
    case 'platform.getTx':
      return { txID: lastTx, encoding: 'json' };
    case 'platform.getTxStatus':
      return { txID: lastTx };
    case 'platform.getRewardUTXOs':
      return { txID: net.pastRewardedTxs[0], encoding: 'hex' };
    case 'platform.getBlockchainStatus':
      return { blockchainID: subnet.chains[0]!.idStr };
    case 'platform.getSubnet':
    case 'platform.validates':
      return { subnetID: subnet.idStr };
    case 'platform.getCurrentSupply':
      return {};
    case 'platform.validatedBy':
      return { blockchainID: subnet.chains[0]!.idStr };
    case 'platform.sampleValidators':
      return { size: 5 };
    case 'platform.getCurrentValidators':
      return { nodeIDs: [validator.nodeIdStr] };
    case 'platform.getMaxStakeAmount':
      return { nodeID: validator.nodeIdStr, startTime: nowSec + 600, endTime: nowSec + 3 * 86400 };
    case 'platform.getL1Validator':
      return { validationID: subnet.l1Validators[0]?.validationIdStr ?? lastTx };
    case 'platform.getTotalStake':
      return { subnetID: subnet.idStr };
    case 'health.health':
    case 'health.readiness':
      return { tags: ['11111111111111111111111111111111LpoYY'] };
    default:
      return {};
  }
}

function cmp(a: string, b: string): number {
  const pa = a.replace(/^v/, '').split('.').map(Number);
  const pb = b.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

const VERSION = { 'v1.11': 'v1.11.2', 'v1.14': 'v1.14.2', 'v1.15': 'v1.15.0' } as const;
const supportedAt = (v: string, d: { since?: string; removedIn?: string }) =>
  (!d.since || cmp(d.since, v) <= 0) && (!d.removedIn || cmp(d.removedIn, v) > 0);
const SUPPORTED_BY = {
  'v1.11': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.11'], d),
  'v1.14': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.14'], d),
  'v1.15': (d: { since?: string; removedIn?: string }) => supportedAt(VERSION['v1.15'], d),
};

for (const profile of ['v1.11', 'v1.14', 'v1.15'] as const) {
  describe(`every registry method on profile ${profile}`, () => {
    let node: SimNode;
    let client: AvatopClient;
    beforeAll(async () => {
      node = await startSim({ profile });
      node.tick(30_000);
      client = createClient({ url: node.url });
    });
    afterAll(async () => {
      await client.close();
      await node.close();
    });

    for (const [name, descriptor] of Object.entries(methods)) {
      if (descriptor.mutating) continue;
      const supported = SUPPORTED_BY[profile](descriptor);
      it(`${name} ${supported ? 'answers and passes the schema' : 'is reported unsupported'}`, async () => {
        const call = client.call as (n: string, p?: unknown) => Promise<unknown>;
        if (supported) {
          const value = await call(name, paramsFor(name, node));
          expect(value).toBeTruthy();
        } else {
          const err = await call(name, paramsFor(name, node)).catch((e: unknown) => e);
          expect(err).toBeInstanceOf(RpcError);
          expect((err as RpcError).unsupported).toBe(true);
        }
      });
    }
  });
}
