import { describe, expect, it } from 'vitest';
import { newerVersionStakeShare } from '../../../src/domain/upgrades/versions';

describe('newerVersionStakeShare', () => {
  const weights = new Map([
    ['A', 600n],
    ['B', 300n],
    ['C', 100n],
  ]);
  it('weighs connected peers by stake; peers without stake do not count', () => {
    const peers = [
      { nodeID: 'A', version: 'avalanchego/1.14.3' },
      { nodeID: 'B', version: 'avalanchego/1.14.2' },
      { nodeID: 'C', version: 'avalanchego/1.13.0' },
      { nodeID: 'D', version: 'avalanchego/1.99.0' },
    ];
    expect(newerVersionStakeShare('avalanchego/1.14.2', peers, weights)).toBeCloseTo(0.6, 6);
    expect(newerVersionStakeShare('avalanchego/1.14.3', peers, weights)).toBe(0);
  });
  it('is unknown without a readable own version, peers or stakes', () => {
    expect(newerVersionStakeShare(undefined, [{ nodeID: 'A', version: 'avalanchego/1.14.3' }], weights)).toBeUndefined();
    expect(newerVersionStakeShare('avalanchego/1.14.2', [], weights)).toBeUndefined();
    expect(newerVersionStakeShare('avalanchego/1.14.2', [{ nodeID: 'A', version: 'x' }], new Map())).toBeUndefined();
  });
});
