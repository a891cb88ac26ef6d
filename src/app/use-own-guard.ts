// The screens' way to ask the reward guard about this node: the pieces of the store it needs, selected one by one so
// a render happens only when one of them changes.
import { useAvatop } from './store-context';
import { useAppConfig } from './config';
import { selectOwnValidator } from '../state/own-validator';
import { judgeValidation, ownValidationFacts, type ValidationGuard } from '../domain/reward/guard';

export function useOwnGuard(now: number): ValidationGuard | undefined {
  const { rewardThreshold } = useAppConfig();
  const own = useAvatop(selectOwnValidator);
  const uptime = useAvatop((s) => s.node.uptime.data);
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const facts = ownValidationFacts(own, uptime, upgrades);
  return facts && judgeValidation(facts, { now, override: rewardThreshold.override });
}
