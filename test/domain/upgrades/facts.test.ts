// The upgrade rule's facts are asked at every store change and second (the header) and at every scrape for each
// node (the exporter): the peers' part, grouped over every peer, is kept per peer list and weights.
import { describe, expect, it } from 'vitest';
import { upgradeFactsFrom, type UpgradeReplies } from '../../../src/domain/upgrades/facts';
import { groupAnnouncements } from '../../../src/domain/upgrades/announcements';
import { upgradeFactsOf, upgradeViewOf } from '../../../src/domain/upgrades/facts';
import { createAvatopStore } from '../../../src/state/store';
import { idleResource, resolveOk } from '../../../src/state/resource';
import type { PeerAnnouncement } from '../../../src/state/upgrade-announcements';

const HELICON = Date.UTC(2026, 8, 22, 15);
const GRANITE = Date.UTC(2025, 10, 19, 16);

const peers: PeerAnnouncement[] = [
  { nodeID: 'A', version: 'avalanchego/1.15.0', upgradeTimeMs: HELICON },
  { nodeID: 'B', version: 'avalanchego/1.14.2', upgradeTimeMs: GRANITE },
];
const replies = (over: Partial<UpgradeReplies>): UpgradeReplies => ({ version: 'avalanchego/1.15.0', networkId: 1, health: undefined, upgradeTimes: undefined, peers, chainTime: new Date(HELICON), ...over });

describe('upgradeFactsFrom keeps the peers part', () => {
  it('answers the same grouping while the peer list, the weights and the total stay, and groups again when one changes', () => {
    const network = new Map([
      ['A', 3n],
      ['B', 1n],
    ]);
    const first = upgradeFactsFrom(replies({ weights: network, totalStake: 10n }));
    // The chain time moves at every block: the grouping stays.
    expect(upgradeFactsFrom(replies({ weights: network, totalStake: 10n, chainTime: new Date(HELICON + 2_000) })).announcements).toBe(first.announcements);
    // The store's own look asks without weights, the exporter with its network's: both kept.
    const unweighted = upgradeFactsFrom(replies({}));
    expect(unweighted.announcements?.weighted).toBe(false);
    expect(unweighted.announcements?.total).toBe(2n);
    expect(upgradeFactsFrom(replies({ weights: network, totalStake: 10n })).announcements).toBe(first.announcements);
    // More stake in all, other weights, a new reading of the list: grouped again, and right.
    const more = upgradeFactsFrom(replies({ weights: network, totalStake: 20n })).announcements;
    expect(more).not.toBe(first.announcements);
    expect(more?.total).toBe(20n);
    expect(upgradeFactsFrom(replies({ weights: new Map([['A', 1n]]), totalStake: 20n })).announcements?.groups.map((g) => g.weight)).toEqual([1n, 0n]);
    const again = upgradeFactsFrom(replies({ peers: [...peers], weights: network, totalStake: 10n })).announcements;
    expect(again).not.toBe(first.announcements);
    expect(again).toEqual(first.announcements);
  });

  it('divides a kept grouping by a new total stake exactly as grouping the peers again for it would', () => {
    const list: PeerAnnouncement[] = Array.from({ length: 40 }, (_, i) => ({
      nodeID: `N${i}`,
      version: i % 3 === 0 ? 'avalanchego/1.14.2' : 'avalanchego/1.15.0',
      upgradeTimeMs: i % 5 === 0 ? undefined : i % 3 === 0 ? GRANITE : HELICON,
    }));
    const weights = new Map(list.filter((_, i) => i % 4 !== 0).map((p, i) => [p.nodeID, BigInt(1 + i * 7)]));
    const all = [...weights.values()].reduce((a, b) => a + b, 0n);
    // The connected stake: of the peers that announce a time.
    const connected = list.reduce((a, p) => (p.upgradeTimeMs === undefined ? a : a + (weights.get(p.nodeID) ?? 0n)), 0n);
    // Below the connected stake, equal to it, above it, none (the facts then divide by all the weights), and back to
    // the first: each as a fresh grouping says.
    const totals = [connected - 1n, connected, connected + 5n, 10n ** 9n, undefined, connected - 1n, 0n];
    const answers = totals.map((totalStake) => upgradeFactsFrom(replies({ peers: list, weights, totalStake })).announcements);
    totals.forEach((totalStake, i) => expect(answers[i]).toEqual(groupAnnouncements(list, weights, totalStake ?? all)));
    // A total asked again is the same object: a screen's selector must not see a new one for the same store.
    expect(answers[5]).toBe(answers[0]);
    // Unweighted, the total stake does not divide: the peers do.
    expect(upgradeFactsFrom(replies({ peers: list, totalStake: 7n })).announcements).toEqual(groupAnnouncements(list, undefined, 7n));
  });

  it("weighs by the voter weights where the store holds no validator set (an exporter's node that does not read it)", () => {
    const s0 = createAvatopStore().getState();
    const at = { at: 1 };
    const s = {
      ...s0,
      versions: { ...s0.versions, peerUpgrades: resolveOk(idleResource(), peers, at) },
      reward: { ...s0.reward, weights: resolveOk(idleResource(), { height: 1n, validators: [{ nodeID: 'A', weight: 3n }, { nodeID: 'B', weight: 1n }], totalWeight: 4n }, at) },
    } as typeof s0;
    const a = upgradeFactsOf(s).announcements!;
    expect(a.weighted).toBe(true);
    expect(a.groups.map((g) => [g.upgradeTimeMs, g.weight])).toEqual([
      [HELICON, 3n],
      [GRANITE, 1n],
    ]);
    // The exporter's series hand in their network's weights; the store's own come first, so the series and the event
    // log (which hands in none) are one judgement, not two that could differ.
    const now = HELICON + 1_000;
    expect(upgradeViewOf(s, now, { weights: new Map([['B', 9n]]) })).toBe(upgradeViewOf(s, now));
    // A store with none takes the caller's.
    const bare = { ...s, reward: s0.reward } as typeof s0;
    expect(upgradeFactsOf(bare, { weights: new Map([['B', 9n]]) }).announcements!.groups.map((g) => g.weight)).toEqual([0n, 9n]);
  });
});
