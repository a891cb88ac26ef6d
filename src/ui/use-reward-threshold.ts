// The screens' way to ask domain/reward/threshold.ts: the node's Helicon time from the store, the override from
// the command line, an elastic subnet's uptimeRequirement, and the validation's start.
import { useCallback } from 'react';
import { useAvatop } from './store-context';
import { useAppConfig } from './config';
import { heliconFromResource, rewardThreshold, stakeRuleOf, thresholdStartUnknown, type Threshold } from '../domain/reward/threshold';
import { selectOwnValidator, selectValidates } from '../state/own-validator';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { uptimeRequirementKey } from '../state/view-keys';
import type { Validator } from '../state/types';

/** `(validator, now) → Threshold` for validators of one subnet; stable while its inputs stay the same. */
export type ThresholdOf = (v: Validator | undefined, now: number) => Threshold;

export function useThresholdOf(subnetId: string): ThresholdOf {
  const { rewardThreshold: settings } = useAppConfig();
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const requirement = useAvatop((s) => s.views.data[uptimeRequirementKey(subnetId)]?.data) as number | undefined;
  return useCallback(
    (v, now) =>
      rewardThreshold({
        start: v?.startTime?.getTime(),
        helicon: heliconFromResource(upgrades),
        override: settings.override,
        overrideFrom: settings.overrideFrom,
        rule: stakeRuleOf(subnetId, v, requirement),
        now,
      }),
    [upgrades, settings.override, settings.overrideFrom, subnetId, requirement],
  );
}

/**
 * This node's own primary validation's threshold: its validation's, a new validation's when it is known not to
 * validate, and the rule on both sides of Helicon while that is not known (the P-chain still bootstrapping).
 */
export function useOwnThreshold(now: number): Threshold {
  const own = useAvatop(selectOwnValidator);
  const validates = useAvatop(selectValidates);
  const { rewardThreshold: settings } = useAppConfig();
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const thresholdOf = useThresholdOf(PRIMARY_NETWORK_ID);
  if (validates !== undefined) return thresholdOf(own, now);
  return thresholdStartUnknown({ helicon: heliconFromResource(upgrades), override: settings.override, overrideFrom: settings.overrideFrom, now });
}
