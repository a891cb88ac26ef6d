// avalanchego v1.15.0's own code in the conformance run. Its node cannot be built from the module proxy (the
// global setup says why in one line), its P-chain code can: test/node-wrapper/v1.15.0 writes vectors (txs and
// blocks of every type, a platformvm VM's own chain and getCurrentValidators replies, info.upgrades of mainnet and
// Fuji), freshly for this run. They must equal the committed snapshot byte for byte; avatop's codec and schemas are
// held to them (the checks the unit suite runs on the snapshot), and the simulator must answer with the same keys and
// value kinds, and with exactly the node's upgrade times for mainnet and Fuji.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeBlock, decodeHex, decodeSignedTx, type JsonBig } from '../../src/codec/index';
import { createSimNode, type SimNode } from '../../src/sim/index';
import { codecChecks, loadVectors, schemaChecks, SNAPSHOT_DIR, vectorFiles, type Vectors } from '../helpers/v1_15_0-vectors';
import { result } from '../helpers/rpc';
import { diffShapes, shapeOf, type Shape } from './helpers/shape';

const VERSION = 'v1.15.0';
const provided = inject('nodeVectors') as Record<string, { dir?: string; reason?: string }> | undefined;
const dir = provided?.[VERSION]?.dir;
const skipReason = !provided
  ? 'real-node conformance runs with `npm run test:node`'
  : dir
    ? ''
    : `v1.15.0 vectors not written: ${provided[VERSION]?.reason || inject('nodeSkipReason') || 'go is not on PATH'}`;

const title = `avalanchego ${VERSION}: vectors from its own P-chain code`;
describe.skipIf(Boolean(skipReason))(skipReason ? `${title} (${skipReason})` : title, () => {
  const vectors = dir ? loadVectors(dir) : (undefined as unknown as Vectors);

  describe('the committed snapshot (test/fixtures/v1.15.0) is what v1.15.0 writes', () => {
    it('same files', () => {
      expect(vectorFiles(dir!)).toEqual(vectorFiles(SNAPSHOT_DIR));
    });
    it.each(dir ? vectorFiles(dir) : [])('%s: byte for byte (regenerate with `node scripts/node-build.mjs vectors test/fixtures/v1.15.0`)', (file) => {
      expect(readFileSync(join(SNAPSHOT_DIR, file), 'utf8')).toBe(readFileSync(join(dir!, file), 'utf8'));
    });
  });

  if (dir) {
    codecChecks(vectors);
    schemaChecks(vectors);
  }

  describe('the simulator (profile v1.15) against the vectors', () => {
    const sims: SimNode[] = [];
    async function sim(networkId: number, blockIntervalMs?: number, heliconTime?: string): Promise<SimNode> {
      const node = await createSimNode({ profile: 'v1.15', networkId, validators: 300, peers: 20, utxos: 10, autoAdvance: false, blockIntervalMs, heliconTime });
      sims.push(node);
      return node;
    }
    afterAll(async () => {
      await Promise.all(sims.map((s) => s.close()));
    });

    // What the node served, read apart from avatop's client (test/helpers/rpc.ts); an error reply fails the test.
    const rpc = (node: SimNode, path: string, method: string, params: unknown = {}) => result<any>(node.url, path, method, params);

    it.each([
      ['mainnet', 1],
      ['fuji', 5],
    ] as const)('info.upgrades on %s equals v1.15.0\'s upgrade table exactly (keys, order, values)', async (net, networkId) => {
      const node = await sim(networkId);
      const served = await rpc(node, '/ext/info', 'info.upgrades');
      const real = JSON.parse(JSON.stringify(vectors.upgrades[net], (_k, v) => (typeof v === 'bigint' ? Number(v) : v)));
      expect(Object.keys(served)).toEqual(Object.keys(real));
      expect(served).toEqual(real);
    });

    describe('platform.getCurrentValidators on a local network: same keys and value kinds as the VM\'s service', () => {
      let node: SimNode;
      let all: Record<string, unknown>[];
      beforeAll(async () => {
        // The vector's VM ran with Helicon active. A v1.15.0 node on the local network (12345) keeps Helicon
        // unscheduled (upgrade.Default), so no auto-renewed validator can exist there (staker_tx_verification.go
        // lines 882-884); a custom network takes the local genesis and the Helicon time it is given.
        node = await sim(1337, undefined, '2026-09-22T15:00:00Z');
        all = (await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators')).validators;
      });
      const call = (name: string) => vectors.validators.calls.find((c) => c.name === name)!;

      it('the whole list', () => {
        expect(diffShapes(shapeOf(call('all').result), shapeOf({ validators: all }))).toEqual([]);
      });

      it('one node: an auto-renewed validator with delegators (they are listed)', async () => {
        const target = all.find((v) => 'nextPeriod' in v && v.delegatorCount !== '0');
        expect(target, 'the simulator has an auto-renewed validator with a delegator').toBeDefined();
        const one = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [target!.nodeID] });
        expect(diffShapes(shapeOf(call('one-node renewed').result), shapeOf(one))).toEqual([]);
      });

      it('one node: a validator without delegators (delegators: [])', async () => {
        const target = all.find((v) => v.delegatorCount === '0' && v.signer);
        expect(target, 'the simulator has a validator without delegators').toBeDefined();
        const one = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [target!.nodeID] });
        expect(one.validators[0].delegators, 'the node lists no delegators as []').toEqual([]);
        const real = 'nextPeriod' in target! ? call('one-node stopping') : call('one-node plain');
        expect(diffShapes(shapeOf(real.result), shapeOf(one))).toEqual([]);
      });

      it('two nodes, one auto-renewed and one not (as in the vector): no delegators key', async () => {
        const renewed = all.find((v) => 'nextPeriod' in v);
        const plain = all.find((v) => !('nextPeriod' in v) && v.signer);
        expect(renewed && plain, 'the simulator has both kinds').toBeTruthy();
        const two = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [renewed!.nodeID, plain!.nodeID] });
        expect(diffShapes(shapeOf(call('two nodes').result), shapeOf(two))).toEqual([]);
      });
    });

    describe('subnet and L1 validators on a local network: same keys and value kinds as the VM\'s service', () => {
      let node: SimNode;
      beforeAll(async () => {
        node = await sim(12345);
      });
      const call = (name: string) => vectors.validators.calls.find((c) => c.name === name)!;
      const subnets = () => [...node.network.subnetsById.values()];

      it('a permissioned subnet\'s validators (the staker fields only)', async () => {
        const subnet = subnets().find((s) => s.kind === 'permissioned' && s.validators.length > 0 && s.l1Validators.length === 0);
        expect(subnet, 'the simulator has a permissioned subnet with validators').toBeDefined();
        const served = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: subnet!.idStr });
        expect(diffShapes(shapeOf(call('permissioned subnet').result), shapeOf(served))).toEqual([]);
      });

      it('an L1\'s validators, one of them, and getL1Validator', async () => {
        const subnet = subnets().find((s) => s.l1Validators.length > 0);
        expect(subnet, 'the simulator has an L1').toBeDefined();
        const served = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: subnet!.idStr });
        expect(diffShapes(shapeOf(call('l1').result), shapeOf(served))).toEqual([]);
        const l1 = subnet!.l1Validators[0]!;
        const one = await rpc(node, '/ext/bc/P', 'platform.getCurrentValidators', { subnetID: subnet!.idStr, nodeIDs: [l1.nodeIdStr] });
        expect(diffShapes(shapeOf(call('l1 one-node').result), shapeOf(one))).toEqual([]);
        const byId = await rpc(node, '/ext/bc/P', 'platform.getL1Validator', { validationID: l1.validationIdStr });
        expect(diffShapes(shapeOf(call('getL1Validator 0').result), shapeOf(byId))).toEqual([]);
      });
    });

    describe('getTx and getBlock JSON: each type the simulator serves has the keys and value kinds of v1.15.0\'s', () => {
      // The node's JSON by type: the tx and block vectors, and what the VM itself built.
      const realTxs = new Map<number, JsonBig[]>();
      const realBlocks = new Map<number, JsonBig[]>();
      const add = (m: Map<number, JsonBig[]>, type: number, json: JsonBig) => m.set(type, [...(m.get(type) ?? []), json]);
      if (dir) {
        for (const t of vectors.txs) add(realTxs, t.typeID, t.json);
        for (const b of vectors.blocks) add(realBlocks, b.typeID, b.json);
        for (const item of vectors.chain.items) {
          const bytes = decodeHex(item.hex, { checksum: true });
          if (item.label.startsWith('block')) add(realBlocks, decodeBlock(bytes).typeId, item.json);
          else add(realTxs, decodeSignedTx(bytes).unsigned.typeId, item.json);
        }
      }

      /** Empty when some real rendering of the type has the same shape; else the diff against the closest one. */
      function mismatch(real: JsonBig[], served: unknown): string[] {
        if (real.length === 0) return ['no v1.15.0 vector of this type'];
        const shape: Shape = shapeOf(served);
        const diffs = real.map((r) => diffShapes(shapeOf(r), shape));
        return diffs.some((d) => d.length === 0) ? [] : diffs.sort((a, b) => a.length - b.length)[0]!;
      }

      it('every tx and block type in 45 simulated days of blocks', async () => {
        // A block every 10 minutes: 45 days are 6,480 blocks (tick is synchronous; at 2 s they would be 1.9 million).
        const node = await sim(1, 600_000);
        node.tick(45 * 86_400_000);
        const net = node.network;
        const seenTx = new Map<number, unknown>();
        const seenBlock = new Map<number, unknown>();
        // The simulator's own records pick one block and one tx of each type; their JSON is then asked over HTTP.
        for (let h = net.height; h > 0 && h > net.height - 8000; h--) {
          const b = net.blockByHeight(h);
          if (!b) continue;
          const blockType = decodeBlock(b.bytes).typeId;
          if (!seenBlock.has(blockType)) seenBlock.set(blockType, (await rpc(node, '/ext/bc/P', 'platform.getBlockByHeight', { height: h, encoding: 'json' })).block);
          for (const id of b.txIds) {
            const bytes = net.txs.get(id)?.bytes;
            const txType = bytes && decodeSignedTx(bytes).unsigned.typeId;
            if (txType && !seenTx.has(txType)) seenTx.set(txType, (await rpc(node, '/ext/bc/P', 'platform.getTx', { txID: id, encoding: 'json' })).tx);
          }
        }
        expect([40, 41, 42].filter((t) => !seenTx.has(t)), 'auto-renewal txs the simulator never served').toEqual([]);
        const problems: Record<string, string[]> = {};
        for (const [type, served] of seenTx) {
          const m = mismatch(realTxs.get(type) ?? [], served);
          if (m.length > 0) problems[`tx type ${type}`] = m;
        }
        for (const [type, served] of seenBlock) {
          const m = mismatch(realBlocks.get(type) ?? [], served);
          if (m.length > 0) problems[`block type ${type}`] = m;
        }
        expect(problems).toEqual({});
      });
    });
  });
});
