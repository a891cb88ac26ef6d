// `status`'s part on this node's validations: each one judged by the reward guard (primary, subnet, L1), the
// problems it exits 1 for in words, its lines, and the JSON scripts read. Pure: the snapshot is gathered elsewhere.
import { formatDuration, sanitize } from '../format';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { GuardOptions, ValidationFacts, ValidationGuard } from '../domain/reward/guard';
import { judgeOwnValidations, type JudgedValidation, type OwnValidations } from '../domain/reward/own-validations';
import { budgetLine, guardFindings, tierName, type FindingOptions, type L1Balance } from '../domain/reward/words';
import { rewardTxIdOf } from '../domain/reward/renewal';

export interface ValidationsReport {
  readonly primary: ValidationGuard | undefined;
  readonly list: readonly JudgedValidation[];
  readonly problems: string[];
  readonly lines: string[];
  /** One list: primary, subnet and L1 validations alike (an L1 validation is an entry with kind 'l1'). */
  readonly json: Record<string, unknown>[];
}

const seconds = (ms: number | undefined): number | null => (ms === undefined ? null : Math.round(ms / 1000));

const share = (x: number | undefined): number | null => (x === undefined ? null : Math.round(x * 10_000) / 10_000);

/** One validation as the guard judged it, for scripts (README "status -o json" lists every field). */
export function guardJson(kind: 'primary' | 'subnet', subnetId: string | undefined, g: ValidationGuard, now: number): Record<string, unknown> {
  const b = g.budget;
  const basis = g.basis;
  const renewal = g.renewal.kind === 'auto-renewed' ? g.renewal : undefined;
  // The previous cycle's reward UTXOs are under the reward tx that closed it, at this cycle's start.
  const lastCycleRewardTxID = renewal?.txId && g.startMs !== undefined ? (rewardTxIdOf(renewal.txId, Math.floor(g.startMs / 1000)) ?? null) : null;
  return {
    kind,
    subnet: kind === 'primary' ? 'primary' : (subnetId ?? null),
    threshold: g.threshold.percent ?? null,
    thresholdSource: g.threshold.reason,
    // Where the budget comes from: 'vote' (the stake-weighted median voter), 'projected' (the last trustworthy figure
    // spent in real time), 'unknown' (no trustworthy view and no earlier figure), 'loading'.
    budgetBasis: basis.kind,
    uptimeView: basis.kind === 'vote' ? 'stake-weighted median of the connected validators\' views (info.peers observedUptime)' : basis.kind,
    uptime: g.uptimePercent ?? null,
    knownStakeShare: share(basis.kind === 'vote' || basis.kind === 'projected' ? basis.knownShare : g.network?.knownShare),
    budgetAccuracySeconds: basis.kind === 'vote' ? seconds(basis.accuracyMs) : null,
    projectedSince: basis.kind === 'projected' ? new Date(basis.sinceMs).toISOString() : null,
    projectedReason: basis.kind === 'projected' || basis.kind === 'unknown' ? basis.reason : null,
    // Negative once lost (or, projected, once spent); null once the period is over or while a figure is missing.
    downtimeBudgetSeconds: b && b.state !== 'ended' ? seconds(b.remainingMs) : null,
    allowanceSeconds: b ? seconds(b.allowedMs) : null,
    budgetState: b?.state ?? null,
    budgetTier: tierName(g.budgetTier) ?? null,
    runsOutInSeconds: b?.runsOutAtMs === undefined ? null : seconds(b.runsOutAtMs - now),
    budgetText: budgetLine(g, now),
    endsInSeconds: g.endMs === undefined ? null : seconds(g.endMs - now),
    autoRenewed: g.autoRenewed,
    periodOutcome: g.outcome,
    nextPeriodSeconds: renewal?.nextPeriodS === undefined ? null : Number(renewal.nextPeriodS),
    compoundShare: share(g.compoundShare),
    lastCycleRewardTxID,
    rewardingStakeShare: share(g.rewardingShare),
    ...(kind === 'primary' && g.network ? { network: networkJson(g) } : {}),
  };
}

/** How the network sees the node: the share of all stake at each observed uptime (the threshold for reference). */
function networkJson(g: ValidationGuard): Record<string, unknown> {
  const v = g.network!;
  return {
    knownStakeShare: share(v.knownShare),
    pendingStakeShare: share(v.pendingShare),
    trusted: v.trusted,
    medianUptime: v.medianUptimePercent ?? null,
    threshold: g.threshold.percent ?? null,
    byUptime: [...v.buckets].reverse().map((b) => ({ uptime: b.uptimePercent, stakeShare: share(b.stakeShare), meetsThreshold: g.threshold.percent === undefined ? null : b.uptimePercent >= g.threshold.percent })),
  };
}

function l1Balance(v: JudgedValidation): L1Balance | undefined {
  const l1 = v.l1;
  if (!l1 || l1.balance === undefined || l1.price === undefined) return undefined;
  return { validationId: l1.validationId, subnetId: v.subnetId, balance: l1.balance, price: l1.price };
}

function runwayText(v: JudgedValidation): string {
  const l1 = v.l1!;
  if (l1.balance === undefined || l1.price === undefined) return 'balance or fee not known';
  if (l1.runwayMs === undefined) return 'no fee is charged';
  if (l1.runwayMs === 0) return 'balance 0: inactive';
  return `balance lasts ${formatDuration(l1.runwayMs)} at today's fee`;
}

export function reportValidations(primary: ValidationFacts | undefined, found: OwnValidations | undefined, o: GuardOptions & FindingOptions): ValidationsReport {
  const { now } = o;
  const list = judgeOwnValidations(primary, found, o, PRIMARY_NETWORK_ID);
  const problems: string[] = [];
  const lines: string[] = [];
  const json: Record<string, unknown>[] = [];
  const findings = { now, warnBudget: o.warnBudget, warnEndMs: o.warnEndMs };
  const primaryGuard = list[0]?.kind === 'primary' ? list[0].guard : undefined;
  if (primaryGuard) {
    for (const f of guardFindings(primaryGuard, [], findings)) problems.push(f.text);
    json.push(guardJson('primary', PRIMARY_NETWORK_ID, primaryGuard, now));
  }
  for (const v of list) {
    if (v.kind === 'subnet' && v.guard) {
      const g = v.guard;
      const id = sanitize(v.subnetId ?? '?');
      for (const f of guardFindings(g, [], findings)) problems.push(`subnet ${id}: ${f.text}`);
      const budget = budgetLine(g, now);
      const needs = g.threshold.percent === undefined ? '' : ` (needs ${g.threshold.percent}%: ${g.threshold.reason})`;
      const ends = g.endMs === undefined ? '' : `; ends in ${formatDuration(g.endMs - now)}`;
      lines.push(`subnet     ${id}: ${budget}${needs}${ends}`);
      json.push(guardJson('subnet', v.subnetId, g, now));
    } else if (v.kind === 'l1' && v.l1) {
      const balance = l1Balance(v);
      if (balance) for (const f of guardFindings(undefined, [balance], findings)) problems.push(f.text);
      const on = v.subnetId ? ` (L1 ${sanitize(v.subnetId)})` : '';
      lines.push(`l1         ${sanitize(v.l1.validationId)}${on}: ${runwayText(v)}`);
      // L1s pay no staking reward: no threshold, no downtime budget, no end; the balance is what runs out. Listed
      // once, here (schema 1 also had them in a separate l1Validations list).
      json.push({
        kind: 'l1',
        subnet: v.subnetId ?? null,
        threshold: null,
        thresholdSource: 'no staking reward on an L1',
        downtimeBudgetSeconds: null,
        endsInSeconds: null,
        validationID: v.l1.validationId,
        subnetID: v.subnetId ?? null,
        balance: v.l1.balance?.toString() ?? null,
        feePerSecond: v.l1.price?.toString() ?? null,
        balanceRunwaySeconds: seconds(v.l1.runwayMs),
        runwayTier: v.tier ?? null,
        source: v.l1.source,
      });
    }
  }
  // What discovery could not find out is said, but only an L1 validation the operator named is a reason to warn:
  // a node without a health API or validatedBy is not degraded for it.
  for (const e of found?.errors ?? []) lines.push(`validations ? (${sanitize(e)})`);
  for (const e of found?.namedErrors ?? []) problems.push(sanitize(e));
  return { primary: primaryGuard, list, problems, lines, json };
}
