// The node's own upgrade rule, written out here from avalanchego v1.15.0 node/node.go (the futureupgrade check,
// lines 1556-1643) and checked against avatop's reading of it and its grouping of the peers' announcements.
import { describe, expect, it } from 'vitest';
import { futureUpgradeOf, nodeCountsUpgrade, readFutureUpgrade, upgradeTimeUntilMs } from '../../../src/domain/upgrades/node-check';
import { groupAnnouncements, groupShare, oldestVersion } from '../../../src/domain/upgrades/announcements';

const GRANITE = Date.UTC(2025, 10, 19, 16) / 1000;
const HELICON = Date.UTC(2026, 8, 22, 15) / 1000;

/**
 * node.go's check, transcribed: weights of the current primary validators; for each connected validator add its
 * weight to its announced time; the mode is the first time to reach the highest weight; it counts when the local
 * time is earlier and the mode's weight is at least half of the total weight.
 */
function nodeRule(local: number, validators: ReadonlyArray<{ id: string; weight: number }>, connected: ReadonlyArray<{ id: string; upgradeTime: number }>) {
  const weights = new Map(validators.map((v) => [v.id, v.weight]));
  let totalWeight = 0;
  for (const v of validators) totalWeight += v.weight;
  const upgradeTimes = new Map<number, number>();
  let modeUpgradeTimeUnix = 0;
  let modeUpgradeWeight = 0;
  for (const peer of connected) {
    const w = weights.get(peer.id);
    if (w === undefined) continue; // PeerInfo(validators) returns connected validators only
    const upgradeWeight = (upgradeTimes.get(peer.upgradeTime) ?? 0) + w;
    upgradeTimes.set(peer.upgradeTime, upgradeWeight);
    if (upgradeWeight > modeUpgradeWeight) {
      modeUpgradeTimeUnix = peer.upgradeTime;
      modeUpgradeWeight = upgradeWeight;
    }
  }
  const portion = modeUpgradeWeight / totalWeight;
  return {
    modeUpgradeTimeUnix,
    modeUpgradeWeightPercentage: 100 * portion,
    numUpgradeTimes: upgradeTimes.size,
    counts: !(local >= modeUpgradeTimeUnix || portion < 0.5),
  };
}

describe("the node's futureupgrade rule", () => {
  const validators = [
    { id: 'A', weight: 40 },
    { id: 'B', weight: 25 },
    { id: 'C', weight: 20 },
    { id: 'D', weight: 10 },
    { id: 'E', weight: 5 },
  ];

  it.each([
    ['A and B on the new release (65%)', ['A', 'B'], true],
    ['A and E (45%): less than half', ['A', 'E'], false],
    ['A and D (50%): exactly half counts', ['A', 'D'], true],
    ['nobody', [], false],
  ] as const)('%s', (_name, upgraded, counts) => {
    // Upgraded peers announce Helicon, the rest Granite; C is not connected (its stake counts as not announcing).
    const connected = ['A', 'B', 'D', 'E'].map((id) => ({ id, upgradeTime: (upgraded as readonly string[]).includes(id) ? HELICON : GRANITE }));
    const node = nodeRule(GRANITE, validators, connected);
    expect(node.counts).toBe(counts);
    // avatop reads the same details the node serves and decides the same.
    const check = readFutureUpgrade({
      message: {
        localUpgradeTime: new Date(GRANITE * 1000).toISOString(),
        modeUpgradeTime: new Date(node.modeUpgradeTimeUnix * 1000).toISOString(),
        modeUpgradeWeightPercentage: node.modeUpgradeWeightPercentage,
        numUpgradeTimes: node.numUpgradeTimes,
      },
    });
    expect(check?.counts).toBe(counts);
    // And its own grouping of info.peers gives the node's weights and shares.
    const grouped = groupAnnouncements(
      connected.map((p) => ({ nodeID: p.id, version: p.upgradeTime === HELICON ? 'avalanchego/1.15.0' : 'avalanchego/1.14.2', upgradeTimeMs: p.upgradeTime * 1000 })),
      new Map(validators.map((v) => [v.id, BigInt(v.weight)])),
      100n,
    );
    const helicon = grouped.groups.find((g) => g.upgradeTimeMs === HELICON * 1000);
    const upgradedWeight = validators.filter((v) => (upgraded as readonly string[]).includes(v.id)).reduce((n, v) => n + v.weight, 0);
    expect(helicon ? groupShare(grouped, helicon) : 0).toBeCloseTo(upgradedWeight, 6);
  });

  it('compares Unix seconds: a local time equal to the mode (or later) never counts, whatever the share', () => {
    expect(nodeCountsUpgrade(HELICON * 1000, HELICON * 1000 + 999, 100)).toBe(false);
    expect(nodeCountsUpgrade(HELICON * 1000 + 1000, HELICON * 1000, 100)).toBe(false);
    expect(nodeCountsUpgrade(GRANITE * 1000, HELICON * 1000, 49.99)).toBe(false);
    expect(nodeCountsUpgrade(GRANITE * 1000, HELICON * 1000, 50)).toBe(true);
  });

  it('reads the check as /ext/health serves it, failing or passing, and one not run yet', () => {
    const failing = futureUpgradeOf({
      healthy: false,
      checks: {
        futureupgrade: {
          message: { localUpgradeTime: '2025-11-19T16:00:00Z', modeUpgradeTime: '2026-09-22T15:00:00Z', modeUpgradeWeightPercentage: 97.31, numUpgradeTimes: 2, timeUntilUpgrade: '47h59m0s' },
          error: 'unknown network upgrade detected',
          timestamp: '2026-09-20T15:01:00Z',
        },
      },
    });
    expect(failing).toMatchObject({ localMs: GRANITE * 1000, modeMs: HELICON * 1000, modePercent: 97.31, numUpgradeTimes: 2, counts: true, error: 'unknown network upgrade detected', pending: false });
    expect(futureUpgradeOf({ checks: { futureupgrade: { error: 'not yet run' } } })).toMatchObject({ pending: true, error: undefined, counts: false });
    expect(futureUpgradeOf({ checks: {} })).toBeUndefined();
    expect(futureUpgradeOf('garbage')).toBeUndefined();
    expect(futureUpgradeOf({ checks: { futureupgrade: { message: 'x' } } })).toBeUndefined();
  });

  it('reads avalanche_upgrade_time_until: nanoseconds, +Inf while no upgrade counts', () => {
    expect(upgradeTimeUntilMs(Infinity)).toBeUndefined();
    expect(upgradeTimeUntilMs(undefined)).toBeUndefined();
    expect(upgradeTimeUntilMs(3_600e9)).toBe(3_600_000);
  });
});

describe('grouping the peers', () => {
  it('keeps versions per announced time, the oldest readable release as the least to install', () => {
    const g = groupAnnouncements([
      { nodeID: 'A', version: 'avalanchego/1.15.1', upgradeTimeMs: HELICON * 1000 },
      { nodeID: 'B', version: 'avalanchego/1.15.0', upgradeTimeMs: HELICON * 1000 },
      { nodeID: 'C', version: 'bogus', upgradeTimeMs: HELICON * 1000 },
      { nodeID: 'D', version: 'avalanchego/1.14.2', upgradeTimeMs: GRANITE * 1000 },
      { nodeID: 'E', version: 'avalanchego/1.11.2', upgradeTimeMs: undefined },
    ]);
    expect(g.weighted).toBe(false);
    expect(g.peers).toBe(4);
    expect(g.groups.map((x) => [x.upgradeTimeMs / 1000, x.peers])).toEqual([
      [HELICON, 3],
      [GRANITE, 1],
    ]);
    expect(oldestVersion(g.groups[0]!)).toBe('v1.15.0');
    expect(groupShare(g, g.groups[0]!)).toBe(75);
  });

  it('divides by all stake when it is known, so unconnected stake does not announce', () => {
    const g = groupAnnouncements([{ nodeID: 'A', version: 'avalanchego/1.15.0', upgradeTimeMs: HELICON * 1000 }], new Map([['A', 30n]]), 120n);
    expect(groupShare(g, g.groups[0]!)).toBe(25);
    // Without the total, the connected stake.
    const h = groupAnnouncements([{ nodeID: 'A', version: 'avalanchego/1.15.0', upgradeTimeMs: HELICON * 1000 }], new Map([['A', 30n]]));
    expect(groupShare(h, h.groups[0]!)).toBe(100);
  });
});
