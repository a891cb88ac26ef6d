// A node whose P-chain never finishes bootstrapping: what a user sees right after starting a real node. The client
// must call it a state (HttpError.isBootstrapping), and the simulator's bootstrapping mode must answer the same way.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { HttpError } from '../../src/rpc/errors';
import { startBootstrappingNode, type LocalNetwork } from './helpers/network';
import { sendProbe, type Probe } from './helpers/probes';

const binaries = inject('nodeBinaries') as Record<string, string> | undefined;
const skipReason = !binaries ? 'real-node conformance runs with `npm run test:node`' : inject('nodeSkipReason');

const JSON_CT = { 'content-type': 'application/json' };
const PROBES: Probe[] = [
  { name: 'P-chain call', path: '/ext/bc/P', headers: JSON_CT, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getHeight', params: {} }) },
  { name: 'health GET', method: 'GET', path: '/ext/health' },
  { name: 'info call', path: '/ext/info', headers: JSON_CT, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNetworkID', params: {} }) },
];

for (const version of ['v1.14.2', 'v1.11.2']) {
  const binary = binaries?.[version];
  describe.skipIf(Boolean(skipReason) || !binary)(`avalanchego ${version} while the P-chain bootstraps`, () => {
    let node: LocalNetwork;
    let client: AvatopClient;
    let failed = false;

    beforeAll(async () => {
      node = await startBootstrappingNode({ version, binary: binary! });
      client = createClient({ url: node.url });
    });
    afterAll(async () => {
      await client?.close();
      await node?.stop({ keepLogs: failed });
    });

    it('the client reports P-chain calls as bootstrapping, not as a failure', async () => {
      const err = await client.platform.getHeight().then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(err instanceof HttpError)) failed = true;
      expect(err).toBeInstanceOf(HttpError);
      expect((err as HttpError).status).toBe(503);
      expect((err as HttpError).isBootstrapping).toBe(true);
    });

    it('info.isBootstrapped says false for P and the Info API answers', async () => {
      const r = await client.info.isBootstrapped({ chain: 'P' });
      expect(r.isBootstrapped).toBe(false);
      const v = await client.info.getNodeVersion();
      expect(v.version).toContain(version.slice(1));
    });

    it('the simulator in bootstrapping mode answers like the node', async (ctx) => {
      let mod: { createSimNode?: (o: Record<string, unknown>) => Promise<{ url: string; faults: { setBootstrapping(on: boolean): void }; close(): Promise<void> }> };
      try {
        mod = await import(/* @vite-ignore */ '../../src/sim/index');
      } catch {
        ctx.skip('src/sim is not available');
        return;
      }
      const sim = await mod.createSimNode!({ profile: version === 'v1.11.2' ? 'v1.11' : 'v1.14', seed: 1, networkId: 12345, validators: 20, peers: 5, utxos: 10 });
      try {
        sim.faults.setBootstrapping(true);
        const diffs: string[] = [];
        for (const p of PROBES) {
          const real = JSON.stringify(await sendProbe(node.url, p));
          const other = JSON.stringify(await sendProbe(sim.url, p));
          if (real !== other) diffs.push(`${p.name}:\n  real node: ${real}\n  simulator: ${other}`);
        }
        if (diffs.length > 0) {
          failed = true;
          process.stderr.write(`\nbootstrapping diff, avalanchego ${version} vs simulator:\n${diffs.join('\n')}\n`);
        }
        expect(diffs, diffs.join('\n')).toEqual([]);
      } finally {
        await sim.close();
      }
    });
  });
}
