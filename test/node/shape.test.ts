// The shape differ is the judge of the simulator comparison, so it is tested on its own (no node needed).
import { describe, expect, it } from 'vitest';
import { diffShapes, shapeOf, stringFormat } from './helpers/shape';

const diff = (real: unknown, other: unknown): string[] => diffShapes(shapeOf(real), shapeOf(other));

describe('shape diff', () => {
  it('reports missing and extra keys, with their path', () => {
    expect(diff({ a: '1', b: { c: true } }, { a: '2', b: { c: false }, d: 1 })).toEqual(['$.d: extra (number), the real node has no such key']);
    const lines = diff({ validators: [{ txID: '11111111111111111111111111111111LpoYY', weight: '5' }] }, { validators: [{ weight: '5', extra: 'x' }] });
    expect(lines).toContain('$.validators[].txID: missing (real node has it as string:id)');
    expect(lines).toContain('$.validators[].extra: extra (string:text), the real node has no such key');
  });

  it('compares string formats: decimal strings, 4-decimal percents, times, IDs', () => {
    expect(diff({ fee: '2.0000' }, { fee: '2.5' })).toEqual(['$.fee: real node has string:float4, other has string:text']);
    expect(diff({ n: '3' }, { n: 3 })).toEqual(['$.n: real node has string:uint, other has number']);
    expect(diff({ t: '2026-11-22T02:31:50Z' }, { t: '2026-11-22T02:31:50.5-04:00' })).toEqual([]);
    expect(stringFormat('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')).toBe('nodeID');
    expect(stringFormat('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u')).toBe('address');
    expect(stringFormat('0xabcdef')).toBe('hex');
  });

  it('treats ID-keyed objects as maps and null as "no data"', () => {
    expect(diff({ 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg': { weight: '1' } }, { 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ': { weight: '2' } })).toEqual([]);
    expect(diff({ 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg': { weight: '1' } }, { 'NodeID-MFrZFVCXPv5iCn6M9K6XduxGTYp891xXZ': { weight: 2 } })).toEqual([
      '$[].weight: real node has string:uint, other has number',
    ]);
    expect(diff({ utxoIDs: [{ txID: 'x' }] }, { utxoIDs: null })).toEqual([]);
    expect(diff({ list: [] }, { list: [{ any: 1 }] })).toEqual([]);
  });
});
