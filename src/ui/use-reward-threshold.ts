// The screens' way to ask domain/reward/threshold.ts: the node's Helicon time from the store, the override from
// the command line, an elastic subnet's uptimeRequirement, and the validation's start.
import { useCallback } from 'react';
import { useAvatop } from './store-context';
import { useAppConfig, type RewardThreshold } from './config';
import { heliconFromResource, rewardThreshold, stakeRuleOf, thresholdStartUnknown, type Threshold } from '../domain/reward/threshold';
import { selectOwnValidator, selectValidates } from '../state/own-validator';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { uptimeRequirementKey } from '../state/view-keys';
import type { AvatopState } from '../state/store';
import type { Validator } from '../state/types';

/** `(validator, now) → Threshold` for validators of one subnet; stable while its inputs stay the same. */
export type ThresholdOf = (v: Validator | undefined, now: number) => Threshold;

const upgradesOf = (s: AvatopState) => s.versions.upgrades;
const requirementOf = (s: AvatopState, subnetId: string) => s.views.data[uptimeRequirementKey(subnetId)]?.data as number | undefined;

/** What a threshold is judged from, as the store holds it. */
interface ThresholdInputs {
  readonly upgrades: AvatopState['versions']['upgrades'];
  /** An elastic subnet's uptimeRequirement, when loaded. */
  readonly requirement: number | undefined;
  readonly settings: RewardThreshold;
}

function thresholdFor(subnetId: string, v: Validator | undefined, i: ThresholdInputs, now: number): Threshold {
  return rewardThreshold({
    start: v?.startTime?.getTime(),
    helicon: heliconFromResource(i.upgrades),
    override: i.settings.override,
    overrideFrom: i.settings.overrideFrom,
    rule: stakeRuleOf(subnetId, v, i.requirement),
    now,
  });
}

export function useThresholdOf(subnetId: string): ThresholdOf {
  const { rewardThreshold: settings } = useAppConfig();
  const upgrades = useAvatop(upgradesOf);
  const requirement = useAvatop((s) => requirementOf(s, subnetId));
  const { override, overrideFrom } = settings;
  return useCallback(
    (v, now) => thresholdFor(subnetId, v, { upgrades, requirement, settings: { override, overrideFrom } }, now),
    [upgrades, override, overrideFrom, subnetId, requirement],
  );
}

/**
 * This node's own primary validation's threshold: its validation's, a new validation's when it is known not to
 * validate, and the rule on both sides of Helicon while that is not known (the P-chain still bootstrapping).
 */
function ownThresholdFrom(own: Validator | undefined, validates: boolean | undefined, i: ThresholdInputs, now: number): Threshold {
  if (validates !== undefined) return thresholdFor(PRIMARY_NETWORK_ID, own, i, now);
  return thresholdStartUnknown({ helicon: heliconFromResource(i.upgrades), override: i.settings.override, overrideFrom: i.settings.overrideFrom, now });
}

/** `useOwnThreshold` outside a render: what a screen's clock compares to know whether its text changed. */
export function ownThresholdOf(s: AvatopState, settings: RewardThreshold, now: number): Threshold {
  return ownThresholdFrom(selectOwnValidator(s), selectValidates(s), { upgrades: upgradesOf(s), requirement: requirementOf(s, PRIMARY_NETWORK_ID), settings }, now);
}

export function useOwnThreshold(now: number): Threshold {
  const own = useAvatop(selectOwnValidator);
  const validates = useAvatop(selectValidates);
  const { rewardThreshold: settings } = useAppConfig();
  const upgrades = useAvatop(upgradesOf);
  const requirement = useAvatop((s) => requirementOf(s, PRIMARY_NETWORK_ID));
  return ownThresholdFrom(own, validates, { upgrades, requirement, settings }, now);
}
