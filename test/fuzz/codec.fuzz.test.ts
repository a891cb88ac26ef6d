// Fuzzing every decode entry point of the codec with mutations of the real fixtures (test/fixtures/codec/): bit
// flips, truncations, insertions, deletions, duplicated chunks and corrupted length/count fields of the binary forms;
// character edits of the hex, cb58, node ID and address texts; byte edits of the node's JSON for parseJsonBig.
// Only CodecError may come out, and no single input may take long. FUZZ_SEED=<n> replays a run.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CodecError,
  bech32Decode,
  cb58Decode,
  decodeAny,
  decodeBlock,
  decodeHex,
  decodeHexDetailed,
  decodeSignedTx,
  decodeTransferableOutput,
  decodeUnsignedTx,
  decodeUtxo,
  encodeBlock,
  encodeSignedTx,
  encodeTransferableOutput,
  encodeUnsignedTx,
  encodeUtxo,
  fromHex,
  parseAddress,
  parseId,
  parseJsonBig,
  parseNodeId,
  parseShortId,
  toNodeJson,
} from '../../src/codec/index';
import { FUZZ_SEED, Rng, lengthFieldOffsets, mutateBytes, mutateText } from '../helpers/mutate';
import { FuzzJudge } from '../helpers/fuzz';

const DIR = join(__dirname, '..', 'fixtures', 'codec');

interface Fixture {
  name: string;
  kind: 'block' | 'signedTx' | 'unsignedTx' | 'utxo' | 'transferableOutput';
  hex: string;
  bytes: Uint8Array;
  json: string;
  lengths: number[];
}

const fixtures: Fixture[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => {
    const d = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { kind: Fixture['kind']; hex: string; expected: unknown };
    const bytes = decodeHexDetailed(d.hex, { checksum: 'auto' }).bytes;
    return { name: f, kind: d.kind, hex: d.hex, bytes, json: JSON.stringify(d.expected), lengths: lengthFieldOffsets(bytes) };
  });

const decoders: Record<Fixture['kind'], (b: Uint8Array) => any> = {
  block: decodeBlock,
  signedTx: decodeSignedTx,
  unsignedTx: decodeUnsignedTx,
  utxo: decodeUtxo,
  transferableOutput: decodeTransferableOutput,
};
const encoders: Record<Fixture['kind'], (v: any) => Uint8Array> = {
  block: encodeBlock,
  signedTx: encodeSignedTx,
  unsignedTx: encodeUnsignedTx,
  utxo: encodeUtxo,
  transferableOutput: encodeTransferableOutput,
};

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe(`codec fuzz (FUZZ_SEED=${FUZZ_SEED})`, () => {
  it('binary forms: every decoder on mutated fixture bytes; what decodes also renders and re-encodes', () => {
    const rng = new Rng(FUZZ_SEED);
    const judge = new FuzzJudge((err) => err instanceof CodecError);
    const PER_FIXTURE = 1_000;
    let count = 0;
    for (const fx of fixtures) {
      const decode = decoders[fx.kind];
      const encode = encoders[fx.kind];
      for (let i = 0; i < PER_FIXTURE; i++) {
        const bytes = mutateBytes(rng, fx.bytes, fx.lengths);
        const input = () => `${fx.name} ${hex(bytes)}`;
        count++;
        let decoded: unknown;
        judge.attempt(`${fx.kind} decode`, input, () => {
          decoded = decode(bytes);
        });
        if (decoded !== undefined) {
          judge.attempt(`${fx.kind} toNodeJson`, input, () => toNodeJson(decoded as never, 1));
          judge.attempt(`${fx.kind} re-encode`, input, () => encode(decoded));
        }
        // The kind detector sees every input too (a cheaper sample: it tries each kind in turn).
        if (i % 4 === 0) judge.attempt('decodeAny', input, () => decodeAny(bytes));
      }
    }
    expect(count).toBeGreaterThanOrEqual(40_000);
    expect(judge.failures, judge.report(count)).toEqual([]);
  });

  it('text forms: hex (with and without checksum), cb58 IDs, node IDs, short IDs, addresses, bech32, JSON', () => {
    const rng = new Rng(FUZZ_SEED ^ 0x5a5a5a5a);
    const judge = new FuzzJudge((err) => err instanceof CodecError);
    let count = 0;
    const ids = ['FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z', '11111111111111111111111111111111LpoYY', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'];
    const nodeIds = ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ'];
    const shortIds = ['6Y3kysjF9jnHnYkdS9yGAuoHyae2eNmeV', 'Q4MzFZZDPHRPAHFeDs3NiyyaZDvxHKivf'];
    const addresses = ['P-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c', 'P-fuji1x459sj0ssujguq723cljfty4jlae28evjzt7xz', 'X-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u'];
    const texts: [string, string[], (s: string) => unknown][] = [
      ['decodeHex(checksum)', fixtures.map((f) => f.hex), (s) => decodeHex(s, { checksum: true })],
      ['decodeHex(auto)', fixtures.map((f) => f.hex), (s) => decodeHex(s, { checksum: 'auto' })],
      ['fromHex', fixtures.map((f) => f.hex), (s) => fromHex(s)],
      ['cb58Decode', ids, cb58Decode],
      ['parseId', ids, parseId],
      ['parseNodeId', nodeIds, parseNodeId],
      ['parseShortId', shortIds, parseShortId],
      ['parseAddress', addresses, parseAddress],
      ['bech32Decode', addresses.map((a) => a.slice(2)), (s) => bech32Decode(s)],
    ];
    for (const [what, seeds, fn] of texts) {
      const n = what.startsWith('decodeHex') || what === 'fromHex' ? 3_000 : 2_500;
      for (let i = 0; i < n; i++) {
        const s = mutateText(rng, rng.pick(seeds));
        count++;
        judge.attempt(what, () => JSON.stringify(s), () => fn(s));
      }
    }
    // parseJsonBig: the node's JSON for each fixture, edited as text, plus nesting and number edge cases.
    const jsons = [...fixtures.map((f) => f.json), '[' .repeat(600) + ']'.repeat(600), '{"n":18446744073709551616}', '{"n":-9007199254740993}', '{"n":1e400}'];
    for (let i = 0; i < 6_000; i++) {
      const s = i < 3 ? jsons[jsons.length - 1 - i]! : mutateText(rng, rng.pick(jsons));
      count++;
      judge.attempt('parseJsonBig', () => JSON.stringify(s.slice(0, 400)), () => parseJsonBig(s));
    }
    // The hex path end to end: edited API hex, checksum stripped, decoded as its kind.
    for (let i = 0; i < 6_000; i++) {
      const fx = rng.pick(fixtures);
      const s = mutateText(rng, fx.hex);
      count++;
      judge.attempt(`hex → ${fx.kind}`, () => JSON.stringify(s), () => decoders[fx.kind](decodeHexDetailed(s, { checksum: 'auto' }).bytes));
    }
    expect(count).toBeGreaterThanOrEqual(30_000);
    expect(judge.failures, judge.report(count)).toEqual([]);
  });
});
