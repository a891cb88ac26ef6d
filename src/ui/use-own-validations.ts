// The screens' way to ask the reward guard about every validation of this node: the primary one and what discovery
// found (poll/own-validations.ts), judged once per store update and second by domain/reward/node-guard.ts, so the
// header, the overview and the fleet row of this node read one verdict.
import { useAvatop } from './store-context';
import { useAppConfig } from './config';
import { judgeNode } from '../domain/reward/node-guard';
import type { JudgedValidation } from '../domain/reward/own-validations';

export function useOwnValidations(now: number): JudgedValidation[] {
  const { rewardThreshold } = useAppConfig();
  // To the second: the header and a pane rendering in the same second share one verdict.
  const second = Math.floor(now / 1000) * 1000;
  return useAvatop((s) => judgeNode(s, { now: second, override: rewardThreshold.override, overrideFrom: rewardThreshold.overrideFrom }));
}
