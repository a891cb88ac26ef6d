// `avatop status` as a process names the node's failing health checks, in text and in JSON, and tells checks that
// have not run yet since the node started apart from failures.
import { describe, expect, it } from 'vitest';
import { createSimNode, type SimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { suiteTempDir } from '../helpers/temp-dir';

// A node that tracks no subnet: its only chains are the primary network's.
const alone = shared(() => createSimNode({ seed: 11, validators: 50, peers: 0, utxos: 10, trackedSubnets: 0, health: 'isolated' }));
const starting = shared(() => createSimNode({ seed: 12, validators: 50, peers: 10, utxos: 10, health: 'pending' }));
const fine = shared(() => createSimNode({ seed: 13, validators: 50, peers: 10, utxos: 10 }));
const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

/** An isolated node is connected to its own stake alone (the chain router connects it to itself). */
const ownShare = (n: SimNode) => Number(n.network.nodeWeight(n.nodeId)) / Number(n.network.totalStake());

describe('avatop status and the health checks', () => {
  it('names the failing checks and the connected stake in text, exit 1', async () => {
    const r = await runCli(['status', '--url', alone().url], noConfig);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^DEGRADED/);
    expect(r.stdout).toMatch(/^health\s+4 failing: network, P, X, C$/m);
    const own = `${Math.floor(ownShare(alone()) * 100)}%`;
    expect(r.stdout).toContain(`\npeers      0 (${own} of stake connected)\n`);
    expect(r.stdout).toMatch(/^problem\s+health checks failing: network, P, X, C \(\/ext\/health\)$/m);
    expect(r.stdout).toContain(`\nproblem    connected to ${own} of the stake; the node needs 80%\n`);
  });

  it('lists them by name in JSON, each with the node\'s error', async () => {
    const r = await runCli(['status', '--url', alone().url, '-o', 'json'], noConfig);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.healthy).toBe(false);
    expect(json.health.state).toBe('failing');
    expect(json.health.failing).toEqual(['network', 'P', 'X', 'C']);
    expect(json.health.pending).toEqual([]);
    expect(json.health.percentConnected).toBeCloseTo(ownShare(alone()), 12);
    expect(json.health.checks.P).toEqual({ state: 'failing', error: `not connected to enough stake: connected to ${(ownShare(alone()) * 100).toFixed(6)}%; required at least 80.000000%` });
    expect(json.health.checks.database).toEqual({ state: 'passing' });
  });

  it('says checks not run yet are pending, not failing', async () => {
    const r = await runCli(['status', '--url', starting().url, '-o', 'json'], noConfig);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.health.state).toBe('pending');
    expect(json.health.failing).toEqual([]);
    expect(json.health.pending).toEqual(['bootstrapped', 'P', 'X', 'C']);
    expect(json.problems.join('\n')).toMatch(/health checks not run yet since the node started: bootstrapped, P, X, C/);
    expect(json.problems.join('\n')).not.toMatch(/failing/);
    const text = await runCli(['status', '--url', starting().url], noConfig);
    expect(text.stdout).toMatch(/^health\s+4 not run yet: bootstrapped, P, X, C$/m);
  });

  it('a healthy node: exit 0, every check passing', async () => {
    const r = await runCli(['status', '--url', fine().url, '-o', 'json'], noConfig);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.health.state).toBe('healthy');
    expect(json.health.failing).toEqual([]);
    expect(Object.values(json.health.checks).every((c) => (c as { state: string }).state === 'passing')).toBe(true);
  });
});
