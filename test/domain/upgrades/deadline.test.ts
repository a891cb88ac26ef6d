// The upgrade deadline: tiers at 7 days, 72 hours and 24 hours before the time half of the stake announces (the
// node's own rule, node/node.go), and after it a node left behind recognised from what remains.
import { describe, expect, it } from 'vitest';
import { judgeUpgrade, UPGRADE_TIER_MS, type UpgradeFacts } from '../../../src/domain/upgrades/deadline';
import { groupAnnouncements, type PeerAnnouncement } from '../../../src/domain/upgrades/announcements';
import { readFutureUpgrade } from '../../../src/domain/upgrades/node-check';
import { missedActivation, PUBLIC_ACTIVATIONS } from '../../../src/domain/upgrades/activations';
import { parseUpgradeAnnouncement } from '../../../src/domain/upgrades/memory';
import type { UpgradeAnnouncement } from '../../../src/state/upgrade-announcements';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GRANITE = Date.UTC(2025, 10, 19, 16);
const HELICON = Date.UTC(2026, 8, 22, 15);

/** A mainnet of 100 validators of equal stake; the first `upgraded` run v1.15.0 and announce Helicon. */
function mainnet(opts: { upgraded: number; connected?: number; own?: string; ownUpgradeMs?: number; now: number; chainTimeMs?: number; withCheck?: boolean }): UpgradeFacts {
  const connected = opts.connected ?? 98;
  const peers: PeerAnnouncement[] = [];
  for (let i = 0; i < connected; i++) {
    const up = i < opts.upgraded;
    peers.push({ nodeID: `N${i}`, version: up ? 'avalanchego/1.15.0' : 'avalanchego/1.14.2', upgradeTimeMs: up ? HELICON : GRANITE });
  }
  const weights = new Map(Array.from({ length: 100 }, (_, i) => [`N${i}`, 2_000n] as const));
  const ownUpgradeMs = opts.ownUpgradeMs ?? GRANITE;
  const share = Math.min(opts.upgraded, connected);
  const mode = share * 2 > connected ? HELICON : GRANITE;
  const modeShare = mode === HELICON ? share : connected - share;
  return {
    nodeVersion: opts.own ?? 'avalanchego/1.14.2',
    networkId: 1,
    ownUpgradeMs,
    check:
      opts.withCheck === false
        ? undefined
        : readFutureUpgrade({ message: { localUpgradeTime: new Date(ownUpgradeMs).toISOString(), modeUpgradeTime: new Date(mode).toISOString(), modeUpgradeWeightPercentage: modeShare, numUpgradeTimes: 2 } }),
    announcements: groupAnnouncements(peers, weights, 200_000n),
    peerVersions: peers.map((p) => p.version),
    connectedShare: connected / 100,
    chainTimeMs: opts.chainTimeMs ?? opts.now - 2_000,
  };
}

describe('before the deadline', () => {
  it('says who announces what, what this node runs and by when to upgrade', () => {
    const now = HELICON - 5 * DAY;
    const v = judgeUpgrade(mainnet({ upgraded: 72, now }), undefined, now);
    expect(v).toMatchObject({ tier: 'week', severity: 'warning', exitCode: 1, deadlineMs: HELICON, release: 'v1.15.0', sharePercent: 72, shareOf: 'stake', source: 'node-check', upgradeName: 'Helicon' });
    expect(v.sentence).toBe(
      '72% of stake runs avalanchego v1.15.0, which schedules a network upgrade (Helicon) at 2026-09-22 15:00Z; this node runs v1.14.2: upgrade before 2026-09-22 15:00Z (in 5d 0h)',
    );
    expect(v.badge).toBe('upgrade to v1.15.0 in 5d 0h');
  });

  it.each([
    [30 * DAY, 'scheduled', 'notice', 0],
    [UPGRADE_TIER_MS.week + 1000, 'scheduled', 'notice', 0],
    [UPGRADE_TIER_MS.week, 'week', 'warning', 1],
    [UPGRADE_TIER_MS.days + 1000, 'week', 'warning', 1],
    [UPGRADE_TIER_MS.days, 'days', 'warning', 1],
    [UPGRADE_TIER_MS.day + 1000, 'days', 'warning', 1],
    [UPGRADE_TIER_MS.day, 'day', 'critical', 1],
    [60_000, 'day', 'critical', 1],
  ] as const)('%d ms before: %s', (left, tier, severity, exitCode) => {
    const now = HELICON - left;
    expect(judgeUpgrade(mainnet({ upgraded: 80, now }), undefined, now)).toMatchObject({ tier, severity, exitCode });
  });

  it('less than half of the stake: said, not counted (the node does not count it either)', () => {
    const now = HELICON - 2 * DAY;
    const v = judgeUpgrade(mainnet({ upgraded: 30, now }), undefined, now);
    expect(v).toMatchObject({ tier: 'announced', exitCode: 0, sharePercent: 30, release: 'v1.15.0' });
    expect(v.sentence).toMatch(/^30% of stake runs avalanchego v1\.15\.0, which schedules a network upgrade \(Helicon\) at 2026-09-22 15:00Z; this node runs v1\.14\.2: the node counts it once half of the stake announces it$/);
    expect(v.badge).toBeUndefined();
  });

  it("without the node's check, the peers' stake decides by the same half", () => {
    const now = HELICON - 2 * DAY;
    expect(judgeUpgrade(mainnet({ upgraded: 60, now, withCheck: false }), undefined, now)).toMatchObject({ tier: 'days', source: 'peers', sharePercent: 60 });
    expect(judgeUpgrade(mainnet({ upgraded: 40, now, withCheck: false }), undefined, now)).toMatchObject({ tier: 'announced', sharePercent: 40 });
  });

  it('with no stake known, a share of peers, said so', () => {
    const now = HELICON - 2 * DAY;
    const f = mainnet({ upgraded: 60, now, withCheck: false, connected: 80 });
    const byCount = { ...f, announcements: groupAnnouncements(f.announcements!.groups.length ? peersOf(f) : [], undefined) };
    const v = judgeUpgrade(byCount, undefined, now);
    expect(v).toMatchObject({ tier: 'days', shareOf: 'peers', sharePercent: 75 });
    expect(v.sentence).toMatch(/^75% of peers run avalanchego v1\.15\.0/);
  });

  it('from the node alone (check and gauge, peers not read yet): the time and the share, no release', () => {
    const now = HELICON - 3 * DAY;
    const f = { ...mainnet({ upgraded: 90, now }), announcements: undefined, peerVersions: undefined };
    const v = judgeUpgrade(f, undefined, now);
    expect(v).toMatchObject({ tier: 'days', release: undefined, sharePercent: 90 });
    expect(v.sentence).toBe(
      "90% of stake announces a network upgrade (Helicon) at 2026-09-22 15:00Z that this node's release (v1.14.2) does not schedule: upgrade before 2026-09-22 15:00Z (in 3d 0h)",
    );
    const gaugeOnly = { ...f, check: undefined, untilMetricMs: HELICON - now };
    expect(judgeUpgrade(gaugeOnly, undefined, now)).toMatchObject({ tier: 'days', deadlineMs: HELICON, source: 'node-metric' });
  });

  it('a node that schedules the announced time has nothing to do; a newer release with the same time is only newer', () => {
    const now = HELICON - 2 * DAY;
    const v = judgeUpgrade(mainnet({ upgraded: 80, now, own: 'avalanchego/1.15.0', ownUpgradeMs: HELICON }), undefined, now);
    expect(v).toMatchObject({ tier: 'none', exitCode: 0, remember: undefined });
  });

  it('a newer release scheduling a later upgrade than this v1.15.0 node', () => {
    const NEXT = Date.UTC(2027, 2, 2, 15);
    const now = NEXT - 10 * DAY;
    const peers: PeerAnnouncement[] = Array.from({ length: 10 }, (_, i) => ({ nodeID: `N${i}`, version: i < 7 ? 'avalanchego/1.16.0' : 'avalanchego/1.15.0', upgradeTimeMs: i < 7 ? NEXT : HELICON }));
    const f: UpgradeFacts = {
      nodeVersion: 'avalanchego/1.15.0',
      networkId: 1,
      ownUpgradeMs: HELICON,
      check: readFutureUpgrade({ message: { localUpgradeTime: '2026-09-22T15:00:00Z', modeUpgradeTime: '2027-03-02T15:00:00Z', modeUpgradeWeightPercentage: 70, numUpgradeTimes: 2 } }),
      announcements: groupAnnouncements(peers, new Map(peers.map((p) => [p.nodeID, 10n])), 100n),
      peerVersions: peers.map((p) => p.version),
      connectedShare: 1,
      chainTimeMs: now,
    };
    const v = judgeUpgrade(f, undefined, now);
    expect(v).toMatchObject({ tier: 'scheduled', exitCode: 0, release: 'v1.16.0', upgradeName: undefined });
    expect(v.sentence).toBe('70% of stake runs avalanchego v1.16.0, which schedules a network upgrade at 2027-03-02 15:00Z; this node runs v1.15.0: upgrade before 2027-03-02 15:00Z (in 10d 0h)');
    expect(v.remember).toMatchObject({ version: 1, upgradeTimeMs: NEXT, release: 'v1.16.0', sharePercent: 70, shareOf: 'stake', nodeVersion: 'avalanchego/1.15.0', connectedPercent: 100, networkId: 1, firstSeenMs: now, lastSeenMs: now });
  });
});

function peersOf(f: UpgradeFacts): PeerAnnouncement[] {
  const out: PeerAnnouncement[] = [];
  let i = 0;
  for (const g of f.announcements!.groups) for (const v of g.versions) for (let k = 0; k < v.peers; k++) out.push({ nodeID: `P${i++}`, version: `avalanchego/${v.version.slice(1)}`, upgradeTimeMs: g.upgradeTimeMs });
  return out;
}

/** What a v1.14.2 node shows after Helicon: only peers of v1.14 or older, announcing Granite; little stake. */
function leftBehind(now: number, opts: { connected?: number; chainTimeMs?: number } = {}): UpgradeFacts {
  const connected = opts.connected ?? 3;
  const peers: PeerAnnouncement[] = Array.from({ length: connected }, (_, i) => ({ nodeID: `N${97 + i}`, version: 'avalanchego/1.14.2', upgradeTimeMs: GRANITE }));
  return {
    nodeVersion: 'avalanchego/1.14.2',
    networkId: 1,
    ownUpgradeMs: GRANITE,
    // The remaining peers announce this node's own time: its check passes again.
    check: readFutureUpgrade({ message: { localUpgradeTime: '2025-11-19T16:00:00Z', modeUpgradeTime: '2025-11-19T16:00:00Z', modeUpgradeWeightPercentage: connected, numUpgradeTimes: 1 } }),
    announcements: groupAnnouncements(peers, new Map(Array.from({ length: 100 }, (_, i) => [`N${i}`, 2_000n] as const)), 200_000n),
    peerVersions: peers.map((p) => p.version),
    connectedShare: connected / 100,
    chainTimeMs: opts.chainTimeMs ?? HELICON - 3_000,
  };
}

describe('after the deadline', () => {
  const seen = (): UpgradeAnnouncement => {
    const now = HELICON - 2 * DAY;
    return judgeUpgrade(mainnet({ upgraded: 95, connected: 99, now }), undefined, now).remember!;
  };

  it('remembers what it saw before: the time, the release, the share and the connected stake', () => {
    expect(seen()).toEqual({
      version: 1,
      upgradeTimeMs: HELICON,
      release: 'v1.15.0',
      sharePercent: 95,
      shareOf: 'stake',
      nodeVersion: 'avalanchego/1.14.2',
      ownUpgradeTimeMs: GRANITE,
      connectedPercent: 99,
      networkId: 1,
      firstSeenMs: HELICON - 2 * DAY,
      lastSeenMs: HELICON - 2 * DAY,
    });
  });

  it('a node left behind: connected stake collapsed, P-chain stopped, peers on older releases; exit 2', () => {
    const now = HELICON + 3 * HOUR;
    const v = judgeUpgrade(leftBehind(now), seen(), now);
    expect(v).toMatchObject({ tier: 'left-behind', severity: 'critical', exitCode: 2, deadlineMs: HELICON, release: 'v1.15.0', source: 'remembered' });
    expect(v.evidence).toEqual(['connected to 3% of stake (99% before)', 'P-chain stopped at 2026-09-22 14:59:57Z', 'its 3 peers run v1.14.2 or older']);
    expect(v.sentence).toBe(
      'cannot follow the network since 2026-09-22 15:00Z: upgrade to v1.15.0 (95% of stake announced a network upgrade (Helicon) at 2026-09-22 15:00Z with v1.15.0; this node runs v1.14.2; now connected to 3% of stake (99% before), P-chain stopped at 2026-09-22 14:59:57Z, its 3 peers run v1.14.2 or older)',
    );
    expect(v.badge).toBe('LEFT BEHIND since 2026-09-22: upgrade to v1.15.0');
    // The announcement is kept: nothing on the network says it any more.
    expect(v.remember).toEqual(seen());
  });

  it('with nothing remembered (a one-shot status), the public networks\' table names it, backed by what remains', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const v = judgeUpgrade(leftBehind(now), undefined, now);
    expect(v).toMatchObject({ tier: 'left-behind', exitCode: 2, source: 'public-networks', release: 'v1.15.0', upgradeName: 'Helicon' });
    expect(v.sentence).toMatch(/^cannot follow the network since 2026-09-22 15:00Z: upgrade to v1\.15\.0 \(Helicon activated then, scheduled by v1\.15\.0; this node runs v1\.14\.2; now connected to 3% of stake, P-chain stopped at 2026-09-22 14:59:57Z, its 3 peers run v1\.14\.2 or older\)$/);
    // One decisive sign is enough: the chain alone, or the stake alone where the chain's time is not known.
    expect(judgeUpgrade(leftBehind(now, { connected: 60 }), undefined, now).tier).toBe('left-behind');
    expect(judgeUpgrade({ ...leftBehind(now), chainTimeMs: undefined }, undefined, now).tier).toBe('left-behind');
    // A chain that went on well past T followed the network through it: cut off now (a firewall), not left behind.
    expect(judgeUpgrade(leftBehind(now, { chainTimeMs: now - 1000 }), undefined, now).tier).toBe('none');
    expect(judgeUpgrade(leftBehind(now, { chainTimeMs: Date.UTC(2026, 8, 22, 15, 10) }), undefined, now).tier).toBe('none');
  });

  it('the table alone never decides: an old node that still follows its network is not left behind', () => {
    const now = Date.UTC(2026, 10, 26, 12);
    const following = { ...leftBehind(now, { connected: 90, chainTimeMs: now - 2_000 }) };
    expect(judgeUpgrade(following, undefined, now)).toMatchObject({ tier: 'none', exitCode: 0 });
    // A local network (or any other) has no table entry.
    expect(judgeUpgrade({ ...leftBehind(now), networkId: 12345 }, undefined, now)).toMatchObject({ tier: 'none' });
  });

  it('right at the deadline, before what remains has spoken: upgrade now', () => {
    const now = HELICON + 60_000;
    // The upgraded peers are still connected for a ping or two.
    const v = judgeUpgrade(mainnet({ upgraded: 95, connected: 99, now }), seen(), now);
    expect(v).toMatchObject({ tier: 'day', exitCode: 1, badge: 'upgrade to v1.15.0 NOW' });
    expect(v.sentence).toMatch(/: upgrade to v1\.15\.0 now: it activated at 2026-09-22 15:00Z$/);
    // Gone already, chain not yet old enough, stake fine (it was a partition of nobody): still "now", from memory.
    const quiet = { ...leftBehind(now, { connected: 90, chainTimeMs: now - 1000 }) };
    expect(judgeUpgrade(quiet, seen(), now)).toMatchObject({ tier: 'day', source: 'remembered' });
    // Long after, still following: nothing to say.
    const later = HELICON + HOUR;
    expect(judgeUpgrade({ ...quiet, chainTimeMs: later - 1000 }, seen(), later)).toMatchObject({ tier: 'none' });
  });

  it('an upgraded node forgets the announcement and is fine', () => {
    const now = HELICON + DAY;
    const upgraded: UpgradeFacts = { ...leftBehind(now, { connected: 97, chainTimeMs: now - 1000 }), nodeVersion: 'avalanchego/1.15.0', ownUpgradeMs: HELICON };
    expect(judgeUpgrade(upgraded, seen(), now)).toMatchObject({ tier: 'none', remember: undefined });
  });

  it('an announcement kept through a gap in the facts (peers and check unknown) still counts down', () => {
    const now = HELICON - 10 * HOUR;
    const silent: UpgradeFacts = { nodeVersion: 'avalanchego/1.14.2', networkId: 1, ownUpgradeMs: GRANITE, check: undefined, announcements: undefined, peerVersions: undefined, connectedShare: undefined, chainTimeMs: undefined };
    expect(judgeUpgrade(silent, seen(), now)).toMatchObject({ tier: 'day', source: 'remembered', release: 'v1.15.0', sharePercent: 95 });
  });
});

describe('the remembered announcement', () => {
  it('is plain JSON: it goes to disk and comes back the same', () => {
    const now = HELICON - 2 * DAY;
    const m = judgeUpgrade(mainnet({ upgraded: 95, now }), undefined, now).remember!;
    expect(parseUpgradeAnnouncement(JSON.parse(JSON.stringify(m)))).toEqual(m);
  });

  it('keeps its first sighting while the same time is announced', () => {
    const first = HELICON - 3 * DAY;
    const m = judgeUpgrade(mainnet({ upgraded: 95, now: first }), undefined, first).remember!;
    const later = HELICON - 2 * DAY;
    expect(judgeUpgrade(mainnet({ upgraded: 96, now: later }), m, later).remember).toMatchObject({ firstSeenMs: first, lastSeenMs: later, sharePercent: 96 });
  });

  it.each([null, 'x', [], { version: 2 }, { version: 1, upgradeTimeMs: 'soon' }, { version: 1, upgradeTimeMs: 1, sharePercent: 101, shareOf: 'stake', firstSeenMs: 0, lastSeenMs: 0 }, { version: 1, upgradeTimeMs: 1, sharePercent: 5, shareOf: 'votes', firstSeenMs: 0, lastSeenMs: 0 }])(
    'refuses %j',
    (bad) => {
      expect(parseUpgradeAnnouncement(bad)).toBeUndefined();
    },
  );

  it('drops what it cannot vouch for: an unreadable release, a control sequence', () => {
    const m = parseUpgradeAnnouncement({ version: 1, upgradeTimeMs: HELICON + 123, release: '\u001b[2Jrm', nodeVersion: 'x', sharePercent: 60, shareOf: 'peers', firstSeenMs: 1, lastSeenMs: 2 });
    expect(m).toEqual({ version: 1, upgradeTimeMs: HELICON, sharePercent: 60, shareOf: 'peers', firstSeenMs: 1, lastSeenMs: 2 });
  });
});

describe("the public networks' table (avalanchego v1.15.0 upgrade/upgrade.go)", () => {
  it('has Helicon on mainnet and Fuji at the times upgrade.go gives, each with its release', () => {
    expect(PUBLIC_ACTIVATIONS.filter((a) => a.upgrade === 'Helicon')).toEqual([
      { networkId: 1, upgrade: 'Helicon', atMs: Date.parse('2026-09-22T15:00:00Z'), release: 'v1.15.0' },
      { networkId: 5, upgrade: 'Helicon', atMs: Date.parse('2026-07-28T15:00:00Z'), release: 'v1.15.0' },
    ]);
    expect(PUBLIC_ACTIVATIONS.find((a) => a.networkId === 1 && a.upgrade === 'Granite')?.atMs).toBe(Date.parse('2025-11-19T16:00:00Z'));
  });

  it('names the newest activation a version misses', () => {
    const now = Date.UTC(2026, 10, 26);
    expect(missedActivation(1, 'avalanchego/1.14.2', now)?.upgrade).toBe('Helicon');
    expect(missedActivation(1, 'avalanchego/1.15.0', now)).toBeUndefined();
    expect(missedActivation(5, 'avalanchego/1.13.5', now)?.upgrade).toBe('Helicon');
    expect(missedActivation(1, 'avalanchego/1.14.2', Date.UTC(2026, 5, 1))).toBeUndefined();
    expect(missedActivation(1, 'avalanchego/1.12.0', Date.UTC(2026, 5, 1))?.upgrade).toBe('Granite');
    expect(missedActivation(1, 'garbage', now)).toBeUndefined();
  });

  it('groups random announcements with the stake of each group, each release and all connected peers summed peer by peer', () => {
    let seed = 11;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % n);
    const versions = ['avalanchego/1.15.0', 'avalanchego/1.14.2', 'avalanchego/1.15.1', 'odd'];
    for (let round = 0; round < 100; round++) {
      const peers: PeerAnnouncement[] = Array.from({ length: next(40) }, () => ({ nodeID: `N${next(30)}`, version: versions[next(4)]!, upgradeTimeMs: [undefined, GRANITE, HELICON][next(3)] }));
      const weights = next(4) === 0 ? undefined : new Map<string, bigint>(Array.from({ length: 25 }, (_, i) => [`N${i}`, BigInt(next(3)) * 10n ** BigInt(next(18))]));
      const a = groupAnnouncements(peers, weights, 10n ** 30n);
      const announcing = peers.filter((p) => p.upgradeTimeMs !== undefined);
      const stake = (ps: PeerAnnouncement[]) => ps.reduce((sum, p) => sum + (weights?.get(p.nodeID) ?? 0n), 0n);
      expect(a.peers).toBe(announcing.length);
      expect(a.connectedWeight).toBe(stake(announcing));
      for (const g of a.groups) {
        const inGroup = announcing.filter((p) => p.upgradeTimeMs === g.upgradeTimeMs);
        expect(g.peers).toBe(inGroup.length);
        expect(g.weight).toBe(stake(inGroup));
        expect(g.versions.reduce((sum, v) => sum + v.weight, 0n)).toBe(g.weight);
        expect(g.versions.reduce((sum, v) => sum + v.peers, 0)).toBe(g.peers);
      }
    }
  });
});

