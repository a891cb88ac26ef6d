import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatId } from '../../src/codec/cb58';
import { encodeHex } from '../../src/codec/hex';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { iterateUtxos, utxoRefFromHex, type UtxoPage } from '../../src/rpc/utxo-pages';
import { replyWith, startTestServer, type RecordedRequest, type TestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

const ADDR = 'P-avax18jma8ppw3nhx5r4ap8clazz0dps7rv5ukulre5';
const EMPTY = '11111111111111111111111111111111LpoYY';

/** A secp256k1 transfer UTXO in codec layout, `hex` encoded (with checksum) like the node sends it. */
function utxoHex(seed: number, outputIndex = 0): string {
  const b = new Uint8Array(2 + 32 + 4 + 32 + 4 + 8 + 8 + 4 + 4 + 20);
  const v = new DataView(b.buffer);
  b.fill(seed & 0xff, 2, 34); // txID
  v.setUint32(34, outputIndex);
  b.fill(0xaa, 38, 70); // assetID
  v.setUint32(70, 7); // secp256k1fx.TransferOutput
  v.setBigUint64(74, BigInt(1000 + seed));
  v.setUint32(90, 1); // threshold
  v.setUint32(94, 1); // one address
  b.fill(0x11, 98, 118);
  return encodeHex(b, { checksum: true });
}

/**
 * Pages like avalanchego: after `startIndex.utxo`, `limit` at a time, endIndex = ID of the last one returned.
 * `overlap` repeats the start UTXO at the head of the next page, which the API is allowed to do.
 */
function pagingNode(all: string[], overlap = false) {
  const ids = all.map((h) => utxoRefFromHex(h).id);
  return (req: RecordedRequest) => {
    const p = req.json?.params as { limit: number; startIndex?: { utxo: string } };
    let from = 0;
    if (p.startIndex) from = ids.indexOf(p.startIndex.utxo) + (overlap ? 0 : 1);
    const page = all.slice(from, from + p.limit);
    const last = from + page.length - 1;
    return {
      numFetched: String(page.length),
      utxos: page,
      endIndex: { address: ADDR, utxo: page.length ? ids[last]! : EMPTY },
      encoding: 'hex',
    };
  };
}

let server: TestServer;
let client: AvatopClient;

beforeEach(async () => {
  server = track(await startTestServer());
  client = track(createClient({ url: server.url }));
});

async function collect(it: AsyncIterable<UtxoPage>): Promise<UtxoPage[]> {
  const pages: UtxoPage[] = [];
  for await (const p of it) pages.push(p);
  return pages;
}

describe('utxoRefFromHex', () => {
  it('computes the UTXO ID the node uses for endIndex (docs example: 5th UTXO = kbUThAU…)', () => {
    const ex = JSON.parse(readFileSync(new URL('../fixtures/methods/platform.getUTXOs.json', import.meta.url), 'utf8'));
    const utxos = ex.response.result.utxos as string[];
    expect(utxoRefFromHex(utxos[4]!).id).toBe(ex.response.result.endIndex.utxo);
    expect(utxoRefFromHex(utxos[0]!).outputIndex).toBe(0);
  });

  it('reads hexnc and keys unreadable blobs by their text', () => {
    const h = utxoHex(3, 9);
    const nc = h.slice(0, -8);
    expect(utxoRefFromHex(nc, 'hexnc')).toMatchObject({ id: utxoRefFromHex(h).id, outputIndex: 9, txID: formatId(new Uint8Array(32).fill(3)) });
    expect(utxoRefFromHex('0x1234')).toEqual({ id: '0x1234', hex: '0x1234' });
  });
});

describe('iterateUtxos', () => {
  it('follows endIndex and stops on the first short page', async () => {
    const all = Array.from({ length: 5 }, (_, i) => utxoHex(i + 1));
    server.handle(replyWith(pagingNode(all)));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], limit: 2 }));
    expect(pages.map((p) => p.utxos.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.done)).toEqual([false, false, true]);
    expect(server.requests).toHaveLength(3);
    const sent = server.requests.map((r) => r.json?.params as { startIndex?: { utxo: string }; limit: number });
    expect(sent[0]!.startIndex).toBeUndefined();
    expect(sent[1]!.startIndex).toEqual(pages[0]!.endIndex);
    expect(sent[2]!.startIndex).toEqual(pages[1]!.endIndex);
    expect(sent.every((p) => p.limit === 2)).toBe(true);
    expect(pages.flatMap((p) => p.utxos.map((u) => u.hex))).toEqual(all);
  });

  it('asks once more after an exactly full last page and stops on the empty one', async () => {
    const all = Array.from({ length: 4 }, (_, i) => utxoHex(i + 1));
    server.handle(replyWith(pagingNode(all)));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], limit: 2 }));
    expect(pages.map((p) => p.numFetched)).toEqual([2, 2, 0]);
    expect(pages.at(-1)!.done).toBe(true);
  });

  it('drops UTXOs repeated across pages', async () => {
    const all = Array.from({ length: 5 }, (_, i) => utxoHex(i + 1));
    server.handle(replyWith(pagingNode(all, true)));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], limit: 3 }));
    const ids = pages.flatMap((p) => p.utxos.map((u) => u.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
    expect(pages.reduce((n, p) => n + p.duplicates, 0)).toBeGreaterThan(0);
  });

  it('stops when the node makes no progress', async () => {
    const one = utxoHex(1);
    server.handle(replyWith(() => ({ numFetched: '2', utxos: [one, one], endIndex: { address: ADDR, utxo: 'same' }, encoding: 'hex' })));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], limit: 2 }));
    expect(pages).toHaveLength(2);
    expect(pages[0]!.utxos).toHaveLength(1);
    expect(pages[0]!.duplicates).toBe(1);
    expect(pages[1]!.done).toBe(true);
  });

  it('passes sourceChain and clamps the limit to 1024', async () => {
    server.handle(replyWith(() => ({ numFetched: '0', utxos: [], endIndex: { address: ADDR, utxo: EMPTY }, encoding: 'hex' })));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], sourceChain: 'X', limit: 99999 }));
    expect(pages).toHaveLength(1);
    expect(server.requests[0]!.json?.params).toEqual({ addresses: [ADDR], limit: 1024, sourceChain: 'X' });
  });

  it('honours maxPages', async () => {
    const all = Array.from({ length: 10 }, (_, i) => utxoHex(i + 1));
    server.handle(replyWith(pagingNode(all)));
    const pages = await collect(iterateUtxos(client, { addresses: [ADDR], limit: 2, maxPages: 2 }));
    expect(pages).toHaveLength(2);
    expect(pages[1]!.done).toBe(true);
  });
});
