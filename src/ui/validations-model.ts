// The header's reward badge and the overview card's lines for every validation of this node (primary, subnet, L1),
// in words and tones, from the one guard (domain/reward/own-validations.ts).
import { budgetWords, runwayText, validationsBadgeText } from '../domain/reward/words';
import type { JudgedValidation } from '../domain/reward/own-validations';
import { sanitize } from '../format';
import { endBadge, toneOf, type Badge, type BadgeTone } from './budget-model';
import type { OwnValidations } from '../state/view-keys';
import { describeResource, type Resource } from '../state/resource';


/** "GDGGLQ…A69U4": an ID short enough for a badge or a label. */
export const shortId = (id: string | undefined): string => {
  const s = sanitize(id ?? '?');
  return s.length > 12 ? `${s.slice(0, 6)}…${s.slice(-4)}` : s;
};

export { runwayText };

/** The header badge: the primary budget, or another validation's when that one is at the warning tier or worse. */
export function validationsBadge(list: readonly JudgedValidation[], now: number): Badge | undefined {
  const w = validationsBadgeText(list, now);
  return w && { text: w.text, tone: w.muted ? 'muted' : toneOf(w.tier) };
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
