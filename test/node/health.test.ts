// A real validator that is not connected to its validators: one genesis staker of the local network started alone.
// Its chains bootstrap at once (no beacons), so P✓ X✓ C✓, while its own health checks fail: each chain's networking
// check is connected to its own fifth of the stake, and the network layer has no peer. avatop must say so (the
// summary every surface asks, and `avatop status`), and the simulator's `isolated` health must answer the same.
// A second start with an hour between health runs keeps the checks registered after the first run at "not yet run":
// avatop must call those pending, not failing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { summarizeHealth, type HealthSummary } from '../../src/domain/health/health-summary';
import { startLoneValidator, type LocalNetwork } from './helpers/network';
import { runCli } from '../cli/run-cli';

const binaries = inject('nodeBinaries') as Record<string, string> | undefined;
const skipReason = !binaries ? 'real-node conformance runs with `npm run test:node`' : inject('nodeSkipReason');

type RawCheck = { error?: string; timestamp?: string; duration?: number; contiguousFailures?: number; message?: { networking?: { percentConnected?: number } } };
type RawHealth = { healthy: boolean; checks: Record<string, RawCheck> };

/** The raw reply (wire form), straight from the health endpoint. */
async function rawHealth(url: string): Promise<RawHealth> {
  const res = await fetch(`${url}/ext/health`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'health.health', params: {} }),
    signal: AbortSignal.timeout(5_000),
  });
  return ((await res.json()) as { result: RawHealth }).result;
}

/** Polls until `ok` holds for the reply (the node registers and runs checks on its own schedule). */
async function healthWhen(url: string, ok: (r: RawHealth) => boolean, timeoutMs = 90_000): Promise<RawHealth> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await rawHealth(url);
    if (ok(r)) return r;
    if (Date.now() > deadline) throw new Error(`health never reached the expected state; last reply: ${JSON.stringify(r)}`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

const CHAINS = ['P', 'X', 'C'];
const STAKE_ERROR = /^not connected to enough stake: connected to \d+\.\d{6}%; required at least \d+\.\d{6}%$/;
const mask = (s: string | undefined) => (s ?? '').replace(/\d+(\.\d+)?/g, '#');

for (const version of ['v1.14.2', 'v1.11.2']) {
  const binary = binaries?.[version];

  describe.skipIf(Boolean(skipReason) || !binary)(`avalanchego ${version}: a validator alone, checks run every 2 s`, () => {
    let node: LocalNetwork;
    let client: AvatopClient;
    let reply: RawHealth;
    let summary: HealthSummary;
    let failed = false;

    beforeAll(async () => {
      node = await startLoneValidator({ version, binary: binary!, healthCheckFrequency: '2s' });
      client = createClient({ url: node.url });
      // Every chain registered and every check run at least once.
      reply = await healthWhen(node.url, (r) => [...CHAINS, 'bootstrapped'].every((n) => r.checks[n] && r.checks[n]!.error !== 'not yet run'));
      // X and C are created once P is done; with no beacons they finish at once, but give them a moment.
      const deadline = Date.now() + 60_000;
      while (!(await client.info.isBootstrapped({ chain: 'C' })).isBootstrapped && Date.now() < deadline) await new Promise((res) => setTimeout(res, 500));
      // A reply taken after every chain is in and has run twice.
      reply = await healthWhen(node.url, (r) => CHAINS.every((n) => (r.checks[n]?.contiguousFailures ?? 0) >= 2));
      summary = summarizeHealth(await client.health.health());
    });
    afterAll(async () => {
      await client?.close();
      await node?.stop({ keepLogs: failed });
    });

    it('is bootstrapped (the header marks P✓ X✓ C✓), yet its own health fails on stake and peers', async () => {
      try {
        for (const chain of CHAINS) expect((await client.info.isBootstrapped({ chain })).isBootstrapped).toBe(true);
        expect(reply.healthy).toBe(false);
        expect(reply.checks.bootstrapped!.error).toBeUndefined();
        for (const chain of CHAINS) expect(reply.checks[chain]!.error).toMatch(STAKE_ERROR);
        expect(reply.checks.network!.error).toMatch(/^network layer is unhealthy reason: not connected to a minimum of 1 peer\(s\) only 0/);
      } catch (e) {
        failed = true;
        throw e;
      }
    });

    it('the summary counts the failing checks, names network first, and shows the connected stake as low', () => {
      expect(summary.kind).toBe('failing');
      expect(summary.tone).toBe('error');
      expect(summary.failing).toEqual(expect.arrayContaining(['network', ...CHAINS]));
      expect(summary.failing).not.toContain('bootstrapped');
      expect(summary.pending).toEqual([]);
      expect(summary.text).toBe(`${summary.failing.length} failing: network`);
      // One of five equal genesis stakes: its own.
      expect(summary.percentConnected).toBeCloseTo(reply.checks.P!.message!.networking!.percentConnected!, 12);
      expect(summary.percentConnected).toBeCloseTo(0.2, 6);
      expect(summary.requiredConnected).toBeCloseTo(0.8, 6);
      expect(summary.stakeLow).toBe(true);
    });

    it('`avatop status` names the failing checks, in text and JSON', async () => {
      const text = await runCli(['status', '--url', node.url], { XDG_CONFIG_HOME: node.dir });
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/^health\s+\d+ failing: network, P, X, C/m);
      expect(text.stdout).toMatch(/^peers\s+0 \(20% of stake connected\)$/m);
      const json = JSON.parse((await runCli(['status', '--url', node.url, '-o', 'json'], { XDG_CONFIG_HOME: node.dir })).stdout);
      expect(json.health.failing).toEqual(expect.arrayContaining(['network', ...CHAINS]));
      expect(json.health.checks.P.error).toMatch(STAKE_ERROR);
    });

    it("the simulator's `isolated` health fails the same checks with the same words", async () => {
      const { createSimNode } = await import('../../src/sim/index');
      const sim = await createSimNode({ profile: version === 'v1.11.2' ? 'v1.11' : 'v1.14', seed: 1, networkId: 12345, validators: 5, peers: 0, utxos: 10, health: 'isolated' });
      try {
        const simReply = await rawHealth(sim.url);
        const failingOf = (r: RawHealth) => Object.keys(r.checks).filter((n) => r.checks[n]!.error !== undefined).sort();
        expect(failingOf(simReply)).toEqual(failingOf(reply));
        for (const chain of CHAINS) expect(mask(simReply.checks[chain]!.error)).toBe(mask(reply.checks[chain]!.error));
        expect(simReply.checks.P!.message!.networking!.percentConnected).toBeCloseTo(summary.percentConnected!, 6);
      } finally {
        await sim.close();
      }
    });
  });

  describe.skipIf(Boolean(skipReason) || !binary)(`avalanchego ${version}: a validator alone, checks run once an hour`, () => {
    let node: LocalNetwork;
    let reply: RawHealth;
    let failed = false;

    beforeAll(async () => {
      node = await startLoneValidator({ version, binary: binary!, healthCheckFrequency: '1h' });
      // The chains and `bootstrapped` register after the health worker's first run: they wait an hour to run.
      reply = await healthWhen(node.url, (r) => [...CHAINS, 'bootstrapped'].every((n) => r.checks[n] !== undefined));
    });
    afterAll(async () => {
      await node?.stop({ keepLogs: failed });
    });

    it('answers "not yet run" with Go\'s zero time, as the simulator does', () => {
      try {
        for (const n of [...CHAINS, 'bootstrapped']) expect(reply.checks[n]).toEqual({ error: 'not yet run', timestamp: '0001-01-01T00:00:00Z', duration: 0 });
      } catch (e) {
        failed = true;
        throw e;
      }
    });

    it('the summary and `avatop status` call them pending, not failing', async () => {
      const client = createClient({ url: node.url });
      try {
        const s = summarizeHealth(await client.health.health());
        expect(s.pending).toEqual(['bootstrapped', 'P', 'X', 'C']);
        for (const n of s.pending) expect(s.failing).not.toContain(n);
        expect(s.checks.find((c) => c.name === 'P')!.timestamp).toBeUndefined();
        // The network check ran once at start, before any peer: it may fail, and is then the one failure.
        expect(s.failing.every((n) => n === 'network')).toBe(true);
        expect(s.text).toMatch(s.failing.length ? /^1 failing: network, 4 pending$/ : /^checks pending \(4\)$/);
      } finally {
        await client.close();
      }
      const json = JSON.parse((await runCli(['status', '--url', node.url, '-o', 'json'], { XDG_CONFIG_HOME: node.dir })).stdout);
      expect(json.health.pending).toEqual(['bootstrapped', 'P', 'X', 'C']);
      expect(json.problems.join('\n')).toMatch(/health checks not run yet since the node started: bootstrapped, P, X, C/);
    });
  });
}
