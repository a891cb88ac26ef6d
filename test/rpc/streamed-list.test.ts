// A list of the reply counted as it streams in, its text dropped (rpc/streamed-list.ts): the text the client parses
// is the reply with that list replaced by its length, however the body is cut into pieces.
import { describe, expect, it } from 'vitest';
import { createListReader } from '../../src/rpc/streamed-list';

/** The body fed in pieces cut at `cuts`; what the client would parse, the count, and each element parsed. */
function feed(body: string, key: string, cuts: number[]) {
  const elements: unknown[] = [];
  const reader = createListReader(key, (text) => elements.push(JSON.parse(text)));
  let out = '';
  let from = 0;
  for (const at of [...cuts, body.length]) {
    out += reader.write(body.slice(from, at));
    from = at;
  }
  return { out, count: reader.count, elements };
}

/** The same reply with `result[key]` replaced by its length, as JSON.parse reads it, and the list's elements. */
function expected(body: string, key: string) {
  const env = JSON.parse(body) as { result?: Record<string, unknown> };
  const list = env.result?.[key];
  if (Array.isArray(list)) env.result![key] = list.length;
  return { parsed: env, count: Array.isArray(list) ? list.length : undefined, elements: Array.isArray(list) ? list : [] };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ txID: `tx${i}"],{`, outputIndex: i }));

const BODIES = [
  // getBalance as avalanchego v1.15.0 writes it (vms/platformvm/service.go GetBalanceResponse), IDs that hold the
  // characters a scanner could trip on.
  JSON.stringify({ jsonrpc: '2.0', result: { balance: '5', balances: { a: '5' }, utxoIDs: ids(5) }, id: 1 }),
  JSON.stringify({ jsonrpc: '2.0', result: { utxoIDs: [], balance: '0' }, id: 2 }),
  JSON.stringify({ jsonrpc: '2.0', result: { utxoIDs: null, balance: '0' }, id: 3 }),
  JSON.stringify({ jsonrpc: '2.0', result: { balance: '0' }, id: 4 }),
  // Deeper lists of the same name, the name as a value, nested arrays as elements, whitespace between tokens.
  JSON.stringify({ jsonrpc: '2.0', result: { a: 'utxoIDs', b: { utxoIDs: [1, 2] }, utxoIDs: [[1, [2, 3]], { x: [4] }, 'a\\"b', 7] }, id: 5 }),
  '{ "jsonrpc" : "2.0" , "result" : { "utxoIDs" : [ {"txID":"a" , "outputIndex" : 0 } , {"txID":"b","outputIndex":1} ] , "balance" : "1" } , "id" : 6 }',
  // An error reply: nothing to count, passed through.
  JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'utxoIDs: [oops]', data: null }, id: 7 }),
];

describe('createListReader', () => {
  it('replaces the list by its length, whole or cut anywhere, and leaves the rest of the reply as sent', () => {
    for (const body of BODIES) {
      const want = expected(body, 'utxoIDs');
      expect(JSON.parse(feed(body, 'utxoIDs', []).out)).toEqual(want.parsed);
      for (let cut = 0; cut <= body.length; cut++) {
        const got = feed(body, 'utxoIDs', [cut]);
        expect(JSON.parse(got.out), `${body} cut at ${cut}`).toEqual(want.parsed);
        expect(got.count).toBe(want.count);
        expect(got.elements).toEqual(want.elements);
      }
      // One character at a time.
      const singles = feed(body, 'utxoIDs', Array.from({ length: body.length }, (_, i) => i));
      expect(JSON.parse(singles.out)).toEqual(want.parsed);
      expect(singles.elements).toEqual(want.elements);
    }
  });

  it('counts 100,000 IDs without keeping their text', () => {
    const body = JSON.stringify({ jsonrpc: '2.0', result: { balance: '1', utxoIDs: ids(100_000) }, id: 1 });
    const cuts: number[] = [];
    for (let at = 16_384; at < body.length; at += 16_384) cuts.push(at);
    const got = feed(body, 'utxoIDs', cuts);
    expect(got.count).toBe(100_000);
    expect(got.out).toBe('{"jsonrpc":"2.0","result":{"balance":"1","utxoIDs":100000},"id":1}');
  });

  it('what the element reader throws ends the read there', () => {
    const seen: string[] = [];
    const reader = createListReader('utxoIDs', (text) => {
      seen.push(text);
      if (seen.length === 2) throw new Error('bad element');
    });
    expect(() => reader.write(BODIES[0]!)).toThrow('bad element');
    expect(seen).toHaveLength(2);
  });

  it('another key is left alone', () => {
    const body = BODIES[0]!;
    expect(feed(body, 'utxos', [10, 40]).out).toBe(body);
    expect(feed(body, 'utxos', []).count).toBeUndefined();
  });
});
