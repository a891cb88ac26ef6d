// The conformance suite run against one avalanchego version: start a local network, put transactions on it, then
// hold our client, codec and simulator against what the node itself says.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  blockIdOf,
  decodeBlock,
  decodeHex,
  decodeSignedTx,
  decodeTransferableOutput,
  decodeUtxo,
  encodeBlock,
  encodeSignedTx,
  encodeTransferableOutput,
  encodeUtxo,
  formatId,
  parseId,
  parseJsonBig,
  stringifyJsonBig,
  toNodeJson,
  txIdOf,
  utxoIdOf,
  type JsonBig,
} from '../../../src/codec/index';
import { createClient, type AvatopClient } from '../../../src/rpc/client';
import { RpcError } from '../../../src/rpc/errors';
import { heliconFromUpgrades, rewardThreshold, type HeliconSchedule } from '../../../src/domain/reward/threshold';
import { networkView } from '../../../src/domain/reward/vote';
import { judgeValidation } from '../../../src/domain/reward/guard';
import { renewalOf } from '../../../src/domain/reward/renewal';
import { methods } from '../../../src/rpc/methods/index';
import { iterateUtxos, utxoRefFromHex } from '../../../src/rpc/utxo-pages';
import { readMetrics } from '../../../src/metrics/fetch';
import { QUANTITIES } from '../../../src/metrics/names';
import { call, callRaw, type Endpoint } from './jsonrpc';
import { startLocalNetwork, type LocalNetwork } from './network';
import { PROBES, sendProbe } from './probes';
import { diffShapes, shapeOf } from './shape';
import { discoverTargets, EXPECTED_RPC_ERRORS } from './targets';
import { liveParams, type Targets } from '../../helpers/method-fixtures';
import { compareReleases, supportedAt } from '../../helpers/versions';
import { ewoq, generateActivity, loadContext, receiver, stakeBriefly, LOCAL_NETWORK_ID, type Activity, type Issued } from './wallet';

export type SimProfile = 'v1.11' | 'v1.14';

interface ChainItem {
  kind: 'block' | 'tx';
  label: string;
  hex: string;
  json: JsonBig;
}

/** Every block from genesis to the tip, and every tx in them, each as the node's hex and its own JSON. */
async function readChain(url: string): Promise<ChainItem[]> {
  const { height } = await call<{ height: string }>(url, 'P', 'platform.getHeight', {});
  const items: ChainItem[] = [];
  for (let h = 0; h <= Number(height); h++) {
    const hex = (await call<{ block: string }>(url, 'P', 'platform.getBlockByHeight', { height: h, encoding: 'hex' })).block;
    const json = (await call<{ block: JsonBig }>(url, 'P', 'platform.getBlockByHeight', { height: h, encoding: 'json' })).block;
    items.push({ kind: 'block', label: `block at height ${h}`, hex, json });
    const obj = json as { txs?: { id: string }[]; tx?: { id: string } };
    for (const t of [...(obj.txs ?? []), ...(obj.tx ? [obj.tx] : [])]) {
      const txHex = (await call<{ tx: string }>(url, 'P', 'platform.getTx', { txID: t.id, encoding: 'hex' })).tx;
      const txJson = (await call<{ tx: JsonBig }>(url, 'P', 'platform.getTx', { txID: t.id, encoding: 'json' })).tx;
      items.push({ kind: 'tx', label: `tx ${t.id} (height ${h})`, hex: txHex, json: txJson });
    }
  }
  return items;
}

/** JSON for comparison: bigint-aware, and with keys in a fixed order so a diff shows values, not order. */
function canonical(v: JsonBig): unknown {
  return parseJsonBig(stringifyJsonBig(v));
}

interface SimHandle {
  url: string;
  network?: { wallets?: { str: string }[] };
  close(): Promise<void>;
}

async function loadSim(): Promise<((opts: Record<string, unknown>) => Promise<SimHandle>) | undefined> {
  // Resolved at run time: the simulator is built in parallel and may not exist yet.
  const path = '../../../src/sim/index';
  try {
    const mod = (await import(/* @vite-ignore */ path)) as { createSimNode?: (o: Record<string, unknown>) => unknown };
    if (typeof mod.createSimNode !== 'function') return undefined;
    return async (opts) => (await mod.createSimNode!(opts)) as SimHandle;
  } catch {
    return undefined;
  }
}

/**
 * The simulator set up like our real network: local network ID (same HRP in addresses and messages) and the real
 * node's default Host filter (`--http-allowed-hosts=localhost`), which the simulator leaves off unless asked.
 */
function simOptions(profile: SimProfile): Record<string, unknown> {
  // The suite's nodes track no subnet (no --track-subnets), so their health has no per-chain check of a subnet.
  return { profile, seed: 1, networkId: LOCAL_NETWORK_ID, allowedHosts: ['localhost'], validators: 60, peers: 20, utxos: 300, trackedSubnets: 0 };
}

export function conformanceSuite(version: string, profile: SimProfile): void {
  // Under the default vitest config (npm test) there is no global setup and nothing is provided: skip, saying how to run.
  const binaries = inject('nodeBinaries') as Record<string, string> | undefined;
  const binary = binaries?.[version];
  const skipReason = !binaries
    ? 'real-node conformance runs with `npm run test:node`'
    : inject('nodeSkipReason') || (binary ? '' : `avalanchego ${version} was not built`);

  describe.skipIf(Boolean(skipReason))(`avalanchego ${version} (local network)`, () => {
    let net: LocalNetwork;
    let client: AvatopClient;
    let activity: Activity;
    let shortStakers: Issued[];
    let targets: Targets;
    let chain: ChainItem[];
    let failed = false;

    beforeAll(async () => {
      if (!binary || !existsSync(binary)) throw new Error(`binary missing for ${version}`);
      net = await startLocalNetwork({ version, binary, timeoutMs: 300_000, minStakeDuration: '5s' });
      process.stderr.write(`${version}: five nodes healthy after ${net.startupMs} ms (${net.dir})\n`);
      try {
        const ctx = await loadContext(net.url);
        activity = await generateActivity(ctx, net.nodes[0]!.nodeId);
        const t = Date.now();
        // Staked for 20 s against a 5 s minimum: 15 s of slack for the tx to be accepted on a loaded machine.
        // Node 5's delegation fee is 6.25 % (node 1 keeps 100 %), so the delegator earns a reward UTXO of its own.
        shortStakers = await stakeBriefly(ctx, net.nodes[4]!.nodeId, 20);
        process.stderr.write(`${version}: short stakers issued and removed in ${Date.now() - t} ms\n`);
        chain = await readChain(net.url);
        const captureDir = process.env.AVATOP_NODE_CAPTURE;
        if (captureDir) {
          mkdirSync(join(captureDir, version), { recursive: true });
          writeFileSync(join(captureDir, version, '_chain.json'), `${stringifyJsonBig(chain as unknown as JsonBig, 2)}\n`);
        }
        targets = await discoverTargets(net.url, {
          addresses: [ewoq.pAddress, receiver.pAddress],
          subnetId: activity.subnetId,
          chainId: activity.chainId,
          txId: activity.issued[0]!.txId,
          stakerTxId: activity.issued.find((i) => i.name === 'AddPermissionlessDelegatorTx')!.txId,
        });
      } catch (err) {
        failed = true;
        throw err;
      }
      client = createClient({ url: net.url });
    });

    afterAll(async () => {
      await client?.close();
      await net?.stop({ keepLogs: failed });
      if (failed && net) process.stderr.write(`${version}: node logs kept in ${net.dir}\n`);
    });

    // Keeps the node logs: for setup, client and codec failures (a simulator diff is about the simulator, not the node).
    const fail = (): void => {
      failed = true;
    };

    it('accepted every transaction we issued, with the ID our codec computed', () => {
      expect(activity.issued.map((i) => i.name)).toEqual([
        'BaseTx',
        'CreateSubnetTx',
        'CreateChainTx',
        'AddSubnetValidatorTx',
        'AddPermissionlessDelegatorTx',
        'AddPermissionlessValidatorTx',
      ]);
    });

    describe('metrics: the node\'s own /ext/metrics', () => {
      it('serves every quantity avatop resolves that its version has, every line in the format', async () => {
        const m = await readMetrics(client, { url: net.url });
        expect(m.skipped).toBe(0);
        const missing = QUANTITIES.map((q) => q.key).filter((k) => !(k in m.values));
        // Quantities a node of this version cannot serve yet: the disk percentage came in v1.14.0, the upgrade
        // countdown gauge (node/node.go, futureupgrade) in v1.13.0.
        const notYet = [
          ...(compareReleases(version, 'v1.14.0') < 0 ? ['diskAvailablePercent'] : []),
          ...(compareReleases(version, 'v1.13.0') < 0 ? ['upgradeTimeUntil'] : []),
        ];
        expect(missing.sort()).toEqual(notYet.sort());
        // Older nodes write the names from before v1.11.8; today's the namespaced ones.
        expect(m.from.residentBytes).toBe(compareReleases(version, 'v1.11.8') < 0 ? 'avalanche_process_resident_memory_bytes' : 'avalanche_process_process_resident_memory_bytes');
        expect(m.values.peers).toBeGreaterThan(0);
      });
    });

    it("the reward threshold avatop computes is the one the node's info.uptime counts peers against", async () => {
      // rewardingStakePercentage (network/network.go) is own stake plus the stake of connected validator peers that
      // see this node at or above its uptime requirement. Recomputed here with the domain module's figure for this
      // node's validation (Helicon is not scheduled on a local v1.14.2 network and unknown to v1.11.2: 80%).
      let helicon: HeliconSchedule;
      try {
        helicon = heliconFromUpgrades(await client.info.upgrades());
      } catch {
        helicon = { kind: 'absent', why: 'no info.upgrades' };
      }
      const nodeId = net.nodes[0]!.nodeId;
      const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [nodeId] });
      const t = rewardThreshold({ start: validators[0]?.startTime, helicon, now: Date.now() });
      expect(t.percent).toBe(80);
      const { height } = await client.platform.getHeight();
      const set = (await client.call('platform.getValidatorsAt', { height: Number(height) })) as { validators: { nodeID: string; weight: bigint }[] };
      const weight = new Map(set.validators.map((v) => [v.nodeID, Number(v.weight)]));
      const total = [...weight.values()].reduce((a, b) => a + b, 0);
      const [{ peers }, uptime] = await Promise.all([client.info.peers(), client.info.uptime()]);
      let rewarding = weight.get(nodeId) ?? 0;
      for (const p of peers) {
        const w = weight.get(p.nodeID);
        const seen = Number((p as { observedUptime?: unknown }).observedUptime);
        if (w && seen >= t.percent!) rewarding += w;
      }
      // Uptimes move between the calls: within a point.
      expect(Math.abs((100 * rewarding) / total - uptime.rewardingStakePercentage)).toBeLessThanOrEqual(1);
    });

    it("the reward guard reads the vote from the node's own replies: NodeUptime recomputed from avatop's view is the node's info.uptime", async () => {
      // network/network.go NodeUptime: own stake at 100%, each connected validator's observedUptime × its weight
      // (a peer not yet pinged counts 0), unconnected stake as 0, over all stake. avatop's network view holds the same
      // voters (without those at 0, which add nothing), so the sum over it is the node's own figure.
      const nodeId = net.nodes[0]!.nodeId;
      const { height } = await client.platform.getHeight();
      const set = (await client.call('platform.getValidatorsAt', { height: Number(height) })) as { validators: { nodeID: string; weight: bigint }[]; totalWeight: bigint };
      const [{ peers }, uptime] = await Promise.all([client.info.peers(), client.info.uptime()]);
      const weights = new Map(set.validators.map((v) => [v.nodeID, v.weight]));
      const view = networkView({ peers, weights, totalWeight: set.totalWeight, selfNodeId: nodeId });
      const total = Number(set.totalWeight);
      const weighted = (100 * Number(weights.get(nodeId) ?? 0n) + view.voters.reduce((sum, v) => sum + v.uptimePercent * Number(v.weight), 0)) / total;
      // Uptimes move between the calls: within a point.
      expect(Math.abs(weighted - uptime.weightedAveragePercentage)).toBeLessThanOrEqual(1);
      // Five nodes, all connected: the vote is read, and the guard judges node 1's validation by it.
      expect(view.trusted).toBe(true);
      const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [nodeId] });
      const own = validators[0]!;
      let helicon: HeliconSchedule;
      try {
        helicon = heliconFromUpgrades(await client.info.upgrades());
      } catch {
        helicon = { kind: 'absent', why: 'no info.upgrades' };
      }
      const now = Date.now();
      const g = judgeValidation(
        { nodeId, validation: 'primary', startMs: own.startTime?.getTime(), endMs: own.endTime?.getTime(), view: 'peers', vote: { view, atMs: now, reachable: true }, helicon, renewal: renewalOf(own) },
        { now },
      );
      expect(g.basis.kind).toBe('vote');
      expect(g.uptimePercent).toBe(view.medianUptimePercent);
      expect(g.budget?.state).toBe('ok');
    });

    describe('client: every registered method', () => {
      for (const [name, descriptor] of Object.entries(methods)) {
        const supported = supportedAt(version, descriptor);
        const expectError = EXPECTED_RPC_ERRORS[name];
        const title = !supported
          ? `${name} is reported as not supported`
          : expectError
            ? `${name} is understood (RPC error expected: ${expectError})`
            : `${name} result validates`;
        it(title, async () => {
          const params = liveParams(name, targets);
          try {
            const result = await (client.call as (n: string, p: unknown) => Promise<unknown>)(name, params);
            if (!supported || expectError) {
              fail();
              expect.fail(`${name} succeeded but was expected to fail: ${JSON.stringify(result, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))?.slice(0, 300)}`);
            }
          } catch (err) {
            if (supported && !expectError) {
              fail();
              throw err;
            }
            if (!(err instanceof RpcError)) {
              fail();
              throw err;
            }
            expect(err.unsupported, `${name}: ${err.message}`).toBe(!supported);
            // A "not supported" error must say which version added or removed the method.
            if (!supported) expect(err.removedIn ?? err.since, `${name}: no version in ${err.message}`).toBeDefined();
          }
        });
      }
    });

    describe('client: every block and tx of the chain, in every encoding', () => {
      it('getBlockByHeight, getBlock and getTx results validate for hex, hexnc and json', async () => {
        const problems: string[] = [];
        const { height } = await call<{ height: string }>(net.url, 'P', 'platform.getHeight', {});
        for (let h = 0; h <= Number(height); h++) {
          for (const encoding of ['hex', 'hexnc', 'json'] as const) {
            try {
              await client.call('platform.getBlockByHeight', { height: h, encoding });
            } catch (err) {
              problems.push(`getBlockByHeight ${h} ${encoding}: ${(err as Error).message}`);
            }
          }
        }
        for (const item of chain) {
          const id = (item.json as { id: string }).id;
          for (const encoding of ['hex', 'json'] as const) {
            try {
              if (item.kind === 'block') await client.call('platform.getBlock', { blockID: id, encoding });
              else await client.call('platform.getTx', { txID: id, encoding });
            } catch (err) {
              problems.push(`${item.label} ${encoding}: ${(err as Error).message}`);
            }
          }
        }
        if (problems.length > 0) fail();
        expect(problems, problems.join('\n')).toEqual([]);
      });
    });

    describe('client: iterateUtxos against the node pagination', () => {
      for (const limit of [1, 2, 1024]) {
        it(`limit ${limit} yields every UTXO of the test addresses exactly once`, async () => {
          const addresses = [ewoq.pAddress, receiver.pAddress];
          const { utxos } = await call<{ utxos: string[] }>(net.url, 'P', 'platform.getUTXOs', { addresses, encoding: 'hex' });
          const all = utxos.map((h) => utxoRefFromHex(h).id).sort();
          const seen: string[] = [];
          for await (const page of iterateUtxos(client, { addresses, limit, maxPages: 200 })) {
            seen.push(...page.utxos.map((u) => u.id));
          }
          expect([...seen].sort()).toEqual(all);
        });
      }
    });

    describe('codec: every block and tx on the chain', () => {
      it('has proposal, commit, abort and standard blocks (stakers ended during the run)', () => {
        const blockTypes = new Set(chain.filter((c) => c.kind === 'block').map((c) => decodeBlock(decodeHex(c.hex, { checksum: true })).typeName));
        process.stderr.write(`${version}: block types on the chain: ${[...blockTypes].join(', ')}; ${shortStakers.length} short stakers\n`);
        for (const t of ['BanffStandardBlock', 'BanffProposalBlock', 'BanffCommitBlock', 'BanffAbortBlock']) expect(blockTypes).toContain(t);
      });

      it('has blocks and txs of every kind we issued', () => {
        const txTypes = new Set(chain.filter((c) => c.kind === 'tx').map((c) => decodeSignedTx(decodeHex(c.hex, { checksum: true })).unsigned.typeName));
        for (const name of ['BaseTx', 'CreateSubnetTx', 'CreateChainTx', 'AddSubnetValidatorTx', 'AddPermissionlessDelegatorTx', 'AddPermissionlessValidatorTx', 'RewardValidatorTx']) {
          expect(txTypes).toContain(name);
        }
      });

      it('decodes to exactly the node JSON, re-encodes to the node bytes, and hashes to the node ID', () => {
        const problems: string[] = [];
        for (const item of chain) {
          const bytes = decodeHex(item.hex, { checksum: true });
          try {
            const decoded = item.kind === 'block' ? decodeBlock(bytes) : decodeSignedTx(bytes);
            const ours = canonical(toNodeJson(decoded, LOCAL_NETWORK_ID));
            const theirs = canonical(item.json);
            try {
              expect(ours).toEqual(theirs);
            } catch (err) {
              problems.push(`${item.label}: JSON differs\n${(err as Error).message}`);
            }
            const again = item.kind === 'block' ? encodeBlock(decoded as ReturnType<typeof decodeBlock>) : encodeSignedTx(decoded as ReturnType<typeof decodeSignedTx>);
            if (Buffer.compare(Buffer.from(again), Buffer.from(bytes)) !== 0) problems.push(`${item.label}: re-encoding differs from the node bytes`);
            const id = formatId(item.kind === 'block' ? blockIdOf(bytes) : txIdOf(bytes));
            if (id !== (item.json as { id?: string }).id) problems.push(`${item.label}: ID ${id} != node's ${(item.json as { id?: string }).id}`);
          } catch (err) {
            problems.push(`${item.label}: ${(err as Error).message}`);
          }
        }
        if (problems.length > 0) fail();
        expect(problems, problems.join('\n\n')).toEqual([]);
      });
    });

    describe('ended stakers', () => {
      it('getTxStatus of every RewardValidatorTx validates, and both outcomes occur (Committed and Aborted)', async () => {
        const rewardTxIds = chain
          .filter((c) => c.kind === 'tx' && decodeSignedTx(decodeHex(c.hex, { checksum: true })).unsigned.typeName === 'RewardValidatorTx')
          .map((c) => (c.json as { id: string }).id);
        expect(rewardTxIds.length).toBeGreaterThanOrEqual(2);
        const statuses = new Set<string>();
        for (const txID of rewardTxIds) statuses.add(String((await client.platform.getTxStatus({ txID })).status));
        expect([...statuses].sort()).toEqual(['Aborted', 'Committed']);
      });

      it('the rewarded delegator has reward UTXOs that decode and re-encode to the node bytes', async () => {
        const txID = shortStakers[0]!.txId;
        const r = await call<{ numFetched: string; utxos: string[] }>(net.url, 'P', 'platform.getRewardUTXOs', { txID, encoding: 'hex' });
        expect(Number(r.numFetched)).toBeGreaterThan(0);
        for (const hex of r.utxos) {
          const bytes = decodeHex(hex, { checksum: true });
          const u = decodeUtxo(bytes);
          expect(formatId(u.txId)).toBe(txID);
          expect(Buffer.from(encodeUtxo(u)).equals(Buffer.from(bytes))).toBe(true);
        }
        const viaClient = await client.platform.getRewardUTXOs({ txID, encoding: 'hex' });
        expect(viaClient).toBeDefined();
      });
    });

    describe('codec: UTXOs of the test addresses', () => {
      it('decode, re-encode to the node bytes, and belong to the addresses', async () => {
        const { utxos } = await call<{ utxos: string[] }>(net.url, 'P', 'platform.getUTXOs', {
          addresses: [ewoq.pAddress, receiver.pAddress],
          encoding: 'hex',
        });
        expect(utxos.length).toBeGreaterThan(2);
        const kinds = new Set<string>();
        for (const hex of utxos) {
          const bytes = decodeHex(hex, { checksum: true });
          const u = decodeUtxo(bytes);
          kinds.add(u.output.typeName);
          expect(Buffer.from(encodeUtxo(u)).equals(Buffer.from(bytes))).toBe(true);
        }
        // The BaseTx paid the receiver a stakeable-locked output.
        expect(kinds).toContain('stakeable.LockOut');
        expect(kinds).toContain('secp256k1fx.TransferOutput');
      });

      it('getStake stakedOutputs decode as transferable outputs and re-encode to the node bytes', async () => {
        const r = await call<{ staked: string; stakedOutputs: string[] }>(net.url, 'P', 'platform.getStake', {
          addresses: [ewoq.pAddress],
          encoding: 'hex',
        });
        // The delegator's 25 AVAX and the new validator's 2000 AVAX, both staked by ewoq.
        expect(r.stakedOutputs.length).toBeGreaterThanOrEqual(2);
        let sum = 0n;
        for (const hex of r.stakedOutputs) {
          const bytes = decodeHex(hex, { checksum: true });
          const o = decodeTransferableOutput(bytes);
          if (o.output.typeId === 7) sum += o.output.amount;
          expect(Buffer.from(encodeTransferableOutput(o)).equals(Buffer.from(bytes))).toBe(true);
        }
        expect(sum.toString()).toBe(r.staked);
      });

      it('utxoIdOf matches the node: getUTXOs endIndex.utxo page by page, and getBalance utxoIDs', async () => {
        const seen: string[] = [];
        let startIndex: { address: string; utxo: string } | undefined;
        for (let page = 0; page < 50; page++) {
          const r = await call<{ numFetched: string; utxos: string[]; endIndex: { address: string; utxo: string } }>(net.url, 'P', 'platform.getUTXOs', {
            addresses: [receiver.pAddress],
            limit: 1,
            encoding: 'hex',
            ...(startIndex ? { startIndex } : {}),
          });
          if (r.utxos.length === 0) break;
          const u = decodeUtxo(decodeHex(r.utxos[0]!, { checksum: true }));
          expect(formatId(utxoIdOf(u.txId, u.outputIndex))).toBe(r.endIndex.utxo);
          seen.push(`${formatId(u.txId)}:${u.outputIndex}`);
          startIndex = r.endIndex;
        }
        expect(seen.length).toBe(2);
        const bal = await call<{ utxoIDs: { txID: string; outputIndex: number }[] | null }>(net.url, 'P', 'platform.getBalance', {
          addresses: [receiver.pAddress],
        });
        expect((bal.utxoIDs ?? []).map((x) => `${x.txID}:${x.outputIndex}`).sort()).toEqual([...seen].sort());
        expect(seen.every((s) => s.startsWith(activity.issued[0]!.txId))).toBe(true);
        expect(parseId(activity.issued[0]!.txId)).toHaveLength(32);
      });
    });

    describe(`simulator profile ${profile}: transport edges and error replies`, () => {
      it('answer like the real node (status, node-id header, JSON-RPC error code and message)', async (ctx) => {
        const create = await loadSim();
        if (!create) {
          ctx.skip('src/sim has no createSimNode yet');
          return;
        }
        const sim = await create(simOptions(profile));
        try {
          const report: string[] = [];
          const captured: Record<string, unknown> = {};
          const heightOf = async (url: string): Promise<number> =>
            Number((await call<{ height: string }>(url, 'P', 'platform.getHeight', {})).height);
          const realTarget = { address: ewoq.pAddress, height: await heightOf(net.url) };
          const simTarget = { address: sim.network?.wallets?.[0]?.str ?? '', height: await heightOf(sim.url) };
          for (const p of PROBES) {
            if (p.onlyFrom && compareReleases(version, p.onlyFrom) < 0) continue;
            const real = await sendProbe(net.url, p, realTarget);
            captured[p.name] = real;
            let other;
            try {
              other = await sendProbe(sim.url, p, simTarget);
            } catch (err) {
              report.push(`${p.name}: simulator failed: ${(err as Error).message}`);
              continue;
            }
            const a = JSON.stringify(real);
            const b = JSON.stringify(other);
            if (a !== b) report.push(`${p.name}:\n      real node: ${a}\n      simulator: ${b}`);
          }
          const captureDir = process.env.AVATOP_NODE_CAPTURE;
          if (captureDir) {
            mkdirSync(join(captureDir, version), { recursive: true });
            writeFileSync(join(captureDir, version, '_probes.json'), `${JSON.stringify(captured, null, 2)}\n`);
          }
          if (report.length > 0) {
            process.stderr.write(`\nprobe diff, avalanchego ${version} vs simulator ${profile}:\n  ${report.join('\n  ')}\n`);
          }
          expect(report, report.join('\n')).toEqual([]);
        } finally {
          await sim.close();
        }
      });
    });

    describe(`simulator profile ${profile}: same keys and value types as the real node`, () => {
      it('every method both support', async (ctx) => {
        const create = await loadSim();
        if (!create) {
          ctx.skip('src/sim has no createSimNode yet');
          return;
        }
        const sim = await create(simOptions(profile));
        try {
          const wallet = sim.network?.wallets?.[0]?.str;
          const simTargets = await discoverTargets(sim.url, wallet ? { addresses: [wallet] } : {});
          const report: string[] = [];
          for (const [name, d] of Object.entries(methods)) {
            if (!supportedAt(version, d) || EXPECTED_RPC_ERRORS[name] || d.mutating) continue;
            const endpoint = d.endpoint as Endpoint;
            const realText = await callRaw(net.url, endpoint, name, liveParams(name, targets));
            const real = parseJsonBig(realText) as { result?: JsonBig; error?: unknown };
            // AVATOP_NODE_CAPTURE=<dir> keeps the real replies, for the simulator's owners to read.
            const captureDir = process.env.AVATOP_NODE_CAPTURE;
            if (captureDir) {
              mkdirSync(join(captureDir, version), { recursive: true });
              writeFileSync(join(captureDir, version, `${name}.json`), realText);
            }
            let simReply: { result?: JsonBig; error?: { message?: string } };
            try {
              simReply = parseJsonBig(await callRaw(sim.url, endpoint, name, liveParams(name, simTargets))) as typeof simReply;
            } catch (err) {
              report.push(`${name}: simulator failed: ${(err as Error).message}`);
              continue;
            }
            if (real.error) {
              report.push(`${name}: real node errored (${JSON.stringify(real.error)}); cannot compare`);
              continue;
            }
            if (simReply.error) {
              report.push(`${name}: simulator answered an error: ${simReply.error.message ?? JSON.stringify(simReply.error)}`);
              continue;
            }
            for (const line of diffShapes(shapeOf(real.result), shapeOf(simReply.result))) report.push(`${name} ${line}`);
          }
          if (report.length > 0) {
            process.stderr.write(`\nshape diff, avalanchego ${version} vs simulator ${profile}:\n  ${report.join('\n  ')}\n`);
          }
          expect(report, report.join('\n')).toEqual([]);
        } finally {
          await sim.close();
        }
      });
    });
  });
}
