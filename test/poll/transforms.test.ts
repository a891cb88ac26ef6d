import { describe, expect, it } from 'vitest';
import { defaultDecoders } from '../../src/poll/decoders';
import { blockFromResult, toBigInt, toDate, transform, utxoPageFromResult } from '../../src/poll/transforms';
import { recordCalls, initialAccounting, ratesPerMinute } from '../../src/state/accounting';
import { examples, blockHex } from '../helpers/poll-harness';

describe('transforms', () => {
  it('accept wire strings and domain values alike', () => {
    expect(toBigInt('21681094')).toBe(21681094n);
    expect(toBigInt(5n)).toBe(5n);
    expect(toBigInt('1.5')).toBeUndefined();
    expect(toDate('2026-11-22T02:00:00-04:00')).toEqual(new Date('2026-11-22T06:00:00Z'));
    expect(toDate(1_700_000_000n)).toEqual(new Date(1_700_000_000_000));
    expect(transform.height({ height: '7' })).toBe(7n);
    expect(transform.height({ height: 7n })).toBe(7n);
    expect(transform.timestamp({ time: '2026-11-22T02:00:00Z' })).toEqual(new Date('2026-11-22T02:00:00Z'));
    expect(transform.peerCount({ numPeers: '3', peers: [] })).toBe(3);
    expect(transform.totalStake({ stake: '5', weight: '6' })).toBe(6n);
    expect(() => transform.height({})).toThrow(/getHeight/);
    // getSubnets answers null when none of the IDs exist
    expect(transform.subnets(undefined, { subnets: null }).rows).toEqual([]);
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
    const { header } = blockFromResult({ block: '0xdeadbeef' }, defaultDecoders, { height: 9n });
    expect(header.height).toBe(9n);
    expect(header.decodeError).toBeTruthy();
    const banff = blockFromResult({ block: blockHex(42) }, defaultDecoders, {}).header;
    expect(banff).toMatchObject({ height: 42n, type: 'BanffStandardBlock', time: new Date(1_700_000_042_000), txCount: 0 });
  });

  it('keys UTXO rows by UTXO ID, falling back to the encoding when undecodable', () => {
    const page = utxoPageFromResult(undefined, { ...examples.utxos, utxos: [...examples.utxos.utxos, '0x00'] }, defaultDecoders);
    expect(page.numFetched).toBe(5);
    expect(page.endIndex).toEqual(examples.utxos.endIndex);
    const keys = page.utxos.rows.map((r) => r.key);
    expect(keys.slice(0, 5).every((k) => /^[1-9A-HJ-NP-Za-km-z]{40,}$/.test(k))).toBe(true);
    expect(keys[5]).toBe('0x00');
    // The node's endIndex.utxo is the last UTXO's ID: the same ID we compute.
    expect(keys[4]).toBe(examples.utxos.endIndex.utxo);
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
