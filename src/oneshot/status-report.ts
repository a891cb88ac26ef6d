/**
 * Judges a node from one snapshot of its APIs: healthy (exit 0), degraded (1) or unreachable (2).
 * Pure: the snapshot is gathered elsewhere, so the rules test without a node.
 */
import { formatBehind, formatClock, formatCountdown, formatPercent, formatTimestamp, sanitize } from '../format';
import { formatConnected, type HealthSummary } from '../domain/health/health-summary';
import { rewardThreshold, thresholdStartUnknown, type HeliconSchedule } from '../domain/reward/threshold';
import { judgeValidation, type ValidationFacts } from '../domain/reward/guard';
import { basisLine, budgetLine, distributionLine, endLine, guardFindings } from '../domain/reward/words';
import type { JudgedValidation, OwnValidations } from '../domain/reward/own-validations';
import { networkView } from '../domain/reward/vote';
import { renewalOf } from '../domain/reward/renewal';
import type { WarnBudget } from '../domain/reward/tiers';
import type { LastBudget, VoterWeights } from '../state/reward-memory';
import { reportValidations } from './status-validations';
import { unreachableBudget } from './status-kept-budgets';
import { EXIT_CRITICAL, EXIT_OK, EXIT_WARNING } from '../config/exit-codes';
import { judgeUpgrade, upgradeLine, type UpgradeFacts, type UpgradeVerdict } from '../domain/upgrades/deadline';

/** `critical`: reachable, but it cannot follow the network (a network upgrade it does not schedule has activated). */
export type Verdict = 'healthy' | 'degraded' | 'critical' | 'unreachable';

/** A value, or the reason it could not be had (one line, already in words). */
export type Maybe<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface StatusSnapshot {
  url: string;
  /** Set when the node could not be reached at all (Info API down). */
  unreachable?: string;
  nodeId: Maybe<string>;
  version: Maybe<string>;
  networkName: Maybe<string>;
  bootstrapped: Record<'P' | 'X' | 'C', Maybe<boolean>>;
  peers: Maybe<number>;
  height: Maybe<bigint>;
  chainTime: Maybe<Date>;
  uptime: Maybe<{ rewardingStakePercentage: number; weightedAveragePercentage: number }>;
  /** undefined value: the node is not a current primary-network validator. */
  validator: Maybe<ValidatorRecord | undefined>;
  /** A validator's views of this node and the validator set's weights: the vote (domain/reward/vote.ts). */
  views?: Maybe<VoterViews>;
  /** The last trustworthy budgets the event log kept across runs: counted down while the view cannot be trusted. */
  lastBudgets?: readonly LastBudget[];
  /** This node's subnet and L1 validations: what discovery found, with those named by --l1-validation. */
  own?: Maybe<OwnValidations>;
  /** Other validators named with --watch-node, as this node sees them (no record: not a current validator). */
  watched?: Maybe<WatchedValidation[]>;
  healthy: Maybe<boolean>;
  /** The node's checks judged (domain/health); absent from snapshots made before it was gathered. */
  health?: Maybe<HealthSummary>;
  /** From info.upgrades: decides ACP-267's 90%. Absent from a snapshot: not known. */
  helicon?: HeliconSchedule;
  /** What the upgrade-deadline rule reads (domain/upgrades); absent from snapshots made before it was gathered. */
  upgrade?: UpgradeFacts;
}

/** A validator's record as `status` reads it (getCurrentValidators for one node ID). */
export interface ValidatorRecord {
  txID?: string;
  startTime?: Date;
  endTime?: Date;
  uptime?: number;
  connected?: boolean;
  /** ACP-236: auto-renewed validators carry their authority, nextPeriod and compounding share. */
  validatorAuthority?: unknown;
  nextPeriod?: bigint;
  autoCompoundRewardShares?: number;
}

/** Each connected peer's view of this node (info.peers observedUptime) and the validator set that weighs them. */
export interface VoterViews {
  peers: ReadonlyArray<{ nodeID: string; observedUptime?: number }>;
  /** When the peers were read. */
  atMs: number;
  weights: VoterWeights;
}

export interface WatchedValidation extends ValidatorRecord {
  nodeID: string;
}

/**
 * The version of `status -o json`'s document: raised whenever a field changes meaning, type or place (README
 * "status -o json: changes" says what each version changed).
 */
export const STATUS_SCHEMA = 2;

export interface StatusReport {
  verdict: Verdict;
  /**
   * Every validation of this node as the guard judged it (primary first): `status -o line`'s badge reads it, and
   * status-memory.ts keeps the trustworthy budgets among them.
   */
  validations?: readonly JudgedValidation[];
  exitCode: 0 | 1 | 2;
  /** The upgrade deadline as judged (domain/upgrades), when the snapshot had its facts. */
  upgrade?: UpgradeVerdict;
  problems: string[];
  lines: string[];
  json: Record<string, unknown>;
}

export interface ThresholdRule {
  /** Fixed threshold from --uptime-threshold; otherwise the node's own rule (domain/reward/threshold.ts). */
  override?: number;
  /** The config file the override came from; undefined: the flag. */
  overrideFrom?: string;
  /** --warn-budget: a share of the allowance or a duration (default 25% of the allowance; domain/reward/tiers.ts). */
  warnBudget?: WarnBudget;
  /** --warn-end: warn when the validation ends within this (default 24 h). */
  warnEndMs?: number;
}

function show<T>(m: Maybe<T>, f: (v: T) => string): string {
  return m.ok ? f(m.value) : `? (${m.reason})`;
}

export function assessStatus(s: StatusSnapshot, rule: ThresholdRule, now: number): StatusReport {
  if (s.unreachable !== undefined) {
    const reason = sanitize(s.unreachable);
    // What the event log kept of its budgets, spent in real time since: how long there is to bring it back.
    const kept = (s.lastBudgets ?? []).map((b) => unreachableBudget(b, now));
    return {
      verdict: 'unreachable',
      exitCode: 2,
      problems: [reason],
      lines: [`UNREACHABLE  ${sanitize(s.url)}`, `  ${reason}`, ...kept.map((k) => k.line)],
      json: { schema: STATUS_SCHEMA, url: s.url, verdict: 'unreachable', reachable: false, problems: [reason], ...(kept.length > 0 ? { validations: kept.map((k) => k.json) } : {}) },
    };
  }

  const problems: string[] = [];
  for (const chain of ['P', 'X', 'C'] as const) {
    const b = s.bootstrapped[chain];
    if (!b.ok) problems.push(`${chain}-chain bootstrap state unknown: ${b.reason}`);
    else if (!b.value) problems.push(`${chain}-chain is still bootstrapping`);
  }
  if (s.peers.ok && s.peers.value === 0) problems.push('no peers connected');
  const health = s.health?.ok ? s.health.value : undefined;
  const names = (xs: readonly string[]) => xs.map((n) => sanitize(n)).join(', ');
  if (health && health.failing.length > 0) problems.push(`health checks failing: ${names(health.failing)} (/ext/health)`);
  if (health && health.pending.length > 0) {
    problems.push(`health checks not run yet since the node started: ${names(health.pending)} (it runs them every --health-check-frequency, 30 s by default)`);
  }
  if (health?.stakeLow && health.percentConnected !== undefined) {
    problems.push(`connected to ${formatConnected(health.percentConnected)} of the stake; the node needs ${formatConnected(health.requiredConnected)}`);
  }
  if (s.healthy.ok && !s.healthy.value && !health) problems.push('the node reports itself unhealthy (/ext/health)');
  if (health?.kind === 'failing' && health.failing.length === 0) problems.push('the node reports itself unhealthy (/ext/health)');
  if (!s.height.ok) problems.push(`P-chain height unavailable: ${s.height.reason}`);

  const validator = s.validator.ok ? s.validator.value : undefined;
  // While the validator record cannot be read (the P-chain bootstrapping), whether and since when this node
  // validates is not known: the rule on both sides of Helicon, not a guess at "starting now".
  const t = (s.validator.ok ? rewardThreshold : thresholdStartUnknown)({ start: validator?.startTime, helicon: s.helicon ?? { kind: 'unknown' }, override: rule.override, overrideFrom: rule.overrideFrom, now });
  const nodeId = s.nodeId.ok ? s.nodeId.value : '';
  // The vote: each connected validator's view of this node, weighed by stake (domain/reward/vote.ts). A one-shot
  // reading has no earlier figure of its own; the event log may give it one (lastBudgets).
  const views = s.views?.ok ? s.views.value : undefined;
  const view = views
    ? networkView({ peers: views.peers, weights: new Map(views.weights.validators.map((v) => [v.nodeID, v.weight])), totalWeight: views.weights.totalWeight, selfNodeId: nodeId })
    : undefined;
  const last = Object.fromEntries((s.lastBudgets ?? []).filter((b) => b.nodeId === nodeId).map((b) => [b.validation, b]));
  const primaryFacts: ValidationFacts | undefined = validator
    ? {
        nodeId,
        validation: 'primary',
        startMs: validator.startTime?.getTime(),
        endMs: validator.endTime?.getTime(),
        view: 'peers',
        vote: { view, atMs: views?.atMs, reachable: true, last },
        ownRecordPercent: validator.uptime,
        averagePercent: s.uptime.ok ? s.uptime.value.weightedAveragePercentage : undefined,
        rewardingStakePercent: s.uptime.ok ? s.uptime.value.rewardingStakePercentage : undefined,
        helicon: s.helicon ?? { kind: 'unknown' },
        renewal: renewalOf(validator),
      }
    : undefined;
  const guardOptions = { now, override: rule.override, overrideFrom: rule.overrideFrom, warnBudget: rule.warnBudget, warnEndMs: rule.warnEndMs };
  // Every validation of this node (primary, subnet, L1), judged by the one guard (status-validations.ts).
  const own = reportValidations(primaryFacts, s.own?.ok ? s.own.value : undefined, guardOptions);
  const guard = own.primary;
  if (validator && s.views && !s.views.ok) problems.push(`the network's view of this node unknown: ${s.views.reason}`);
  if (validator && validator.connected === false) problems.push('the network sees this validator as disconnected');
  if (s.own && !s.own.ok) problems.push(`subnet and L1 validations unknown: ${s.own.reason}`);
  problems.push(...own.problems);
  // Watched validators: the same guard, from this node's view of them.
  if (s.watched && !s.watched.ok) problems.push(`watched validators unknown: ${s.watched.reason}`);
  const watched = (s.watched?.ok ? s.watched.value : []).map((w) => ({
    w,
    guard: w.startTime
      ? judgeValidation(
          { nodeId: w.nodeID, validation: 'primary', startMs: w.startTime.getTime(), endMs: w.endTime?.getTime(), uptimePercent: w.uptime, view: 'this-node', helicon: s.helicon ?? { kind: 'unknown' }, renewal: renewalOf(w) },
          guardOptions,
        )
      : undefined,
  }));
  for (const { w, guard: g } of watched) {
    if (!g) problems.push(`${sanitize(w.nodeID)} is not a current validator`);
    else for (const f of guardFindings(g, [], guardOptions)) problems.push(`${sanitize(w.nodeID)}: ${f.text}`);
  }

  // The upgrade deadline (domain/upgrades): a problem from a week before; exit 2 once the node cannot follow.
  const upgrade = s.upgrade ? judgeUpgrade(s.upgrade, undefined, now) : undefined;
  const upgradeText = upgrade ? upgradeLine(upgrade) : undefined;
  // A node left behind fails everything else because of it: the cause goes first.
  if (upgrade && upgradeText && upgrade.exitCode === 2) problems.unshift(upgradeText);
  else if (upgrade && upgradeText && upgrade.exitCode > 0) problems.push(upgradeText);

  const verdict: Verdict = upgrade?.exitCode === 2 ? 'critical' : problems.length === 0 ? 'healthy' : 'degraded';
  const boot = (['P', 'X', 'C'] as const)
    .map((c) => `${c} ${show(s.bootstrapped[c], (v) => (v ? 'yes' : 'BOOTSTRAPPING'))}`)
    .join('  ');
  const validatorLine = !s.validator.ok
    ? `? (${s.validator.reason})`
    : validator
      ? guard && validator.endTime
        ? endLine(guard, now)!
        : `ends ${validator.endTime ? `${formatTimestamp(validator.endTime)} (in ${formatCountdown(validator.endTime, now)})` : 'never (L1/permissioned)'}`
      : 'not a primary-network validator';

  const lines = [
    `${verdict.toUpperCase()}  ${sanitize(s.url)}`,
    `node       ${show(s.nodeId, sanitize)}  ${show(s.networkName, sanitize)}  ${show(s.version, sanitize)}`,
    `bootstrap  ${boot}`,
    `peers      ${show(s.peers, String)}${health?.stakeLow && health.percentConnected !== undefined ? ` (${formatConnected(health.percentConnected)} of stake connected)` : ''}`,
    ...(s.health ? [`health     ${show(s.health, healthLine)}`] : []),
    // The chain's clock as the header writes it: "chain 16:37:43Z (4s behind)".
    `height     ${show(s.height, String)}${s.chainTime.ok ? `  chain ${formatClock(s.chainTime.value, now)} (${formatBehind(now - s.chainTime.value.getTime())})` : ''}`,
    `uptime     ${show(s.uptime, (u) => `${formatPercent(u.weightedAveragePercentage)} average over all stake (unconnected as 0), ${formatPercent(u.rewardingStakePercentage)} of stake would reward at ${guard?.rewardingCountedAt ?? t.percent ?? '?'}%`)}  (needs ${t.percent === undefined ? t.reason : `${t.percent}%: ${t.reason}`})`,
    ...(guard ? [`vote       ${basisLine(guard, now) ?? '?'}`] : []),
    ...(guard?.network ? [`network    ${distributionLine(guard.network, guard.threshold.percent)}`] : []),
    `validator  ${validatorLine}`,
    ...(upgradeText ? [`upgrade    ${upgradeText}`] : []),
    ...(guard ? [`budget     ${budgetLine(guard, now)}`] : []),
    ...own.lines,
    ...watched.map(({ w, guard: g }) => `watched    ${sanitize(w.nodeID)}: ${g ? budgetLine(g, now) : 'not a current validator'}`),
    ...problems.map((p) => `problem    ${p}`),
  ];

  const value = <T>(m: Maybe<T>): T | null => (m.ok ? m.value : null);
  // Counts, heights, seconds and percents are numbers; nAVAX amounts strings (they pass 2^53).
  const json = {
    schema: STATUS_SCHEMA,
    url: s.url,
    verdict,
    reachable: true,
    nodeID: value(s.nodeId),
    networkName: value(s.networkName),
    version: value(s.version),
    bootstrapped: { P: value(s.bootstrapped.P), X: value(s.bootstrapped.X), C: value(s.bootstrapped.C) },
    peers: value(s.peers),
    // A P-chain height is far below 2^53.
    height: s.height.ok ? Number(s.height.value) : null,
    chainTime: s.chainTime.ok ? s.chainTime.value.toISOString() : null,
    chainTimeAgeSeconds: s.chainTime.ok ? Math.round((now - s.chainTime.value.getTime()) / 1000) : null,
    // info.uptime as the node computes it; rewardingCountedAt: the threshold it counted rewarding stake at.
    uptime: s.uptime.ok ? { ...s.uptime.value, rewardingCountedAt: guard?.rewardingCountedAt ?? t.percent ?? null } : null,
    uptimeThreshold: t.percent ?? null,
    uptimeThresholdSource: t.reason,
    heliconTime: s.helicon?.kind === 'scheduled' ? s.helicon.at.toISOString() : s.helicon?.kind === 'unscheduled' ? 'unscheduled' : null,
    validator: validator
      ? {
          startTime: validator.startTime?.toISOString() ?? null,
          endTime: validator.endTime?.toISOString() ?? null,
          uptime: validator.uptime ?? null,
          connected: validator.connected ?? null,
        }
      : null,
    // Each validation the reward guard judged (primary first, then subnet and L1 ones), README "status -o json".
    validations: own.json,
    watchedValidations: watched.map(({ w, guard: g }) => ({
      nodeID: w.nodeID,
      current: g !== undefined,
      threshold: g?.threshold.percent ?? null,
      thresholdSource: g?.threshold.reason ?? null,
      uptimeView: "this node's (getCurrentValidators uptime)",
      uptime: g?.uptimePercent ?? null,
      downtimeBudgetSeconds: g?.budget && g.budget.state !== 'ended' ? Math.round(g.budget.remainingMs / 1000) : null,
      endsInSeconds: g?.endMs === undefined ? null : Math.round((g.endMs - now) / 1000),
    })),
    healthy: value(s.healthy),
    ...(upgrade ? { upgrade: upgradeJson(upgrade, now) } : {}),
    ...(s.health ? { health: health ? healthJson(health) : null } : {}),
    problems,
  };
  // config/exit-codes.ts: left behind is CRITICAL as an unreachable node is.
  return { verdict, exitCode: verdict === 'healthy' ? EXIT_OK : verdict === 'critical' ? EXIT_CRITICAL : EXIT_WARNING, problems, lines, json, upgrade, validations: own.list };
}

/** The upgrade verdict for scripts: the tier, the deadline and how far it is, what to install, and why. */
function upgradeJson(v: UpgradeVerdict, now: number): Record<string, unknown> {
  return {
    tier: v.tier,
    severity: v.severity,
    // The exit status this alone gives (0 before a week ahead, 1 from then, 2 once the node cannot follow).
    exitStatus: v.exitCode,
    deadline: v.deadlineMs === undefined ? null : new Date(v.deadlineMs).toISOString(),
    deadlineInSeconds: v.deadlineMs === undefined ? null : Math.round((v.deadlineMs - now) / 1000),
    release: v.release ?? null,
    upgradeName: v.upgradeName ?? null,
    sharePercent: v.sharePercent ?? null,
    shareOf: v.shareOf ?? null,
    source: v.source ?? null,
    nodeVersion: v.nodeVersion ?? null,
    evidence: v.evidence.map((e) => sanitize(e)),
    sentence: upgradeLine(v) ?? null,
  };
}

function healthLine(h: HealthSummary): string {
  const names = (xs: readonly string[]) => xs.map((n) => sanitize(n)).join(', ');
  if (h.kind === 'healthy') return `healthy (${h.checks.length} checks pass)`;
  const parts = [];
  if (h.failing.length > 0) parts.push(`${h.failing.length} failing: ${names(h.failing)}`);
  if (h.pending.length > 0) parts.push(`${h.pending.length} not run yet: ${names(h.pending)}`);
  return parts.length > 0 ? parts.join('; ') : 'unhealthy';
}

/** Failing and pending checks by name, each failing one with the node's error, for scripts. */
function healthJson(h: HealthSummary): Record<string, unknown> {
  return {
    state: h.kind,
    failing: h.failing.map((n) => sanitize(n)),
    pending: h.pending.map((n) => sanitize(n)),
    percentConnected: h.percentConnected ?? null,
    checks: Object.fromEntries(
      h.checks.map((c) => [sanitize(c.name), { state: c.state, ...(c.state === 'failing' ? { error: sanitize(c.error ?? '') } : {}) }]),
    ),
  };
}
