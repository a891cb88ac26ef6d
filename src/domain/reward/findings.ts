// What the reward guard has to say about a node's validations, in words, and whether it warrants a warning:
// the one list `status` prints and exits by, and the JSON scripts read.
import type { ValidationGuard } from './guard';
import { balanceRunwayMs, DEFAULT_WARN_BUDGET_MS, DEFAULT_WARN_END_MS, RUNWAY_TIERS } from './tiers';

export interface FindingOptions {
  readonly now: number;
  /** --warn-budget: warn below this much downtime budget. */
  readonly warnBudgetMs?: number;
  /** --warn-end: warn when a validation ends within this. */
  readonly warnEndMs?: number;
}

export interface L1Balance {
  readonly validationId: string;
  readonly subnetId?: string;
  readonly balance: bigint;
  /** nAVAX per second per validator (getValidatorFeeState price). */
  readonly price: bigint;
}

export interface Finding {
  readonly level: 'warning';
  readonly text: string;
}

/** "23h 10m", "3d 4h", "45m": two units, as an operator reads a countdown. */
export function formatSlack(ms: number): string {
  // Rounded to the millisecond first, so floating-point noise never costs a minute (10% of 30 days is 3d 0h).
  const m = Math.floor(Math.round(Math.abs(ms)) / 60_000);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${String(min).padStart(2, '0')}m`;
  return `${min}m`;
}

/** The budget as a sentence: "can be offline 23h 10m more this period" or "reward lost for this period". */
export function budgetSentence(g: ValidationGuard, now: number): string | undefined {
  const b = g.budget;
  if (!b) return undefined;
  if (b.state === 'lost') return `reward lost for this period (${formatSlack(-b.remainingMs)} over the ${formatSlack(b.allowedMs)} allowed)`;
  if (b.state === 'ended') return 'period ended';
  if (b.state === 'not-started') return `period not started: ${formatSlack(b.allowedMs)} of downtime allowed`;
  const runsOut = b.runsOutAtMs === undefined ? '' : `; at the last hour's uptime it runs out in ${formatSlack(b.runsOutAtMs - now)}`;
  return `can be offline ${formatSlack(b.remainingMs)} more this period${runsOut}`;
}

export function guardFindings(guard: ValidationGuard | undefined, l1: readonly L1Balance[], o: FindingOptions): Finding[] {
  const out: Finding[] = [];
  const warnBudget = o.warnBudgetMs ?? DEFAULT_WARN_BUDGET_MS;
  const warnEnd = o.warnEndMs ?? DEFAULT_WARN_END_MS;
  const b = guard?.budget;
  if (guard && b && b.state === 'lost') {
    out.push({ level: 'warning', text: `reward lost for this period: peers see ${pct(guard.uptimePercent)} uptime, ${guard.threshold.text} needed` });
  } else if (guard && b && b.state === 'ok' && b.remainingMs < warnBudget) {
    out.push({ level: 'warning', text: `downtime budget low: can be offline only ${formatSlack(b.remainingMs)} more this period (warning under ${formatSlack(warnBudget)})` });
  }
  if (guard && guard.endMs !== undefined && guard.endMs > o.now && guard.endMs - o.now <= warnEnd) {
    const renews = guard.autoRenewed ? ' (auto-renewed: the period renews)' : '';
    out.push({ level: 'warning', text: `validation ends in ${formatSlack(guard.endMs - o.now)}${renews}` });
  }
  for (const v of l1) {
    const runway = balanceRunwayMs(v.balance, v.price);
    if (runway !== undefined && runway < RUNWAY_TIERS.warn) {
      out.push({ level: 'warning', text: `L1 validation ${v.validationId} has balance for ${runway === 0 ? 'nothing: it is inactive' : formatSlack(runway)} at today's fee: top it up` });
    }
  }
  return out;
}

const pct = (p: number | undefined): string => (p === undefined ? '?' : `${Math.round(p * 100) / 100}%`);
