// The header's reward-guard badge and the overview's reward card: the guard's words (domain/reward/words.ts) with the
// screen's tones. Nothing here decides; it only lays out what the guard decided.
import type { ValidationGuard } from '../domain/reward/guard';
import { basisRows, budgetBadgeText, budgetCellText, budgetWords, endBadgeText, endShort, formatShare, lastCycleText, todoShort, viewRows } from '../domain/reward/words';
import type { CycleRewards } from '../state/view-keys';
import type { Tier } from '../domain/reward/tiers';

export type BadgeTone = 'ok' | 'warn' | 'error' | 'muted';

export interface Badge {
  readonly text: string;
  readonly tone: BadgeTone;
}

const TONE: Record<Tier, BadgeTone> = { ok: 'ok', notice: 'ok', warn: 'warn', critical: 'error', over: 'error' };

export const toneOf = (t: Tier | undefined): BadgeTone => (t === undefined ? 'muted' : TONE[t]);

/** "budget 23h 10m", "budget 20h 10m projected", "budget unknown (isolated)", "reward lost", "budget ?"; none for a non-validator. */
export function budgetBadge(g: ValidationGuard | undefined): Badge | undefined {
  if (!g) return undefined;
  const w = budgetBadgeText(g);
  return { text: w.text, tone: toneOf(w.tier) };
}

/** "ends in 10h 00m", "exits in 10h 00m" once a validation ends within a week; nothing for a cycle that renews. */
export function endBadge(g: ValidationGuard | undefined, now: number): Badge | undefined {
  if (!g) return undefined;
  const w = endBadgeText(g, now);
  return w && { text: w.text, tone: w.text === 'validation ended' ? 'muted' : TONE[w.tier] };
}

/** The validators pane's BUDGET cell for a watched node: "23h 10m", "LOST", "ended", "?" (not known yet). */
export function budgetCell(g: ValidationGuard): { text: string; tone: BadgeTone; sortMs: number | undefined } {
  const b = g.budget;
  const text = budgetCellText(g);
  if (!b || b.state === 'ended') return { text, tone: 'muted', sortMs: undefined };
  return { text, tone: toneOf(g.budgetTier ?? 'ok'), sortMs: b.remainingMs };
}

const pct = (p: number | undefined): string => (p === undefined ? '?' : `${(Math.round(p * 100) / 100).toFixed(2)}%`);

type Row = { label: string; value: string; tone?: BadgeTone };

/**
 * The overview's reward card: the budget and what to do, what it rests on, how the network sees the node (the share
 * of stake at each observed uptime, split at the threshold), the node's own figures beside it, and the period's end.
 */
export function rewardCard(g: ValidationGuard, now: number, lastCycle?: CycleRewards): Row[] {
  const badge = budgetBadge(g);
  const words = budgetWords(g, now);
  // Each value fits the overview's half width (about 40 columns at 120); `status` has the whole sentences.
  const end = endShort(g, now);
  const rows: Row[] = [
    { label: 'Budget', value: words.short, tone: badge?.tone },
    { label: 'To do', value: todoShort(g, now), tone: g.budgetTier === 'warn' || g.budgetTier === 'critical' || g.budgetTier === 'over' ? badge?.tone : 'muted' },
    ...basisRows(g, now).map((r) => ({ ...r, tone: g.basis.kind === 'vote' || g.basis.kind === 'this-node' ? undefined : ('warn' as const) })),
  ];
  if (g.network) rows.push(...viewRows(g.network, g.threshold.percent).map((r) => ({ ...r, tone: 'muted' as const })));
  rows.push({ label: 'Own record', value: `${pct(g.ownRecordPercent)} (its view of itself)`, tone: 'muted' }, { label: 'Needs', value: g.threshold.short });
  if (end) rows.push({ label: g.autoRenewed ? 'Cycle' : 'Ends', value: end, tone: g.endTier === 'warn' || g.endTier === 'critical' ? toneOf(g.endTier) : undefined });
  if (g.compoundShare !== undefined) rows.push({ label: 'Compounding', value: `${formatShare(g.compoundShare)} of each cycle's reward restaked` });
  if (g.autoRenewed && lastCycle) rows.push({ label: 'Last cycle', value: lastCycleText(lastCycle), tone: 'muted' });
  return rows;
}
