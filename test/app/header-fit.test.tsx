// The header at 80x24 keeps node, network, height and sync state, dropping decorations first; at 140x45 it has room
// for all of them.
import { describe, expect, it } from 'vitest';
import { fitHeaderParts } from '../../src/app/header-fit';
import { startScreen } from './harness';

describe('fitHeaderParts', () => {
  it('drops the lowest ranks first and only as far as needed', () => {
    const parts = [
      { text: 'node', style: 0 },
      { text: ' v1', style: 0, drop: 2 },
      { text: ' 5 blk/min', style: 0, drop: 1 },
      { text: ' (in sync)', style: 0 },
    ];
    expect(fitHeaderParts(parts, 100).map((p) => p.text).join('')).toBe('node v1 5 blk/min (in sync)');
    expect(fitHeaderParts(parts, 20).map((p) => p.text).join('')).toBe('node v1 (in sync)');
    expect(fitHeaderParts(parts, 10).map((p) => p.text).join('')).toBe('node (in sync)');
  });
});

describe('the header on screen', () => {
  it('at 80x24 keeps node, network, height and the sync state on the first line', async () => {
    const screen = await startScreen({ size: { columns: 80, rows: 24 }, sim: { validators: 20, peers: 5, utxos: 10 } });
    const f = await screen.waitFor((x) => /\((in sync|[\dsmh ]+ (behind|ahead))\)/.test(x.split('\n')[0] ?? ''));
    const line1 = f.split('\n')[0]!;
    expect(line1).toMatch(/^NodeID-\w+…\w+ mainnet\s+height [\d,]+/);
    // Not cut at the edge: the sync state ends the line.
    expect(line1.trimEnd()).toMatch(/\)$/);
  });
  it('at 140x45 also shows the version, blocks per minute and the chain clock', async () => {
    const screen = await startScreen({ size: { columns: 140, rows: 45 }, sim: { validators: 20, peers: 5, utxos: 10 } });
    const f = await screen.waitFor((x) => /blk\/min/.test(x.split('\n')[0] ?? '') && /\(in sync|behind|ahead/.test(x));
    expect(f.split('\n')[0]).toMatch(/mainnet v\d+\.\d+\.\d+\s+height [\d,]+ [\d.]+ blk\/min\s+chain \d\d:\d\d:\d\dZ \(/);
  });
});
