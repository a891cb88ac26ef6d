// What to poll for what is on screen: the header's resources, the pane's plan (pane-plans.ts) and the plan of the
// view on top of the nav stack (the view table's, handed to the scheduler by kind). The scheduler starts and stops
// pollers to match it.
import type { AvatopState } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { NavView, NavViewOf, PaneId, ViewKind } from '../state/ui';
import type { ResourceSpec, ViewPlan } from './resource-spec';
import { PANE_PLANS } from './pane-plans';
import { metricsSpec } from './metrics-spec';
import { header, lastCycleRewardsSpec } from './header-plan';
import { selectOwnValidator } from '../state/own-validator';
import { lastCycleRewardTxIdOf } from '../domain/reward/renewal';
import { blockWatchSpec, validatorDetailSpec } from './pchain-specs';
import { ownValidationsSpec } from './own-validations';
import { isSettledBootstrap, settledChains } from './bootstrap-settled';

/** Each view kind's plan, by kind: the view table (app/view-table.ts) is one. */
export type ViewPlans = { readonly [K in ViewKind]: { readonly plan: ViewPlan<NavViewOf<K>> } };

export interface PlanOptions {
  /** The client can GET /ext/metrics: the header reads it slowly for its warnings. */
  readonly metrics?: boolean;
  /** What each view polls; without them a view polls nothing beyond its pane (the exporter shows none). */
  readonly views?: ViewPlans;
}

function viewSpecs(view: NavView | undefined, s: AvatopState, plans: ViewPlans | undefined): ResourceSpec[] {
  if (!view || !plans) return [];
  return (plans[view.kind].plan as ViewPlan)(view, s);
}

/** Everything that should be polled for this screen, deduplicated by key (a view may repeat its pane's needs). */
export function planFor(pane: PaneId, views: readonly NavView[], s: AvatopState, opts: PlanOptions = {}): ResourceSpec[] {
  const body = [...PANE_PLANS[pane](s), ...viewSpecs(views[views.length - 1], s, opts.views)];
  // Only the full peers list also writes the header's count (a view's single-peer query does not).
  const all = [...header(body.some((spec) => spec.key === 'peers' || spec.key === 'peers:slow'), selectOwnValidator(s) !== undefined), ...body];
  // The pane's reading also feeds the header; elsewhere the header reads slowly.
  if (opts.metrics && !body.some((spec) => spec.key === 'metrics')) all.push(metricsSpec('header'));
  const own = s.node.id.data?.nodeID;
  if (own) {
    // The header's reward badge on every pane: this node's own record (a small single-node query on the height
    // cadence, unless the pane lists the primary validators, which hold it), and its subnet and L1 validations,
    // found every few minutes.
    if (!body.some((spec) => spec.key === `validators:${PRIMARY_NETWORK_ID}`)) all.push(validatorDetailSpec(PRIMARY_NETWORK_ID, own));
    all.push(ownValidationsSpec(own));
    // An auto-renewed validator's previous cycle: what it paid out, under its reward tx (this cycle's start).
    const rewardTxId = lastCycleRewardTxIdOf(selectOwnValidator(s));
    if (rewardTxId) all.push(lastCycleRewardsSpec(rewardTxId));
  }
  // What changes only with certain blocks waits for the block watcher's word (poll/pchain-specs.ts).
  if (all.some((spec) => spec.changesWith)) all.push(blockWatchSpec());
  // A chain bootstrapped is not asked again while the probe answers and the node is healthy (bootstrap-settled.ts).
  const settled = settledChains(s);
  const seen = new Map<string, ResourceSpec>();
  for (const spec of all) if (!seen.has(spec.key) && !isSettledBootstrap(spec.key, settled)) seen.set(spec.key, spec);
  // Both write the peers list: the faster one is enough.
  if (seen.has('peers')) seen.delete('peers:slow');
  if (seen.has('health')) seen.delete('health:slow');
  return [...seen.values()];
}
