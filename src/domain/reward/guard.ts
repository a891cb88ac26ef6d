// This node's validation judged against its reward rule: the threshold (threshold.ts), the downtime budget
// (budget.ts) and how urgent each deadline is (tiers.ts), put together once for the header badge, the overview card,
// `status` and the exporter.
//
// Which uptime: the reward is voted by every validator from its own view of this node, so the figure that decides
// it is the peers' stake-weighted view (info.uptime weightedAveragePercentage). This node's own record
// (getCurrentValidators `uptime`) is its view of itself, shown beside it; a watched node's budget can only use this
// node's view of it.
import type { AvatopState } from '../../state/store';
import type { Uptime, Validator } from '../../state/types';
import type { Resource } from '../../state/resource';
import { selectOwnValidator } from '../../state/own-validator';
import { heliconFromResource, rewardThreshold, PRIMARY, type HeliconSchedule, type StakeRule, type Threshold } from './threshold';
import { downtimeBudget, type Budget } from './budget';
import { budgetTier, endTier, DEFAULT_WARN_BUDGET_MS, type Tier } from './tiers';

export type UptimeView = 'peers' | 'this-node';

export interface ValidationGuard {
  readonly nodeId: string;
  readonly threshold: Threshold;
  readonly startMs: number | undefined;
  readonly endMs: number | undefined;
  /** The uptime the budget uses, and whose view it is. */
  readonly uptimePercent: number | undefined;
  readonly view: UptimeView;
  /** This node's own record of itself, when the budget uses the peers' view. */
  readonly ownRecordPercent: number | undefined;
  /** Share of stake that would vote to reward now (info.uptime rewardingStakePercentage); own node only. */
  readonly rewardingStakePercent: number | undefined;
  /** Undefined while the threshold, the times or the uptime are not known. */
  readonly budget: Budget | undefined;
  readonly budgetTier: Tier | undefined;
  readonly endTier: Tier | undefined;
  /** ACP-236: the end is the end of the current period, which renews; the budget is this period's. */
  readonly autoRenewed: boolean;
}

export interface GuardOptions {
  readonly now: number;
  /** --uptime-threshold. */
  readonly override?: number;
  /** The config file the override came from; undefined: the flag. */
  readonly overrideFrom?: string;
  /** --warn-budget, in ms. */
  readonly warnBudgetMs?: number;
  /** Uptime over the last hour, in percent, when someone kept the history for it. */
  readonly recentUptimePercent?: number;
}

/** A validation as plain facts: what `status`'s snapshot and the store both reduce to. */
export interface ValidationFacts {
  readonly nodeId: string;
  readonly startMs: number | undefined;
  readonly endMs: number | undefined;
  readonly uptimePercent: number | undefined;
  readonly view: UptimeView;
  readonly ownRecordPercent?: number;
  readonly rewardingStakePercent?: number;
  readonly helicon: HeliconSchedule;
  readonly autoRenewed: boolean;
  /** The reward rule; the primary network's unless a subnet validation says otherwise. */
  readonly rule?: StakeRule;
}

export function judgeValidation(f: ValidationFacts, o: GuardOptions): ValidationGuard {
  const threshold = rewardThreshold({ start: f.startMs, helicon: f.helicon, override: o.override, overrideFrom: o.overrideFrom, rule: f.rule ?? PRIMARY, now: o.now });
  const { startMs, endMs, uptimePercent } = f;
  const budget =
    threshold.percent !== undefined && startMs !== undefined && endMs !== undefined && uptimePercent !== undefined
      ? downtimeBudget({ thresholdPercent: threshold.percent, startMs, endMs, uptimePercent, nowMs: o.now, recentUptimePercent: o.recentUptimePercent })
      : undefined;
  return {
    nodeId: f.nodeId,
    threshold,
    startMs,
    endMs,
    uptimePercent,
    view: f.view,
    ownRecordPercent: f.ownRecordPercent,
    rewardingStakePercent: f.rewardingStakePercent,
    budget,
    budgetTier: budget === undefined || budget.state === 'ended' ? undefined : budget.state === 'not-started' ? 'ok' : budgetTier(budget.remainingMs, o.warnBudgetMs ?? DEFAULT_WARN_BUDGET_MS),
    endTier: endMs === undefined ? undefined : endTier(endMs - o.now),
    autoRenewed: f.autoRenewed,
  };
}

/** ACP-236's auto-renewed validators carry their authority owner in getCurrentValidators. */
export function isAutoRenewed(v: Readonly<Record<string, unknown>>): boolean {
  return v.validatorAuthority !== undefined && v.validatorAuthority !== null;
}

function factsOf(v: Validator, uptimePercent: number | undefined, view: UptimeView, s: AvatopState, extra: { ownRecordPercent?: number; rewardingStakePercent?: number }): ValidationFacts {
  return {
    nodeId: v.nodeID,
    startMs: v.startTime?.getTime(),
    endMs: v.endTime?.getTime(),
    uptimePercent,
    view,
    ...extra,
    helicon: heliconFromResource(s.versions.upgrades),
    autoRenewed: isAutoRenewed(v),
  };
}

/** This node's primary-network validation, or undefined when it is not a current validator (or not known yet). */
export function guardOwnValidation(s: AvatopState, o: GuardOptions): ValidationGuard | undefined {
  const facts = ownValidationFacts(selectOwnValidator(s), s.node.uptime.data, s.versions.upgrades);
  return facts && judgeValidation(facts, o);
}

/** This node's validation as facts, from the three things the store holds of it (screens select them one by one). */
export function ownValidationFacts(own: Validator | undefined, uptime: Uptime | undefined, upgrades: Resource<unknown> | undefined): ValidationFacts | undefined {
  if (!own) return undefined;
  return {
    nodeId: own.nodeID,
    startMs: own.startTime?.getTime(),
    endMs: own.endTime?.getTime(),
    uptimePercent: uptime?.weightedAveragePercentage,
    view: 'peers',
    ownRecordPercent: own.uptime,
    rewardingStakePercent: uptime?.rewardingStakePercentage,
    helicon: heliconFromResource(upgrades),
    autoRenewed: isAutoRenewed(own),
  };
}

/** A watched node's validation, from this node's view of it (its getCurrentValidators `uptime`). */
export function guardWatchedValidation(v: Validator, s: AvatopState, o: GuardOptions): ValidationGuard {
  return judgeValidation(factsOf(v, v.uptime, 'this-node', s, {}), o);
}
