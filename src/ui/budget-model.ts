// The header's reward-guard badge and the overview's reward card, in words and tones, from the one guard.
import type { ValidationGuard } from '../domain/reward/guard';
import { budgetSentence, formatSlack } from '../domain/reward/findings';
import type { Tier } from '../domain/reward/tiers';

export type BadgeTone = 'ok' | 'warn' | 'error' | 'muted';

export interface Badge {
  readonly text: string;
  readonly tone: BadgeTone;
}

const TONE: Record<Tier, BadgeTone> = { ok: 'ok', notice: 'ok', warn: 'warn', critical: 'error', over: 'error' };

/** "budget 23h 10m", "reward lost", "budget ?" while the uptime or times are not known; none for a non-validator. */
export function budgetBadge(g: ValidationGuard | undefined): Badge | undefined {
  if (!g) return undefined;
  const b = g.budget;
  if (!b || g.budgetTier === undefined) return b?.state === 'ended' ? { text: 'period ended', tone: 'muted' } : { text: 'budget ?', tone: 'muted' };
  if (b.state === 'lost') return { text: 'reward lost', tone: 'error' };
  return { text: `budget ${formatSlack(b.remainingMs)}`, tone: TONE[g.budgetTier] };
}

/** "ends in 10h 00m" once a validation ends within a week, coloured by the end tier. */
export function endBadge(g: ValidationGuard | undefined, now: number): Badge | undefined {
  if (!g || g.endMs === undefined || g.endTier === undefined || g.endTier === 'ok') return undefined;
  if (g.endTier === 'over') return { text: 'validation ended', tone: 'muted' };
  return { text: `ends in ${formatSlack(g.endMs - now)}${g.autoRenewed ? ' (renews)' : ''}`, tone: TONE[g.endTier] };
}

/** The validators pane's BUDGET cell for a watched node: "23h 10m", "LOST", "ended", "?" (not known yet). */
export function budgetCell(g: ValidationGuard): { text: string; tone: BadgeTone; sortMs: number | undefined } {
  const b = g.budget;
  if (!b) return { text: '?', tone: 'muted', sortMs: undefined };
  if (b.state === 'ended') return { text: 'ended', tone: 'muted', sortMs: undefined };
  if (b.state === 'lost') return { text: 'LOST', tone: 'error', sortMs: b.remainingMs };
  return { text: formatSlack(b.remainingMs), tone: g.budgetTier ? TONE[g.budgetTier] : 'ok', sortMs: b.remainingMs };
}

const pct = (p: number | undefined): string => (p === undefined ? '?' : `${(Math.round(p * 100) / 100).toFixed(2)}%`);

/** The overview's reward card: the budget, both views side by side, and which figure the budget uses. */
export function rewardCard(g: ValidationGuard, now: number): Array<{ label: string; value: string; tone?: BadgeTone }> {
  const badge = budgetBadge(g);
  const end = endBadge(g, now);
  // Each value fits the overview's half width (about 40 columns at 120).
  return [
    { label: 'Budget', value: budgetSentence(g, now) ?? 'not known yet', tone: badge?.tone },
    { label: "Peers' view", value: `${pct(g.uptimePercent)}${g.rewardingStakePercent === undefined ? '' : ` · rewarding ${pct(g.rewardingStakePercent)}`}` },
    { label: 'Own record', value: `${pct(g.ownRecordPercent)} (its view of itself)` },
    { label: 'Needs', value: g.threshold.short },
    ...(end ? [{ label: 'Ends', value: end.text, tone: end.tone }] : []),
    { label: 'Each votes', value: 'from its own view of this node', tone: 'muted' as const },
    { label: 'Budget uses', value: "the peers' stake-weighted view", tone: 'muted' as const },
  ];
}
