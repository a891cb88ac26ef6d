// getUTXOs pages exactly as the node does over a 100,000-UTXO wallet: endIndex is the last UTXO's address and ID,
// startIndex resumes after it, the limit is clamped to 1024, and every UTXO comes back exactly once.
import { describe, expect, it } from 'vitest';
import { decodeHex, decodeUtxo, formatId, utxoIdOf } from '../../src/codec';
import { createClient } from '../../src/rpc/client';
import { result } from '../helpers/rpc';
import { startSim } from './helpers';
import { shared } from '../helpers/track';

interface Page {
  numFetched: string;
  utxos: string[];
  endIndex: { address: string; utxo: string };
}

describe('getUTXOs paging', () => {
  const node = shared(() => startSim({ utxos: 100_000 }));
  const client = shared(() => createClient({ url: node().url, maxBytes: 64 * 1024 * 1024 }));

  it('returns each of 100,000 UTXOs exactly once, in pages of at most 1024', async () => {
    const wallet = node().network.wallets[0]!.str;
    const seen = new Set<string>();
    let duplicates = 0;
    let startIndex: Page['endIndex'] | undefined;
    let pages = 0;
    for (;;) {
      const page = await result<Page>(node().url, '/ext/bc/P', 'platform.getUTXOs', {
        addresses: [wallet],
        limit: 5_000,
        ...(startIndex ? { startIndex } : {}),
      });
      pages++;
      expect(page.utxos.length).toBeLessThanOrEqual(1024);
      expect(page.numFetched).toBe(String(page.utxos.length));
      expect(page.endIndex.address).toBe(wallet);
      for (const hex of page.utxos) {
        // codec version (2 bytes) then txID and output index: the UTXO's identity.
        const key = hex.slice(6, 6 + 72);
        if (seen.has(key)) duplicates++;
        seen.add(key);
      }
      if (page.utxos.length > 0) {
        const u = decodeUtxo(decodeHex(page.utxos[page.utxos.length - 1]!, { checksum: true }));
        expect(page.endIndex.utxo).toBe(formatId(utxoIdOf(u.txId, u.outputIndex)));
      }
      if (page.utxos.length < 1024) break;
      startIndex = page.endIndex;
    }
    expect(duplicates).toBe(0);
    expect(seen.size).toBe(100_000);
    expect(pages).toBe(98);
  }, 180_000);

  it('walks several addresses in byte order, and ends with the last address searched and the empty ID', async () => {
    const addrs = node().network.wallets.map((w) => w.str).slice(1);
    const expected = node().network.wallets.slice(1).reduce((s, w) => s + node().network.utxos.count(w.addr), 0);
    let n = 0;
    let startIndex: Page['endIndex'] | undefined;
    let last: Page | undefined;
    for (let i = 0; i < 1000; i++) {
      last = await result<Page>(node().url, '/ext/bc/P', 'platform.getUTXOs', { addresses: addrs, limit: 50, ...(startIndex ? { startIndex } : {}) });
      n += last.utxos.length;
      if (last.utxos.length < 50) break;
      startIndex = last.endIndex;
    }
    expect(n).toBe(expected);
    const empty = await result<Page>(node().url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [node().network.wallets[3]!.str] });
    expect(empty).toEqual({
      numFetched: '0',
      utxos: [],
      endIndex: { address: node().network.wallets[3]!.str, utxo: '11111111111111111111111111111111LpoYY' },
      encoding: 'hex',
    });
  });

  it('is read by the client paging helper without duplicates', async () => {
    const { iterateUtxos } = await import('../../src/rpc/utxo-pages');
    const wallet = node().network.wallets[1]!.str;
    let total = 0;
    for await (const page of iterateUtxos(client(), { addresses: [wallet], limit: 100 })) total += page.utxos.length;
    expect(total).toBe(node().network.utxos.count(node().network.wallets[1]!.addr));
  });
});
