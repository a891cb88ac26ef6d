// Today's networks and their upgrades, as avalanchego v1.15.0 serves them:
// - info.upgrades is upgrade.GetConfig(networkID), equal to what v1.15.0's own code marshals
//   (test/fixtures/v1.15/info-upgrades-*.json, written by the upgrade package itself); a v1.14.2 node's has no Helicon.
// - Peers announce the upgrade time their release gates on (network/peer/peer.go line 510): mainnet v1.15.0 peers
//   1790089200, Helicon.
// - The futureupgrade check (node/node.go lines 1548-1645), written out below from the node's code: the
//   stake-weighted mode of connected validators' announced times against this node's own; failing from three days
//   before when at least half of all stake announces a time it does not schedule; avalanche_upgrade_time_until.
// - A node left behind: at the upgrade its upgraded peers drop it (version/compatibility.go), it keeps the peers of
//   its own release, and its P-chain stops there.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SimNode } from '../../src/sim/index';
import { parseExposition } from '../../src/metrics/exposition';
import { result } from '../helpers/rpc';
import { startSim } from './helpers';
import { track } from '../helpers/track';
import { diffRows } from '../../src/state/rows';
import type { Validator } from '../../src/state/types';
import { peerAnnouncements, stakeWeightsOf, upgradeFactsFrom } from '../../src/domain/upgrades/facts';
import { groupShare } from '../../src/domain/upgrades/announcements';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/v1.15/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;

const HELICON_MAINNET = Date.UTC(2026, 8, 22, 15);
const GRANITE_MAINNET_SEC = Date.UTC(2025, 10, 19, 16) / 1000;

interface PeerReply {
  nodeID: string;
  version: string;
  upgradeTime: number;
}
interface ValidatorReply {
  nodeID: string;
  weight: string;
  delegatorWeight: string;
}
type Check = { error?: string; message?: Record<string, unknown>; timeOfFirstFailure?: string };

const weightOf = (v: ValidatorReply) => Number(BigInt(v.weight) + BigInt(v.delegatorWeight));

async function state(n: SimNode) {
  const peers = (await result<{ peers: PeerReply[] }>(n.url, '/ext/info', 'info.peers')).peers;
  const validators = (await result<{ validators: ValidatorReply[] }>(n.url, '/ext/bc/P', 'platform.getCurrentValidators')).validators;
  const checks = (await result<{ checks: Record<string, Check> }>(n.url, '/ext/health', 'health.health')).checks;
  const upgrades = await result<Record<string, unknown>>(n.url, '/ext/info', 'info.upgrades');
  const height = Number((await result<{ height: string }>(n.url, '/ext/bc/P', 'platform.getHeight')).height);
  const metrics = parseExposition(await (await fetch(`${n.url}/ext/metrics`)).text()).samples;
  const untilNs = metrics.find((s) => s.name === 'avalanche_upgrade_time_until')?.value;
  return { peers, validators, checks, upgrades, height, untilNs, metrics };
}

/** node.go's futureupgrade, from its code: mode of announced times by stake, and the error tier by time left. */
function futureUpgrade(peers: PeerReply[], validators: ValidatorReply[], localSec: number, nowMs: number) {
  const weights = new Map(validators.map((v) => [v.nodeID, weightOf(v)]));
  const total = validators.reduce((s, v) => s + weightOf(v), 0);
  const byTime = new Map<number, number>();
  let mode = 0;
  let modeWeight = 0;
  for (const p of [...peers].sort((a, b) => (a.nodeID < b.nodeID ? -1 : 1))) {
    const w = weights.get(p.nodeID);
    if (w === undefined) continue;
    const sum = (byTime.get(p.upgradeTime) ?? 0) + w;
    byTime.set(p.upgradeTime, sum);
    if (sum > modeWeight) {
      mode = p.upgradeTime;
      modeWeight = sum;
    }
  }
  const portion = modeWeight / total;
  if (localSec >= mode || portion < 0.5) return { mode, percentage: 100 * portion, count: byTime.size, error: undefined, untilNs: Infinity };
  const until = mode * 1000 - nowMs;
  const DAY = 86_400_000;
  const error = until > 3 * DAY ? undefined : until > DAY ? 'unknown network upgrade detected' : until > 3_600_000 ? 'unknown network upgrade detected - update as soon as possible' : 'imminent network upgrade detected - update immediately';
  return { mode, percentage: 100 * portion, count: byTime.size, error, untilNs: until * 1e6 };
}

function expectFutureUpgrade(s: Awaited<ReturnType<typeof state>>, localSec: number, nowMs: number) {
  const want = futureUpgrade(s.peers, s.validators, localSec, nowMs);
  const check = s.checks.futureupgrade!;
  expect(check.message!.localUpgradeTime).toBe(new Date(localSec * 1000).toISOString().replace('.000Z', 'Z'));
  expect(check.message!.modeUpgradeTime).toBe(new Date(want.mode * 1000).toISOString().replace('.000Z', 'Z'));
  expect(check.message!.modeUpgradeWeightPercentage as number).toBeCloseTo(want.percentage, 9);
  expect(check.message!.numUpgradeTimes).toBe(want.count);
  expect(check.error).toBe(want.error);
  if (want.untilNs === Infinity) expect(s.untilNs).toBe(Infinity);
  else expect(s.untilNs!).toBeCloseTo(want.untilNs, -7);
  return want;
}

describe("each network's upgrade times, as v1.15.0's own code has them", () => {
  for (const [networkId, file] of [
    [1, 'info-upgrades-mainnet.json'],
    [5, 'info-upgrades-fuji.json'],
    [12345, 'info-upgrades-local.json'],
    [1337, 'info-upgrades-local.json'],
  ] as const) {
    it(`network ${networkId}: info.upgrades is upgrade.GetConfig(${networkId}), key for key`, async () => {
      const node = track(await startSim({ networkId, validators: 40 }));
      const got = await result<Record<string, unknown>>(node.url, '/ext/info', 'info.upgrades');
      expect(got).toEqual(fixture(file));
      expect(Object.keys(got)).toEqual(Object.keys(fixture(file)));
      expect((await result<{ version: string }>(node.url, '/ext/info', 'info.getNodeVersion')).version).toBe('avalanchego/1.15.0');
      // Its peers announce the same Helicon time (unscheduled on a local network: 9999-12-01).
      const peers = (await result<{ peers: PeerReply[] }>(node.url, '/ext/info', 'info.peers')).peers;
      expect(new Set(peers.map((p) => p.upgradeTime))).toEqual(new Set([Date.parse(got.heliconTime as string) / 1000]));
    });
  }

  it("a v1.14.2 node's info.upgrades on mainnet: no Helicon (its release does not schedule it)", async () => {
    const node = track(await startSim({ profile: 'v1.14', validators: 40 }));
    expect(await result(node.url, '/ext/info', 'info.upgrades')).toEqual(fixture('info-upgrades-mainnet-v1.14.2.json'));
  });

  it('a v1.14.2 node on a local network: peers announce Granite (1607144400) and info.acps is {}, as a real one answered (captured)', async () => {
    const capture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/node-captures/v1.14.2/${name}`, import.meta.url), 'utf8')).result;
    const node = track(await startSim({ profile: 'v1.14', networkId: 12345, validators: 5, peers: 0 }));
    const real = capture('info.peers.json') as { peers: PeerReply[] };
    const sim = (await result<{ peers: PeerReply[] }>(node.url, '/ext/info', 'info.peers')).peers;
    expect(new Set(sim.map((p) => `${p.version} ${p.upgradeTime}`))).toEqual(new Set(real.peers.map((p) => `${p.version} ${p.upgradeTime}`)));
    expect(await result(node.url, '/ext/info', 'info.acps')).toEqual(capture('info.acps.json'));
  });

  it("info.acps lists v1.15.0's open ACPs (utils/constants/acps.go CurrentACPs), each with its abstaining stake", async () => {
    const node = track(await startSim({ validators: 60 }));
    const { acps } = await result<{ acps: Record<string, { abstainWeight: string; supportWeight: string; objectWeight: string }> }>(node.url, '/ext/info', 'info.acps');
    expect(Object.keys(acps)).toEqual(['194', '224', '236', '247', '267', '273', '283', '285']);
  });
});

describe('the futureupgrade check and a node left behind', () => {
  it('today on mainnet: every peer announces Helicon, the check passes, the metric is +Inf', async () => {
    const node = track(await startSim({ validators: 200 }));
    const s = await state(node);
    const want = expectFutureUpgrade(s, HELICON_MAINNET / 1000, node.network.conn.clockMs);
    expect(want.mode).toBe(1790089200);
    expect(s.checks.futureupgrade!.error).toBeUndefined();
  });

  it("avatop's rule weighs the mode's stake as the check does: delegations counted, of getTotalStake", async () => {
    const node = track(await startSim({ validators: 200 }));
    const s = await state(node);
    const want = expectFutureUpgrade(s, HELICON_MAINNET / 1000, node.network.conn.clockMs);
    const list = diffRows(undefined, s.validators.map((v) => ({ nodeID: v.nodeID, weight: BigInt(v.weight), delegatorWeight: BigInt(v.delegatorWeight) }) as Validator), (v) => v.nodeID);
    // Delegations are a real part of the stake here, or this would not tell own stake from the validator's weight.
    expect(s.validators.filter((v) => BigInt(v.delegatorWeight) > 0n).length).toBeGreaterThan(20);
    const totalStake = BigInt((await result<{ stake: string }>(node.url, '/ext/bc/P', 'platform.getTotalStake')).stake);
    const facts = upgradeFactsFrom({
      version: 'avalanchego/1.15.0',
      networkId: 1,
      health: undefined,
      upgradeTimes: undefined,
      peers: peerAnnouncements(s.peers.map((p) => ({ nodeID: p.nodeID, version: p.version, upgradeTime: new Date(p.upgradeTime * 1000) }))),
      chainTime: undefined,
      weights: stakeWeightsOf(list),
      totalStake,
    });
    const mode = facts.announcements!.groups.find((g) => g.upgradeTimeMs === want.mode * 1000)!;
    expect(groupShare(facts.announcements!, mode)).toBeCloseTo(want.percentage, 3);
  });

  it('a v1.14.2 node before Helicon: its v1.15 peers announce Helicon, the check fails from 3 days before; at Helicon they drop it and its P-chain stops', async () => {
    const node = track(await startSim({ profile: 'v1.14', validators: 200, startTimeMs: HELICON_MAINNET - 5 * 86_400_000, blockIntervalMs: 300_000 }));
    let s = await state(node);
    // A week's notice is not a failure yet: v1.14.2 gates on Granite.
    expect(new Set(s.peers.map((p) => `${p.version} ${p.upgradeTime}`))).toEqual(
      new Set(['avalanchego/1.15.0 1790089200', `avalanchego/1.14.2 ${GRANITE_MAINNET_SEC}`, `avalanchego/1.14.1 ${GRANITE_MAINNET_SEC}`]),
    );
    expectFutureUpgrade(s, GRANITE_MAINNET_SEC, node.network.conn.clockMs);
    expect(s.checks.futureupgrade!.error).toBeUndefined();
    expect(s.upgrades.heliconTime).toBe('9999-12-01T00:00:00Z');
    node.tick(2 * 86_400_000 + 60_000);
    s = await state(node);
    expect(expectFutureUpgrade(s, GRANITE_MAINNET_SEC, node.network.conn.clockMs).error).toBe('unknown network upgrade detected');
    node.tick(2 * 86_400_000);
    s = await state(node);
    expect(expectFutureUpgrade(s, GRANITE_MAINNET_SEC, node.network.conn.clockMs).error).toBe('unknown network upgrade detected - update as soon as possible');
    // Half an hour and a minute before Helicon.
    node.tick(86_400_000 - 120_000 - 30 * 60_000);
    expect(node.network.conn.clockMs).toBe(HELICON_MAINNET - 31 * 60_000);
    s = await state(node);
    expect(expectFutureUpgrade(s, GRANITE_MAINNET_SEC, node.network.conn.clockMs).error).toBe('imminent network upgrade detected - update immediately');
    const before = s.height;
    // Helicon, and one ping interval later: only the v1.14 peers are left, announcing Granite; the check passes again.
    node.tick(31 * 60_000 + 23_000);
    s = await state(node);
    expect(new Set(s.peers.map((p) => p.version))).toEqual(new Set(['avalanchego/1.14.2', 'avalanchego/1.14.1']));
    expect(s.peers.every((p) => p.upgradeTime === GRANITE_MAINNET_SEC)).toBe(true);
    expectFutureUpgrade(s, GRANITE_MAINNET_SEC, node.network.conn.clockMs);
    expect(s.checks.futureupgrade!.error).toBeUndefined();
    const connected = s.checks.P!.message!.networking as { percentConnected: number };
    expect(connected.percentConnected).toBeLessThan(0.05);
    expect(s.checks.P!.error).toMatch(/^not connected to enough stake/);
    // Its P-chain accepted nothing from Helicon on, however long it runs.
    const last = await result<{ timestamp: string }>(node.url, '/ext/bc/P', 'platform.getTimestamp');
    expect(Date.parse(last.timestamp)).toBeLessThan(HELICON_MAINNET);
    node.tick(3_600_000);
    expect((await state(node)).height).toBe(s.height);
    expect(s.height).toBeGreaterThanOrEqual(before);
  });

  it('a v1.14.2 node today: left behind since Helicon from the start', async () => {
    const node = track(await startSim({ profile: 'v1.14', validators: 200 }));
    const s = await state(node);
    expect(new Set(s.peers.map((p) => p.version))).toEqual(new Set(['avalanchego/1.14.2', 'avalanchego/1.14.1']));
    expect(Date.parse((await result<{ timestamp: string }>(node.url, '/ext/bc/P', 'platform.getTimestamp')).timestamp)).toBeLessThan(HELICON_MAINNET);
    expect((s.checks.P!.message!.networking as { percentConnected: number }).percentConnected).toBeLessThan(0.05);
    // Its health answers with today's clock, not its P-chain's.
    expect(Date.parse((s.checks.P as { timestamp: string }).timestamp)).toBeGreaterThan(HELICON_MAINNET + 60 * 86_400_000);
  });

  it('a newer release announcing an upgrade this node does not schedule: tiers by time left, then it is left behind', async () => {
    const node = track(await startSim({ validators: 200, blockIntervalMs: 300_000 }));
    const local = HELICON_MAINNET / 1000;
    const t = Math.floor(node.network.conn.clockMs / 1000) + 8 * 86_400;
    node.connections.setNewerRelease({ version: '1.16.0', timeSec: t, stake: 0.7 });
    let s = await state(node);
    const versions = new Map<string, number>();
    const weights = new Map(s.validators.map((v) => [v.nodeID, weightOf(v)]));
    const total = s.validators.reduce((x, v) => x + weightOf(v), 0);
    for (const p of s.peers) versions.set(`${p.version} ${p.upgradeTime}`, (versions.get(`${p.version} ${p.upgradeTime}`) ?? 0) + (weights.get(p.nodeID) ?? 0) / total);
    expect(versions.get(`avalanchego/1.16.0 ${t}`)!).toBeGreaterThan(0.65);
    expect(versions.get(`avalanchego/1.16.0 ${t}`)!).toBeLessThan(0.75);
    let want = expectFutureUpgrade(s, local, node.network.conn.clockMs);
    expect(want.mode).toBe(t);
    expect(want.error).toBeUndefined();
    expect(s.checks.futureupgrade!.message!.timeUntilUpgrade).toMatch(/^19[12]h\d+m[\d.]+s$/);
    expect(s.untilNs).toBeGreaterThan(7 * 86_400e9);
    node.tick(5 * 86_400_000 + 60_000);
    s = await state(node);
    want = expectFutureUpgrade(s, local, node.network.conn.clockMs);
    expect(want.error).toBe('unknown network upgrade detected');
    node.tick(3 * 86_400_000);
    s = await state(node);
    const heightAtT = s.height;
    // Past T: the 1.16.0 peers are gone, the P-chain has stopped, the check passes (nobody announces T any more).
    expect(s.peers.some((p) => p.version === 'avalanchego/1.16.0')).toBe(false);
    expectFutureUpgrade(s, local, node.network.conn.clockMs);
    node.tick(3_600_000);
    expect((await state(node)).height).toBe(heightAtT);
    node.connections.setNewerRelease(undefined);
  });

  it('a newer release held by less than half the stake is not a failure', async () => {
    const node = track(await startSim({ validators: 200 }));
    node.connections.setNewerRelease({ version: '1.16.0', timeSec: Math.floor(node.network.conn.clockMs / 1000) + 3_600, stake: 0.3 });
    const s = await state(node);
    const want = expectFutureUpgrade(s, HELICON_MAINNET / 1000, node.network.conn.clockMs);
    expect(want.error).toBeUndefined();
    expect(s.untilNs).toBe(Infinity);
  });
});

describe("v1.15.0's metrics", () => {
  it('8 latency buckets, the SAE C-chain metrics after Helicon, avalanche_upgrade_time_until', async () => {
    const node = track(await startSim({ validators: 60 }));
    const { metrics } = await state(node);
    const buckets = metrics.filter((s) => s.name === 'avalanche_snowman_consensus_latencies_bucket').map((s) => s.labels.le);
    expect(buckets).toEqual(['1e+09', '2e+09', '3e+09', '4e+09', '5e+09', '6e+09', '7e+09', '8e+09', '+Inf']);
    const sae = new Set(metrics.filter((s) => s.name.startsWith('avalanche_evm_transition_sae_')).map((s) => s.name));
    for (const name of ['last_settled_height', 'last_executed_height', 'execution_queue_blocks', 'gas_target', 'execute_block_duration_seconds_bucket']) {
      expect(sae.has(`avalanche_evm_transition_sae_${name}`), name).toBe(true);
    }
    expect(metrics.filter((s) => s.name === 'avalanche_evm_transition_sae_execution_queue_duration_seconds_bucket')).toHaveLength(16);
    expect(metrics.find((s) => s.name === 'avalanche_upgrade_time_until')!.value).toBe(Infinity);
  });

  it('v1.14.2: 4 latency buckets and no SAE metrics', async () => {
    const node = track(await startSim({ profile: 'v1.14', validators: 60 }));
    const { metrics } = await state(node);
    expect(metrics.filter((s) => s.name === 'avalanche_snowman_consensus_latencies_bucket')).toHaveLength(5);
    expect(metrics.some((s) => s.name.startsWith('avalanche_evm_transition_'))).toBe(false);
  });
});
