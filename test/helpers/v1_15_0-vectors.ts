// Vectors written by avalanchego v1.15.0's own P-chain code (test/node-wrapper/v1.15.0, snapshot in
// test/fixtures/v1.15.0): loading them, and the codec and schema checks both suites run against them. The unit suite
// runs the checks on the committed snapshot; the conformance suite regenerates the vectors, holds the snapshot to
// them byte for byte, and runs the same checks on the fresh ones.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  blockIdOf,
  decodeBlock,
  decodeHexDetailed,
  decodeSignedTx,
  encodeBlock,
  encodeHex,
  encodeSignedTx,
  formatId,
  parseJsonBig,
  stringifyJsonBig,
  toNodeJson,
  txIdOf,
  type JsonBig,
} from '../../src/codec/index';
import { methods } from '../../src/rpc/methods/index';

export const SNAPSHOT_DIR = fileURLToPath(new URL('../fixtures/v1.15.0/', import.meta.url));
export const VECTOR_FILES = ['blocks.json', 'chain.json', 'txs.json', 'upgrades.json', 'validators.json'] as const;

/** Every tx type of v1.15.0's txs.Codec (vms/platformvm/txs/codec.go) and block type of block.Codec. */
export const TX_TYPES = [12, 13, 14, 15, 16, 17, 18, 19, 20, 23, 24, 25, 26, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42];
export const BLOCK_TYPES = [0, 1, 2, 3, 4, 29, 30, 31, 32];

type Obj = { [key: string]: JsonBig };

export interface CodecVector {
  name: string;
  typeID: number;
  type: string;
  networkID: number;
  /** Codec bytes, no API checksum. */
  hex: string;
  id: string;
  json: Obj;
}

export interface ChainItem {
  label: string;
  id: string;
  /** As the VM's service served it: with the API's 4-byte checksum. */
  hex: string;
  json: Obj;
}

export interface ValidatorsCall {
  name: string;
  method: 'platform.getCurrentValidators' | 'platform.getL1Validator';
  about: string;
  params: { nodeIDs?: string[]; subnetID?: string; validationID?: string };
  /** `{ validators }` of getCurrentValidators, or the getL1Validator record. */
  result: { validators: Obj[] } & Obj;
}

export interface Vectors {
  dir: string;
  txs: CodecVector[];
  blocks: CodecVector[];
  chain: { networkID: number; items: ChainItem[] };
  validators: { networkID: number; calls: ValidatorsCall[] };
  upgrades: { mainnet: Obj; fuji: Obj };
}

/** Integers above 2^53 stay exact (bigint), as avatop's client reads replies with bigJson. */
function readJson<T>(dir: string, file: string): T {
  return parseJsonBig(readFileSync(join(dir, file), 'utf8')) as T;
}

export function loadVectors(dir: string = SNAPSHOT_DIR): Vectors {
  return {
    dir,
    txs: readJson<{ vectors: CodecVector[] }>(dir, 'txs.json').vectors,
    blocks: readJson<{ vectors: CodecVector[] }>(dir, 'blocks.json').vectors,
    chain: readJson(dir, 'chain.json'),
    validators: readJson(dir, 'validators.json'),
    upgrades: readJson(dir, 'upgrades.json'),
  };
}

export function vectorFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/** Key order and numbers included: the node's JSON printed as avatop prints it. */
const text = (v: JsonBig): string => stringifyJsonBig(v, 2);

function checkDecoded(kind: 'tx' | 'block', bytes: Uint8Array, json: Obj, id: string, networkID: number, typeID?: number): void {
  if (kind === 'tx') {
    const tx = decodeSignedTx(bytes);
    if (typeID !== undefined) expect(tx.unsigned.typeId).toBe(typeID);
    expect(text(toNodeJson(tx, networkID))).toBe(text(json));
    expect(Buffer.from(encodeSignedTx(tx)).toString('hex')).toBe(Buffer.from(bytes).toString('hex'));
    expect(formatId(txIdOf(bytes))).toBe(id);
  } else {
    const block = decodeBlock(bytes);
    if (typeID !== undefined) expect(block.typeId).toBe(typeID);
    expect(text(toNodeJson(block, networkID))).toBe(text(json));
    expect(Buffer.from(encodeBlock(block)).toString('hex')).toBe(Buffer.from(bytes).toString('hex'));
    expect(formatId(blockIdOf(bytes))).toBe(id);
  }
}

const chainKind = (item: ChainItem): 'tx' | 'block' => (item.label.startsWith('block') ? 'block' : 'tx');

/** The codec against every vector: decode to the node's JSON exactly, encode back to its bytes, hash to its ID. */
export function codecChecks(v: Vectors): void {
  describe('codec: txs of every type, as v1.15.0 signs and renders them', () => {
    it('cover every tx type of txs.Codec', () => {
      expect([...new Set(v.txs.map((t) => t.typeID))].sort((a, b) => a - b)).toEqual(TX_TYPES);
    });
    it.each(v.txs.map((t) => [`${t.typeID} ${t.name}`, t] as const))('%s', (_n, t) => {
      checkDecoded('tx', decodeHexDetailed(t.hex, { checksum: false }).bytes, t.json, t.id, t.networkID, t.typeID);
    });
  });

  describe('codec: blocks of every type, as v1.15.0 builds and renders them', () => {
    it('cover every block type of block.Codec', () => {
      expect([...new Set(v.blocks.map((b) => b.typeID))].sort((a, b) => a - b)).toEqual(BLOCK_TYPES);
    });
    it.each(v.blocks.map((b) => [`${b.typeID} ${b.name}`, b] as const))('%s', (_n, b) => {
      checkDecoded('block', decodeHexDetailed(b.hex, { checksum: false }).bytes, b.json, b.id, b.networkID, b.typeID);
    });
  });

  describe('codec: every block and tx a platformvm VM built, as its service serves them', () => {
    it('has an auto-renewed validator\'s staking life (txs 40, 41, 25, 26, both reward txs, proposal blocks and their options) and subnet and L1 txs (13, 16, 35, 38, 39)', () => {
      const txTypes = new Set<number>();
      const blockTypes = new Set<number>();
      for (const item of v.chain.items) {
        const { bytes } = decodeHexDetailed(item.hex, { checksum: true });
        if (chainKind(item) === 'tx') txTypes.add(decodeSignedTx(bytes).unsigned.typeId);
        else blockTypes.add(decodeBlock(bytes).typeId);
      }
      expect([...txTypes].sort((a, b) => a - b)).toEqual([13, 16, 20, 25, 26, 35, 38, 39, 40, 41, 42]);
      expect([...blockTypes].sort((a, b) => a - b)).toEqual([2, 29, 30, 31, 32]);
    });
    it.each(v.chain.items.map((item) => [item.label, item] as const))('%s', (_n, item) => {
      const { bytes, checksum } = decodeHexDetailed(item.hex, { checksum: 'auto' });
      expect(checksum, 'the service appends the API checksum').toBe(true);
      checkDecoded(chainKind(item), bytes, item.json, item.id, v.chain.networkID);
    });
  });
}

type Parsed = Record<string, unknown>;

function parse(method: string, result: unknown): Parsed {
  const m = (methods as Record<string, { result: { parse(v: unknown): unknown } }>)[method]!;
  return m.result.parse(result) as Parsed;
}

/** Every key the node sent is one the schema reads (z.object strips the others, so a new field would vanish). */
function expectEveryKeyRead(raw: Obj, parsed: Parsed, where: string): void {
  expect(
    Object.keys(raw).filter((k) => !(k in parsed)),
    `${where}: keys the schema drops`,
  ).toEqual([]);
}

/** The RPC schemas against every vector: getTx, getBlock, info.upgrades, getCurrentValidators. */
export function schemaChecks(v: Vectors): void {
  describe('schemas: getTx and getBlock replies of every vector, JSON and hex', () => {
    it('getTx parses every tx, as JSON and as hex with the checksum', () => {
      for (const t of v.txs) {
        expect(parse('platform.getTx', { tx: t.json, encoding: 'json' }).tx, t.name).toEqual(t.json);
        const hex = encodeHex(decodeHexDetailed(t.hex, { checksum: false }).bytes, { checksum: true });
        expect(parse('platform.getTx', { tx: hex, encoding: 'hex' }).tx, t.name).toBe(hex);
      }
      for (const item of v.chain.items.filter((i) => chainKind(i) === 'tx')) {
        expect(parse('platform.getTx', { tx: item.json, encoding: 'json' }).tx).toEqual(item.json);
        expect(parse('platform.getTx', { tx: item.hex, encoding: 'hex' }).tx).toBe(item.hex);
      }
    });
    it('getBlock and getBlockByHeight parse every block, as JSON and as hex', () => {
      const blocks = [...v.blocks.map((b) => ({ json: b.json, hex: encodeHex(decodeHexDetailed(b.hex, { checksum: false }).bytes, { checksum: true }) })),
        ...v.chain.items.filter((i) => chainKind(i) === 'block')];
      for (const method of ['platform.getBlock', 'platform.getBlockByHeight']) {
        for (const b of blocks) {
          expect(parse(method, { block: b.json, encoding: 'json' }).block).toEqual(b.json);
          expect(parse(method, { block: b.hex, encoding: 'hex' }).block).toBe(b.hex);
        }
      }
    });
  });

  describe('schemas: info.upgrades of mainnet and Fuji', () => {
    it.each(['mainnet', 'fuji'] as const)('%s: every upgrade time, in the node\'s order, Helicon scheduled; the other keys read', (net) => {
      const raw = v.upgrades[net];
      const parsed = parse('info.upgrades', raw) as {
        times: { name: string; time: Date; scheduled: boolean }[];
        apricotPhase4MinPChainHeight?: bigint;
        graniteEpochDurationMs?: number;
        cortinaXChainStopVertexID?: string;
      };
      const timeKeys = Object.keys(raw).filter((k) => k.endsWith('Time'));
      expect(parsed.times.map((t) => `${t.name}Time`)).toEqual(timeKeys);
      for (const t of parsed.times) expect(t.time.getTime(), t.name).toBe(Date.parse(raw[`${t.name}Time`] as string));
      expect(parsed.times.every((t) => t.scheduled)).toBe(true);
      expect(parsed.times.at(-1)?.name).toBe('helicon');
      expect(parsed.apricotPhase4MinPChainHeight).toBe(BigInt(raw.apricotPhase4MinPChainHeight as number));
      expect(parsed.graniteEpochDurationMs).toBe(Number(raw.graniteEpochDuration) / 1e6);
      expect(parsed.cortinaXChainStopVertexID).toBe(raw.cortinaXChainStopVertexID);
      expect(Object.keys(raw).filter((k) => !k.endsWith('Time'))).toEqual([
        'apricotPhase4MinPChainHeight',
        'cortinaXChainStopVertexID',
        'graniteEpochDuration',
      ]);
    });
  });

  describe('schemas: platform.getCurrentValidators and getL1Validator replies of a v1.15.0 platformvm', () => {
    const listCalls = v.validators.calls.filter((c) => c.method === 'platform.getCurrentValidators');
    it.each(listCalls.map((c) => [c.name, c] as const))('%s', (_n, call) => {
      const parsed = parse('platform.getCurrentValidators', call.result) as { validators: Parsed[] };
      expect(parsed.validators).toHaveLength(call.result.validators.length);
      const primary = call.params.subnetID === undefined;
      const oneNode = call.params.nodeIDs?.length === 1;
      const kind = primary ? 'permissionless' : call.name.startsWith('l1') ? 'l1' : 'permissioned';
      call.result.validators.forEach((raw, i) => {
        const p = parsed.validators[i]!;
        const where = `${call.name} ${String(raw.nodeID)}`;
        expectEveryKeyRead(raw, p, where);
        expect(p.kind, where).toBe(kind);
        expect(p.weight, where).toBe(BigInt(raw.weight as string));
        if ('uptime' in raw) expect(p.uptime, where).toBe(Number(raw.uptime));
        if ('balance' in raw) expect(p.balance, where).toBe(BigInt(raw.balance as string));
        if ('nextPeriod' in raw) {
          expect(p.nextPeriod, where).toBe(BigInt(raw.nextPeriod as string));
          expect(p.autoCompoundRewardShares, where).toBe(Number(raw.autoCompoundRewardShares));
          expect((p.validatorAuthority as { addresses: string[] }).addresses, where).toEqual((raw.validatorAuthority as Obj).addresses);
        } else {
          expect(p.validatorAuthority, where).toBeUndefined();
        }
        // A one-node query of the primary network lists the delegators, [] when there are none; a list, a query of
        // several nodes, and a subnet's or an L1's validators leave them out.
        expect('delegators' in raw, where).toBe(primary && oneNode);
        if (primary && oneNode) {
          const delegators = raw.delegators as Obj[];
          expect((p.delegators as Parsed[]).length, where).toBe(delegators.length);
          (p.delegators as Parsed[]).forEach((d, j) => expectEveryKeyRead(delegators[j]!, d, `${where} delegator ${j}`));
        }
      });
    });
    it.each(v.validators.calls.filter((c) => c.method === 'platform.getL1Validator').map((c) => [c.name, c] as const))('%s', (_n, call) => {
      const parsed = parse('platform.getL1Validator', call.result);
      expectEveryKeyRead(call.result, parsed, call.name);
      expect(parsed.validationID).toBe(call.params.validationID);
      expect(parsed.balance).toBe(BigInt(call.result.balance as string));
      expect(parsed.weight).toBe(BigInt(call.result.weight as string));
    });
    it('cover the primary network, a permissioned subnet and an L1 (one validator active, one disabled)', () => {
      const kinds = listCalls.map((c) => c.name);
      expect(kinds).toEqual(expect.arrayContaining(['all', 'permissioned subnet', 'l1', 'l1 one-node']));
      const l1 = listCalls.find((c) => c.name === 'l1')!.result.validators;
      expect(l1.map((r) => r.balance === '0').sort()).toEqual([false, true]);
    });
    it('include auto-renewed validators: one with a delegator, one whose next period is 0, one in its second cycle', () => {
      const byName = Object.fromEntries(v.validators.calls.map((c) => [c.name, c.result.validators]));
      const renewed = byName['one-node renewed']![0]!;
      expect(renewed.nextPeriod).not.toBe('0');
      expect((renewed.delegators as Obj[]).length).toBe(1);
      expect(byName['one-node stopping']![0]!.nextPeriod).toBe('0');
      expect(byName['one-node stopping']![0]!.delegators).toEqual([]);
      const second = byName['after: one-node renewed']![0]!;
      expect(second.txID).toBe(renewed.txID);
      expect(BigInt(second.startTime as string)).toBe(BigInt(renewed.endTime as string));
    });
  });
}
