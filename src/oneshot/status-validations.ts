// `status`'s part on this node's validations: each one judged by the reward guard (primary, subnet, L1), the
// problems it exits 1 for in words, its lines, and the JSON scripts read. Pure: the snapshot is gathered elsewhere.
import { sanitize } from '../format';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { GuardOptions, ValidationFacts, ValidationGuard } from '../domain/reward/guard';
import { judgeOwnValidations, type JudgedValidation, type OwnValidations } from '../domain/reward/own-validations';
import { budgetSentence, formatSlack, guardFindings, type FindingOptions, type L1Balance } from '../domain/reward/findings';

export interface ValidationsReport {
  readonly primary: ValidationGuard | undefined;
  readonly list: readonly JudgedValidation[];
  readonly problems: string[];
  readonly lines: string[];
  readonly json: Record<string, unknown>[];
  readonly l1Json: Record<string, unknown>[];
}

const seconds = (ms: number | undefined): number | null => (ms === undefined ? null : Math.round(ms / 1000));

function guardJson(kind: 'primary' | 'subnet', subnetId: string | undefined, g: ValidationGuard, now: number): Record<string, unknown> {
  return {
    kind,
    subnet: kind === 'primary' ? 'primary' : (subnetId ?? null),
    threshold: g.threshold.percent ?? null,
    thresholdSource: g.threshold.reason,
    uptimeView: 'peers (info.uptime weightedAveragePercentage)',
    uptime: g.uptimePercent ?? null,
    // Negative once lost; null once the period is over or while a figure is missing.
    downtimeBudgetSeconds: g.budget && g.budget.state !== 'ended' ? seconds(g.budget.remainingMs) : null,
    budgetState: g.budget?.state ?? null,
    endsInSeconds: g.endMs === undefined ? null : seconds(g.endMs - now),
    autoRenewed: g.autoRenewed,
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
  return `balance lasts ${formatSlack(l1.runwayMs)} at today's fee`;
}

export function reportValidations(primary: ValidationFacts | undefined, found: OwnValidations | undefined, o: GuardOptions & FindingOptions): ValidationsReport {
  const { now } = o;
  const list = judgeOwnValidations(primary, found, o, PRIMARY_NETWORK_ID);
  const problems: string[] = [];
  const lines: string[] = [];
  const json: Record<string, unknown>[] = [];
  const l1Json: Record<string, unknown>[] = [];
  const findings = { now, warnBudgetMs: o.warnBudgetMs, warnEndMs: o.warnEndMs };
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
      const budget = g.threshold.percent === undefined ? 'no staking reward on this subnet' : (budgetSentence(g, now) ?? "budget not known yet (the peers' view of uptime or the times are missing)");
      const needs = g.threshold.percent === undefined ? '' : ` (needs ${g.threshold.percent}%: ${g.threshold.reason})`;
      const ends = g.endMs === undefined ? '' : `; ends in ${formatSlack(g.endMs - now)}`;
      lines.push(`subnet     ${id}: ${budget}${needs}${ends}`);
      json.push(guardJson('subnet', v.subnetId, g, now));
    } else if (v.kind === 'l1' && v.l1) {
      const balance = l1Balance(v);
      if (balance) for (const f of guardFindings(undefined, [balance], findings)) problems.push(f.text);
      const on = v.subnetId ? ` (L1 ${sanitize(v.subnetId)})` : '';
      lines.push(`l1         ${sanitize(v.l1.validationId)}${on}: ${runwayText(v)}`);
      const entry = {
        validationID: v.l1.validationId,
        subnetID: v.subnetId ?? null,
        balance: v.l1.balance?.toString() ?? null,
        feePerSecond: v.l1.price?.toString() ?? null,
        balanceRunwaySeconds: seconds(v.l1.runwayMs),
        runwayTier: v.tier ?? null,
        source: v.l1.source,
      };
      l1Json.push(entry);
      // L1s pay no staking reward: no threshold, no downtime budget, no end; the balance is what runs out.
      json.push({ kind: 'l1', subnet: v.subnetId ?? null, threshold: null, thresholdSource: 'no staking reward on an L1', downtimeBudgetSeconds: null, endsInSeconds: null, ...entry });
    }
  }
  // What discovery could not find out is said, but only an L1 validation the operator named is a reason to warn:
  // a node without a health API or validatedBy is not degraded for it.
  for (const e of found?.errors ?? []) lines.push(`validations ? (${sanitize(e)})`);
  for (const e of found?.namedErrors ?? []) problems.push(sanitize(e));
  return { primary: primaryGuard, list, problems, lines, json, l1Json };
}
