// The screens' way to ask the reward guard about every validation of this node: the primary one and what discovery
// found (poll/own-validations.ts), judged once per store update and second by domain/reward/node-guard.ts, so the
// header, the overview and the fleet row of this node read one verdict.
import { useAvatop } from './store-context';
import { useAppConfig, type RewardThreshold } from './config';
import { judgeNode } from '../domain/reward/node-guard';
import type { JudgedValidation } from '../domain/reward/own-validations';
import type { AvatopState } from '../state/store';

/** This node's validations judged at `now` as the screens judge them: to the second, with --uptime-threshold. */
export function judgeOwnValidations(s: AvatopState, settings: RewardThreshold, now: number): JudgedValidation[] {
  // To the second: the header and a pane rendering in the same second share one verdict (judgeNode keeps it).
  const second = Math.floor(now / 1000) * 1000;
  return judgeNode(s, { now: second, override: settings.override, overrideFrom: settings.overrideFrom });
}

export function useOwnValidations(now: number): JudgedValidation[] {
  const { rewardThreshold } = useAppConfig();
  return useAvatop((s) => judgeOwnValidations(s, rewardThreshold, now));
}
