// This node's validation judged against its reward rule: the threshold (threshold.ts), the downtime budget
// (budget.ts) and how urgent each deadline is (tiers.ts), put together once for the header badge, the overview card,
// `status` and the exporter.
//
// Which uptime: the reward is voted by every validator from its own view of this node, so the figure that decides
// it is the peers' stake-weighted view (info.uptime weightedAveragePercentage). This node's own record
// (getCurrentValidators `uptime`) is its view of itself, shown beside it; a watched node's budget can only use this
// node's view of it.
import type { AvatopState } from '../../state/store';
import type { Validator } from '../../state/types';
import { selectOwnValidator } from '../../state/own-validator';
import { date, num, obj } from '../../format/fields';
import { heliconFromResource, rewardThreshold, PRIMARY, type Threshold } from './threshold';
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
  /** --warn-budget, in ms. */
  readonly warnBudgetMs?: number;
  /** Uptime over the last hour, in percent, when someone kept the history for it. */
  readonly recentUptimePercent?: number;
}

function guardOf(v: Validator, uptimePercent: number | undefined, view: UptimeView, s: AvatopState, o: GuardOptions, extra: { ownRecordPercent?: number; rewardingStakePercent?: number }): ValidationGuard {
  const startMs = date(v.startTime);
  const endMs = date(v.endTime);
  const threshold = rewardThreshold({ start: startMs, helicon: heliconFromResource(s.versions.upgrades), override: o.override, rule: PRIMARY, now: o.now });
  const budget =
    threshold.percent !== undefined && startMs !== undefined && endMs !== undefined && uptimePercent !== undefined
      ? downtimeBudget({ thresholdPercent: threshold.percent, startMs, endMs, uptimePercent, nowMs: o.now, recentUptimePercent: o.recentUptimePercent })
      : undefined;
  return {
    nodeId: v.nodeID,
    threshold,
    startMs,
    endMs,
    uptimePercent,
    view,
    ownRecordPercent: extra.ownRecordPercent,
    rewardingStakePercent: extra.rewardingStakePercent,
    budget,
    budgetTier: budget === undefined || budget.state === 'ended' ? undefined : budget.state === 'not-started' ? 'ok' : budgetTier(budget.remainingMs, o.warnBudgetMs ?? DEFAULT_WARN_BUDGET_MS),
    endTier: endMs === undefined ? undefined : endTier(endMs - o.now),
    autoRenewed: v.validatorAuthority !== undefined && v.validatorAuthority !== null,
  };
}

/** This node's primary-network validation, or undefined when it is not a current validator (or not known yet). */
export function guardOwnValidation(s: AvatopState, o: GuardOptions): ValidationGuard | undefined {
  const own = selectOwnValidator(s);
  if (!own) return undefined;
  const up = obj(s.node.uptime.data);
  return guardOf(own, num(up.weightedAveragePercentage), 'peers', s, o, {
    ownRecordPercent: num(own.uptime),
    rewardingStakePercent: num(up.rewardingStakePercentage),
  });
}

/** A watched node's validation, from this node's view of it (its getCurrentValidators `uptime`). */
export function guardWatchedValidation(v: Validator, s: AvatopState, o: GuardOptions): ValidationGuard {
  return guardOf(v, num(v.uptime), 'this-node', s, o, {});
}
