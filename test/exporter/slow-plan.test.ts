// A headless session's slow look: only the stake source of a network reads the validator set (the heaviest reply a
// node gives); every other node of the exporter reads its peer list alone. Twenty sessions each reading the set, as
// the peers pane's plan does for its stake column, ran a 20-node exporter out of its 128 MiB heap within seconds.
import { describe, expect, it } from 'vitest';
import { fastPlan, HEALTH_CHECKS_MS, planOnChange, slowPlan } from '../../src/exporter/session';
import { lens } from '../../src/state/lenses';
import { resolveError, resolveOk } from '../../src/state/resource';
import { peersFacts } from '../../src/rpc/methods/info/peers';
import { createAvatopStore } from '../../src/state/store';
import { SLOW_THINGS_MS } from '../../src/exporter/scrape-pace';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';
import { createIdentityHeld, IDENTITY_KEYS } from '../../src/exporter/identity-held';

describe('the exporter sessions\' slow plan', () => {
  it('reads the validator set in the stake source only', () => {
    const s = createAvatopStore().getState();
    const calls = (source: boolean) => slowPlan(source, s).map((spec) => spec.key);
    expect(calls(false)).toEqual(['peers']);
    expect(calls(true).some((k) => k.startsWith('validators'))).toBe(true);
  });
});

describe('the exporter sessions\' peer list', () => {
  it('is read by the slow look alone, once, for what the rules read of each peer, nothing of the last reading kept', async () => {
    const s = createAvatopStore().getState();
    expect(fastPlan(s, true).some((spec) => spec.method === 'info.peers')).toBe(false);
    for (const source of [false, true]) {
      const peers = slowPlan(source, s).filter((spec) => spec.method === 'info.peers');
      expect(peers.map((spec) => spec.key)).toEqual(['peers']);
      // Read for its facts (rpc/methods/info/peers.ts peersFacts), not the whole list.
      const asked: unknown[] = [];
      const client = { read: (reading: unknown) => (asked.push(reading), Promise.resolve({ numPeers: 0, peers: [] })), call: () => Promise.reject(new Error('the whole list')) };
      await peers[0]!.fetch({ client } as never, new AbortController().signal);
      expect(asked).toEqual([peersFacts]);
      // A node listed twice counts once; the second reading is its own list, the first's records left behind.
      const a = { nodeID: 'NodeID-a', version: 'avalanchego/1.15.0', observedUptime: 99 };
      const first = peers[0]!.toData(undefined, { numPeers: 2, peers: [a, { ...a, observedUptime: 98 }] }, {} as never) as readonly unknown[];
      expect(first).toEqual([a]);
      const next = [{ ...a, observedUptime: 97 }];
      expect(peers[0]!.toData(first, { numPeers: 1, peers: next }, {} as never)).toBe(next);
      expect(peers[0]!.lens.get(peers[0]!.lens.set(s, resolveOk(lens.peerFacts.get(s), next, { at: 1 }))).data).toBe(next);
      expect(peers[0]!.keepIdentity).toBe(false);
    }
  });
});

describe('the exporter sessions\' plans', () => {
  it('are made again when the node\'s ID or validator record changes, not at every store change', () => {
    const store = createAvatopStore();
    const plan = planOnChange((s) => fastPlan(s, true));
    const first = plan(store.getState());
    store.setState((s) => lens.height.set(s, resolveOk(lens.height.get(s), 5n, { at: 1 })));
    expect(plan(store.getState())).toBe(first);
    store.setState((s) => lens.nodeId.set(s, resolveOk(lens.nodeId.get(s), { nodeID: 'NodeID-own', nodePOP: undefined } as never, { at: 2 })));
    const known = plan(store.getState());
    expect(known).not.toBe(first);
    // What planFor gives for that store: this node's own record is asked once its ID is known.
    expect(known.map((spec) => spec.key)).toEqual(fastPlan(store.getState(), true).map((spec) => spec.key));
    expect(known.some((spec) => spec.key.includes('NodeID-own'))).toBe(true);
  });

  it('read what changes slowly once a minute: node ID, version, minimum stake, a chain once bootstrapped (issue 31)', () => {
    const store = createAvatopStore();
    const intervals = { tickMs: 15_000, slowMs: 30_000, maxAgeMs: 300_000 };
    const every = (key: string) => {
      const spec = fastPlan(store.getState(), true).find((x) => x.key === key)!;
      return spec.intervalMs ? spec.intervalMs(store.getState(), intervals) : spec.cadence === 'slow' ? intervals.slowMs : intervals.tickMs;
    };
    for (const key of ['nodeId', 'nodeVersion', 'minStake']) expect(every(key)).toBe(SLOW_THINGS_MS);
    // A chain still syncing is watched at the pace; once bootstrapped, once a minute.
    store.setState((s) => lens.bootstrapped('P').set(s, resolveOk(lens.bootstrapped('P').get(s), false, { at: 1 })));
    expect(every('bootstrapped:P')).toBe(15_000);
    store.setState((s) => lens.bootstrapped('P').set(s, resolveOk(lens.bootstrapped('P').get(s), true, { at: 2 })));
    expect(every('bootstrapped:P')).toBe(SLOW_THINGS_MS);
  });

  it('read what drifts slowly once a minute too: the own uptime, the own validator record, /ext/metrics (issue 31)', () => {
    const store = createAvatopStore();
    const intervals = { tickMs: 15_000, slowMs: 30_000, maxAgeMs: 300_000 };
    const specOf = (key: string) => fastPlan(store.getState(), true).find((x) => x.key === key)!;
    const every = (key: string) => specOf(key).intervalMs!(store.getState(), intervals);
    expect(every('uptime')).toBe(SLOW_THINGS_MS);
    expect(every('metrics:slow')).toBe(SLOW_THINGS_MS);
    // The record, once the node's ID is known; a block that changes its stakers still makes it due (changesWith).
    store.setState((s) => lens.nodeId.set(s, resolveOk(lens.nodeId.get(s), { nodeID: 'NodeID-own', nodePOP: undefined } as never, { at: 1 })));
    const record = specOf(`validator:${PRIMARY_NETWORK_ID}/NodeID-own`);
    expect(record.intervalMs!(store.getState(), intervals)).toBe(SLOW_THINGS_MS);
    expect(record.changesWith).toBeDefined();
    // While a chain bootstraps, the metrics keep the pace (its progress needs a rate).
    store.setState((s) => lens.bootstrapped('P').set(s, resolveOk(lens.bootstrapped('P').get(s), false, { at: 2 })));
    expect(every('metrics:slow')).toBe(15_000);
    // The health report is not slowed past the node's own check runs.
    expect(specOf('health').intervalMs!(store.getState(), intervals)).toBe(HEALTH_CHECKS_MS);
  });
});

describe('the exporter sessions\' health and bootstrap reads (issue 31)', () => {
  const intervals = { tickMs: 15_000, slowMs: 30_000, maxAgeMs: 300_000 };
  const keys = (s: ReturnType<ReturnType<typeof createAvatopStore>['getState']>) => fastPlan(s, true).map((spec) => spec.key);
  const bootstrapped = (store: ReturnType<typeof createAvatopStore>, at: number) =>
    store.setState((s) => (['P', 'X', 'C'] as const).reduce((t, c) => lens.bootstrapped(c).set(t, resolveOk(lens.bootstrapped(c).get(t), true, { at })), s));
  const health = (store: ReturnType<typeof createAvatopStore>, healthy: boolean, at: number) =>
    store.setState((s) => lens.health.set(s, resolveOk(lens.health.get(s), { healthy, checks: {} }, { at })));
  const probe = (store: ReturnType<typeof createAvatopStore>, ok: boolean, at: number) =>
    store.setState((s) =>
      lens.height.set(s, ok ? resolveOk(lens.height.get(s), 5n, { at }) : resolveError(lens.height.get(s), Object.assign(new Error('ECONNREFUSED'), { short: 'refused' }) as never, { at })),
    );

  it('reads the health report every 30 s, the node\'s own --health-check-frequency, at a 15 s scrape pace', () => {
    const s = createAvatopStore().getState();
    const spec = fastPlan(s, true).find((x) => x.method === 'health.health')!;
    expect(HEALTH_CHECKS_MS).toBe(30_000);
    expect(spec.intervalMs!(s, intervals)).toBe(30_000);
    expect(spec.intervalMs!(s, { ...intervals, tickMs: 60_000, slowMs: 60_000 })).toBe(60_000);
  });

  it('does not ask a bootstrapped chain again while the probe answers and the node is healthy; a restart\'s signs ask every chain again', () => {
    const store = createAvatopStore();
    const plan = planOnChange((s) => fastPlan(s, true));
    const chains = ['bootstrapped:P', 'bootstrapped:X', 'bootstrapped:C'];
    expect(keys(store.getState())).toEqual(expect.arrayContaining(chains));
    bootstrapped(store, 1);
    probe(store, true, 1);
    // Bootstrapped but the report not read yet: still asked.
    expect(keys(store.getState())).toEqual(expect.arrayContaining(chains));
    health(store, false, 2);
    expect(keys(store.getState())).toEqual(expect.arrayContaining(chains));
    health(store, true, 3);
    const settled = plan(store.getState());
    expect(settled.some((spec) => chains.includes(spec.key))).toBe(false);
    // The probe fails (the node down, restarting): every chain again, in a plan made anew.
    probe(store, false, 4);
    expect(plan(store.getState())).not.toBe(settled);
    expect(plan(store.getState()).map((spec) => spec.key)).toEqual(expect.arrayContaining(chains));
    // Back, and healthy: settled again; then its report turns unhealthy (the "bootstrapped" check of a restarted node).
    probe(store, true, 5);
    expect(plan(store.getState()).some((spec) => chains.includes(spec.key))).toBe(false);
    health(store, false, 6);
    expect(plan(store.getState()).map((spec) => spec.key)).toEqual(expect.arrayContaining(chains));
    // A chain that is not bootstrapped is asked whatever the report says.
    health(store, true, 7);
    store.setState((s) => lens.bootstrapped('X').set(s, resolveOk(lens.bootstrapped('X').get(s), false, { at: 8 })));
    expect(plan(store.getState()).map((spec) => spec.key).filter((k) => chains.includes(k))).toEqual(['bootstrapped:X']);
  });

  it('the stake source\'s slow look repeats none of the header but its height probe (and the block watcher both need)', () => {
    const s = createAvatopStore().getState();
    const slow = slowPlan(true, s);
    const fast = new Set(fastPlan(s, true).map((spec) => spec.key));
    expect(slow.filter((spec) => fast.has(spec.key)).map((spec) => spec.key)).toEqual(['height', 'blockWatch']);
    expect(slow.some((spec) => spec.method === 'health.health' || spec.method === 'info.isBootstrapped' || spec.method === 'info.getNodeID')).toBe(false);
    // What the versions view adds is still read: the validator set and the block watcher its heights drive.
    expect(slow.some((spec) => spec.key.startsWith('validators:'))).toBe(true);
    expect(slow.some((spec) => spec.key === 'blockWatch')).toBe(true);
  });
});

describe('the exporter sessions\' node ID and version (issue 31)', () => {
  const metrics = (store: ReturnType<typeof createAvatopStore>, start: number, at: number) =>
    store.setState((s) => lens.metrics.set(s, resolveOk(lens.metrics.get(s), { points: [{ at, values: { processStartSeconds: start } }], from: {}, skipped: 0, bytes: 0 }, { at })));
  const probe = (store: ReturnType<typeof createAvatopStore>, ok: boolean, at: number) =>
    store.setState((s) =>
      lens.height.set(s, ok ? resolveOk(lens.height.get(s), 5n, { at }) : resolveError(lens.height.get(s), Object.assign(new Error('ECONNREFUSED'), { short: 'refused' }) as never, { at })),
    );
  const identity = (store: ReturnType<typeof createAvatopStore>, at: number) =>
    store.setState((s) =>
      lens.nodeVersion.set(
        lens.nodeId.set(s, resolveOk(lens.nodeId.get(s), { nodeID: 'NodeID-own', nodePOP: undefined } as never, { at })),
        resolveOk(lens.nodeVersion.get(s), { version: 'avalanchego/1.15.0' } as never, { at }),
      ),
    );

  it('are asked again only when the process may have changed: a new start time in /ext/metrics, or the probe failing', async () => {
    const store = createAvatopStore();
    const held = createIdentityHeld();
    const keys = () => fastPlan(store.getState(), true, true, undefined, held).map((spec) => spec.key);
    // What the scheduler does with the plan's specs: fetch, then write.
    const read = async () => {
      for (const spec of fastPlan(store.getState(), true, true, undefined, held).filter((x) => IDENTITY_KEYS.has(x.key))) {
        const client = { call: () => Promise.resolve({ nodeID: 'NodeID-own', version: 'avalanchego/1.15.0' }) };
        await spec.fetch({ client, state: () => store.getState() } as never, new AbortController().signal);
      }
    };
    probe(store, true, 1);
    expect(keys()).toEqual(expect.arrayContaining(['nodeId', 'nodeVersion']));
    // Read before the metrics said when the process started: asked again.
    await read();
    identity(store, 2);
    metrics(store, 100, 3);
    expect(held.held(store.getState())).toBe(false);
    await read();
    identity(store, 4);
    expect(held.held(store.getState())).toBe(true);
    expect(keys().some((k) => IDENTITY_KEYS.has(k))).toBe(false);
    // The same process, read again a minute later: still held.
    metrics(store, 100, 60_000);
    probe(store, true, 60_000);
    expect(held.held(store.getState())).toBe(true);
    // A restart: a new start time asks both again, at once (the plan holds them again).
    metrics(store, 200, 120_000);
    expect(keys()).toEqual(expect.arrayContaining(['nodeId', 'nodeVersion']));
    await read();
    identity(store, 121_000);
    expect(held.held(store.getState())).toBe(true);
    // The probe failing: asked again, whatever the metrics say.
    probe(store, false, 130_000);
    expect(keys()).toEqual(expect.arrayContaining(['nodeId', 'nodeVersion']));
    probe(store, true, 140_000);
    expect(held.held(store.getState())).toBe(true);
    // A node whose /ext/metrics is off: once a minute, as before.
    store.setState((s) => lens.metrics.set(s, resolveError(lens.metrics.get(s), Object.assign(new Error('HTTP 404'), { short: '404' }) as never, { at: 150_000 })));
    expect(held.held(store.getState())).toBe(false);
    const intervals = { tickMs: 15_000, slowMs: 30_000, maxAgeMs: 300_000 };
    const spec = fastPlan(store.getState(), true, true, undefined, held).find((x) => x.key === 'nodeId')!;
    expect(spec.intervalMs!(store.getState(), intervals)).toBe(SLOW_THINGS_MS);
  });

  it('a plan made again when they turn held or not', () => {
    const store = createAvatopStore();
    let held = false;
    const plan = planOnChange((s) => fastPlan(s, true), () => held);
    const first = plan(store.getState());
    expect(plan(store.getState())).toBe(first);
    held = true;
    expect(plan(store.getState())).not.toBe(first);
  });
});
