// The exporter's upgrade series through one run: a v1.14.2 node whose peers announce Helicon counts down, and after
// the activation, when the announcing peers are gone and the node's own check passes again, it is still known to be
// left behind (the announcement kept in the store by the poll plan's writes, state.versions.announcement).
import { describe, expect, it } from 'vitest';
import { createAvatopStore, type AvatopState } from '../../src/state/store';
import { idleResource, resolveOk } from '../../src/state/resource';
import { methods } from '../../src/rpc/methods';
import { collectFamilies } from '../../src/exporter/node-series';
import { afterPeers, afterUpgradeFacts } from '../../src/poll/upgrade-watch';
import type { ResultOf } from '../../src/rpc/methods';

const HOUR = 3_600_000;
const HELICON = Date.UTC(2026, 8, 22, 15);
const iso = (ms: number) => new Date(ms).toISOString();

/** info.peers as the schema outputs it: `upgraded` of `n` peers on v1.15.0 announcing Helicon, the rest on v1.14.2. */
function peersReply(n: number, upgraded: number): ResultOf<'info.peers'> {
  const peers = Array.from({ length: n }, (_, i) => ({
    ip: `10.0.0.${i}:9651`,
    nodeID: `NodeID-${i}`,
    version: i < upgraded ? 'avalanchego/1.15.0' : 'avalanchego/1.14.2',
    upgradeTime: i < upgraded ? HELICON / 1000 : Date.UTC(2025, 10, 19, 16) / 1000,
    lastSent: iso(HELICON),
    lastReceived: iso(HELICON),
    trackedSubnets: [],
    benched: [],
    supportedACPs: [],
    objectedACPs: [],
  }));
  return methods['info.peers'].result.parse({ numPeers: String(n), peers });
}

/** /ext/health of a v1.14.2 node: its futureupgrade details (node/node.go) and the P-chain's connected stake. */
function healthReply(modeMs: number, modePercent: number, connected: number, error?: string) {
  return methods['health.health'].result.parse({
    healthy: error === undefined,
    checks: {
      P: { message: { networking: { percentConnected: connected } }, timestamp: iso(HELICON) },
      futureupgrade: {
        message: { localUpgradeTime: '2025-11-19T16:00:00Z', modeUpgradeTime: iso(modeMs), modeUpgradeWeightPercentage: modePercent, numUpgradeTimes: 2 },
        ...(error ? { error } : {}),
        timestamp: iso(HELICON),
      },
    },
  });
}

function base(at: number): AvatopState {
  const s = createAvatopStore().getState();
  const meta = { at };
  return {
    ...s,
    node: {
      ...s.node,
      id: resolveOk(idleResource(), { nodeID: 'NodeID-self', nodePOP: null }, meta),
      networkName: resolveOk(idleResource(), 'mainnet', meta),
      networkId: resolveOk(idleResource(), 1, meta),
      version: resolveOk(idleResource(), methods['info.getNodeVersion'].result.parse({ version: 'avalanchego/1.14.2', databaseVersion: 'v1.4.5', rpcProtocolVersion: '44', gitCommit: 'x', vmVersions: {} }), meta),
    },
    pchain: { ...s.pchain, height: resolveOk(idleResource(), 1000n, meta) },
  };
}

/** One poll round as the scheduler writes it: health, peers, the chain's time, each with its `also`. */
function poll(s: AvatopState, at: number, health: ReturnType<typeof healthReply>, peers: ResultOf<'info.peers'>, chainTime: number): AvatopState {
  const meta = { at };
  let next: AvatopState = { ...s, node: { ...s.node, health: resolveOk(s.node.health, health, meta) }, pchain: { height: resolveOk(s.pchain.height, 1000n, meta), timestamp: resolveOk(s.pchain.timestamp, new Date(chainTime), meta) } };
  next = afterUpgradeFacts(next, health, meta);
  return afterPeers(next, peers, meta);
}

const series = (s: AvatopState, now: number) => {
  const families = collectFamilies([{ name: 'v1', state: s }], now);
  const of = (name: string) => families.find((f) => f.name === name)!.samples;
  return { tier: of('avatop_upgrade_tier'), deadline: of('avatop_upgrade_deadline_seconds') };
};

describe('exporter: the upgrade deadline through one run', () => {
  it('counts down before T, then says the node cannot follow after it, from what it remembered', () => {
    // Five days before: 95% of stake on v1.15.0 announces Helicon.
    let t = HELICON - 5 * 24 * HOUR;
    let s = poll(base(t), t, healthReply(HELICON, 95, 0.99), peersReply(40, 38), t - 2000);
    let x = series(s, t);
    expect(x.tier.map((v) => v.value)).toEqual([2]);
    expect(x.deadline).toEqual([{ labels: { node: 'v1', node_id: 'NodeID-self', network: 'mainnet', release: 'v1.15.0', upgrade_time: '2026-09-22T15:00:00Z' }, value: 5 * 24 * 3600 }]);
    expect(s.versions.announcement).toMatchObject({ upgradeTimeMs: HELICON, release: 'v1.15.0', sharePercent: 95, connectedPercent: 99 });

    // Two days before: the node's own check fails now (72 hours); still tier 3.
    t = HELICON - 2 * 24 * HOUR;
    s = poll(s, t, healthReply(HELICON, 96, 0.99, 'unknown network upgrade detected'), peersReply(40, 38), t - 2000);
    expect(series(s, t).tier.map((v) => v.value)).toEqual([3]);

    // An hour after: the v1.15 peers are gone, the two left announce this node's own Granite, its check passes,
    // 3% of stake is connected, the P-chain stopped just before T.
    t = HELICON + HOUR;
    s = poll(s, t, healthReply(Date.UTC(2025, 10, 19, 16), 3, 0.03), peersReply(2, 0), HELICON - 3000);
    x = series(s, t);
    expect(x.tier.map((v) => v.value)).toEqual([5]);
    expect(x.deadline.map((v) => [v.labels.release, v.labels.upgrade_time, v.value])).toEqual([['v1.15.0', '2026-09-22T15:00:00Z', -3600]]);
    // Kept: nothing on the network says it any more.
    expect(s.versions.announcement).toMatchObject({ upgradeTimeMs: HELICON, release: 'v1.15.0', sharePercent: 96, connectedPercent: 99 });
  });

  it('a node on the announced release has no deadline series, and tier 0', () => {
    const t = HELICON - 5 * 24 * HOUR;
    const s0 = base(t);
    const upgraded = { ...s0, node: { ...s0.node, version: resolveOk(s0.node.version, methods['info.getNodeVersion'].result.parse({ version: 'avalanchego/1.15.0', databaseVersion: 'v1.4.5', rpcProtocolVersion: '46', gitCommit: 'x', vmVersions: {} }), { at: t }) } };
    const health = methods['health.health'].result.parse({
      healthy: true,
      checks: { futureupgrade: { message: { localUpgradeTime: iso(HELICON), modeUpgradeTime: iso(HELICON), modeUpgradeWeightPercentage: 95, numUpgradeTimes: 1 } } },
    });
    const s = poll(upgraded, t, health, peersReply(40, 40), t - 2000);
    const x = series(s, t);
    expect(x.tier.map((v) => v.value)).toEqual([0]);
    expect(x.deadline).toEqual([]);
    expect(s.versions.announcement).toBeUndefined();
  });
});
