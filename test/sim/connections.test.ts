// One connection model: info.peers, getCurrentValidators `connected`, the chains' connected stake and info.uptime
// read the same connections, and every number is checked here against avalanchego v1.15.0's own formula, written
// out from the node's code (not from what the simulator happens to serve):
// - info.uptime is network.NodeUptime (network/network.go lines 1173-1226): this node at 100% of its own weight,
//   each connected validator's observed uptime times its weight, unconnected stake as 0, over the total weight;
//   rewarding stake is this node's own plus the peers whose view reaches the requirement (90% when this node's
//   validation started at or after Helicon, genesis.ACP267UptimeRequirement; else 80%).
// - A chain's percentConnected is connected weight (this node's own included: the chain router connects it to itself)
//   over total weight (snow/engine/common/tracker/peers.go ConnectedPercent; handler/health.go).
// - A peer's observedUptime is its uptime manager's view of this node, `uint32(fraction * 100)`, sent with each ping
//   (network/peer/peer.go getUptime, handlePing), the first one 22.5 s after it connects.
import { describe, expect, it } from 'vitest';
import type { SimNode } from '../../src/sim/index';
import { reply, result } from '../helpers/rpc';
import { startSim, START } from './helpers';
import { track } from '../helpers/track';

interface PeerReply {
  nodeID: string;
  version: string;
  upgradeTime: number;
  observedUptime: string;
}
interface ValidatorReply {
  nodeID: string;
  startTime: string;
  weight: string;
  delegatorWeight: string;
  connected: boolean;
}
type Checks = Record<string, { error?: string; message?: any }>;

const HELICON_MAINNET = Date.UTC(2026, 8, 22, 15);

async function look(n: SimNode) {
  const peers = (await result<{ peers: PeerReply[] }>(n.url, '/ext/info', 'info.peers')).peers;
  const validators = (await result<{ validators: ValidatorReply[] }>(n.url, '/ext/bc/P', 'platform.getCurrentValidators')).validators;
  const uptime = await result<{ weightedAveragePercentage: string; rewardingStakePercentage: string }>(n.url, '/ext/info', 'info.uptime');
  const health = await result<{ checks: Checks }>(n.url, '/ext/health', 'health.health');
  const me = (await result<{ nodeID: string }>(n.url, '/ext/info', 'info.getNodeID')).nodeID;
  return { peers, validators, uptime, health, me };
}

/** A validator's weight in the validator set: its own stake and its delegators'. */
const weightOf = (v: ValidatorReply) => Number(BigInt(v.weight) + BigInt(v.delegatorWeight));

/** network.NodeUptime, from the node's code, over what the API shows. */
function nodeUptime(peers: PeerReply[], validators: ValidatorReply[], me: string, requirement: number) {
  const byId = new Map(validators.map((v) => [v.nodeID, weightOf(v)]));
  const total = validators.reduce((s, v) => s + weightOf(v), 0);
  const myStake = byId.get(me)!;
  let weighted = 100 * myStake;
  let rewarding = myStake;
  for (const p of peers) {
    const w = byId.get(p.nodeID) ?? 0;
    if (w === 0) continue;
    const percent = Number(p.observedUptime);
    weighted += percent * w;
    if (percent / 100 >= requirement) rewarding += w;
  }
  return { weighted: Math.abs(weighted / total), rewarding: Math.abs((100 * rewarding) / total) };
}

/** The primary chains' ConnectedPercent: this node and its connected validators over all stake. */
function connectedPercent(peers: PeerReply[], validators: ValidatorReply[], me: string): number {
  const connected = new Set([me, ...peers.map((p) => p.nodeID)]);
  const total = validators.reduce((s, v) => s + weightOf(v), 0);
  return validators.filter((v) => connected.has(v.nodeID)).reduce((s, v) => s + weightOf(v), 0) / total;
}

function requirementFor(validators: ValidatorReply[], me: string, heliconMs: number): number {
  return Number(validators.find((v) => v.nodeID === me)!.startTime) * 1000 >= heliconMs ? 0.9 : 0.8;
}

function expectOneModel(s: Awaited<ReturnType<typeof look>>, heliconMs = HELICON_MAINNET) {
  const { peers, validators, uptime, health, me } = s;
  const want = nodeUptime(peers, validators, me, requirementFor(validators, me, heliconMs));
  expect(uptime.weightedAveragePercentage).toBe(want.weighted.toFixed(4));
  expect(uptime.rewardingStakePercentage).toBe(want.rewarding.toFixed(4));
  const percent = connectedPercent(peers, validators, me);
  const peerIds = new Set(peers.map((p) => p.nodeID));
  for (const chain of ['P', 'X', 'C']) {
    expect(health.checks[chain]!.message.networking.percentConnected).toBeCloseTo(percent, 12);
    expect(health.checks[chain]!.message.networking.disconnectedValidators).toEqual(
      validators.filter((v) => v.nodeID !== me && !peerIds.has(v.nodeID)).map((v) => v.nodeID).sort(),
    );
  }
  for (const v of validators) expect(v.connected, v.nodeID).toBe(v.nodeID === me || peerIds.has(v.nodeID));
  return { want, percent };
}

describe('one connection model, as a v1.15.0 node counts it', () => {
  it('by default: connected to about all stake, every number read from the same peers', async () => {
    const node = track(await startSim({ validators: 300 }));
    const s = await look(node);
    const { percent } = expectOneModel(s);
    expect(percent).toBeGreaterThan(0.95);
    // Every validator peer is in info.peers, and so are some non-validators.
    const validatorIds = new Set(s.validators.map((v) => v.nodeID));
    expect(s.peers.filter((p) => !validatorIds.has(p.nodeID)).length).toBe(40);
    expect(s.peers.filter((p) => validatorIds.has(p.nodeID)).length).toBeGreaterThan(280);
    // Mainnet v1.15.0 peers announce Helicon (1790089200); the v1.14 ones were dropped at Helicon.
    expect(new Set(s.peers.map((p) => `${p.version} ${p.upgradeTime}`))).toEqual(new Set(['avalanchego/1.15.0 1790089200']));
  });

  it('holds a chosen connected share, through every surface', async () => {
    const node = track(await startSim({ validators: 300, connectedStake: 0.9 }));
    const { percent } = expectOneModel(await look(node));
    expect(percent).toBeLessThanOrEqual(0.9);
    expect(percent).toBeGreaterThan(0.88);
    node.tick(120_000);
    const later = expectOneModel(await look(node));
    expect(Math.abs(later.percent - 0.9)).toBeLessThan(0.02);
    // And at run time.
    node.connections.setConnectedStake(0.5);
    const half = expectOneModel(await look(node));
    expect(half.percent).toBeLessThanOrEqual(0.5);
    expect(half.percent).toBeGreaterThan(0.47);
    const health = (await look(node)).health;
    expect(health.checks.P!.error).toMatch(/^not connected to enough stake: connected to 4\d\.\d{6}%; required at least 80\.000000%$/);
  });

  it('an isolated node reports its own stake share as its uptime, as a real one would', async () => {
    const node = track(await startSim({ validators: 300 }));
    node.connections.setIsolated(true);
    const s = await look(node);
    expect(s.peers).toEqual([]);
    const { want, percent } = expectOneModel(s);
    const own = weightOf(s.validators.find((v) => v.nodeID === s.me)!) / s.validators.reduce((t, v) => t + weightOf(v), 0);
    expect(percent).toBeCloseTo(own, 12);
    expect(Number(s.uptime.weightedAveragePercentage)).toBeCloseTo(100 * own, 3);
    expect(Number(s.uptime.rewardingStakePercentage)).toBeCloseTo(100 * own, 3);
    expect(want.weighted).toBeLessThan(5);
    // Let back: the peers connect over 10 s and report nothing of this node before their first ping.
    node.connections.setIsolated(false);
    node.tick(11_000);
    const back = await look(node);
    expect(back.peers.length).toBeGreaterThan(250);
    expect(back.peers.every((p) => p.observedUptime === '0')).toBe(true);
    expectOneModel(back);
    node.tick(22_500);
    const pinged = await look(node);
    // All but the few that connected in the last 22.5 s (peers come and go) have pinged.
    const views = pinged.peers.filter((p) => p.observedUptime !== '0');
    expect(views.length).toBeGreaterThan(pinged.peers.length - 15);
    expect(views.every((p) => Number(p.observedUptime) > 90)).toBe(true);
    expectOneModel(pinged);
  });

  it('a restart is an outage in the history; peers reconnect and report 0 until their first ping, 22.5 s after they connect', async () => {
    const node = track(await startSim({ validators: 200, blockIntervalMs: 20_000, ownValidation: { startSec: START / 1000 - 10 * 86_400, endSec: START / 1000 + 20 * 86_400, peersUptime: 100, ownUptime: 100 } }));
    const before = await look(node);
    expect(before.peers.every((p) => p.observedUptime === '100')).toBe(true);
    node.connections.restart(4 * 3_600_000);
    const after = await look(node);
    expect(after.peers).toEqual([]);
    expectOneModel(after);
    // Each peer comes back 0.2 s to 10 s after the restart; none has pinged before 22.5 s after its connection.
    node.tick(10_000);
    const connected = await look(node);
    expect(connected.peers.length).toBeGreaterThan(150);
    expect(connected.peers.every((p) => p.observedUptime === '0')).toBe(true);
    expect(Number(connected.uptime.weightedAveragePercentage)).toBeLessThan(5);
    expectOneModel(connected);
    // 23 s after the restart: the peers that connected in its first half second have pinged.
    node.tick(13_000);
    const some = await look(node);
    const pinged = some.peers.filter((p) => p.observedUptime !== '0');
    expect(pinged.length).toBeGreaterThan(0);
    expect(pinged.length).toBeLessThan(some.peers.length / 5);
    node.tick(10_000);
    const all = await look(node);
    // 4 h down in 10 d 4 h validated: (244 h − 4 h) / 244 h = 98.36…% → 98; only peers that came in the last
    // 22.5 s (a few come and go) have not pinged yet.
    expect(new Set(all.peers.map((p) => p.observedUptime).filter((u) => u !== '0'))).toEqual(new Set(['98']));
    expect(all.peers.filter((p) => p.observedUptime === '0').length).toBeLessThan(10);
    expectOneModel(all);
  });

  it("each peer's view derives from this node's outages, truncated to a whole percent", async () => {
    // 30 d validated, 2 d 6 h down: 27.75 / 30 = 92.5% → 92 from every peer.
    const nowSec = START / 1000;
    const node = track(await startSim({
      validators: 200,
      ownValidation: { startSec: nowSec - 30 * 86_400, endSec: nowSec + 10 * 86_400, peersUptime: 92.5, ownUptime: 99.9, outages: [{ fromSec: nowSec - 20 * 86_400, toSec: nowSec - 20 * 86_400 + 54 * 3_600 }] },
    }));
    const s = await look(node);
    expect(new Set(s.peers.map((p) => p.observedUptime))).toEqual(new Set(['92']));
    const { want } = expectOneModel(s);
    // Started before Helicon? No: 2026-10-27 is after it, so 92% counts as rewarding (≥ 90%).
    expect(want.rewarding).toBeCloseTo(100 * connectedPercent(s.peers, s.validators, s.me), 6);
    // A further outage of 3 days, recorded now: 24.75 / 30 = 82.5% → 82, below the 90% of a post-Helicon validation.
    node.connections.addOutage(START - 5 * 86_400_000, START - 2 * 86_400_000);
    node.tick(22_500);
    const worse = await look(node);
    expect(new Set(worse.peers.map((p) => p.observedUptime).filter((u) => u !== '0'))).toEqual(new Set(['82']));
    expect(worse.peers.filter((p) => p.observedUptime === '0').length).toBeLessThan(10);
    const w = expectOneModel(worse).want;
    const own = weightOf(worse.validators.find((v) => v.nodeID === worse.me)!) / worse.validators.reduce((t, v) => t + weightOf(v), 0);
    expect(w.rewarding).toBeCloseTo(100 * own, 6);
  });

  it('views chosen outright: shares of stake at each whole percent, read by the same formula', async () => {
    const node = track(await startSim({ validators: 300 }));
    node.connections.setViews([
      [99, 60],
      [89, 25],
      [70, 15],
    ]);
    const s = await look(node);
    expectOneModel(s);
    const byId = new Map(s.validators.map((v) => [v.nodeID, weightOf(v)]));
    const share = new Map<string, number>();
    let total = 0;
    for (const p of s.peers) {
      const w = byId.get(p.nodeID) ?? 0;
      if (w === 0) continue;
      share.set(p.observedUptime, (share.get(p.observedUptime) ?? 0) + w);
      total += w;
    }
    expect([...share.keys()].sort()).toEqual(['70', '89', '99']);
    expect(share.get('99')! / total).toBeGreaterThan(0.5);
    expect(share.get('89')! / total).toBeGreaterThan(0.15);
  });

  it('a validation started before Helicon counts rewarding stake at 80%', async () => {
    const nowSec = START / 1000;
    const node = track(await startSim({ validators: 200, ownValidation: { startSec: Date.UTC(2026, 7, 1) / 1000, endSec: nowSec + 30 * 86_400, peersUptime: 100, ownUptime: 100 } }));
    node.connections.setViews([
      [85, 50],
      [95, 50],
    ]);
    const s = await look(node);
    expect(requirementFor(s.validators, s.me, HELICON_MAINNET)).toBe(0.8);
    const { want, percent } = expectOneModel(s);
    // Every connected view (85 and 95) reaches 80%.
    expect(want.rewarding).toBeCloseTo(100 * percent, 6);
  });
});

describe('info.uptime while the P-chain bootstraps, and for a node that is not a validator', () => {
  const uptimeReply = (n: SimNode) => reply(n.url, '/ext/info', 'info.uptime');

  it("answers v1.15.0's error while bootstrapping (it reads the validation's start); v1.14.2 answers regardless", async () => {
    const v115 = track(await startSim({ validators: 60 }));
    v115.faults.setBootstrapping(true);
    expect((await uptimeReply(v115)).error).toEqual({ code: -32000, message: "couldn't get node uptime: error while fetching local validator start time still bootstrapping", data: null });
    await v115.close();
    const v114 = track(await startSim({ profile: 'v1.14', networkId: 12345, validators: 60 }));
    v114.faults.setBootstrapping(true);
    expect((await uptimeReply(v114)).result).toMatchObject({ weightedAveragePercentage: expect.stringMatching(/^\d+\.\d{4}$/) });
  });

  it('answers errNotValidator once this node\'s validation has ended', async () => {
    const nowSec = START / 1000;
    // A v1.14.2 node on a local network: no auto-renewal to keep it in the set.
    const node = track(await startSim({ profile: 'v1.14', networkId: 12345, validators: 60, ownValidation: { startSec: nowSec - 20 * 86_400, endSec: nowSec + 3_600, peersUptime: 99, ownUptime: 99 } }));
    expect((await uptimeReply(node)).result).toBeDefined();
    node.tick(2 * 3_600_000);
    expect((await uptimeReply(node)).error).toEqual({ code: -32000, message: "couldn't get node uptime: node is not a validator", data: null });
  });
});
