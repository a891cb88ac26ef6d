// The exporter's view of this node's validations: the same guard as the screens and `status` (primary and subnet
// validations with their budgets, judged once per scrape by domain/reward/node-guard.ts; L1 validations discovery
// found, with those named by --l1-validation).
import type { AvatopState } from '../state/store';
import type { ValidationGuard } from '../domain/reward/guard';
import { judgeNode } from '../domain/reward/node-guard';
import type { JudgedValidation } from '../domain/reward/own-validations';
import type { WarnBudget } from '../domain/reward/tiers';
import { ownValidationsOf } from '../state/view-keys';
import type { L1Reading } from './l1-watch';

type Guards = ReadonlyArray<{ subnet: string; guard: ValidationGuard }>;
/** Per judged list: a scrape asks a dozen series of each node for its guards. */
const guardsOf = new WeakMap<readonly JudgedValidation[], Guards>();

/** Each primary and subnet validation's guard, labelled `subnet="primary"` or by the subnet's ID. */
export function ownGuards(s: AvatopState, now: number, override: number | undefined, warnBudget?: WarnBudget, overrideFrom?: string): Guards {
  const judged = judgeNode(s, { now, override, overrideFrom, warnBudget }, false);
  let guards = guardsOf.get(judged);
  if (!guards) {
    guards = judged.flatMap((v) => (v.guard ? [{ subnet: v.kind === 'primary' ? 'primary' : (v.subnetId ?? ''), guard: v.guard }] : []));
    guardsOf.set(judged, guards);
  }
  return guards;
}

/** L1 validations to export: those named (read every minute) and those discovery found, once each. */
export function l1Readings(s: AvatopState, named: readonly L1Reading[]): L1Reading[] {
  const found = ownValidationsOf(s);
  const out = [...named];
  for (const v of found?.validations ?? []) {
    if (v.kind !== 'l1' || out.some((r) => r.validationId === v.validationId)) continue;
    out.push({ validationId: v.validationId, subnetId: v.subnetId, balance: v.balance, price: found?.price });
  }
  return out;
}
