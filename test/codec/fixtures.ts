// Loads the codec fixtures (see test/fixtures/codec/README.md) with big integers kept exact.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseJsonBig, type JsonBig } from '../../src/codec/json-big';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/codec/', import.meta.url));

export type Fixture = {
  file: string;
  kind: 'block' | 'signedTx' | 'unsignedTx' | 'utxo' | 'transferableOutput';
  typeID?: number;
  hex: string;
  hexWithChecksum?: string;
  utxoID?: string;
  expected: { [key: string]: JsonBig };
  provenance: string;
};

export function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(parseJsonBig(readFileSync(FIXTURE_DIR + file, 'utf8')) as object) }) as Fixture);
}

const HRP_NETWORK: Record<string, number> = { avax: 1, fuji: 5, local: 12345, testing: 10, everest: 4 };

/** UTXOs and outputs carry no network: use the one whose HRP the expected addresses show. */
export function fixtureNetwork(fx: Fixture): number | undefined {
  if (fx.kind !== 'utxo' && fx.kind !== 'transferableOutput') return undefined;
  const m = /"P-([a-z]+)1/.exec(JSON.stringify(fx.expected, (_k, v) => (typeof v === 'bigint' ? String(v) : v)));
  return m ? HRP_NETWORK[m[1]!] : 1;
}

/** The expected JSON with block keys in Go's order (the embedded CommonBlock's id right after height). */
export function goOrdered(fx: Fixture): { [key: string]: JsonBig } {
  if (fx.kind !== 'block') return fx.expected;
  const { id, tx, txs, ...rest } = fx.expected;
  const out: { [key: string]: JsonBig } = {};
  const proposalBanff = fx.typeID === 29;
  for (const [k, v] of Object.entries(rest)) {
    out[k] = v;
    if (k === 'time' && proposalBanff) out.txs = txs!;
  }
  out.id = id!;
  if (tx !== undefined) out.tx = tx;
  if (txs !== undefined && !proposalBanff) out.txs = txs;
  return out;
}
