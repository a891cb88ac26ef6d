// The uptime a validation needs for its staking reward, and where that figure comes from. Pure: every surface
// (header, overview, validators pane, validator view, `status`, `get`, the exporter) asks this module and nothing else.
//
// The rule, read from avalanchego v1.15.0 (vms/platformvm/block/executor/options.go `prefersCommit`):
// - primary network: ACP-267 makes a validation whose start time is at or after the network's Helicon activation
//   need 90% (genesis.ACP267UptimeRequirement, a constant of the node); earlier validations need the node's
//   --uptime-requirement (80% unless the operator changed it, which the API does not show). Activation is per network
//   and the node reports it as info.upgrades.heliconTime.
// - elastic subnets (TransformSubnetTx): the subnet's own uptimeRequirement, whatever the node's flag.
// - permissioned subnets and L1s pay no staking reward, so no threshold applies.
// avatop's --uptime-threshold stands for the node's --uptime-requirement, so it changes exactly what that flag
// changes: primary-network validations that started before Helicon (or while Helicon's time is not known).
import type { Resource } from '../../state/resource';
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import { isoUtc } from '../../format/utc';

/** A node's --uptime-requirement default (config.DefaultUptimeRequirement). */
export const DEFAULT_UPTIME_REQUIREMENT = 80;
/** ACP-267's requirement for validations starting at or after Helicon. */
export const HELICON_UPTIME_REQUIREMENT = 90;
/** avalanchego writes 9999-12-01T00:00:00Z (upgrade.UnscheduledActivationTime) for an upgrade not scheduled. */
export const UNSCHEDULED_YEAR = 9999;
/** TransformSubnetTx.uptimeRequirement is in parts of reward.PercentDenominator (1,000,000 = 100%). */
export const PERCENT_DENOMINATOR = 1_000_000;

/** What the node says about Helicon. */
export type HeliconSchedule =
  /** info.upgrades not answered yet. */
  | { readonly kind: 'unknown' }
  /** The node has no info.upgrades, or its reply has no heliconTime: a node older than Helicon. */
  | { readonly kind: 'absent'; readonly why: string }
  | { readonly kind: 'unscheduled' }
  | { readonly kind: 'scheduled'; readonly at: Date };

/** Which reward rule a validation falls under. */
export type StakeRule =
  | { readonly kind: 'primary' }
  /** uptimeRequirement as TransformSubnetTx carries it (parts per 1,000,000); undefined while not loaded. */
  | { readonly kind: 'elastic'; readonly uptimeRequirement: number | undefined }
  | { readonly kind: 'no-reward' };

export const PRIMARY: StakeRule = { kind: 'primary' };

export type ThresholdSource =
  | 'override'
  | 'before-helicon'
  | 'after-helicon'
  | 'helicon-unscheduled'
  | 'helicon-absent'
  | 'helicon-unknown'
  | 'start-unknown'
  | 'elastic'
  | 'elastic-unknown'
  | 'no-reward';

export interface Threshold {
  /** Percent needed; undefined where no reward is at stake or the figure is not known yet. */
  readonly percent: number | undefined;
  readonly source: ThresholdSource;
  /** Where the figure comes from, in words: "started after Helicon, 2026-07-28". */
  readonly reason: string;
  /** Figure and reason: "90% (started after Helicon, 2026-07-28)". */
  readonly text: string;
  /** For a status line: "80% (Helicon unscheduled)", "90% (after Helicon)". */
  readonly short: string;
  /** Helicon's activation, when the figure was decided by it. */
  readonly heliconAt?: Date;
}

export interface ThresholdQuery {
  /** The validation's start (Date or epoch ms); a node that is not validating is judged as if it started now. */
  readonly start: Date | number | undefined;
  readonly helicon: HeliconSchedule;
  /** --uptime-threshold: the node's --uptime-requirement, for validations that started before Helicon. */
  readonly override?: number;
  /** The config file the override came from (its `uptimeThreshold`); undefined: the --uptime-threshold flag. */
  readonly overrideFrom?: string;
  readonly rule?: StakeRule;
  readonly now: number;
}

const day = (d: Date) => isoUtc(d.getTime()).slice(0, 10);

const SHORT: Record<ThresholdSource, string> = {
  override: '--uptime-threshold, before Helicon',
  'before-helicon': 'before Helicon',
  'after-helicon': 'after Helicon',
  'helicon-unscheduled': 'Helicon not scheduled',
  'helicon-absent': 'no Helicon on node',
  'helicon-unknown': 'Helicon time loading',
  'start-unknown': 'validation not known yet',
  elastic: 'subnet rule',
  'elastic-unknown': 'subnet rule loading',
  'no-reward': 'no reward on this subnet',
};

function make(percent: number | undefined, source: ThresholdSource, reason: string, heliconAt?: Date): Threshold {
  const text = percent === undefined ? reason : `${formatPct(percent)}% (${reason})`;
  const short = percent === undefined ? SHORT[source] : `${formatPct(percent)}% (${SHORT[source]})`;
  return heliconAt ? { percent, source, reason, text, short, heliconAt } : { percent, source, reason, text, short };
}

/** "80%/90% (before/after Helicon 2026-07-28)": the rule of a list whose validations fall on both sides. */
export function splitRuleText(before: Threshold, after: Threshold): string {
  const at = after.heliconAt ?? before.heliconAt;
  return `${formatPct(before.percent ?? DEFAULT_UPTIME_REQUIREMENT)}%/${formatPct(after.percent ?? HELICON_UPTIME_REQUIREMENT)}% (before/after Helicon${at ? ` ${day(at)}` : ''})`;
}

function formatPct(p: number): string {
  return Number.isInteger(p) ? String(p) : String(Math.round(p * 100) / 100);
}

/**
 * The operator's figure, standing for the node's --uptime-requirement, naming where it was set: the flag, or the
 * config file and its key.
 */
function overridden(percent: number, from: string | undefined, reason: string, at: Date | undefined): Threshold {
  const t = make(percent, 'override', `${from === undefined ? '--uptime-threshold' : `uptimeThreshold in ${from}`} (as the node's --uptime-requirement); ${reason}`, at);
  return from === undefined ? t : { ...t, short: `${formatPct(percent)}% (config uptimeThreshold, before Helicon)` };
}

export function rewardThreshold(q: ThresholdQuery): Threshold {
  const rule = q.rule ?? PRIMARY;
  if (rule.kind === 'no-reward') return make(undefined, 'no-reward', 'no staking reward on this subnet');
  if (rule.kind === 'elastic') {
    if (rule.uptimeRequirement === undefined) return make(undefined, 'elastic-unknown', "subnet's uptimeRequirement not loaded");
    return make((rule.uptimeRequirement / PERCENT_DENOMINATOR) * 100, 'elastic', "subnet's TransformSubnetTx uptimeRequirement");
  }
  // Before Helicon (or not known to be after it): the node's --uptime-requirement, which --uptime-threshold stands for.
  const before = (source: ThresholdSource, reason: string, at?: Date): Threshold =>
    q.override === undefined ? make(DEFAULT_UPTIME_REQUIREMENT, source, reason, at) : overridden(q.override, q.overrideFrom, reason, at);
  const h = q.helicon;
  switch (h.kind) {
    case 'unknown':
      return before('helicon-unknown', 'Helicon time not known yet');
    case 'absent':
      return before('helicon-absent', h.why);
    case 'unscheduled':
      return before('helicon-unscheduled', "Helicon not scheduled by this node's release");
    case 'scheduled': {
      const start = q.start === undefined ? q.now : typeof q.start === 'number' ? q.start : q.start.getTime();
      const after = start >= h.at.getTime();
      const verb = q.start === undefined ? (after ? 'starting now: after' : 'starting now: before') : after ? 'started after' : 'started before';
      const reason = `${verb} Helicon, ${day(h.at)}`;
      // ACP-267's 90% is a constant of the node: no flag changes it.
      return after ? make(HELICON_UPTIME_REQUIREMENT, 'after-helicon', reason, h.at) : before('before-helicon', reason, h.at);
    }
  }
}

/**
 * The threshold of a validation not known yet: the node's P-chain still bootstraps, so whether and since when it
 * validates is not known, and "starting now" would be a guess. On a network with Helicon scheduled the rule on both
 * sides ("80%/90% (before/after Helicon 2026-09-22)"), no one figure; else the figure every start has.
 */
export function thresholdStartUnknown(q: Omit<ThresholdQuery, 'start'>): Threshold {
  const h = q.helicon;
  const whenever = rewardThreshold({ ...q, start: undefined });
  if (h.kind !== 'scheduled' || whenever.source === 'no-reward' || whenever.source.startsWith('elastic')) return whenever;
  const before = rewardThreshold({ ...q, start: h.at.getTime() - 1 });
  const after = rewardThreshold({ ...q, start: h.at.getTime() });
  if (before.percent === after.percent) return whenever;
  return make(undefined, 'start-unknown', splitRuleText(before, after), h.at);
}

/** True when a known uptime is under a known threshold. */
export function isBelow(uptime: number | undefined, t: Threshold): boolean {
  return uptime !== undefined && t.percent !== undefined && uptime < t.percent;
}

/** "9999-12-01T00:00:00Z" and the like: not scheduled. */
function scheduleOf(time: Date): HeliconSchedule {
  if (Number.isNaN(time.getTime())) return { kind: 'absent', why: 'heliconTime unreadable' };
  return time.getUTCFullYear() >= UNSCHEDULED_YEAR ? { kind: 'unscheduled' } : { kind: 'scheduled', at: time };
}

/**
 * Helicon from info.upgrades' result, in either form: the client's parsed one (`times: [{name, time}]`) or the
 * wire's (`heliconTime: "…"`).
 */
export function heliconFromUpgrades(upgrades: unknown): HeliconSchedule {
  if (upgrades === null || typeof upgrades !== 'object') return { kind: 'absent', why: 'node reports no upgrade times' };
  const o = upgrades as Record<string, unknown>;
  if (Array.isArray(o.times)) {
    for (const t of o.times as unknown[]) {
      const e = t !== null && typeof t === 'object' ? (t as Record<string, unknown>) : {};
      if (e.name !== 'helicon') continue;
      if (e.time instanceof Date) return scheduleOf(e.time);
      if (typeof e.time === 'string') return scheduleOf(new Date(e.time));
    }
  }
  const wire = o.heliconTime;
  if (typeof wire === 'string') return scheduleOf(new Date(wire));
  if (wire instanceof Date) return scheduleOf(wire);
  return { kind: 'absent', why: 'node reports no Helicon time' };
}

/** Helicon from the store's info.upgrades resource: not answered yet, not on this node, or its answer. */
export function heliconFromResource(r: Resource<unknown> | undefined): HeliconSchedule {
  if (!r) return { kind: 'unknown' };
  if (r.data !== undefined) return heliconFromUpgrades(r.data);
  if (r.status === 'unsupported') return { kind: 'absent', why: 'node has no info.upgrades (older than v1.11.11)' };
  return { kind: 'unknown' };
}

/**
 * The rule for a validator of a subnet: the primary network's, an elastic subnet's (its stakers are
 * permissionless: they carry a reward, a fee or a reward owner) with that subnet's uptimeRequirement, or none
 * (permissioned subnets and L1s pay no staking reward).
 */
export function stakeRuleOf(subnetId: string, v: Readonly<Record<string, unknown>> | undefined, uptimeRequirement: number | undefined): StakeRule {
  if (subnetId === PRIMARY_NETWORK_ID) return PRIMARY;
  if (v === undefined) return { kind: 'elastic', uptimeRequirement };
  const permissionless =
    v.kind === 'permissionless' || v.potentialReward !== undefined || v.delegationFee !== undefined || v.validationRewardOwner !== undefined;
  return permissionless && v.validationID === undefined ? { kind: 'elastic', uptimeRequirement } : { kind: 'no-reward' };
}
