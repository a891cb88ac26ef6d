// The header's reward badge and the overview card's lines for every validation of this node (primary, subnet, L1),
// in words and tones, from the one guard (domain/reward/own-validations.ts).
import { budgetWords, formatSlack } from '../domain/reward/words';
import { worstValidation, type JudgedValidation } from '../domain/reward/own-validations';
import { TIER_RANK } from '../domain/reward/tiers';
import { sanitize } from '../format';
import { budgetBadge, endBadge, toneOf, type Badge, type BadgeTone } from './budget-model';
import type { OwnValidations } from '../state/view-keys';
import { describeResource, type Resource } from '../state/resource';


/** "GDGGLQ…A69U4": an ID short enough for a badge or a label. */
export const shortId = (id: string | undefined): string => {
  const s = sanitize(id ?? '?');
  return s.length > 12 ? `${s.slice(0, 6)}…${s.slice(-4)}` : s;
};

/** What an L1 balance buys: "balance 5d 0h", "balance spent: inactive", "no fee charged". */
export function runwayText(v: JudgedValidation): string {
  const r = v.l1?.runwayMs;
  if (!v.l1 || v.l1.balance === undefined || v.l1.price === undefined) return 'balance not known yet';
  if (r === undefined) return 'no fee charged';
  return r === 0 ? 'balance spent: inactive' : `balance ${formatSlack(r)}`;
}

/** The header badge: the primary budget, or another validation's when that one is at the warning tier or worse. */
export function validationsBadge(list: readonly JudgedValidation[], now: number): Badge | undefined {
  const w = worstValidation(list);
  if (!w) return undefined;
  if (w.kind === 'l1') return { text: `L1 ${runwayText(w)}`, tone: toneOf(w.tier) };
  const g = w.guard!;
  // A permissioned subnet pays no staking reward: nothing to budget, only its end is worth a badge.
  if (w.kind === 'subnet' && g.threshold.percent === undefined) {
    const end = endBadge(g, now);
    return end && { ...end, text: `subnet ${end.text}` };
  }
  // The end speaks first when it is more urgent than the budget (a validation ending in an hour with budget to spare).
  const end = endBadge(g, now);
  const budget = budgetBadge(g);
  const endFirst = end !== undefined && g.endTier !== undefined && (g.budgetTier === undefined || TIER_RANK[g.endTier] > TIER_RANK[g.budgetTier]);
  const badge = endFirst ? end : budget;
  if (!badge || w.kind === 'primary') return badge;
  return { ...badge, text: `subnet ${badge.text}` };
}

/** The overview card's line for each subnet and L1 validation (the primary one has the card's own lines). */
export function otherValidationRows(list: readonly JudgedValidation[], now: number): Array<{ label: string; value: string; tone?: BadgeTone }> {
  const rows: Array<{ label: string; value: string; tone?: BadgeTone }> = [];
  for (const v of list) {
    if (v.kind === 'primary') continue;
    const tone = v.tier ? toneOf(v.tier) : undefined;
    if (v.kind === 'l1') {
      const tier = v.tier === 'warn' || v.tier === 'over' ? ' (top up)' : v.tier === 'notice' ? ' (under 30d)' : '';
      rows.push({ label: `L1 ${shortId(v.subnetId)}`, value: `${runwayText(v)}${tier}`, tone });
      continue;
    }
    const g = v.guard!;
    const end = endBadge(g, now);
    const budget = budgetWords(g, now).short;
    rows.push({ label: `Subnet ${shortId(v.subnetId)}`, value: `${budget}${end ? `; ${end.text}` : ''}`, tone });
    if (g.threshold.percent !== undefined) rows.push({ label: '  needs', value: g.threshold.short, tone: 'muted' });
  }
  return rows;
}

/**
 * What discovery of this node's subnet and L1 validations could not find out, for the overview card: a round that
 * failed outright (the last findings, if any, stay shown above it) or the subnets it could not read. Without it a
 * validation discovery missed would look like none.
 */
export function discoveryRows(r: Resource<OwnValidations> | undefined): Array<{ label: string; value: string; tone?: BadgeTone }> {
  if (!r) return [];
  const problems = r.status === 'error' ? [`not checked: ${describeResource(r)}`] : (r.data?.errors ?? []).map((e) => sanitize(e));
  if (problems.length === 0) return [];
  const more = problems.length > 1 ? ` (+${problems.length - 1} more: avatop status lists them)` : '';
  return [{ label: 'Subnets and L1s', value: `${problems[0]}${more}`, tone: 'warn' }];
}
