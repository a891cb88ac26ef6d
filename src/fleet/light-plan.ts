// What a node not on screen polls: only what its fleet row shows. Taken from the pane table itself (the header's
// specs and the overview's own-validator record), so a light node and a viewed one write the same resources with
// the same rules and switching to it shows state already kept.
import { planFor } from '../poll/plan';
import type { ResourceSpec } from '../poll/resource-spec';
import type { AvatopState } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { selectOwnValidator } from '../state/own-validator';

/**
 * Left out on purpose: a non-validator's info.peers (the header's slow `peerCount`; the row takes the count from the
 * health reply's network check), /ext/metrics, the network ID (the name is enough for a row). A validator's row needs
 * its reward budget, which is the vote's: its peers' views (`peerCount`, the slow reading of their facts) and the
 * validator set that weighs them (every 10 minutes).
 */
export const LIGHT_KEYS: ReadonlySet<string> = new Set([
  'nodeId',
  'networkName',
  'nodeVersion',
  'upgrades',
  'bootstrapped:P',
  'bootstrapped:X',
  'bootstrapped:C',
  'height',
  'timestamp',
  'uptime',
  'health:slow',
  // A validator's only: its peers' views (lightPlan).
  'peerCount',
  'voterWeights',
]);

export function lightPlan(s: AvatopState): ResourceSpec[] {
  const validator = selectOwnValidator(s) !== undefined;
  const header = planFor('fleet', [], s).filter((spec) => LIGHT_KEYS.has(spec.key) && (validator || spec.key !== 'peerCount'));
  // The own validator record: a single-node getCurrentValidators, on the height cadence (when the height moves).
  const own = planFor('overview', [], s).filter((spec) => spec.key.startsWith(`validator:${PRIMARY_NETWORK_ID}/`));
  return [...header, ...own];
}
