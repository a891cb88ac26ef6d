// The releases the simulated network's nodes run, and who connects to whom. Two nodes stay connected only while each
// finds the other's version compatible (both sides check in the handshake and again before every ping:
// network/peer/peer.go lines 668-713, shouldDisconnect), and a release's rule changes at the upgrade it gates on
// (version/compatibility.go lines 30-40). So at an upgrade the upgraded nodes drop the ones that did not upgrade, and
// the nodes left behind keep only each other: what a v1.14.2 node on mainnet has shown since Helicon.
import { networkParams, upgradeSec, type UpgradeTimes } from './network-params';
import type { Profile } from './profiles';

export type Semver = readonly [number, number, number];

export interface Release {
  /** What info.peers `version` shows ("avalanchego/1.15.0"). */
  readonly version: string;
  readonly semver: Semver;
  /** version.MinimumCompatibleVersion: the oldest peer it keeps once its upgrade is active. */
  readonly minCompatible: Semver;
  /** version.PrevMinimumCompatibleVersion: the oldest peer it keeps before that. */
  readonly prevMinCompatible: Semver;
  /**
   * The upgrade time its compatibility rule switches at, which it also announces to every peer in its handshake
   * (network/peer/peer.go line 510: `VersionCompatibility.UpgradeTime.Unix()`), Unix seconds: info.peers `upgradeTime`.
   */
  readonly upgradeTimeSec: number;
}

/** Which upgrade a release gates on: the time node/node.go hands to network.NewNetwork "for each network upgrade". */
type GateKey = 'heliconTime' | 'graniteTime';

interface ReleaseFacts {
  readonly semver: Semver;
  readonly minCompatible: Semver;
  readonly prevMinCompatible: Semver;
  readonly gate: GateKey;
  readonly schedulesHelicon: boolean;
}

/**
 * Per release: version/constants.go (v1.15.0 lines 26-43: Current 1.15.0, MinimumCompatibleVersion 1.15.0,
 * PrevMinimumCompatibleVersion 1.14.0; v1.14.2: 1.14.2, 1.14.0, 1.13.0) and the upgrade time node/node.go passes as
 * minCompatibleTime (v1.15.0 line 635: HeliconTime; v1.14.2 line 632: GraniteTime). v1.14.0 and v1.14.1 are taken to
 * share v1.14.2's rule (one minor line; their modules are not on this machine to check).
 */
const FACTS: Readonly<Record<string, ReleaseFacts>> = {
  'avalanchego/1.15.0': { semver: [1, 15, 0], minCompatible: [1, 15, 0], prevMinCompatible: [1, 14, 0], gate: 'heliconTime', schedulesHelicon: true },
  'avalanchego/1.14.2': { semver: [1, 14, 2], minCompatible: [1, 14, 0], prevMinCompatible: [1, 13, 0], gate: 'graniteTime', schedulesHelicon: false },
  'avalanchego/1.14.1': { semver: [1, 14, 1], minCompatible: [1, 14, 0], prevMinCompatible: [1, 13, 0], gate: 'graniteTime', schedulesHelicon: false },
  'avalanchego/1.14.0': { semver: [1, 14, 0], minCompatible: [1, 14, 0], prevMinCompatible: [1, 13, 0], gate: 'graniteTime', schedulesHelicon: false },
};

/** A known release on a network: its rule and the time it announces. */
export function knownRelease(version: string, networkId: number): Release {
  const f = FACTS[version];
  if (!f) throw new Error(`no compatibility facts for ${version}`);
  const upgrades: UpgradeTimes = networkParams(networkId).upgrades;
  return { version, semver: f.semver, minCompatible: f.minCompatible, prevMinCompatible: f.prevMinCompatible, upgradeTimeSec: upgradeSec(upgrades[f.gate]) };
}

/**
 * A release newer than this node's that schedules an upgrade at `upgradeTimeSec` (the upgrade-deadline case): it keeps
 * this node's release until then (its PrevMinimumCompatibleVersion) and only its own version after.
 */
export function newerRelease(version: string, upgradeTimeSec: number, current: Release): Release {
  const semver = parseSemver(version);
  if (!semver) throw new Error(`newer release: expected a version such as 1.16.0 or avalanchego/1.16.0, got ${JSON.stringify(version)}`);
  if (compareSemver(semver, current.semver) <= 0) throw new Error(`newer release: ${version} is not newer than this node's ${current.version}`);
  return { version: `avalanchego/${semver.join('.')}`, semver, minCompatible: semver, prevMinCompatible: current.semver, upgradeTimeSec };
}

/** The release a simulated node of this profile runs on this network (its Helicon time may be a custom network's). */
export function ownRelease(profile: Profile, networkId: number): Release {
  const r = knownRelease(profile.version, networkId);
  return profile.name === 'v1.15' ? { ...r, upgradeTimeSec: upgradeSec(profile.heliconTime) } : r;
}

export function parseSemver(text: string): Semver | undefined {
  const m = /^(?:avalanchego\/)?v?(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareSemver(a: Semver, b: Semver): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** version.Compatibility.Compatible (version/compatibility.go lines 30-40), at Unix second `nowSec`. */
export function compatible(local: Release, peer: Release, nowSec: number): boolean {
  if (local.semver[0] < peer.semver[0]) return false;
  // `now.Before(UpgradeTime)`: at the upgrade time itself the stricter rule already holds.
  const min = nowSec < local.upgradeTimeSec ? local.prevMinCompatible : local.minCompatible;
  return compareSemver(peer.semver, min) >= 0;
}

/** Both ends must accept each other for a connection to exist (each runs shouldDisconnect). */
export function connectable(a: Release, b: Release, nowSec: number): boolean {
  return compatible(a, b, nowSec) && compatible(b, a, nowSec);
}

/**
 * The first moment (Unix seconds) at or after `fromSec` when two releases stop accepting each other, or undefined if
 * they always will: each side's rule changes only at its own upgrade time.
 */
export function partingTime(a: Release, b: Release, fromSec: number): number | undefined {
  if (!connectable(a, b, fromSec)) return fromSec;
  const times = [a.upgradeTimeSec, b.upgradeTimeSec].filter((t) => t > fromSec).sort((x, y) => x - y);
  for (const t of times) if (!connectable(a, b, t)) return t;
  return undefined;
}

/**
 * Who runs what, by share of primary-network stake, on a network where this release is current. After Helicon a few
 * validators still run v1.14 (the nodes left behind: up to their period's end they stay in the validator set); before
 * it they are the ones that would be. A local network runs one build: every node is this node's release.
 */
export function releaseMix(profile: Profile, networkId: number): readonly (readonly [string, number])[] {
  if (networkParams(networkId).kind === 'local') return [[profile.version, 1]];
  return [
    ['avalanchego/1.15.0', 0.98],
    ['avalanchego/1.14.2', 0.014],
    ['avalanchego/1.14.1', 0.006],
  ];
}
