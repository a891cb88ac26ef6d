import { describe, expect, it } from 'vitest';
import { compareVersions, newerVersionStakeShare, parseVersion } from '../../../src/domain/upgrades/versions';

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

describe('parseVersion', () => {
  it('reads a release the same each time it is asked, one read kept per text, and none of a text without one', () => {
    expect(parseVersion('avalanchego/1.15.0')).toEqual([1, 15, 0]);
    expect(parseVersion('avalanchego/1.15.0')).toBe(parseVersion('avalanchego/1.15.0'));
    expect(Object.isFrozen(parseVersion('avalanchego/1.15.0'))).toBe(true);
    expect(parseVersion('avalanchego/dev')).toBeUndefined();
    expect(parseVersion(undefined)).toBeUndefined();
    expect(compareVersions('avalanchego/1.15.0', 'avalanchego/1.14.9')).toBeGreaterThan(0);
    expect(compareVersions('avalanchego/1.14.9', 'v1.15.0')).toBeLessThan(0);
  });

  it('stays right past its bound: texts from nodes cannot grow it without end', () => {
    for (let i = 0; i < 1_000; i++) expect(parseVersion(`avalanchego/1.${i}.7`)).toEqual([1, i, 7]);
    expect(parseVersion('avalanchego/1.3.7')).toEqual([1, 3, 7]);
  });
});
