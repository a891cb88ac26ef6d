// The screens' way to ask the reward guard about this node: the pieces of the store it needs, selected one by one so
// a render happens only when one of them changes, and the last hour of the peers' view for the "runs out at the last
// hour's uptime" projection (kept in a ref and extended while rendering, keyed on the sample, like the header's
// height history).
import { useRef } from 'react';
import { useAvatop } from './store-context';
import { useAppConfig } from './config';
import { selectOwnValidator } from '../state/own-validator';
import { judgeValidation, ownValidationFacts, type ValidationGuard } from '../domain/reward/guard';
import { addUptimeSample, recentUptime, type UptimeSample } from '../domain/reward/budget';

export function useOwnGuard(now: number): ValidationGuard | undefined {
  const { rewardThreshold } = useAppConfig();
  const own = useAvatop(selectOwnValidator);
  const uptime = useAvatop((s) => s.node.uptime);
  const upgrades = useAvatop((s) => s.versions.upgrades);
  const history = useRef<UptimeSample[]>([]);
  const facts = ownValidationFacts(own, uptime.data, upgrades);
  if (facts?.uptimePercent !== undefined && uptime.updatedAt !== undefined) {
    history.current = addUptimeSample(history.current, { atMs: uptime.updatedAt, uptimePercent: facts.uptimePercent });
  }
  if (!facts) return undefined;
  return judgeValidation(facts, { now, override: rewardThreshold.override, overrideFrom: rewardThreshold.overrideFrom, recentUptimePercent: recentUptime(history.current, facts.startMs) });
}
