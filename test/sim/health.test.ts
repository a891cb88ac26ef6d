// The simulator's health knob: checks not yet run, a node connected to too little stake, named failures, set by
// option, flag text or POST /sim/control, answered over real loopback HTTP as avalanchego words them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimNode } from '../../src/sim/index';
import { parseHealthFlag } from '../../src/sim/index';
import { healthResult } from '../../src/rpc/methods/health/health-result';
import { summarizeHealth } from '../../src/domain/health/health-summary';
import { goDuration } from '../../src/sim/handlers/health';
import { healthReplyDiffs } from '../node/helpers/health-shape';
import { raw, result } from '../helpers/rpc';
import { startSim } from './helpers';
import { track } from '../helpers/track';

type Reply = { healthy: boolean; checks: Record<string, { error?: string; timestamp?: string; duration?: number; contiguousFailures?: number; message?: any }> };
const health = (n: SimNode) => result<Reply>(n.url, '/ext/health', 'health.health');

describe('simulated health checks', () => {
  it('pass by default, and GET answers 200', async () => {
    const node = track(await startSim());
    const r = await health(node);
    expect(r.healthy).toBe(true);
    expect(Object.values(r.checks).every((c) => c.error === undefined)).toBe(true);
    expect((await raw(node.url, '/ext/health', { method: 'GET', headers: {} })).status).toBe(200);
  });

  it('pending: the chains and bootstrapped answer "not yet run" with Go\'s zero time', async () => {
    const node = track(await startSim({ health: 'pending' }));
    const r = await health(node);
    expect(r.healthy).toBe(false);
    for (const name of ['C', 'P', 'X', 'bootstrapped']) expect(r.checks[name]).toEqual({ error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 });
    expect(r.checks.network!.error).toBeUndefined();
    expect((await raw(node.url, '/ext/health', { method: 'GET', headers: {} })).status).toBe(503);
    expect(summarizeHealth(healthResult().parse(r)).kind).toBe('pending');
  });

  it('isolated and alone: the chains fail on stake (connected to its own share only), the network layer on peers, counting runs since it began', async () => {
    const node = track(await startSim({ health: 'isolated', peers: 0 }));
    node.tick(95_000);
    const r = await health(node);
    expect(r.healthy).toBe(false);
    // The chain router connects the node to itself (chain_router.go): its own stake is what it is connected to.
    // A validator's weight in the validator set is its own stake plus its delegators'.
    const { validators } = await result<{ validators: { nodeID: string; weight: string; delegatorWeight: string }[] }>(node.url, '/ext/bc/P', 'platform.getCurrentValidators');
    const weightOf = (v: { weight: string; delegatorWeight: string }) => Number(BigInt(v.weight) + BigInt(v.delegatorWeight));
    const total = validators.reduce((s, v) => s + weightOf(v), 0);
    const own = weightOf(validators.find((v) => v.nodeID === node!.nodeId)!) / total;
    for (const name of ['C', 'P', 'X']) {
      expect(r.checks[name]!.error).toBe(`not connected to enough stake: connected to ${(own * 100).toFixed(6)}%; required at least 80.000000%`);
      expect(r.checks[name]!.message.networking.percentConnected).toBeCloseTo(own, 12);
      expect(r.checks[name]!.message.networking.disconnectedValidators).toHaveLength(validators.length - 1);
      expect(r.checks[name]!.contiguousFailures).toBe(4);
    }
    expect(r.checks.network!.error).toMatch(/^network layer is unhealthy reason: not connected to a minimum of 1 peer\(s\) only 0/);
    const s = summarizeHealth(healthResult().parse(r));
    // The tracked subnets' chains lose their validators too.
    const subnetChains = node.network.subnets.filter((x) => x.tracked).flatMap((x) => x.chains.map((c) => c.idStr));
    expect(subnetChains.length).toBeGreaterThan(0);
    expect(s.failing.slice(0, 4)).toEqual(['network', 'P', 'X', 'C']);
    expect([...s.failing.slice(4)].sort()).toEqual([...subnetChains].sort());
    expect(s.stakeLow).toBe(true);
    // Go's json sorts map keys.
    expect(Object.keys(r.checks)).toEqual([...Object.keys(r.checks)].sort());
  });

  it('isolated answers like a real v1.14.2 validator cut off from its validators (captured; numbers masked)', async () => {
    const real = JSON.parse(readFileSync(new URL('../fixtures/node-captures/v1.14.2/health.isolated.json', import.meta.url), 'utf8')).result;
    const node = track(await startSim({ profile: 'v1.14', networkId: 12345, validators: 5, peers: 0, trackedSubnets: 0, health: 'isolated' }));
    expect(healthReplyDiffs(real, await health(node))).toEqual([]);
  });

  it('isolated: the network layer heard from its peers until they went, and says so once that is over a minute', async () => {
    const node = track(await startSim({ health: 'isolated', peers: 0 }));
    let r = await health(node);
    expect(r.checks.network!.error).toBe('network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0');
    expect(r.checks.network!.message).toMatchObject({ connectedPeers: 0, timeSinceLastMsgReceived: expect.stringMatching(/^\d+(\.\d+)?m?s$/) });
    node.tick(95_000);
    r = await health(node);
    expect(r.checks.network!.message.timeSinceLastMsgSent).toMatch(/^1m3\d(\.\d+)?s$/);
    expect(r.checks.network!.error).toMatch(/only 0, no messages from network received in 1m3\d(\.\d+)?s > 1m0s, no messages from network sent in 1m3\d(\.\d+)?s > 1m0s$/);
  });

  it('goDuration words durations as Go does', () => {
    expect([0, 250, 1_000, 14_210, 60_000, 95_000, 3_601_500].map(goDuration)).toEqual(['0s', '250ms', '1s', '14.21s', '1m0s', '1m35s', '1h0m1.5s']);
  });

  it('is set at run time through POST /sim/control, and `passing` clears it', async () => {
    const node = track(await startSim());
    const set = await raw(node.url, '/sim/control', { body: JSON.stringify({ action: 'health', health: { failing: { diskspace: 'remaining available disk space percentage (3%) is below minimum required available space percentage (10%)' }, pending: ['C'] } }) });
    expect(set.status).toBe(200);
    let r = await health(node);
    expect(r.checks.diskspace!.error).toMatch(/below minimum required/);
    expect(r.checks.diskspace!.message).toBeDefined();
    expect(r.checks.C!.error).toBe('not yet run');
    expect(summarizeHealth(healthResult().parse(r)).text).toBe('1 failing: diskspace, 1 pending');
    await raw(node.url, '/sim/control', { body: JSON.stringify({ action: 'health', health: 'passing' }) });
    r = await health(node);
    expect(r.healthy).toBe(true);
    const bad = await raw(node.url, '/sim/control', { body: JSON.stringify({ action: 'health', health: 'sideways' }) });
    expect(bad.text).toMatch(/unknown health state/);
  });

  it('parses the --health flag forms', () => {
    expect(parseHealthFlag('isolated')).toEqual({ isolated: true });
    expect(parseHealthFlag('pending=P,C')).toEqual({ pending: ['P', 'C'] });
    expect(parseHealthFlag('percentConnected=0.5')).toEqual({ percentConnected: 0.5 });
    expect(parseHealthFlag('failing=bls:node has the wrong BLS key')).toEqual({ failing: { bls: 'node has the wrong BLS key' } });
    expect(() => parseHealthFlag('percentConnected=2')).toThrow(/0 to 1/);
    expect(() => parseHealthFlag('nope')).toThrow(/unknown health state/);
  });
});
