// The upgrade deadline of the node on screen (domain/upgrades), for the header and the versions pane: judged from
// the store once per update and second, whoever asks.
import { useAvatop } from './store-context';
import { upgradeVerdictOf } from '../domain/upgrades/facts';
import type { UpgradeVerdict } from '../domain/upgrades/deadline';

export function useUpgradeVerdict(now: number): UpgradeVerdict {
  return useAvatop((s) => upgradeVerdictOf(s, now));
}
