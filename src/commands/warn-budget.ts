// --warn-budget, shared by `status` and `exporter`: where the downtime budget's warning tier starts, as a share of the
// period's allowance ("25%") or a duration ("48h"). The rule itself is domain/reward/tiers.ts's.
import { parseDuration } from '../config/settings';
import { UsageError, type FlagSpec } from '../config/flags';
import { parseWarnBudget, type WarnBudget } from '../domain/reward/tiers';

export const WARN_BUDGET_FLAG: FlagSpec = {
  name: 'warn-budget',
  kind: 'string',
  value: 'SHARE|DURATION',
  description:
    "the downtime budget's warning tier: at most this share of the period's allowance (25%) or this long (48h). Default 25%; critical at 10% or when it would run out within 24h, whatever this says",
};

/** The flag's value, or undefined when not given; a usage error (exit 3) when it is neither. */
export function warnBudgetOf(v: unknown): WarnBudget | undefined {
  if (typeof v !== 'string') return undefined;
  const w = parseWarnBudget(v, (t) => {
    try {
      return parseDuration(t, '--warn-budget');
    } catch {
      return undefined;
    }
  });
  if (!w) throw new UsageError(`--warn-budget: expected a share of the allowance like 25% or a duration like 48h, got "${v}"`);
  return w;
}
