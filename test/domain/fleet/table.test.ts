import { describe, expect, it } from 'vitest';
import { createAvatopStore, type AvatopState } from '../../../src/state/store';
import { lens } from '../../../src/state/lenses';
import { resolveError, resolveOk } from '../../../src/state/resource';
import { HttpError, TransportError } from '../../../src/rpc/errors';
import { connectedPeersOf, fleetRow } from '../../../src/domain/fleet/row';
import { fleetAttention, fleetTable, lagsBehind } from '../../../src/domain/fleet/table';

const NOW = 1_700_000_000_000;
const at = { at: NOW - 1000, latencyMs: 12 };

function nodeState(opts: { network?: string; height?: bigint; boot?: boolean } = {}): AvatopState {
  let s = createAvatopStore().getState();
  s = lens.networkName.set(s, resolveOk(lens.networkName.get(s), opts.network ?? 'mainnet', at));
  if (opts.height !== undefined) s = lens.height.set(s, resolveOk(lens.height.get(s), opts.height, at));
  for (const c of ['P', 'X', 'C'] as const) s = lens.bootstrapped(c).set(s, resolveOk(lens.bootstrapped(c).get(s), opts.boot ?? true, at));
  return s;
}

describe('fleet lag', () => {
  it('measures each node against the highest node of its own network only', () => {
    expect(lagsBehind([
      { network: 'mainnet', height: 100n },
      { network: 'mainnet', height: 90n },
      { network: 'fuji', height: 5n },
      { network: undefined, height: 200n },
    ])).toEqual([0n, 10n, 0n, undefined]);
  });
});

describe('fleet rows', () => {
  it('says why a node cannot be reached, in words, and puts it first', () => {
    let down = nodeState();
    down = lens.height.set(down, resolveError(lens.height.get(down), new TransportError('refused', 'http://127.0.0.1:1'), { at: NOW }));
    const rows = fleetTable([
      fleetRow({ name: 'a', url: 'http://a', state: nodeState({ height: 100n }) }, NOW),
      fleetRow({ name: 'b', url: 'http://b', state: down }, NOW),
    ]);
    expect(rows.map((r) => r.name)).toEqual(['b', 'a']);
    expect(rows[0]!.reach).toBe('connection refused');
    expect(rows[0]!.reachable).toBe(false);
    expect(rows[1]!.reach).toBe('up');
  });

  it('a 403 answer and a bootstrapping node are each said in words; a lagging node is degraded', () => {
    let refused = nodeState();
    refused = lens.height.set(refused, resolveError(lens.height.get(refused), new HttpError(403, 'Forbidden', 'http://c'), { at: NOW }));
    const rows = fleetTable([
      fleetRow({ name: 'top', url: 'http://a', state: nodeState({ height: 100n }) }, NOW),
      fleetRow({ name: 'behind', url: 'http://b', state: nodeState({ height: 80n }) }, NOW),
      fleetRow({ name: 'syncing', url: 'http://s', state: nodeState({ boot: false }) }, NOW),
      fleetRow({ name: 'denied', url: 'http://c', state: refused }, NOW),
    ]);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.denied!.reach).toMatch(/403/);
    expect(byName.syncing!.reach).toBe('bootstrapping P/X/C');
    expect(byName.behind!.lag).toBe(20n);
    expect(byName.behind!.problems).toContain('20 blocks behind the fleet');
    expect(rows.map((r) => r.name)).toEqual(['denied', 'syncing', 'behind', 'top']);
  });

  it('reads the peer count from the network health check when the peer list is not polled', () => {
    expect(connectedPeersOf({ checks: { network: { message: { connectedPeers: 7 } } } })).toBe(7);
    expect(connectedPeersOf({ checks: { network: { message: { connectedPeers: 'x' } } } })).toBeUndefined();
    expect(connectedPeersOf(null)).toBeUndefined();
  });
});

describe('fleet attention (the header of the node on screen)', () => {
  it('names the worst other node and why, counts the rest, and never the node on screen', () => {
    let down = nodeState();
    down = lens.height.set(down, resolveError(lens.height.get(down), new TransportError('refused', 'http://127.0.0.1:1'), { at: NOW }));
    const rows = fleetTable([
      fleetRow({ name: 'a', url: 'http://a', state: nodeState({ height: 100n }) }, NOW),
      fleetRow({ name: 'b', url: 'http://b', state: down }, NOW),
      fleetRow({ name: 'c', url: 'http://c', state: nodeState({ height: 10n }) }, NOW),
    ]);
    expect(fleetAttention(rows, 'a')).toEqual({ severity: 3, text: 'b: connection refused (+1 more)' });
    expect(fleetAttention(rows, 'b')).toEqual({ severity: 1, text: 'c: 90 blocks behind the fleet' });
    const fine = fleetTable([fleetRow({ name: 'a', url: 'http://a', state: nodeState({ height: 100n }) }, NOW), fleetRow({ name: 'c', url: 'http://c', state: nodeState({ height: 99n }) }, NOW)]);
    expect(fleetAttention(fine, 'a')).toBeUndefined();
  });
});
