import { describe, expect, it } from 'vitest';
import { formatId } from '../../src/codec/cb58';
import { txsInBlock } from '../../src/codec/pchain/block-txs';
import { defaultDecoders } from '../../src/poll/decoders';
import { blockFromResult, toRows, utxoPageFromResult } from '../../src/poll/transforms';
import { methods } from '../../src/rpc/methods';
import { recordCalls, initialAccounting, ratesPerMinute } from '../../src/state/accounting';
import { examples, blockHex, validator } from '../helpers/poll-harness';

describe('transforms', () => {
  it('keep the schema-typed rows as they come (no second conversion)', () => {
    const validators = methods['platform.getCurrentValidators'].result.parse({ validators: [validator(1)] });
    const list = toRows.validators(undefined, validators);
    expect(list.rows[0]!.value.weight).toBe(2_000_000_000_000n);
    expect(list.rows[0]!.value.startTime).toEqual(new Date(1_600_368_632_000));
    // getSubnets answers null when none of the IDs exist: the schema makes it an empty list.
    expect(toRows.subnets(undefined, methods['platform.getSubnets'].result.parse({ subnets: null })).rows).toEqual([]);
  });

  it('decodes a real mainnet block (hex with checksum) into its header', () => {
    const { header } = blockFromResult(examples.blockByHeight.result, defaultDecoders, { height: 1000001n });
    expect(header).toMatchObject({ height: 1000001n, type: 'ApricotStandardBlock', txCount: 1, decodeError: undefined });
    expect(header.id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{40,}$/);
    expect(header.parentId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{40,}$/);
    expect(header.txIds).toHaveLength(1);
    expect(header.time).toBeUndefined(); // Apricot blocks carry no time
  });

  it('keeps a row for a block it cannot decode', () => {
    const { header } = blockFromResult({ block: '0xdeadbeef', encoding: 'hex' }, defaultDecoders, { height: 9n });
    expect(header.height).toBe(9n);
    expect(header.decodeError).toBeTruthy();
    const banff = blockFromResult({ block: blockHex(42), encoding: 'hex' }, defaultDecoders, {}).header;
    expect(banff).toMatchObject({ height: 42n, type: 'BanffStandardBlock', time: new Date(1_700_000_042_000), txCount: 0 });
  });

  it("formats a block's parent and tx IDs only when read, then keeps them, the header as it was", () => {
    const json = (v: unknown) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
    const blocks = [
      { result: examples.blockByHeight.result, height: 1000001n },
      { result: { block: blockHex(42, 'delegator'), encoding: 'hex' }, height: 42n },
      { result: { block: blockHex(43, 'reward'), encoding: 'hex' }, height: 43n },
    ];
    for (const { result, height } of blocks) {
      let formatted = 0;
      const counting = { ...defaultDecoders, id: (b: Uint8Array) => (formatted++, formatId(b)) };
      const { header, decoded } = blockFromResult(result, counting, { height });
      const d = decoded as { parentId: Uint8Array };
      const txIds = txsInBlock(decoded).map((t) => formatId((t as { id: Uint8Array }).id));
      expect(txIds.length).toBeGreaterThan(0);
      // Only the txs' subnet and staker IDs (txTypes, which the block watcher reads) are formatted at decoding.
      const atDecoding = formatted;
      expect(atDecoding).toBeLessThanOrEqual(txIds.length);
      expect(header.txIds).toEqual(txIds);
      expect(formatted).toBe(atDecoding + txIds.length);
      expect(header.parentId).toBe(formatId(d.parentId));
      expect(formatted).toBe(atDecoding + txIds.length + 1);
      // Read again: the text kept, the same array.
      expect(header.txIds).toBe(header.txIds);
      expect(header.parentId).toBe(formatId(d.parentId));
      expect(formatted).toBe(atDecoding + txIds.length + 1);
      // The header as the eager one was: the same keys in the same order, for JSON and for a copy.
      const eager = { height: header.height, id: header.id, parentId: formatId(d.parentId), type: header.type, time: header.time, txCount: header.txCount, txIds, txTypes: header.txTypes, bytes: header.bytes, decodeError: undefined };
      expect(json(header)).toBe(json(eager));
      expect(json({ ...header })).toBe(json(eager));
      expect(Object.keys(header)).toEqual(Object.keys(eager));
      // Nothing formatted before the first read: a fresh header read only as JSON formats each once.
      formatted = 0;
      const fresh = blockFromResult(result, counting, { height }).header;
      expect(formatted).toBe(atDecoding);
      expect(json(fresh)).toBe(json(eager));
      expect(formatted).toBe(atDecoding + txIds.length + 1);
    }
  });

  it('keys UTXO rows by UTXO ID, falling back to the encoding when undecodable', () => {
    const page = utxoPageFromResult(undefined, methods['platform.getUTXOs'].result.parse({ ...examples.utxos, utxos: [...examples.utxos.utxos, '0x00'] }), defaultDecoders);
    expect(page.numFetched).toBe(5);
    expect(page.endIndex).toEqual(examples.utxos.endIndex);
    const keys = page.utxos.rows.map((r) => r.key);
    expect(keys.slice(0, 5).every((k) => /^[1-9A-HJ-NP-Za-km-z]{40,}$/.test(k))).toBe(true);
    expect(keys[5]).toBe('0x00');
    // The node's endIndex.utxo is the last UTXO's ID: the same ID we compute.
    expect(keys[4]).toBe(examples.utxos.endIndex.utxo);
  });

  it('keeps the rows of a page asked again: the same list when its UTXOs are, new ones decoded', () => {
    const read = (utxos: string[]) => methods['platform.getUTXOs'].result.parse({ ...examples.utxos, utxos });
    const all = examples.utxos.utxos;
    let decodes = 0;
    const counting = { ...defaultDecoders, utxo: (b: Uint8Array) => (decodes++, defaultDecoders.utxo!(b)) };
    const first = utxoPageFromResult(undefined, read(all), counting);
    expect(decodes).toBe(all.length);
    const again = utxoPageFromResult(first, read(all), counting);
    expect(decodes).toBe(all.length);
    expect(again.utxos).toBe(first.utxos);
    // One UTXO spent, the rest kept as they were: only the new page's newcomer would be decoded.
    const spent = utxoPageFromResult(first, read(all.slice(1)), counting);
    expect(decodes).toBe(all.length);
    expect(spent.utxos.rows.find((r) => r.key === first.utxos.rows[1]!.key)!.value).toBe(first.utxos.rows[1]!.value);
    expect(spent.utxos.rows.find((r) => r.key === first.utxos.rows[0]!.key)!.change).toBe('removed');
    expect(spent.utxos.rows.map((r) => r.key)).toEqual(utxoPageFromResult(undefined, read(all.slice(1)), defaultDecoders).utxos.rows.map((r) => r.key).concat(first.utxos.rows[0]!.key));
  });
});

describe('accounting', () => {
  it('sums requests, bytes and errors per method', () => {
    let acc = initialAccounting(0);
    acc = recordCalls(acc, [
      { method: 'a', bytes: 10, latencyMs: 1, ok: true },
      { method: 'a', bytes: 5, latencyMs: 2, ok: false },
      { method: 'b', bytes: 1, latencyMs: 3, ok: true },
    ]);
    expect(acc).toMatchObject({ requests: 3, bytes: 16, errors: 1 });
    expect(acc.byMethod.a).toEqual({ requests: 2, bytes: 15, errors: 1, lastLatencyMs: 2 });
    expect(recordCalls(acc, [])).toBe(acc);
    expect(ratesPerMinute(acc, 30_000)).toEqual({ requests: 6, bytes: 32 });
  });
});
