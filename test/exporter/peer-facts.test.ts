// The exporter reads each node's peers for what its rules use of them (poll/header-plan.ts peerFactsSpec), not the
// whole list the monitor's screens keep (peersSpec). Both readings of one simulated node's peers, written into two
// stores as the scheduler writes them, must give the rules the same: the stake-weighted view of this node (the reward
// guard's vote), the peer count, every peer's announced upgrade and the version lag the exporter serves.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { createClient } from '../../src/rpc/client';
import { peersFacts } from '../../src/rpc/methods/info/peers';
import { peerFactsSpec, peersSpec } from '../../src/poll/header-plan';
import type { ResourceSpec } from '../../src/poll/resource-spec';
import { createAvatopStore, type AvatopState } from '../../src/state/store';
import { lens } from '../../src/state/lenses';
import { resolveOk } from '../../src/state/resource';
import { networkViewOf } from '../../src/domain/reward/node-guard';
import { collectFamilies } from '../../src/exporter/node-series';
import { track } from '../helpers/track';

/** A reply written as the scheduler writes it (poll/scheduler-entry.ts): the data, then what else it sets. */
function written(s: AvatopState, spec: ResourceSpec, result: unknown, at: number): AvatopState {
  const meta = { at };
  const r = spec.lens.get(s);
  const next = spec.lens.set(s, resolveOk(r, spec.toData(r.data, result, {} as never), meta, spec.keepIdentity !== false));
  return spec.also ? spec.also(next, result, meta) : next;
}

describe("the exporter's reading of the peers", () => {
  it('gives the rules what the whole list gives', async () => {
    const sim = track(await createSimNode({ seed: 11, validators: 60, peers: 15, utxos: 5 }));
    const client = track(createClient({ url: sim.url }));
    const [whole, facts, validators, id] = await Promise.all([
      client.call('info.peers'),
      client.read(peersFacts),
      client.call('platform.getCurrentValidators', {}),
      client.call('info.getNodeID'),
    ]);
    // The same second's views (the simulated node moves them once a minute at most).
    expect(facts.peers.map((p) => p.nodeID)).toEqual(whole.peers.map((p) => p.nodeID));
    const weights = { height: 1n, validators: validators.validators.map((v) => ({ nodeID: v.nodeID, weight: v.weight })), totalWeight: validators.validators.reduce((a, v) => a + v.weight, 0n) };
    const base = (() => {
      let s = createAvatopStore().getState();
      s = lens.voterWeights.set(s, resolveOk(lens.voterWeights.get(s), weights, { at: 1 }));
      s = lens.nodeId.set(s, resolveOk(lens.nodeId.get(s), id, { at: 1 }));
      // Up: the series of a node that does not answer are dropped.
      s = lens.height.set(s, resolveOk(lens.height.get(s), 5n, { at: 1 }));
      s = lens.nodeVersion.set(s, resolveOk(lens.nodeVersion.get(s), { version: 'avalanchego/1.14.1' } as never, { at: 1 }));
      return s;
    })();
    const fromList = written(base, peersSpec('tick', 'plain'), whole, 2);
    const fromFacts = written(base, peerFactsSpec(), facts, 2);

    const a = networkViewOf(fromList)!;
    const b = networkViewOf(fromFacts)!;
    expect(a.view.voters.length).toBeGreaterThan(10);
    expect(b).toEqual(a);
    expect(fromFacts.peers.count.data).toBe(fromList.peers.count.data);
    expect(fromFacts.versions.peerUpgrades.data).toEqual(fromList.versions.peerUpgrades.data);
    expect(fromFacts.reward.seen).toEqual(fromList.reward.seen);
    // The series that read the peers, as the exporter serves them (the node's own 1.14.1 makes the lag non-zero).
    const stake = new Map(weights.validators.map((v) => [v.nodeID, v.weight]));
    const series = (s: AvatopState) =>
      collectFamilies([{ name: 'n', state: s, weights: stake }], 3_000).filter((f) => ['avatop_peers', 'avatop_peers_newer_version_stake_ratio', 'avatop_upgrade_tier'].includes(f.name));
    const served = series(fromFacts);
    expect(served.find((f) => f.name === 'avatop_peers_newer_version_stake_ratio')!.samples[0]!.value).toBeGreaterThan(0);
    expect(served).toEqual(series(fromList));
  });
});
