// The exporter's peer lists keep each repeated value once: every field stays equal to the reply's, and peers with
// the same release, second, subnets or votes share one object for it.
import { describe, expect, it } from 'vitest';
import { sharePeerValues } from '../../src/poll/peer-sharing';
import type { Peer } from '../../src/state/types';

const peer = (n: number, over: Partial<Peer> = {}): Peer => ({
  ip: `10.0.0.${n}:9651`,
  publicIP: `10.0.0.${n}:9651`,
  nodeID: `NodeID-${n}`,
  version: 'avalanchego/1.15.0',
  lastSent: new Date(1_700_000_000_000),
  lastReceived: new Date(1_700_000_001_000),
  observedUptime: 99,
  observedSubnetUptimes: undefined,
  upgradeTime: new Date(1_790_089_200_000),
  trackedSubnets: ['11111111111111111111111111111111LpoYY'],
  benched: [],
  supportedACPs: [194, 224],
  objectedACPs: [],
  ...over,
});

describe('sharePeerValues', () => {
  it('keeps every field equal and shares what peers repeat', () => {
    const reply = [peer(1), peer(2), peer(3, { version: 'avalanchego/1.14.2', supportedACPs: [194], lastSent: new Date(1_700_000_002_000), publicIP: undefined })];
    const kept = sharePeerValues(reply);
    expect(kept).toEqual(reply);
    const [a, b, c] = kept as [Peer, Peer, Peer];
    expect(b.lastSent).toBe(a.lastSent);
    expect(b.upgradeTime).toBe(a.upgradeTime);
    expect(b.trackedSubnets).toBe(a.trackedSubnets);
    expect(b.supportedACPs).toBe(a.supportedACPs);
    expect(b.benched).toBe(a.objectedACPs);
    expect(c.lastSent).not.toBe(a.lastSent);
    expect(c.supportedACPs).toEqual([194]);
    expect(c.version).toBe('avalanchego/1.14.2');
    expect('publicIP' in c && c.publicIP !== undefined).toBe(false);
    // Shared lists cannot be changed through one peer for the others.
    expect(Object.isFrozen(a.trackedSubnets)).toBe(true);
  });
});
