// What the overview shows of the time, as one text: the pane renders again on the clock only when this text changes
// (useNowText, components/Clock.tsx), where a render a second drew the same countdowns and budget again. Pure: each
// part is what OverviewPane.tsx renders from `now`, computed by the functions it renders with; a text of `now` added
// to the pane and not here would stand still until the next store update.
import type { AvatopState } from '../../state/store';
import type { EventLine } from '../../domain/events/record';
import type { RewardThreshold } from '../../ui/config';
import { ownThresholdOf } from '../../ui/use-reward-threshold';
import { judgeOwnValidations } from '../../ui/use-own-validations';
import { rewardCard } from '../../ui/budget-model';
import { otherValidationRows } from '../../ui/validations-model';
import { selectOwnValidator } from '../../state/own-validator';
import { lastCycleRewards } from '../../domain/reward/node-guard';
import { validatorHealth } from '../../domain/stake';
import { formatCountdown } from '../../format/time';
import { recentEventItems } from './recent-events';

/**
 * The overview's texts of `now` for store state `s`: the threshold (a new validation's starts now), the validation's
 * "left", the reward card's rows (the budget, what to do, "good to", the cycle's end) and the recent events' ages.
 * The events are those of a pane `rows` high, the most it can show: a shorter card is a prefix of them.
 */
export function overviewClockText(s: AvatopState, settings: RewardThreshold, events: readonly EventLine[] | undefined, rows: number, now: number): string {
  const threshold = ownThresholdOf(s, settings, now);
  const own = selectOwnValidator(s);
  const validations = judgeOwnValidations(s, settings, now);
  const guard = validations[0]?.kind === 'primary' ? validations[0].guard : undefined;
  return JSON.stringify([
    threshold.percent,
    threshold.reason,
    own ? [formatCountdown(own.endTime?.getTime(), now), validatorHealth(own, threshold).belowThreshold] : null,
    guard ? [guard.autoRenewed, rewardCard(guard, now, lastCycleRewards(s))] : null,
    otherValidationRows(validations, now),
    recentEventItems(events, s.node.id.data?.nodeID, rows, now),
  ]);
}
