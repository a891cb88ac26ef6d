// Codec throughput: decode/encode of UTXOs, signed txs and blocks, plus toNodeJson and parseJsonBig.
// Run: npx tsx scripts/bench-codec.ts   (prints figures; no assertions)
import { readFileSync } from 'node:fs';
import {
  decodeBlock,
  decodeHex,
  decodeSignedTx,
  decodeUtxo,
  encodeUtxo,
  parseJsonBig,
  stringifyJsonBig,
  toNodeJson,
  utxoIdOf,
} from '../src/codec/index';

const fixture = (name: string): string =>
  (JSON.parse(readFileSync(new URL(`../test/fixtures/codec/${name}`, import.meta.url), 'utf8')) as { hex: string }).hex;

function bench(label: string, fn: () => void, minMs = 1000): void {
  for (let i = 0; i < 2000; i++) fn(); // warm up
  let n = 0;
  const start = performance.now();
  let now = start;
  while (now - start < minMs) {
    for (let i = 0; i < 1000; i++) fn();
    n += 1000;
    now = performance.now();
  }
  const perSec = (n / (now - start)) * 1000;
  process.stdout.write(`${label.padEnd(44)} ${Math.round(perSec).toLocaleString('en-US').padStart(12)} /s\n`);
}

const utxo = decodeHex(fixture('utxo_00__docs_getUTXOs.json'), { checksum: true });
const lockUtxo = decodeHex(fixture('utxo_stakeable_lockout__avalanchejs_real.json'), { checksum: true });
const signed = decodeHex(fixture('signedtx_14_AddDelegatorTx__docs_getTx_mainnet_28KVjSw5.json'));
const block = decodeHex(fixture('block_03_ApricotStandardBlock__docs_mainnet_height_1000001.json'), { checksum: true });
const decodedUtxo = decodeUtxo(utxo);
const hexUtxo = fixture('utxo_00__docs_getUTXOs.json');

bench('decodeUtxo (TransferOutput)', () => decodeUtxo(utxo));
bench('decodeUtxo (stakeable LockOut)', () => decodeUtxo(lockUtxo));
bench('decodeHex(checksum) + decodeUtxo', () => decodeUtxo(decodeHex(hexUtxo, { checksum: true })));
bench('encodeUtxo', () => encodeUtxo(decodedUtxo));
bench('utxoIdOf', () => utxoIdOf(decodedUtxo.txId, decodedUtxo.outputIndex));
bench('decodeSignedTx (AddDelegatorTx, incl. tx ID)', () => decodeSignedTx(signed));
bench('decodeBlock (docs mainnet block, incl. IDs)', () => decodeBlock(block));
// Distinct tx IDs (as in a getUTXOs page): the asset ID still repeats, the tx IDs miss the cache.
const distinct = Array.from({ length: 20_000 }, (_, i) => {
  const txId = decodedUtxo.txId.slice();
  new DataView(txId.buffer).setUint32(0, i);
  return { ...decodedUtxo, txId };
});
let k = 0;
bench('toNodeJson(UTXO), distinct tx IDs', () => toNodeJson(distinct[k++ % distinct.length]!));
const decodedBlock = decodeBlock(block);
bench('toNodeJson(block)', () => toNodeJson(decodedBlock));

const blockJson = stringifyJsonBig(toNodeJson(decodedBlock), 2);
bench(`parseJsonBig(block JSON, ${blockJson.length} chars)`, () => parseJsonBig(blockJson));
const bigDoc = JSON.stringify({
  validators: Array.from({ length: 5000 }, (_, i) => ({ nodeID: `NodeID-${i}`, weight: String(2e12 + i), uptime: '99.5', n: i })),
});
const t0 = performance.now();
for (let i = 0; i < 10; i++) parseJsonBig(bigDoc);
const fast = (bigDoc.length * 10) / 1e6 / ((performance.now() - t0) / 1000);
const bigDocSlow = bigDoc + ' '.repeat(0);
const withBig = bigDocSlow.replace('"n":0', '"n":18446744073709551615');
const t1 = performance.now();
for (let i = 0; i < 10; i++) parseJsonBig(withBig);
const slow = (withBig.length * 10) / 1e6 / ((performance.now() - t1) / 1000);
process.stdout.write(`parseJsonBig ${(bigDoc.length / 1e6).toFixed(2)} MB: ${fast.toFixed(0)} MB/s without big ints, ${slow.toFixed(0)} MB/s with\n`);
