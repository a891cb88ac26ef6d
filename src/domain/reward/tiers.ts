// How urgent a deadline is: the one table the header, panes, `status` and the exporter colour and alert by.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Tier = 'ok' | 'notice' | 'warn' | 'critical' | 'over';

/** Stake end: a week, a day and an hour before it. */
export const END_TIERS = { notice: 7 * DAY, warn: DAY, critical: HOUR } as const;
/** An L1 validator's balance: a month and a week of fees left. */
export const RUNWAY_TIERS = { notice: 30 * DAY, warn: 7 * DAY } as const;
/** `status` warns under this much downtime budget unless told otherwise (`--warn-budget`). */
export const DEFAULT_WARN_BUDGET_MS = 48 * HOUR;
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

/** A budget is critical below half the warning level: under a day of slack at the default 48 h. */
export function budgetTier(remainingMs: number, warnMs: number = DEFAULT_WARN_BUDGET_MS): Tier {
  if (remainingMs < 0) return 'over';
  if (remainingMs < warnMs / 2) return 'critical';
  if (remainingMs < warnMs) return 'warn';
  return 'ok';
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
