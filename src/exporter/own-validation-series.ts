// The exporter's view of this node's validations: the same guard as the screens and `status` (primary and subnet
// validations with their budgets; L1 validations discovery found, with those named by --l1-validation).
import type { AvatopState } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { selectOwnValidator } from '../state/own-validator';
import { ownValidationFacts, type ValidationGuard } from '../domain/reward/guard';
import { judgeOwnValidations } from '../domain/reward/own-validations';
import { ownValidationsOf } from '../state/view-keys';
import type { L1Reading } from './l1-watch';

/** Each primary and subnet validation's guard, labelled `subnet="primary"` or by the subnet's ID. */
export function ownGuards(s: AvatopState, now: number, override: number | undefined, overrideFrom?: string): Array<{ subnet: string; guard: ValidationGuard }> {
  const facts = ownValidationFacts(selectOwnValidator(s), s.node.uptime.data, s.versions.upgrades);
  return judgeOwnValidations(facts, ownValidationsOf(s), { now, override, overrideFrom }, PRIMARY_NETWORK_ID).flatMap((v) =>
    v.guard ? [{ subnet: v.kind === 'primary' ? 'primary' : (v.subnetId ?? ''), guard: v.guard }] : [],
  );
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
