// What the connected peers announce: each peer's handshake carries the upgrade time its release schedules
// (avalanchego v1.15.0 network/peer/peer.go: `uint64(p.VersionCompatibility.UpgradeTime.Unix())` sent at line 510,
// kept as `p.upgradeTime` at 879, served by `info.peers` as `upgradeTime`; a v1.15.0 node announces HeliconTime,
// node/node.go 635). Grouped by that time, then by version, weighted by stake where the validator set is known: the
// same sum the node's futureupgrade check makes (node/node.go 1573-1583), kept per version so avatop can say which
// release schedules what.
import { compareVersions, parseVersion, shortVersion } from './versions';

/** One connected peer as the rule needs it. */
export interface PeerAnnouncement {
  readonly nodeID: string;
  readonly version: string;
  /** The announced upgrade time (ms); undefined from nodes before v1.14.1, which do not send it. */
  readonly upgradeTimeMs: number | undefined;
}

export interface VersionInGroup {
  /** "v1.15.0" */
  readonly version: string;
  readonly peers: number;
  readonly weight: bigint;
}

export interface AnnouncementGroup {
  readonly upgradeTimeMs: number;
  readonly peers: number;
  /** Stake behind it (validators among the peers; 0 when no weights are known). */
  readonly weight: bigint;
  /** Newest first. */
  readonly versions: readonly VersionInGroup[];
}

export interface Announcements {
  /** Latest time first. */
  readonly groups: readonly AnnouncementGroup[];
  readonly peers: number;
  /** Weights were known: shares are of stake, else of peers. */
  readonly weighted: boolean;
  /** What shares divide by: all primary stake (as the node does) when known, else the connected stake, else peers. */
  readonly total: bigint;
  /** Stake of the connected validators (0 without weights). */
  readonly connectedWeight: bigint;
}

/**
 * Group peers by announced time and version. `weights` by node ID (the primary validator set); `totalStake` all of
 * it, which the node divides by (node/node.go 1585) so unconnected stake counts as not announcing.
 */
export function groupAnnouncements(peers: readonly PeerAnnouncement[], weights?: ReadonlyMap<string, bigint>, totalStake?: bigint): Announcements {
  const weighted = weights !== undefined && weights.size > 0;
  const byTime = new Map<number, { peers: number; weight: bigint; versions: Map<string, { peers: number; weight: bigint }> }>();
  let connectedWeight = 0n;
  let counted = 0;
  // A network runs a handful of releases: each peer's version string read once per release, not once per peer.
  const short = new Map<string, string>();
  // By index: this runs once per peer list, too seldom for V8 to optimize, and unoptimized each for-of step of
  // 1,590 peers allocates an iterator result (a 20-node exporter's allocation sampling).
  for (let i = 0; i < peers.length; i++) {
    const p = peers[i]!;
    if (p.upgradeTimeMs === undefined) continue;
    counted += 1;
    const g = byTime.get(p.upgradeTimeMs) ?? { peers: 0, weight: 0n, versions: new Map() };
    g.peers += 1;
    let v = short.get(p.version);
    if (v === undefined) short.set(p.version, (v = shortVersion(p.version)));
    const e = g.versions.get(v) ?? { peers: 0, weight: 0n };
    e.peers += 1;
    // A bigint sum is a new bigint: each peer's stake is added once, to its version's; a group's and the connected
    // stake are those summed below. A peer without stake (or no weights known) adds none.
    const w = weights?.get(p.nodeID);
    if (w) e.weight += w;
    g.versions.set(v, e);
    byTime.set(p.upgradeTimeMs, g);
  }
  for (const g of byTime.values()) {
    for (const e of g.versions.values()) g.weight += e.weight;
    connectedWeight += g.weight;
  }
  const groups = [...byTime.entries()]
    .map(([upgradeTimeMs, g]) => ({
      upgradeTimeMs,
      peers: g.peers,
      weight: g.weight,
      versions: [...g.versions.entries()]
        .map(([version, e]) => ({ version, peers: e.peers, weight: e.weight }))
        .sort((a, b) => -compareVersions(a.version, b.version)),
    }))
    .sort((a, b) => b.upgradeTimeMs - a.upgradeTimeMs);
  return { groups, peers: counted, weighted, total: dividedBy(weighted, counted, connectedWeight, totalStake), connectedWeight };
}

function dividedBy(weighted: boolean, peers: number, connectedWeight: bigint, totalStake: bigint | undefined): bigint {
  return weighted ? (totalStake !== undefined && totalStake >= connectedWeight && totalStake > 0n ? totalStake : connectedWeight) : BigInt(peers);
}

/**
 * The same announcements divided by another total stake: the grouping depends on the peers and the weights only,
 * and the total stake (platform.getTotalStake, read at every block that changes it) moves far more often than they.
 */
export function withTotalStake(a: Announcements, totalStake: bigint | undefined): Announcements {
  const total = dividedBy(a.weighted, a.peers, a.connectedWeight, totalStake);
  return total === a.total ? a : { ...a, total };
}

/** A group's share (0-100) of what the announcements divide by. */
export function groupShare(a: Announcements, g: AnnouncementGroup): number {
  if (a.total === 0n) return 0;
  const part = a.weighted ? g.weight : BigInt(g.peers);
  return Number((part * 1_000_000n) / a.total) / 10_000;
}

/** The oldest release in a group: the least an operator must install to schedule its time. */
export function oldestVersion(g: AnnouncementGroup): string | undefined {
  const readable = g.versions.filter((v) => parseVersion(v.version) !== undefined);
  return readable[readable.length - 1]?.version;
}
