// The screens' way to ask the reward guard about every validation of this node: the primary one (through
// useOwnGuard, which keeps the last hour of the peers' view) and what discovery found (poll/own-validations.ts).
import { useAvatop } from './store-context';
import { useAppConfig } from './config';
import { useOwnGuard } from './use-own-guard';
import { selectOwnValidator } from '../state/own-validator';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { ownValidationFacts } from '../domain/reward/guard';
import { judgeOwnValidations, type JudgedValidation } from '../domain/reward/own-validations';
import { ownValidationsOf } from '../state/view-keys';

export function useOwnValidations(now: number): JudgedValidation[] {
  const { rewardThreshold } = useAppConfig();
  const primary = useOwnGuard(now);
  const own = useAvatop(selectOwnValidator);
  const uptime = useAvatop((s) => s.node.uptime.data);
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const found = useAvatop(ownValidationsOf);
  const list = judgeOwnValidations(ownValidationFacts(own, uptime, upgrades), found, { now, override: rewardThreshold.override, overrideFrom: rewardThreshold.overrideFrom }, PRIMARY_NETWORK_ID);
  // The primary verdict with the last hour's projection, which only the hook's history can give.
  return primary && list[0]?.kind === 'primary' ? [{ ...list[0], guard: primary }, ...list.slice(1)] : list;
}
