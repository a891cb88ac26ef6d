// The tracker's facts read off a store the real poller filled from the simulated node (over loopback), and the
// events the node's changes give when fed to the tracker: a check failing by name, stake low, a budget's tier.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../../src/sim';
import { HEALTH_CHECKS_MS, startHeadlessSession } from '../../../src/exporter/session';
import { nodeFacts } from '../../../src/domain/events/facts';
import { observe, INITIAL_TRACKER, type TrackerState } from '../../../src/domain/events/tracker';
import type { EventLine } from '../../../src/domain/events/record';
import { until } from '../../helpers/until';
import { track } from '../../helpers/track';


describe('facts from a polled store', () => {
  it('read checks, stake, bootstrap state, version and this node\'s validations; the node\'s changes become events', async () => {
    const sim = track(await createSimNode({ validators: 60, peers: 20, utxos: 10, scenario: 'near-threshold' }));
    const session = track(startHeadlessSession({ name: 'n', url: sim.url }, { intervalMs: 300, timeoutMs: 2_000 }));
    // Alone, it is its network's source (the exporter's assignStakeSources makes it so): it reads the stake, supply and
    // voter weights that a network's other sessions are given (exporter/network-reads.ts).
    session.setStakeSource(true);
    const store = session.store;
    const ref = { network: 'mainnet', nodeId: sim.nodeId, name: 'n' };
    // The budget waits for the vote: the peers' views and the validator set's weights.
    const first = await until('the node, its own record and the vote', () => {
      const f = nodeFacts(store.getState(), Date.now());
      return f.checks && f.validations?.find((v) => v.key === 'primary')?.budgetTier && f.stake && f.version && f.bootstrapping ? f : undefined;
    });
    expect(first.reach).toEqual({ up: true, failures: 0 });
    expect(first.bootstrapping).toEqual([]);
    expect(first.version).toMatch(/^v1\.\d+\.\d+$/);
    expect(Object.values(first.checks!).every((c) => !c.failing)).toBe(true);
    expect(first.stake!.low).toBe(false);
    const primary = first.validations!.find((v) => v.key === 'primary')!;
    expect(primary).toMatchObject({ kind: 'primary', nodeId: sim.nodeId, autoRenewed: false });
    // near-threshold: the budget under the default warning (the figure and the tier's rule are the guard's).
    expect(['warn', 'critical']).toContain(primary.budgetTier);
    expect(primary.budgetText).toMatch(/can be offline \d+h/);

    let state: TrackerState = INITIAL_TRACKER;
    const lines: EventLine[] = [];
    // The simulated node started a moment ago; looked at as one long up (the settling after a restart has its own
    // test in tracker.test.ts), so its process start is left out.
    const look = () => {
      const r = observe(state, { ...nodeFacts(store.getState(), Date.now()), processStartMs: undefined }, ref);
      state = r.state;
      lines.push(...r.lines);
    };
    look();
    // A first look at a budget already low says so (and, where the peers' figure is under the threshold, that too).
    expect(lines.map((l) => [l.kind, l.severity])).toContainEqual(['budget', primary.budgetTier === 'warn' ? 'warning' : 'critical']);
    expect(lines.every((l) => l.kind === 'budget' || l.kind === 'uptime-below')).toBe(true);
    // The node isolated: the network check fails, stake connected falls under its minimum.
    sim.faults.setHealth('isolated');
    // The session reads the health report at the node's own pace (exporter/session.ts HEALTH_CHECKS_MS, 30 s), so a
    // change shows within two of its reads.
    const HEALTH_WAIT_MS = 2 * HEALTH_CHECKS_MS + 10_000;
    await until('the isolation seen', () => (nodeFacts(store.getState(), Date.now()).stake?.low ? true : undefined), HEALTH_WAIT_MS);
    look();
    expect(lines.some((l) => l.kind === 'stake-low' && /under the node's \d+% minimum/.test(l.text))).toBe(true);
    // The chains' checks fail for want of stake: that is the stake-low incident, not three more lines (the network
    // check failing for want of peers is a check of its own).
    expect(nodeFacts(store.getState(), Date.now()).checks!.P!.failing).toBe(true);
    expect(lines.filter((l) => l.kind === 'check' && ['P', 'X', 'C'].includes(l.subject!))).toEqual([]);
    // While connected stake is low, the peers' figure is no verdict: no budget or uptime event comes of it.
    expect(nodeFacts(store.getState(), Date.now()).validations!.find((v) => v.key === 'primary')!.budgetTier).toBeUndefined();
    sim.faults.setHealth('passing');
    await until('the node back', () => (nodeFacts(store.getState(), Date.now()).stake?.low === false ? true : undefined), HEALTH_WAIT_MS);
    look();
    expect(lines.filter((l) => l.kind === 'stake-low' && l.end !== undefined)).toHaveLength(1);
  }, 240_000);
});

describe('the upgrade deadline', () => {
  it('is an event at the tier domain/upgrades judges, in its words', async () => {
    const timeSec = Math.floor(Date.now() / 1000) + 5 * 86_400 - 60;
    // Enough validators outside subnets to carry a 70% release (the simulator keeps subnet validators current).
    const sim = track(await createSimNode({ validators: 120, peers: 10, utxos: 10, subnets: 2, newerRelease: { version: '1.16.0', timeSec, stake: 0.7 } }));
    const session = track(startHeadlessSession({ name: 'n', url: sim.url }, { intervalMs: 300, timeoutMs: 2_000 }));
    // The validator set's weights, as the exporter's stake source reads them: shares of stake, not of peers.
    session.setStakeSource(true);
    const store = session.store;
    const facts = await until('the deadline judged', () => {
      const f = nodeFacts(store.getState(), Date.now());
      return f.upgrade?.tier === 'week' ? f : undefined;
    }, 45_000);
    expect(facts.upgrade).toMatchObject({ severity: 'warning' });
    const r = observe(INITIAL_TRACKER, facts, { network: 'mainnet', nodeId: sim.nodeId, name: 'n' });
    const line = r.lines.find((l) => l.kind === 'upgrade')!;
    expect(line).toMatchObject({ severity: 'warning', subject: 'week', open: { pane: 'versions' } });
    expect(line.text).toMatch(/v1\.16\.0/);
  }, 60_000);
});
