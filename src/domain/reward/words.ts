// What the reward guard says, in words: every sentence the header, the overview, the fleet, `status` and the
// exporter's help use about a validation's reward, once. Each budget line ends with what to do. Times are UTC, as
// everywhere in avatop.
import type { ValidationGuard } from './guard';
import type { CycleRewards } from '../../state/view-keys';
import { formatAvax } from '../../format/avax';
import { formatClock, formatDuration, formatTimestamp } from '../../format/time';
import type { NetworkView } from './vote';
import { balanceRunwayMs, DEFAULT_WARN_END_MS, RUNWAY_TIERS, TIER_RANK, type Tier, type WarnBudget, warnBudgetText } from './tiers';
import { worstValidation, type JudgedValidation } from './own-validations';

/** "97.4%" of a 0-1 share. */
export function formatShare(share: number): string {
  const p = share * 100;
  return `${p >= 99.95 || p === 0 ? p.toFixed(0) : p.toFixed(1)}%`;
}

const pct = (p: number | undefined): string => (p === undefined ? '?' : `${Math.round(p * 100) / 100}%`);

/** The tier as scripts and alerts read it. */
export type TierName = 'ok' | 'warning' | 'critical' | 'lost';
export function tierName(t: Tier | undefined): TierName | undefined {
  if (t === undefined) return undefined;
  return t === 'over' ? 'lost' : t === 'critical' ? 'critical' : t === 'warn' ? 'warning' : 'ok';
}

const isCycle = (g: ValidationGuard) => g.autoRenewed;
const periodWord = (g: ValidationGuard) => (isCycle(g) ? 'cycle' : 'period');

/** Why the view cannot be trusted, in a few words. */
function reasonText(g: ValidationGuard): string {
  const b = g.basis;
  if (b.kind !== 'projected' && b.kind !== 'unknown') return '';
  if (b.reason === 'unreachable') return 'avatop cannot reach the node';
  const known = g.network ? ` (its peers' views cover ${formatShare(g.network.knownShare)} of stake)` : '';
  return `the node is isolated${known}`;
}

/** What to check when the view cannot be read. */
function checkAdvice(g: ValidationGuard): string {
  const b = g.basis;
  if ((b.kind === 'projected' || b.kind === 'unknown') && b.reason === 'isolated') {
    return 'check its connectivity (staking port 9651, firewall, public IP): the vote is read again once its validators reconnect';
  }
  return "check the node and avatop's path to it";
}

/** "projected since 14:05Z (node unreachable)". */
export function projectionMark(g: ValidationGuard, now: number): string | undefined {
  const b = g.basis;
  if (b.kind !== 'projected') return undefined;
  return `projected since ${formatClock(b.sinceMs, now)} (${b.reason === 'unreachable' ? 'node unreachable' : 'isolated'})`;
}

/** What the operator should do at this tier, before the period's end. */
function tierAdvice(g: ValidationGuard): string {
  const end = g.endMs === undefined ? '' : ` until the ${periodWord(g)} ends on ${formatTimestamp(g.endMs)}`;
  switch (g.budgetTier) {
    case 'critical':
      return `keep the node online: avoid any restart${end}`;
    case 'warn':
      return `keep restarts and maintenance short${end}`;
    default:
      return 'nothing to do';
  }
}

/** The end comes before the budget could run out even if the node went down now: what happens then, and what to do. */
function endsFirst(g: ValidationGuard, now: number): { text: string; todo: string } | undefined {
  const b = g.budget;
  if (!b || g.endMs === undefined || b.state !== 'ok' || b.remainingMs <= g.endMs - now) return undefined;
  const on = formatTimestamp(g.endMs);
  const text = `more than the ${formatDuration(g.endMs - now)} left of this ${periodWord(g)}`;
  switch (g.outcome) {
    case 'renews':
      return { text: `${text}, which renews on ${on}`, todo: 'nothing to do' };
    case 'exits':
      return { text: `${text}; auto-renew is off: it exits on ${on}`, todo: 'add a validator before then to keep validating' };
    default:
      return { text: `${text}: the validation ends first, on ${on}`, todo: 're-stake before then to keep validating' };
  }
}

/** A budget in words: `short` fits a card's value, `text` is the whole sentence, `todo` what to do about it. */
export interface BudgetWords {
  readonly short: string;
  readonly text: string;
  readonly todo: string;
}

/** What the guard says of a validation's budget, and what to do. */
export function budgetWords(g: ValidationGuard, now: number): BudgetWords {
  if (g.threshold.percent === undefined) {
    return g.threshold.source === 'no-reward'
      ? { short: 'no staking reward', text: 'no staking reward on this subnet', todo: 'only its end matters' }
      : { short: 'not known yet', text: `budget not known yet: ${g.threshold.reason}`, todo: 'wait for it to load' };
  }
  const b = g.budget;
  const basis = g.basis;
  if (basis.kind === 'unknown') {
    const why = basis.reason === 'unreachable' ? 'node unreachable' : 'isolated';
    return { short: `unknown (${why}, no earlier figure)`, text: `budget unknown: ${reasonText(g)}, and avatop has no earlier figure to count down from`, todo: checkAdvice(g) };
  }
  if (!b) {
    if (g.startMs === undefined || g.endMs === undefined) return { short: 'not known yet', text: "budget not known yet: the validation's times are not known", todo: 'wait for them to load' };
    const what = basis.kind === 'loading' ? "waiting for the peers' views of this node and the validator set" : "this node's view of the validator is missing";
    return { short: 'not known yet', text: `budget not known yet: ${what}`, todo: 'wait for them to load' };
  }
  const mark = projectionMark(g, now);
  const per = periodWord(g);
  switch (b.state) {
    case 'not-started':
      return { short: `${per} not started`, text: `${per} not started: ${formatDuration(b.allowedMs)} of downtime allowed`, todo: 'nothing to do' };
    case 'ended':
      return mark
        ? { short: `${per} ended`, text: `${per} ended while ${mark}`, todo: 'its reward was decided by the vote: see the reward tx' }
        : { short: `${per} ended`, text: `${per} ended`, todo: 'nothing to do' };
    case 'lost': {
      const over = `${formatDuration(-b.remainingMs)} over the ${formatDuration(b.allowedMs)} allowed`;
      const on = g.endMs === undefined ? 'at its end' : `on ${formatTimestamp(g.endMs)}`;
      if (isCycle(g)) {
        return {
          short: `cycle reward lost (${formatDuration(-b.remainingMs)} over)`,
          text:
            `this cycle's reward is lost (${over}): the validator is removed at the cycle's end ${on} and its stake returned, ` +
            'with the rewards restaked in earlier cycles and the delegation commission still paid out; delegations ending from now on lose their reward too',
          todo: 'tell the delegators, and issue a new validator to keep validating',
        };
      }
      return {
        short: `reward lost (${formatDuration(-b.remainingMs)} over)`,
        text: `reward lost for this period (${over}): the stake is returned without it when the validation ends ${on}; delegations ending from now on lose their reward too`,
        todo: 'tell the delegators, and re-stake after the end',
      };
    }
    case 'spent':
      return {
        short: 'spent if down all along (projected)',
        text: `budget spent if the node has been down since the last trustworthy figure (${mark}): the reward is at risk, not known lost; the vote says once avatop reads the views again`,
        todo: `${checkAdvice(g)} now`,
      };
    case 'ok':
      break;
  }
  const left = formatDuration(b.remainingMs);
  if (mark) {
    const runs = b.runsOutAtMs === undefined ? '' : `; gone at ${formatTimestamp(b.runsOutAtMs)} if down all along`;
    return {
      // The mark itself is the basis line's (basisLine): a card row is too narrow for both.
      short: `at most ${left}, projected`,
      text: `at most ${left} more this ${per}, ${mark}: spent in real time as if the node were down${runs}`,
      todo: checkAdvice(g),
    };
  }
  const whose = g.view === 'this-node' ? " (this node's view)" : '';
  const text = `can be offline ${left} more this ${per}${whose} (of ${formatDuration(b.allowedMs)})`;
  const first = endsFirst(g, now);
  if (first) return { short: `${left} of ${formatDuration(b.allowedMs)}: ${per} ends first`, text: `${text}: ${first.text}`, todo: first.todo };
  if (b.runsOutAtMs !== undefined) {
    const inMs = formatDuration(b.runsOutAtMs - now);
    return {
      short: `${left} of ${formatDuration(b.allowedMs)}, gone in ${inMs} at this rate`,
      text: `${text}; at the last hour's downtime it runs out in ${inMs}`,
      todo: `find what takes the node offline; ${tierAdvice(g)}`,
    };
  }
  return { short: `${left} of ${formatDuration(b.allowedMs)} left`, text, todo: tierAdvice(g) };
}

/** What to do, in a few words, for a card's row (budgetWords' `todo` is the whole sentence). */
export function todoShort(g: ValidationGuard, now: number): string {
  if (g.threshold.source === 'no-reward') return 'only its end matters';
  const b = g.budget;
  const basis = g.basis;
  const check = basis.kind === 'projected' || basis.kind === 'unknown' ? (basis.reason === 'isolated' ? 'check its connectivity (port 9651)' : 'check the node and the path to it') : undefined;
  if (basis.kind === 'unknown') return check!;
  if (!b) return 'wait for it to load';
  switch (b.state) {
    case 'not-started':
    case 'ended':
      return 'nothing to do';
    case 'lost':
      return isCycle(g) ? 'tell delegators; add a new validator' : 'tell delegators; re-stake after the end';
    case 'spent':
      return `${check} now`;
    case 'ok':
      break;
  }
  if (check) return check;
  if (g.endMs !== undefined && b.remainingMs > g.endMs - now) return g.outcome === 'renews' ? 'nothing to do' : g.outcome === 'exits' ? 'add a validator before the end' : 're-stake before the end';
  if (b.runsOutAtMs !== undefined) return 'find what takes it offline';
  return g.budgetTier === 'critical' ? 'keep it online: no restarts' : g.budgetTier === 'warn' ? 'keep downtime short until the end' : 'nothing to do';
}

/** What the budget rests on, as a card's rows: the basis in a few words and, for the vote, how good it is. */
export function basisRows(g: ValidationGuard, now: number): Array<{ label: string; value: string }> {
  const b = g.basis;
  switch (b.kind) {
    case 'vote':
      return [
        { label: 'Rests on', value: `median voter ${pct(g.uptimePercent)}, ${formatShare(b.knownShare)} of stake known` },
        { label: 'Good to', value: `${formatDuration(b.accuracyMs)} (1% of elapsed: whole %)` },
      ];
    case 'projected':
      return [{ label: 'Rests on', value: projectionMark(g, now)! }];
    case 'unknown':
      return [{ label: 'Rests on', value: b.reason === 'unreachable' ? 'nothing: node unreachable' : 'nothing: isolated' }];
    case 'loading':
      return [{ label: 'Rests on', value: "the peers' views (loading)" }];
    case 'this-node':
      return [{ label: 'Rests on', value: "this node's view of it" }];
  }
}

/** The budget as one sentence that ends with what to do, for `status` and the exporter's words. */
export function budgetLine(g: ValidationGuard, now: number): string {
  const w = budgetWords(g, now);
  return `${w.text}; ${w.todo}`;
}

/** What happens at the period's end, with the date: "renews on …", "auto-renew off: exits at the end of this cycle on …". */
export function endLine(g: ValidationGuard, now: number): string | undefined {
  if (g.endMs === undefined) return undefined;
  const on = formatTimestamp(g.endMs);
  const left = g.endMs > now ? ` (in ${formatDuration(g.endMs - now)})` : ' (passed)';
  switch (g.outcome) {
    case 'renews': {
      const next = g.renewal.kind === 'auto-renewed' && g.renewal.nextPeriodS !== undefined ? ` for ${formatDuration(Number(g.renewal.nextPeriodS) * 1000)}` : '';
      const compound = g.compoundShare === undefined ? '' : `; ${formatShare(g.compoundShare)} of its reward restaked, the rest paid out`;
      return `cycle ends ${on}${left} and renews${next}${compound}`;
    }
    case 'exits':
      return `auto-renew off: exits at the end of this cycle on ${on}${left}; add a validator before then to keep validating`;
    case 'removed':
      return `removed at the end of this cycle on ${on}${left}: the cycle's reward is lost`;
    case 'ends':
      return `ends ${on}${left}; re-stake before then to keep validating`;
  }
}

/** The period's end for a card: "renews 11-27 03:54Z (in 11h 59m)", "auto-renew off: exits 11-27 03:54Z". */
export function endShort(g: ValidationGuard, now: number): string | undefined {
  if (g.endMs === undefined) return undefined;
  const on = formatTimestamp(g.endMs).slice(5);
  const left = g.endMs > now ? ` (in ${formatDuration(g.endMs - now)})` : ' (passed)';
  switch (g.outcome) {
    case 'renews':
      return `renews ${on}${left}`;
    case 'exits':
      return `auto-renew off: exits ${on}`;
    case 'removed':
      return `removed ${on}${left}`;
    case 'ends':
      return `ends ${formatTimestamp(g.endMs)}${left}`;
  }
}

/** How the budget rests on the vote: "median voter 99% over 97.4% of stake; good to ±2h 24m (whole-percent views)". */
export function basisLine(g: ValidationGuard, now: number): string | undefined {
  const b = g.basis;
  switch (b.kind) {
    case 'vote':
      return `median voter ${pct(g.uptimePercent)} over ${formatShare(b.knownShare)} of stake; good to 1% of the time elapsed (${formatDuration(b.accuracyMs)}): whole-percent views`;
    case 'projected':
      return `${projectionMark(g, now)}: last trustworthy figure over ${formatShare(b.knownShare)} of stake, spent in real time since`;
    case 'unknown':
      return `no trustworthy view: ${reasonText(g)}`;
    case 'loading':
      return "waiting for the peers' views and the validator set";
    case 'this-node':
      return "this node's view of the validator (its getCurrentValidators uptime)";
  }
}

/**
 * How the network sees the node, in one line: the share of all stake at each observed uptime, highest first, the
 * threshold marked where it falls: "100%: 81.2% · 99%: 12.0% | needs 90% | 85%: 0.4% · unknown: 6.4%".
 */
export function distributionLine(view: NetworkView, thresholdPercent: number | undefined, max = 6): string {
  const buckets = [...view.buckets].sort((a, b) => b.uptimePercent - a.uptimePercent);
  // The threshold's mark is set off by bars, the buckets from each other by dots.
  const parts: Array<{ text: string; mark: boolean }> = [];
  const mark = (): void => void parts.push({ text: `needs ${thresholdPercent}%`, mark: true });
  let marked = thresholdPercent === undefined;
  for (const bucket of buckets.slice(0, max)) {
    if (!marked && bucket.uptimePercent < thresholdPercent!) {
      mark();
      marked = true;
    }
    parts.push({ text: `${bucket.uptimePercent}%: ${formatShare(bucket.stakeShare)}`, mark: false });
  }
  const rest = buckets.slice(max).reduce((sum, b) => sum + b.stakeShare, 0);
  if (rest > 0) parts.push({ text: `lower: ${formatShare(rest)}`, mark: false });
  if (!marked) mark();
  parts.push({ text: `unknown: ${formatShare(Math.max(0, 1 - view.knownShare))}`, mark: false });
  return parts.map((p, i) => (i === 0 ? '' : p.mark || parts[i - 1]!.mark ? ' | ' : ' · ') + p.text).join('');
}

/**
 * The same view as three rows, the threshold splitting them: the stake that sees the node at or above it (and at
 * which uptimes), below it, and whose view is not known.
 */
export function viewRows(view: NetworkView, thresholdPercent: number | undefined, max = 3): Array<{ label: string; value: string }> {
  const t = thresholdPercent ?? 0;
  const side = (buckets: readonly { uptimePercent: number; stakeShare: number }[]) => {
    const total = buckets.reduce((sum, b) => sum + b.stakeShare, 0);
    const top = [...buckets].sort((a, b) => b.stakeShare - a.stakeShare).slice(0, max).sort((a, b) => b.uptimePercent - a.uptimePercent);
    const more = buckets.length > top.length ? ', …' : '';
    return buckets.length === 0 ? 'none' : `${formatShare(total)} of stake (${top.map((b) => `${b.uptimePercent}%: ${formatShare(b.stakeShare)}`).join(', ')}${more})`;
  };
  const unknown = Math.max(0, 1 - view.knownShare);
  const pending = view.pendingShare > 0 ? `, ${formatShare(view.pendingShare)} connected but not pinged yet` : '';
  return [
    { label: `Seen >= ${t}%`, value: side(view.buckets.filter((b) => b.uptimePercent >= t)) },
    { label: `Seen < ${t}%`, value: side(view.buckets.filter((b) => b.uptimePercent < t)) },
    { label: 'View unknown', value: `${formatShare(unknown)} of stake${pending}` },
  ];
}

/** The header's words for a validation: "budget 23h 10m", "budget 20h 10m projected", "budget unknown", "reward lost". */
export function budgetBadgeText(g: ValidationGuard): { text: string; tier: Tier | undefined } {
  const b = g.budget;
  if (g.threshold.source === 'no-reward') return { text: 'no reward', tier: undefined };
  if (g.basis.kind === 'unknown') return { text: `budget unknown (${g.basis.reason === 'unreachable' ? 'unreachable' : 'isolated'})`, tier: 'warn' };
  if (!b || g.budgetTier === undefined) return { text: b?.state === 'ended' ? `${periodWord(g)} ended` : 'budget ?', tier: undefined };
  if (b.state === 'lost') return { text: isCycle(g) ? 'cycle reward lost' : 'reward lost', tier: 'over' };
  if (b.state === 'spent') return { text: 'budget spent? projected', tier: g.budgetTier };
  return { text: `budget ${formatDuration(b.remainingMs)}${g.basis.kind === 'projected' ? ' projected' : ''}`, tier: g.budgetTier };
}

/** A table cell's budget (the fleet, the validators pane): "2d 3h", "≤2d 3h" while projected, "LOST", "unknown". */
export function budgetCellText(g: ValidationGuard): string {
  const b = g.budget;
  if (g.threshold.source === 'no-reward') return '-';
  if (g.basis.kind === 'unknown') return 'unknown';
  if (!b) return '?';
  switch (b.state) {
    case 'ended':
      return 'ended';
    case 'lost':
      return 'LOST';
    case 'spent':
      return '≤0';
    default:
      return `${g.basis.kind === 'projected' ? '≤' : ''}${formatDuration(b.remainingMs)}`;
  }
}

/** The header's end words: "ends in 10h 00m", "exits in 10h 00m", "removed in 10h 00m"; none for a renewing cycle. */
export function endBadgeText(g: ValidationGuard, now: number): { text: string; tier: Tier } | undefined {
  if (g.endMs === undefined || g.endTier === undefined || g.endTier === 'ok' || g.outcome === 'renews') return undefined;
  if (g.endTier === 'over') return { text: 'validation ended', tier: 'ok' };
  const verb = g.outcome === 'exits' ? 'exits' : g.outcome === 'removed' ? 'removed' : 'ends';
  return { text: `${verb} in ${formatDuration(g.endMs - now)}`, tier: g.endTier };
}

/** What an L1 balance buys: "balance 5d 0h", "balance spent: inactive", "no fee charged". */
export function runwayText(v: JudgedValidation): string {
  const r = v.l1?.runwayMs;
  if (!v.l1 || v.l1.balance === undefined || v.l1.price === undefined) return 'balance not known yet';
  if (r === undefined) return 'no fee charged';
  return r === 0 ? 'balance spent: inactive' : `balance ${formatDuration(r)}`;
}

/**
 * The words of the header's reward badge, and of `status -o line`: the primary budget, or another validation's
 * when that one is at the warning tier or worse ("budget 2d 3h", "L1 balance 3d 0h", "subnet ends in 30m").
 */
export function validationsBadgeText(list: readonly JudgedValidation[], now: number): { text: string; tier: Tier | undefined; muted?: boolean } | undefined {
  const w = worstValidation(list);
  if (!w) return undefined;
  if (w.kind === 'l1') return { text: `L1 ${runwayText(w)}`, tier: w.tier };
  const g = w.guard!;
  const end = endBadgeText(g, now);
  const endWords = end && { text: end.text, tier: end.tier, muted: end.text === 'validation ended' };
  // A permissioned subnet pays no staking reward: nothing to budget, only its end is worth a badge.
  if (w.kind === 'subnet' && g.threshold.percent === undefined) return endWords && { ...endWords, text: `subnet ${endWords.text}` };
  // The end speaks first when it is more urgent than the budget (a validation ending in an hour with budget to spare).
  const endFirst = endWords !== undefined && g.endTier !== undefined && (g.budgetTier === undefined || TIER_RANK[g.endTier] > TIER_RANK[g.budgetTier]);
  const badge = endFirst ? endWords : budgetBadgeText(g);
  if (!badge || w.kind === 'primary') return badge;
  return { ...badge, text: `subnet ${badge.text}` };
}

export interface FindingOptions {
  readonly now: number;
  /** --warn-end: warn when a validation ends within this. */
  readonly warnEndMs?: number;
  /** --warn-budget, to say what it is. */
  readonly warnBudget?: WarnBudget;
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

/** The problems `status` warns (exit 1) about for one validation, in words that end with what to do. */
export function guardFindings(guard: ValidationGuard | undefined, l1: readonly L1Balance[], o: FindingOptions): Finding[] {
  const out: Finding[] = [];
  const warnEnd = o.warnEndMs ?? DEFAULT_WARN_END_MS;
  // A validation with no staking reward (a permissioned subnet's) has only its end to warn of.
  if (guard && guard.threshold.source !== 'no-reward') {
    const b = guard.budget;
    const tier = guard.budgetTier;
    if (guard.basis.kind === 'unknown' || (b && (b.state === 'lost' || b.state === 'spent'))) {
      out.push({ level: 'warning', text: budgetLine(guard, o.now) });
    } else if (b && b.state === 'ok' && (tier === 'warn' || tier === 'critical')) {
      const rule = o.warnBudget ? ` (warning at ${warnBudgetText(o.warnBudget, formatDuration)})` : '';
      out.push({ level: 'warning', text: `downtime budget ${tier === 'critical' ? 'critical' : 'low'}${rule}: ${budgetLine(guard, o.now)}` });
    }
  }
  if (guard) {
    // A cycle that renews is not an end; an auto-renewed validator that exits or is removed is.
    if (guard.endMs !== undefined && guard.outcome !== 'renews' && guard.endMs > o.now && guard.endMs - o.now <= warnEnd) {
      out.push({ level: 'warning', text: `validation ${endLine(guard, o.now)}` });
    }
  }
  for (const v of l1) {
    const runway = balanceRunwayMs(v.balance, v.price);
    if (runway !== undefined && runway < RUNWAY_TIERS.warn) {
      out.push({ level: 'warning', text: `L1 validation ${v.validationId} has balance for ${runway === 0 ? 'nothing: it is inactive' : formatDuration(runway)} at today's fee: top it up` });
    }
  }
  return out;
}

/** The previous cycle's payout, found under its reward tx, for a card: "paid 12.345 AVAX, tx 2fX3ab…9a1c". */
export function lastCycleText(r: CycleRewards): string {
  const tx = r.rewardTxId.length > 12 ? `${r.rewardTxId.slice(0, 6)}…${r.rewardTxId.slice(-4)}` : r.rewardTxId;
  if (r.utxos === 0) return `none paid (first cycle?), tx ${tx}`;
  return `paid ${formatAvax(r.amount, { unit: true })}, tx ${tx}`;
}
