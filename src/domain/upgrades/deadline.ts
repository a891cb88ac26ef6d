// The upgrade deadline, judged once for every surface (header, versions pane, `status`, the exporter): which network
// upgrade the stake announces that this node's release does not schedule, how long is left, and, once it has
// activated, whether the node was left behind. Pure: facts and the remembered announcement in, a verdict out.
//
// Before the activation time T the peers say it (announcements.ts) and the node says it (node-check.ts). At T the
// upgraded peers disconnect a node too old for them (avalanchego v1.15.0 version/compatibility.go `Compatible`:
// after UpgradeTime a peer must be at least MinimumCompatibleVersion, checked on every ping by network/peer/peer.go
// `shouldDisconnect`), so afterwards nothing announces T any more and the node's own check passes again (only
// peers on its own release remain). What remains is recognised instead: connected stake collapsed, the P-chain
// stopped, the peers left on older releases; the announcement is the one avatop remembered (memory.ts), or failing
// that the public networks' table (activations.ts) as a cross-check.
import type { UpgradeAnnouncement } from '../../state/upgrade-announcements';
import { formatDate, formatDuration, formatTimestamp } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import type { FutureUpgradeCheck } from './node-check';
import { groupShare, oldestVersion, type Announcements } from './announcements';
import { missedActivation, publicActivationAt } from './activations';
import { compareVersions, parseVersion, shortVersion } from './versions';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The tiers' edges: a week ahead, three days (the node's own check starts failing), a day. */
export const UPGRADE_TIER_MS = { week: 7 * DAY, days: 72 * HOUR, day: DAY } as const;

/** Half of the stake: the node counts an announced time from there (node/node.go 1593, `< .5` passes). */
export const MAJORITY_PERCENT = 50;

/**
 * How long after T the rule waits for what remains to speak (peers drop the node at their next ping, 22.5 s; a
 * following P-chain has blocks past T within minutes), and how far past T a stopped chain's last block may be.
 */
export const LEFT_BEHIND_GRACE_MS = 10 * 60_000;

/** Below this share of stake connected the node no longer hears the network (its majority left). */
export const COLLAPSED_CONNECTED_SHARE = 0.5;

export type UpgradeTier =
  /** Nothing announced beyond what this node schedules. */
  | 'none'
  /** A later upgrade is announced, by less than half of the stake: the node does not count it yet. */
  | 'announced'
  /** More than a week ahead. */
  | 'scheduled'
  /** Within 7 days. */
  | 'week'
  /** Within 72 hours: the node's own futureupgrade check fails from here. */
  | 'days'
  /** Within 24 hours, or activating now. */
  | 'day'
  /** Activated, and this node does not follow: connected stake collapsed or its P-chain stopped. */
  | 'left-behind';

export type UpgradeSeverity = 'ok' | 'notice' | 'warning' | 'critical';

/** What the rule reads; every surface builds it from what it has (facts.ts for the store, `status`'s snapshot). */
export interface UpgradeFacts {
  /** "avalanchego/1.14.2" */
  readonly nodeVersion: string | undefined;
  readonly networkId: number | undefined;
  /** The newest upgrade this node's release schedules (ms): the check's localUpgradeTime, else info.upgrades'. */
  readonly ownUpgradeMs: number | undefined;
  readonly check: FutureUpgradeCheck | undefined;
  /** `avalanche_upgrade_time_until` in ms (finite only while the node counts an upgrade it lacks). */
  readonly untilMetricMs?: number | undefined;
  /** The connected peers' announcements, grouped. */
  readonly announcements: Announcements | undefined;
  /** The connected peers' versions (peers before v1.14.1 announce nothing but still tell their release). */
  readonly peerVersions: readonly string[] | undefined;
  /** Share (0-1) of primary stake the node is connected to (its P-chain health check). */
  readonly connectedShare: number | undefined;
  /** The P-chain's time (platform.getTimestamp), ms. */
  readonly chainTimeMs: number | undefined;
}

/** Where the deadline was learnt. */
export type UpgradeSource = 'node-check' | 'node-metric' | 'peers' | 'remembered' | 'public-networks';

export interface UpgradeVerdict {
  readonly tier: UpgradeTier;
  readonly severity: UpgradeSeverity;
  /** `status`'s exit status for it: 1 before T from a week out, 2 once the node cannot follow. */
  readonly exitCode: 0 | 1 | 2;
  /** The activation time this node must be upgraded for (ms). */
  readonly deadlineMs?: number;
  /** The release to install ("v1.15.0"), when known. */
  readonly release?: string;
  /** The upgrade's name, when the public networks' table knows the time. */
  readonly upgradeName?: string;
  /** Share (0-100) announcing it, and of what. */
  readonly sharePercent?: number;
  readonly shareOf?: 'stake' | 'peers';
  readonly source?: UpgradeSource;
  /** This node's version, short ("v1.14.2"). */
  readonly nodeVersion?: string;
  /** For a node left behind: what shows it, in words. */
  readonly evidence: readonly string[];
  /** The whole line, for the versions pane and `status`. */
  readonly sentence?: string;
  /** A few words for the header. */
  readonly badge?: string;
  /** The announcement to keep (memory.ts); undefined: forget it. */
  readonly remember: UpgradeAnnouncement | undefined;
}

function pct(p: number): string {
  // Whole percent, down, so a bare majority never reads as more than it is; under 1% keeps one decimal.
  return p >= 1 ? `${Math.floor(p)}%` : `${Math.floor(p * 10) / 10}%`;
}

function tierAhead(leftMs: number): UpgradeTier {
  if (leftMs <= UPGRADE_TIER_MS.day) return 'day';
  if (leftMs <= UPGRADE_TIER_MS.days) return 'days';
  if (leftMs <= UPGRADE_TIER_MS.week) return 'week';
  return 'scheduled';
}

const SEVERITY: Record<UpgradeTier, UpgradeSeverity> = {
  none: 'ok',
  announced: 'notice',
  scheduled: 'notice',
  week: 'warning',
  days: 'warning',
  day: 'critical',
  'left-behind': 'critical',
};

/** The tiers as numbers, for the exporter's `avatop_upgrade_tier` and the alert rules on it. */
export const UPGRADE_TIER_LEVEL: Record<UpgradeTier, number> = { none: 0, announced: 0, scheduled: 1, week: 2, days: 3, day: 4, 'left-behind': 5 };

const EXIT: Record<UpgradeTier, 0 | 1 | 2> = { none: 0, announced: 0, scheduled: 0, week: 1, days: 1, day: 1, 'left-behind': 2 };

/** An announcement as the rule weighs it, wherever it came from. */
interface Reference {
  readonly atMs: number;
  readonly release: string | undefined;
  readonly sharePercent: number | undefined;
  readonly shareOf: 'stake' | 'peers' | undefined;
  readonly majority: boolean;
  readonly source: UpgradeSource;
  /** More than one release announces it (the sentence says "or newer"). */
  readonly severalReleases: boolean;
  readonly upgradeName?: string;
}

/** Whether this node's release schedules an upgrade at `atMs` (or later), by its own time or its version. */
export function schedules(f: Pick<UpgradeFacts, 'ownUpgradeMs' | 'nodeVersion'>, atMs: number, release?: string): boolean {
  if (f.ownUpgradeMs !== undefined) return Math.floor(f.ownUpgradeMs / 1000) >= Math.floor(atMs / 1000);
  if (release !== undefined && parseVersion(f.nodeVersion) !== undefined) return compareVersions(f.nodeVersion, release) >= 0;
  return false;
}

/** What the network announces now that this node does not schedule: the node's counted mode first, then the peers. */
function announcedNow(f: UpgradeFacts, now: number): Reference | undefined {
  const a = f.announcements;
  const groupAt = (ms: number) => a?.groups.find((g) => Math.floor(g.upgradeTimeMs / 1000) === Math.floor(ms / 1000));
  const describe = (atMs: number, sharePercent: number | undefined, shareOf: 'stake' | 'peers' | undefined, majority: boolean, source: UpgradeSource): Reference => {
    const g = groupAt(atMs);
    const releases = g?.versions.filter((v) => parseVersion(v.version) !== undefined) ?? [];
    return {
      atMs,
      release: g ? oldestVersion(g) : undefined,
      sharePercent,
      shareOf,
      majority,
      source,
      severalReleases: releases.length > 1,
      upgradeName: publicActivationAt(f.networkId, atMs)?.upgrade,
    };
  };
  const c = f.check;
  if (c && !c.pending && c.modeMs !== undefined && c.localMs !== undefined) {
    if (c.counts) return describe(c.modeMs, c.modePercent, 'stake', true, 'node-check');
  } else if (f.untilMetricMs !== undefined) {
    // The gauge is finite only while the node counts an upgrade it lacks; it gives the time, not the share.
    const atMs = Math.round((now + f.untilMetricMs) / 1000) * 1000;
    const g = groupAt(atMs);
    return describe(atMs, g && a ? groupShare(a, g) : undefined, a?.weighted ? 'stake' : a ? 'peers' : undefined, true, 'node-metric');
  }
  if (!a || a.groups.length === 0) return undefined;
  // The peers: the most-backed time this node does not schedule.
  let best: { ms: number; share: number } | undefined;
  for (const g of a.groups) {
    if (schedules(f, g.upgradeTimeMs, oldestVersion(g))) continue;
    const share = groupShare(a, g);
    if (!best || share > best.share) best = { ms: g.upgradeTimeMs, share };
  }
  if (!best) return undefined;
  // With the node's check at hand its verdict stands (it has every validator's weight); the peers say only who.
  const majority = c && !c.pending && c.localMs !== undefined ? false : best.share >= MAJORITY_PERCENT;
  return describe(best.ms, best.share, a.weighted ? 'stake' : 'peers', majority, 'peers');
}

function fromMemory(m: UpgradeAnnouncement, networkId: number | undefined): Reference {
  return {
    atMs: m.upgradeTimeMs,
    release: m.release,
    sharePercent: m.sharePercent,
    shareOf: m.shareOf,
    majority: true,
    source: 'remembered',
    severalReleases: false,
    upgradeName: publicActivationAt(networkId ?? m.networkId, m.upgradeTimeMs)?.upgrade,
  };
}

/**
 * What shows, after T, that the node does not follow: its connected stake collapsed or its P-chain stopped by T
 * decide; the peers on older releases only say more. A P-chain that accepted blocks well past T followed the network
 * through the upgrade, whatever else is wrong now: not left behind by it.
 */
function leftBehindEvidence(f: UpgradeFacts, ref: Reference, before: UpgradeAnnouncement | undefined, now: number): { decisive: boolean; words: string[] } {
  const words: string[] = [];
  if (f.chainTimeMs !== undefined && f.chainTimeMs >= ref.atMs + LEFT_BEHIND_GRACE_MS) return { decisive: false, words };
  let decisive = false;
  if (f.connectedShare !== undefined && f.connectedShare < COLLAPSED_CONNECTED_SHARE) {
    decisive = true;
    const was = before?.connectedPercent !== undefined ? ` (${pct(before.connectedPercent)} before)` : '';
    words.push(`connected to ${pct(f.connectedShare * 100)} of stake${was}`);
  }
  if (f.chainTimeMs !== undefined && f.chainTimeMs < ref.atMs + LEFT_BEHIND_GRACE_MS && now - f.chainTimeMs >= LEFT_BEHIND_GRACE_MS) {
    decisive = true;
    words.push(`P-chain stopped at ${formatTimestamp(Math.floor(f.chainTimeMs / 1000) * 1000)}`);
  }
  const versions = (f.peerVersions ?? []).filter((v) => parseVersion(v) !== undefined);
  if (ref.release !== undefined && versions.length > 0 && versions.every((v) => compareVersions(v, ref.release) < 0)) {
    const newest = versions.reduce((x, y) => (compareVersions(x, y) >= 0 ? x : y));
    words.push(`its ${versions.length} peer${versions.length === 1 ? '' : 's'} run ${shortVersion(newest)} or older`);
  }
  return { decisive, words };
}

function shareWords(r: Reference): string | undefined {
  if (r.sharePercent === undefined) return undefined;
  return r.shareOf === 'peers' ? `${pct(r.sharePercent)} of peers` : `${pct(r.sharePercent)} of stake`;
}

function upgradeWords(r: Reference): string {
  return `a network upgrade${r.upgradeName ? ` (${r.upgradeName})` : ''} at ${formatTimestamp(r.atMs)}`;
}

/** "72% of stake runs avalanchego v1.15.0, which schedules a network upgrade at …" */
function announcedClause(r: Reference, ownVersion: string | undefined): string {
  const share = shareWords(r);
  const own = ownVersion ? `this node's release (${ownVersion})` : "this node's release";
  if (r.release) {
    const who = share ? `${share} ${r.shareOf === 'peers' ? 'run' : 'runs'}` : 'peers run';
    return `${who} avalanchego ${r.release}${r.severalReleases ? ' or newer' : ''}, which schedules ${upgradeWords(r)}`;
  }
  return `${share ?? 'the stake'} ${share && r.shareOf === 'peers' ? 'announce' : 'announces'} ${upgradeWords(r)} that ${own} does not schedule`;
}

/** "; this node runs v1.14.2", unless the clause before already named this node's release. */
function ownClause(r: Reference, own: string | undefined): string {
  if (!r.release) return '';
  return `; this node runs ${own ?? 'an older release'}`;
}

function rememberFrom(f: UpgradeFacts, r: Reference, prev: UpgradeAnnouncement | undefined, now: number): UpgradeAnnouncement {
  const same = prev !== undefined && Math.floor(prev.upgradeTimeMs / 1000) === Math.floor(r.atMs / 1000);
  const connected = now < r.atMs && f.connectedShare !== undefined ? Math.round(f.connectedShare * 1000) / 10 : same ? prev.connectedPercent : undefined;
  const release = r.release ?? (same ? prev.release : undefined);
  return {
    version: 1,
    upgradeTimeMs: Math.floor(r.atMs / 1000) * 1000,
    ...(release !== undefined ? { release } : {}),
    sharePercent: r.sharePercent ?? (same ? prev.sharePercent : MAJORITY_PERCENT),
    shareOf: r.shareOf ?? (same ? prev.shareOf : 'stake'),
    ...(f.nodeVersion ? { nodeVersion: f.nodeVersion } : {}),
    ...(f.ownUpgradeMs !== undefined ? { ownUpgradeTimeMs: f.ownUpgradeMs } : {}),
    ...(connected !== undefined ? { connectedPercent: connected } : {}),
    ...(f.networkId !== undefined ? { networkId: f.networkId } : {}),
    firstSeenMs: same ? prev.firstSeenMs : now,
    lastSeenMs: now,
  };
}

/**
 * The rule. `remembered` is the announcement kept from earlier in the run (or an earlier run); the verdict's
 * `remember` is what to keep from now on.
 */
export function judgeUpgrade(f: UpgradeFacts, remembered: UpgradeAnnouncement | undefined, now: number): UpgradeVerdict {
  const own = f.nodeVersion && parseVersion(f.nodeVersion) ? shortVersion(f.nodeVersion) : undefined;
  // A remembered announcement this node now schedules (it was upgraded), or of another network, is done with.
  let memory = remembered;
  if (memory && (schedules(f, memory.upgradeTimeMs, memory.release) || (memory.networkId !== undefined && f.networkId !== undefined && memory.networkId !== f.networkId))) {
    memory = undefined;
  }
  const current = announcedNow(f, now);

  // A majority announces it now: the countdown, or at T the check for what remains.
  if (current?.majority) {
    const remember = rememberFrom(f, current, memory, now);
    if (now < current.atMs) return ahead(current, own, remember, now);
    return afterDeadline(f, current, memory, remember, now) ?? ahead(current, own, remember, now);
  }
  // Announced by less than half of the stake: said where versions are shown, nothing to do yet. A remembered
  // majority announcement stands while T is ahead only if the facts cannot say otherwise (peers and check unknown).
  const factsSilent = f.announcements === undefined && (f.check === undefined || f.check.pending);
  if (memory && (now >= memory.upgradeTimeMs || factsSilent)) {
    const ref = fromMemory(memory, f.networkId);
    if (now < ref.atMs) return ahead(ref, own, memory, now);
    const after = afterDeadline(f, ref, memory, memory, now);
    if (after) return after;
  }
  if (current) {
    const sentence = `${announcedClause(current, own)}${ownClause(current, own)}: the node counts it once half of the stake announces it`;
    return verdictFor('announced', current, own, memory, { sentence });
  }
  // Nothing announced and nothing remembered past T: the public networks' table, only with what remains to back it.
  const missed = memory ? undefined : missedActivation(f.networkId, f.nodeVersion, now);
  if (missed) {
    const ref: Reference = { atMs: missed.atMs, release: missed.release, sharePercent: undefined, shareOf: undefined, majority: true, source: 'public-networks', severalReleases: false, upgradeName: missed.upgrade };
    const after = afterDeadline(f, ref, undefined, undefined, now, true);
    if (after) return after;
  }
  return { tier: 'none', severity: 'ok', exitCode: 0, nodeVersion: own, evidence: [], remember: memory };
}

function ahead(r: Reference, own: string | undefined, remember: UpgradeAnnouncement | undefined, now: number): UpgradeVerdict {
  const left = r.atMs - now;
  const tier = left > 0 ? tierAhead(left) : 'day';
  const when = left > 0 ? `before ${formatTimestamp(r.atMs)} (in ${formatDuration(left)})` : `now: it activated at ${formatTimestamp(r.atMs)}`;
  const to = r.release ? ` to ${r.release}` : '';
  const sentence = `${announcedClause(r, own)}${ownClause(r, own)}: upgrade${left > 0 ? '' : to} ${when}`;
  const badge = left > 0 ? `upgrade${to} in ${formatDuration(left)}` : `upgrade${to} NOW`;
  return verdictFor(tier, r, own, remember, { sentence, badge });
}

/** A verdict about the announcement `r`: its facts, and the words the caller chose. */
function verdictFor(
  tier: UpgradeTier,
  r: Reference,
  own: string | undefined,
  remember: UpgradeAnnouncement | undefined,
  words: { sentence: string; badge?: string; evidence?: readonly string[] },
): UpgradeVerdict {
  return {
    tier,
    severity: SEVERITY[tier],
    exitCode: EXIT[tier],
    deadlineMs: r.atMs,
    release: r.release,
    upgradeName: r.upgradeName,
    sharePercent: r.sharePercent,
    shareOf: r.shareOf,
    source: r.source,
    nodeVersion: own,
    evidence: words.evidence ?? [],
    sentence: words.sentence,
    ...(words.badge !== undefined ? { badge: words.badge } : {}),
    remember,
  };
}

/**
 * At or after T: left behind when the node's connected stake collapsed or its P-chain stopped by T; within the
 * grace period still "upgrade now"; else (the node follows after all) undefined. The public table alone (`table`)
 * never gives the grace period: it speaks only with what remains behind it.
 */
function afterDeadline(
  f: UpgradeFacts,
  r: Reference,
  before: UpgradeAnnouncement | undefined,
  remember: UpgradeAnnouncement | undefined,
  now: number,
  table = false,
): UpgradeVerdict | undefined {
  if (schedules(f, r.atMs, r.release)) return undefined;
  const own = f.nodeVersion && parseVersion(f.nodeVersion) ? shortVersion(f.nodeVersion) : undefined;
  const evidence = leftBehindEvidence(f, r, before, now);
  if (!evidence.decisive) return !table && now - r.atMs < LEFT_BEHIND_GRACE_MS ? ahead(r, own, remember, now) : undefined;
  const since = formatTimestamp(r.atMs);
  const to = r.release ? `upgrade to ${r.release}` : 'upgrade to the release the network runs';
  const what =
    r.source === 'public-networks'
      ? `${r.upgradeName} activated then, scheduled by ${r.release}`
      : `${shareWords(r) ?? 'the stake'} announced ${upgradeWords(r)}${r.release ? ` with ${r.release}` : ''}`;
  const sentence = `cannot follow the network since ${since}: ${to} (${what}; this node runs ${own ?? 'an older release'}; now ${evidence.words.join(', ')})`;
  // The badge is short enough for an 80-column header beside the node's name: the date; the hour is in the sentence.
  return verdictFor('left-behind', r, own, remember, { sentence, badge: `LEFT BEHIND since ${formatDate(r.atMs)}: ${to}`, evidence: evidence.words });
}

/** The verdict's sentence made safe for a terminal (versions come from peers). */
export function upgradeLine(v: UpgradeVerdict): string | undefined {
  return v.sentence === undefined ? undefined : sanitize(v.sentence);
}
