// One validation judged against its reward rule: the threshold (threshold.ts), the downtime budget of the network's
// vote (vote.ts) or, while the vote cannot be read, the last trustworthy budget spent in real time (projection.ts),
// its tier (tiers.ts) and what happens at its period's end (renewal.ts). Every surface presents what this decides;
// the words are in words.ts.
//
// Which uptime: each validator votes on the reward from its own measurement of this node, and the stake-weighted
// median voter decides (vote.ts). For this node's own validations the budget is that voter's. A watched node's
// budget can only use this node's view of it (its getCurrentValidators `uptime`).
import { rewardThreshold, PRIMARY, type HeliconSchedule, type StakeRule, type Threshold } from './threshold';
import { downtimeBudget, type Budget } from './budget';
import { budgetTier, endTier, runsOutAtMs, DEFAULT_WARN_BUDGET, type Tier, type WarnBudget } from './tiers';
import { rewardingShare, viewAccuracyMs, type NetworkView } from './vote';
import { project, type LastBudget, type ProjectionReason } from './projection';
import { compoundShare, periodOutcome, type PeriodOutcome, type RenewalFacts } from './renewal';

export type UptimeView = 'peers' | 'this-node';

/** The network's view of this node, as far as avatop can read it now. */
export interface VoteFacts {
  /** Undefined until both the peers' views (info.peers) and the validator set's weights are in. */
  readonly view: NetworkView | undefined;
  /** When the views were read. */
  readonly atMs: number | undefined;
  /** False while avatop cannot reach the node (the liveness probe fails). */
  readonly reachable: boolean;
  /** The last trustworthy budget of each validation ('primary' or subnet ID), where avatop (or the event log) has one. */
  readonly last?: Readonly<Record<string, LastBudget>>;
  /** Share (0-1) of the last hour the node counted as down; undefined when not known. */
  readonly downRate?: number;
}

/** A validation as plain facts: what `status`'s snapshot and the store both reduce to. */
export interface ValidationFacts {
  readonly nodeId: string;
  /** 'primary', or the subnet's ID: the key of its remembered budget. */
  readonly validation: string;
  readonly startMs: number | undefined;
  readonly endMs: number | undefined;
  readonly view: UptimeView;
  /** This node's own validations: the vote. */
  readonly vote?: VoteFacts;
  /** A watched validator: this node's view of it. */
  readonly uptimePercent?: number;
  /** This node's own record of itself (getCurrentValidators uptime): shown, never the budget. */
  readonly ownRecordPercent?: number;
  /** info.uptime: what the node computes over all stake, unconnected stake counted as 0. Shown, never the budget. */
  readonly averagePercent?: number;
  readonly rewardingStakePercent?: number;
  readonly helicon: HeliconSchedule;
  readonly renewal: RenewalFacts;
  /** The reward rule; the primary network's unless a subnet validation says otherwise. */
  readonly rule?: StakeRule;
}

/** Where the budget's figure comes from now. */
export type BudgetBasis =
  /** The stake-weighted median voter, over `knownShare` of all stake; whole-percent views make it good to `accuracyMs`. */
  | { readonly kind: 'vote'; readonly atMs: number; readonly knownShare: number; readonly accuracyMs: number }
  /** The last trustworthy figure (read at `sinceMs`) spent in real time since: the worst case. */
  | { readonly kind: 'projected'; readonly reason: ProjectionReason; readonly sinceMs: number; readonly knownShare: number }
  /** No trustworthy figure now and none earlier. */
  | { readonly kind: 'unknown'; readonly reason: ProjectionReason }
  /** Not known yet: the views, the validator set, the threshold or the times are still loading. */
  | { readonly kind: 'loading' }
  /** A watched validator's budget, from this node's view of it. */
  | { readonly kind: 'this-node' };

export interface ValidationGuard {
  readonly nodeId: string;
  readonly validation: string;
  readonly threshold: Threshold;
  readonly startMs: number | undefined;
  readonly endMs: number | undefined;
  readonly view: UptimeView;
  /** The uptime the budget uses: the median voter's (own validations) or this node's view (watched). */
  readonly uptimePercent: number | undefined;
  readonly basis: BudgetBasis;
  /** How the network sees the node (own validations, once its views and weights are in). */
  readonly network: NetworkView | undefined;
  /** Share (0-1) of all stake whose view is at or above this validation's threshold now. */
  readonly rewardingShare: number | undefined;
  readonly ownRecordPercent: number | undefined;
  readonly averagePercent: number | undefined;
  /** info.uptime rewardingStakePercentage, and the threshold the node counted it at (its own primary requirement). */
  readonly rewardingStakePercent: number | undefined;
  readonly rewardingCountedAt: number | undefined;
  /** Undefined while the threshold or the times are not known, or the basis has no figure. */
  readonly budget: Budget | undefined;
  readonly budgetTier: Tier | undefined;
  /** The end's urgency; 'ok' for a period that renews (its end is not a problem). */
  readonly endTier: Tier | undefined;
  readonly renewal: RenewalFacts;
  /** What happens at the period's end. */
  readonly outcome: PeriodOutcome;
  /** Share (0-1) of each cycle's reward restaked (auto-renewed validators that report it). */
  readonly compoundShare: number | undefined;
  /** ACP-236: the end is the end of the current cycle. */
  readonly autoRenewed: boolean;
}

export interface GuardOptions {
  readonly now: number;
  /** --uptime-threshold: the node's --uptime-requirement, for validations that started before Helicon. */
  readonly override?: number;
  /** The config file the override came from; undefined: the flag. */
  readonly overrideFrom?: string;
  /** --warn-budget. */
  readonly warnBudget?: WarnBudget;
}

function measured(f: ValidationFacts, thr: number, start: number, end: number, now: number, uptime: number, downRate: number | undefined): Budget {
  const b = downtimeBudget({ thresholdPercent: thr, startMs: start, endMs: end, uptimePercent: uptime, nowMs: now });
  if (b.state !== 'ok') return b;
  const at = runsOutAtMs(b.remainingMs, now, downRate);
  return at !== undefined && at < end ? { ...b, runsOutAtMs: at } : b;
}

function projected(last: LastBudget, thr: number, start: number, end: number, now: number): Budget | undefined {
  // A record of another period (a new cycle, another validation) says nothing about this one.
  if (last.startMs !== start || last.endMs !== end) return undefined;
  const p = project(last, now, { thresholdPercent: thr });
  const usedMs = p.allowedMs - p.remainingMs;
  if (p.ended) return { state: 'ended', allowedMs: p.allowedMs, usedMs, remainingMs: p.remainingMs };
  if (p.spent) return { state: 'spent', allowedMs: p.allowedMs, usedMs, remainingMs: p.remainingMs };
  const runsOut = now + p.remainingMs;
  return { state: 'ok', allowedMs: p.allowedMs, usedMs, remainingMs: p.remainingMs, ...(runsOut < end ? { runsOutAtMs: runsOut } : {}) };
}

interface Decided {
  readonly basis: BudgetBasis;
  readonly budget: Budget | undefined;
  readonly uptimePercent: number | undefined;
  /** The down rate the tier judges by: 1 for a projection (the worst case). */
  readonly downRate: number | undefined;
}

function decide(f: ValidationFacts, thr: number | undefined, now: number): Decided {
  const { startMs: start, endMs: end } = f;
  const known = thr !== undefined && start !== undefined && end !== undefined;
  if (f.view === 'this-node') {
    const u = f.uptimePercent;
    return { basis: { kind: 'this-node' }, budget: known && u !== undefined ? measured(f, thr, start, end, now, u, undefined) : undefined, uptimePercent: u, downRate: undefined };
  }
  const v = f.vote;
  const last = v?.last?.[f.validation];
  const fallBack = (reason: ProjectionReason): Decided => {
    const b = known && last && last.nodeId === f.nodeId ? projected(last, thr, start, end, now) : undefined;
    if (!b || !last) return { basis: { kind: 'unknown', reason }, budget: undefined, uptimePercent: undefined, downRate: 1 };
    return { basis: { kind: 'projected', reason, sinceMs: last.atMs, knownShare: last.knownShare }, budget: b, uptimePercent: last.medianUptimePercent, downRate: 1 };
  };
  if (!v) return { basis: { kind: 'loading' }, budget: undefined, uptimePercent: undefined, downRate: undefined };
  if (!v.reachable) return fallBack('unreachable');
  if (!v.view || v.atMs === undefined) return { basis: { kind: 'loading' }, budget: undefined, uptimePercent: undefined, downRate: undefined };
  if (!v.view.trusted || v.view.medianUptimePercent === undefined) return fallBack('isolated');
  const u = v.view.medianUptimePercent;
  const basis: BudgetBasis = { kind: 'vote', atMs: v.atMs, knownShare: v.view.knownShare, accuracyMs: start === undefined ? 0 : viewAccuracyMs(start, now, end ?? now) };
  return { basis, budget: known ? measured(f, thr, start, end, now, u, v.downRate) : undefined, uptimePercent: u, downRate: v.downRate };
}

function tierOf(b: Budget | undefined, basis: BudgetBasis, end: number | undefined, now: number, downRate: number | undefined, warn: WarnBudget): Tier | undefined {
  if (!b || end === undefined || b.state === 'ended') return undefined;
  if (b.state === 'not-started') return 'ok';
  return budgetTier({ remainingMs: b.remainingMs, allowedMs: b.allowedMs, nowMs: now, endMs: end, downRate, projected: basis.kind === 'projected' }, warn);
}

export function judgeValidation(f: ValidationFacts, o: GuardOptions): ValidationGuard {
  const threshold = rewardThreshold({ start: f.startMs, helicon: f.helicon, override: o.override, overrideFrom: o.overrideFrom, rule: f.rule ?? PRIMARY, now: o.now });
  // The node counts info.uptime's rewarding stake at its own primary requirement (network.go NodeUptime).
  const counted = f.view === 'peers' ? rewardThreshold({ start: f.startMs, helicon: f.helicon, override: o.override, overrideFrom: o.overrideFrom, rule: PRIMARY, now: o.now }).percent : undefined;
  const d = decide(f, threshold.percent, o.now);
  const budgetTierNow = tierOf(d.budget, d.basis, f.endMs, o.now, d.downRate, o.warnBudget ?? DEFAULT_WARN_BUDGET);
  const outcome = periodOutcome(f.renewal, d.budget?.state === 'lost');
  const network = f.view === 'peers' ? f.vote?.view : undefined;
  return {
    nodeId: f.nodeId,
    validation: f.validation,
    threshold,
    startMs: f.startMs,
    endMs: f.endMs,
    view: f.view,
    uptimePercent: d.uptimePercent,
    basis: d.basis,
    network,
    rewardingShare: network && threshold.percent !== undefined && d.basis.kind === 'vote' ? rewardingShare(network, threshold.percent) : undefined,
    ownRecordPercent: f.ownRecordPercent,
    averagePercent: f.averagePercent,
    rewardingStakePercent: f.rewardingStakePercent,
    rewardingCountedAt: counted,
    budget: d.budget,
    budgetTier: budgetTierNow,
    // A cycle that renews is no deadline: nothing to do at its end.
    endTier: f.endMs === undefined ? undefined : outcome === 'renews' ? 'ok' : endTier(f.endMs - o.now),
    renewal: f.renewal,
    outcome,
    compoundShare: compoundShare(f.renewal),
    autoRenewed: f.renewal.kind === 'auto-renewed',
  };
}
