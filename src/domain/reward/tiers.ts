// How urgent a deadline is: the one table the header, panes, `status` and the exporter colour and alert by.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Tier = 'ok' | 'notice' | 'warn' | 'critical' | 'over';

/** Tiers by urgency, for ranking one against another. */
export const TIER_RANK: Readonly<Record<Tier, number>> = { ok: 0, notice: 1, warn: 2, critical: 3, over: 4 };

/** Stake end: a week, a day and an hour before it. */
export const END_TIERS = { notice: 7 * DAY, warn: DAY, critical: HOUR } as const;
/** An L1 validator's balance: a month and a week of fees left. */
export const RUNWAY_TIERS = { notice: 30 * DAY, warn: 7 * DAY } as const;
/** `status` warns when a stake ends within this unless told otherwise (`--warn-end`). */
export const DEFAULT_WARN_END_MS = DAY;

export function endTier(leftMs: number): Tier {
  if (leftMs <= 0) return 'over';
  if (leftMs <= END_TIERS.critical) return 'critical';
  if (leftMs <= END_TIERS.warn) return 'warn';
  if (leftMs <= END_TIERS.notice) return 'notice';
  return 'ok';
}

export function runwayTier(leftMs: number): Tier {
  if (leftMs <= 0) return 'over';
  if (leftMs <= RUNWAY_TIERS.warn) return 'warn';
  if (leftMs <= RUNWAY_TIERS.notice) return 'notice';
  return 'ok';
}

/**
 * When a downtime budget is worth a warning: `--warn-budget` takes a share of the period's allowance ("25%") or a
 * duration ("48h"). The default scales with the period, so a 48-hour cycle and a year-long validation are judged
 * alike.
 */
export type WarnBudget = { readonly kind: 'share'; readonly share: number } | { readonly kind: 'duration'; readonly ms: number };

/** Warning at a quarter of the allowance or less. */
export const DEFAULT_WARN_BUDGET: WarnBudget = { kind: 'share', share: 0.25 };
/** Critical at a tenth of the allowance or less... */
export const CRITICAL_SHARE = 0.1;
/** ...or when, at the last hour's rate, it runs out within a day. */
export const CRITICAL_RUNOUT_MS = DAY;

export interface BudgetTierInput {
  readonly remainingMs: number;
  /** The period's allowance: (1 − threshold) × its length. */
  readonly allowedMs: number;
  readonly nowMs: number;
  readonly endMs: number;
  /**
   * The share (0-1) of wall time the node has been down lately: the last hour's, or 1 for a projection (the worst
   * case: down all the time). Undefined when not known: the run-out rules then do not apply.
   */
  readonly downRate?: number;
  /** A projection's figure below zero is critical, not lost. */
  readonly projected?: boolean;
}

/** When the budget runs out at `downRate` (undefined: it does not, at that rate). */
export function runsOutAtMs(remainingMs: number, nowMs: number, downRate: number | undefined): number | undefined {
  if (downRate === undefined || !(downRate > 0)) return undefined;
  return nowMs + Math.max(0, remainingMs) / Math.min(1, downRate);
}

/**
 * The budget's tier (README "Tiers"): OK while more than a quarter of the allowance is left and, at the last hour's
 * rate, it lasts past the period's end; warning at a quarter or less, or when it would run out before the end;
 * critical at a tenth or less, or when it would run out within 24 hours. A budget larger than the time left in the
 * period is OK whatever its share: even down from now on, the node keeps the reward. Below zero: lost ('over'), or
 * critical for a projection.
 */
export function budgetTier(b: BudgetTierInput, warn: WarnBudget = DEFAULT_WARN_BUDGET): Tier {
  if (b.remainingMs < 0) return b.projected ? 'critical' : 'over';
  const timeLeft = b.endMs - b.nowMs;
  if (b.remainingMs > timeLeft) return 'ok';
  const share = b.allowedMs > 0 ? b.remainingMs / b.allowedMs : 0;
  const runsOut = runsOutAtMs(b.remainingMs, b.nowMs, b.downRate);
  if (share <= CRITICAL_SHARE || (runsOut !== undefined && runsOut - b.nowMs <= CRITICAL_RUNOUT_MS)) return 'critical';
  const low = warn.kind === 'share' ? share <= warn.share : b.remainingMs <= warn.ms;
  if (low || (runsOut !== undefined && runsOut < b.endMs)) return 'warn';
  return 'ok';
}

/** "25%" or "48h", as --warn-budget reads: a share of the allowance or a duration. */
export function parseWarnBudget(text: string, parseDurationMs: (s: string) => number | undefined): WarnBudget | undefined {
  const t = text.trim();
  const pct = /^(\d+(?:\.\d+)?)\s*%$/.exec(t);
  if (pct) {
    const share = Number(pct[1]) / 100;
    return share > 0 && share < 1 ? { kind: 'share', share } : undefined;
  }
  const ms = parseDurationMs(t);
  return ms !== undefined && ms > 0 ? { kind: 'duration', ms } : undefined;
}

/** "25% of the allowance" or "48h 0m", for a sentence. */
export function warnBudgetText(w: WarnBudget, formatMs: (ms: number) => string): string {
  return w.kind === 'share' ? `${Math.round(w.share * 100)}% of the allowance` : formatMs(w.ms);
}

/**
 * How long an L1 validator's balance lasts at today's fee: the fee is charged per second per validator, in nAVAX
 * (`platform.getValidatorFeeState` `price`). Undefined when no fee is charged.
 */
export function balanceRunwayMs(balanceNanoAvax: bigint, pricePerSecondNanoAvax: bigint): number | undefined {
  if (pricePerSecondNanoAvax <= 0n) return undefined;
  if (balanceNanoAvax <= 0n) return 0;
  // Whole seconds are enough; Number() is exact far beyond any realistic runway.
  return Number(balanceNanoAvax / pricePerSecondNanoAvax) * 1000;
}
