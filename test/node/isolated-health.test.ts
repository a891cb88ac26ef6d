// Issue 23 against real nodes: a bootstrapped validator that is connected to none of its validators. Its header
// used to read `P✓ X✓ C✓ peers 0 uptime 100.0%` while /ext/health answered unhealthy. A validator started alone
// never bootstraps (it waits for a fifth of the stake more than its own), so this file starts its own five-node
// network, lets node 1 bootstrap, then stops the other four: node 1 keeps its bootstrap marks and its health checks
// (rerun every 2 s, `--health-check-frequency`) fail on stake and peers. avatop's own code reads the real reply:
// the health summary and the header's words, the header rendered by Ink, `avatop status` as a process, and the
// simulator's `isolated` preset must answer the same shape.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectedParts, healthParts } from '../../src/app/health-model';
import { summarizeHealth } from '../../src/domain/health/health-summary';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { idleResource, resolveOk } from '../../src/state/resource';
import type { Health } from '../../src/state/types';
import { defaultTheme } from '../../src/theme';
import { startScreen, type Screen } from '../app/harness';
import { runCli } from '../cli/run-cli';
import { healthReplyDiffs } from './helpers/health-shape';
import { startLocalNetwork, stopAllButFirst, type LocalNetwork } from './helpers/network';

const binaries = inject('nodeBinaries') as Record<string, string> | undefined;
const skipReason = !binaries ? 'real-node conformance runs with `npm run test:node`' : inject('nodeSkipReason');

const CHAIN_STAKE_ERROR = 'not connected to enough stake: connected to 20.000000%; required at least 80.000000%';
const NETWORK_ERROR = /^network layer is unhealthy reason: not connected to a minimum of 1 peer\(s\) only 0/;

/** GET /ext/health's body (`{checks, healthy}`, durations in ns as the wire has them) and its status. */
async function getHealth(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/ext/health`, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Until every chain's check and the network check have failed once since the validators went away. */
async function untilCutOff(url: string, timeoutMs = 60_000): Promise<{ status: number; body: Record<string, unknown> }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await getHealth(url).catch(() => undefined);
    const checks = (r?.body.checks ?? {}) as Record<string, { error?: string }>;
    if (r && ['P', 'X', 'C'].every((c) => checks[c]?.error === CHAIN_STAKE_ERROR) && NETWORK_ERROR.test(checks.network?.error ?? '')) return r;
    if (Date.now() > deadline) throw new Error(`node 1 did not report the lost validators in ${timeoutMs} ms: ${JSON.stringify(r?.body).slice(0, 600)}`);
    await new Promise((res) => setTimeout(res, 500));
  }
}

const noConfig = { XDG_CONFIG_HOME: mkdtempSync(join(tmpdir(), 'avatop-noconf-')) };

for (const version of ['v1.14.2', 'v1.11.2']) {
  const binary = binaries?.[version];
  describe.skipIf(Boolean(skipReason) || !binary)(`avalanchego ${version}: a bootstrapped validator cut off from its validators`, () => {
    let net: LocalNetwork;
    let client: AvatopClient;
    let cutOff: { status: number; body: Record<string, unknown> };
    let failed = false;

    beforeAll(async () => {
      net = await startLocalNetwork({ version, binary: binary! });
      client = createClient({ url: net.url, timeoutMs: 10_000 });
      await stopAllButFirst(net);
      cutOff = await untilCutOff(net.url);
      const captureDir = process.env.AVATOP_NODE_CAPTURE;
      if (captureDir) {
        mkdirSync(join(captureDir, version), { recursive: true });
        // The JSON-RPC reply text, as the other captures keep it.
        const res = await fetch(`${net.url}/ext/health`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'health.health', params: {} }),
        });
        writeFileSync(join(captureDir, version, 'health.isolated.json'), `${await res.text()}\n`);
      }
    });
    afterAll(async () => {
      await client?.close();
      await net?.stop({ keepLogs: failed });
      if (failed && net) process.stderr.write(`\nisolated-health ${version}: logs kept in ${net.dir}\n`);
    });

    const track = async (body: () => Promise<void>) => {
      try {
        await body();
      } catch (err) {
        failed = true;
        throw err;
      }
    };

    it('the node itself: /ext/health 503, healthy false, yet P, X and C bootstrapped', () =>
      track(async () => {
        expect(cutOff.status).toBe(503);
        expect(cutOff.body.healthy).toBe(false);
        for (const chain of ['P', 'X', 'C']) expect((await client.info.isBootstrapped({ chain })).isBootstrapped).toBe(true);
        expect((await client.info.peers()).numPeers).toBe(0);
      }));

    it('the health summary and the header model: 4 failing, network first, 20% stake beside the peers, not green', () =>
      track(async () => {
        // Through avatop's client and schema, as every surface gets it.
        const reply = (await client.health.health()) as Health;
        const s = summarizeHealth(reply);
        expect(s.healthy).toBe(false);
        expect(s.kind).toBe('failing');
        expect(s.failing).toEqual(['network', 'P', 'X', 'C']);
        expect(s.pending).toEqual([]);
        expect(s.text).toBe('4 failing: network');
        expect(s.tone).toBe('error');
        expect(s.percentConnected).toBeCloseTo(0.2, 6);
        expect(s.requiredConnected).toBeCloseTo(0.8, 6);
        expect(s.stakeLow).toBe(true);
        // Bootstrap marks and health agree on what they both judge: the node's `bootstrapped` check passes, as
        // info.isBootstrapped says; the health segment is what says why the ✓ marks are not the whole story.
        expect(s.checks.find((c) => c.name === 'bootstrapped')?.state).toBe('passing');
        const theme = defaultTheme();
        const r = resolveOk(idleResource<Health>(), reply, { at: Date.now() });
        const health = healthParts(r, theme);
        expect(health.map((p) => p.text).join('')).toBe('  health 4 failing: network');
        expect(health[1]!.style).toBe(theme.status.error);
        expect(health[1]!.style).not.toBe(theme.status.ok);
        const connected = connectedParts(r, theme);
        expect(connected.map((p) => p.text).join('')).toBe(' (20% stake)');
        expect(connected[0]!.style).toBe(theme.status.warn);
      }));

    it('the header rendered by Ink against the node: bootstrap marks, then the failing health and the stake', () =>
      track(async () => {
        let screen: Screen | undefined;
        try {
          screen = await startScreen({ url: net.url, scheduler: { intervalMs: 1_000 } });
          // The host's own warnings from /ext/metrics (disk, descriptors) may sit between health and peers.
          const header = (f: string) => f.split('\n').slice(0, 2).join('\n');
          const f = await screen.waitFor((f) => /P✓ X✓ C✓  health 4 failing: network  (.*  )?peers 0 \(20% stake\)/.test(header(f)), 60_000);
          expect(header(f)).not.toMatch(/health healthy/);
        } finally {
          await screen?.close();
        }
      }));

    it('`avatop status` as a process: exit 1, the failing checks by name, the connected stake', () =>
      track(async () => {
        const text = await runCli(['status', '--url', net.url], noConfig);
        expect(text.stderr).toBe('');
        expect(text.code).toBe(1);
        expect(text.stdout).toMatch(/^health\s+4 failing: network, P, X, C$/m);
        expect(text.stdout).toMatch(/^peers\s+0 \(20% of stake connected\)$/m);
        expect(text.stdout).toMatch(/^problem\s+health checks failing: network, P, X, C \(\/ext\/health\)$/m);
        expect(text.stdout).toMatch(/^problem\s+connected to 20% of the stake; the node needs 80%$/m);
        const json = await runCli(['status', '--url', net.url, '-o', 'json'], noConfig);
        expect(json.code).toBe(1);
        const out = JSON.parse(json.stdout);
        expect(out.healthy).toBe(false);
        expect(out.health.failing).toEqual(['network', 'P', 'X', 'C']);
        expect(out.health.checks.P).toEqual({ state: 'failing', error: CHAIN_STAKE_ERROR });
        expect(out.health.checks.bootstrapped).toEqual({ state: 'passing' });
      }));

    it("the simulator's `isolated` preset answers the same checks, keys and wording (numbers masked)", () =>
      track(async () => {
        const { createSimNode } = await import('../../src/sim/index');
        const sim = await createSimNode({ profile: version === 'v1.11.2' ? 'v1.11' : 'v1.14', seed: 1, networkId: 12345, validators: 5, peers: 0, utxos: 10, trackedSubnets: 0, health: 'isolated' });
        try {
          const res = await fetch(`${sim.url}/ext/health`);
          expect(res.status).toBe(cutOff.status);
          const diffs = healthReplyDiffs(cutOff.body, await res.json());
          if (diffs.length > 0) process.stderr.write(`\nisolated health diff, avalanchego ${version} vs simulator:\n${diffs.join('\n')}\n`);
          expect(diffs, diffs.join('\n')).toEqual([]);
        } finally {
          await sim.close();
        }
      }));
  });
}
