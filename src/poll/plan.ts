// What to poll for what is on screen: the header's resources, each pane's, and each drill-down view's. The table
// is data so it can be tested and printed; the scheduler starts and stops pollers to match it.
import { lens } from '../state/lenses';
import { liveValues } from '../state/rows';
import type { AvatopState } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { NavView, PaneId } from '../state/ui';
import type { ResultOf } from '../rpc/methods';
import type { Decoders } from './decoders';
import { blockFromResult, toRows } from './transforms';
import { uptimeRequirementSpec, viewPlan } from './view-plan';
import { call, ignorePrev, type ResourceSpec } from './resource-spec';
import { metricsSpec } from './metrics-spec';
import { header, healthSpec, peersSpec, upgradesSpec } from './header-plan';
import { blockchainsSpec, chainStatusesSpec, chainStatusSpec, recentBlocksSpec, subnetsSpec, validatorDetailSpec, validatorsSpec } from './pchain-specs';
import { utxoSpecs } from './utxo-plan';
import { ownValidationsSpec } from './own-validations';

export type { Cadence, FetchContext, Intervals, PollCallEvent, PollClient, ResourceSpec } from './resource-spec';

function paneSpecs(pane: PaneId, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  switch (pane) {
    case 'overview': {
      const specs = [
        call('nodeIp', 'info.getNodeIP', {}, 'once', lens.nodeIp, ignorePrev((r) => r.ip)),
        healthSpec('tick'),
        call('supply', 'platform.getCurrentSupply', {}, 'height', lens.supply, ignorePrev((r) => r.supply)),
        call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev((r) => r.assetID)),
        call('totalStake', 'platform.getTotalStake', {}, 'height', lens.totalStake, ignorePrev((r) => r.weight)),
        call('minStake', 'platform.getMinStake', {}, 'height', lens.minStake, ignorePrev(({ minValidatorStake, minDelegatorStake }) => ({ minValidatorStake, minDelegatorStake }))),
      ];
      // This node's own validator record (a single-node query: small, and it carries the delegators).
      const own = s.node.id.data?.nodeID;
      if (own) specs.push(validatorDetailSpec(PRIMARY_NETWORK_ID, own));
      return specs;
    }
    case 'peers':
      return [peersSpec()];
    case 'validators':
      // The subnet list feeds the pane's subnet switcher; an elastic subnet's uptime requirement, its flags.
      return s.ui.subnet === PRIMARY_NETWORK_ID
        ? [validatorsSpec(s.ui.subnet), subnetsSpec()]
        : [validatorsSpec(s.ui.subnet), subnetsSpec(), uptimeRequirementSpec(s.ui.subnet, decoders)];
    case 'pending': {
      // Removed in v1.11.3 (ACP-41): today's nodes answer "can't find method"; the pane then shows stakers that
      // recently started or end soon, from the current validators.
      const pending = call(`pending:${PRIMARY_NETWORK_ID}`, 'platform.getPendingValidators', {}, 'height', lens.pending(PRIMARY_NETWORK_ID), toRows.pending);
      const unsupported = s.pending.bySubnet[PRIMARY_NETWORK_ID]?.status === 'unsupported';
      return unsupported ? [pending, validatorsSpec(PRIMARY_NETWORK_ID)] : [pending];
    }
    case 'fees':
      return [
        call('txFee', 'info.getTxFee', {}, 'once', lens.txFee, ignorePrev((r) => r)),
        call('feeConfig', 'platform.getFeeConfig', {}, 'once', lens.feeConfig, ignorePrev((r) => r)),
        call('feeState', 'platform.getFeeState', {}, 'height', lens.feeState, ignorePrev((r) => r)),
        call('validatorFeeConfig', 'platform.getValidatorFeeConfig', {}, 'once', lens.validatorFeeConfig, ignorePrev((r) => r)),
        call('validatorFeeState', 'platform.getValidatorFeeState', {}, 'height', lens.validatorFeeState, ignorePrev((r) => r)),
      ];
    case 'versions':
      return [
        call('vms', 'info.getVMs', {}, 'once', lens.vms, ignorePrev((r) => r)),
        upgradesSpec(),
        call('acps', 'info.acps', {}, 'slow', lens.acps, ignorePrev((r) => r.acps)),
        // Version spread across peers and stake.
        peersSpec('slow'),
        validatorsSpec(PRIMARY_NETWORK_ID),
      ];
    case 'subnets':
      // Statuses start as soon as the chain list is in (the plan is recomputed on every store change).
      return s.subnets.chains.data ? [subnetsSpec(), blockchainsSpec(), chainStatusesSpec()] : [subnetsSpec(), blockchainsSpec()];
    case 'blocks':
      return [recentBlocksSpec()];
    case 'utxos':
      return utxoSpecs(s, decoders);
    case 'metrics':
      return [metricsSpec('pane')];
    case 'console':
    // The events pane reads the event log (src/events); what feeds it is polled for the header anyway.
    case 'events':
    // The fleet pane reads every node's own store (src/fleet): the viewed node polls only its header for it (which
    // holds this node's own record, as the row needs).
    case 'fleet':
      return [];
  }
}

function viewSpecs(view: NavView | undefined, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  if (!view) return [];
  // Tx, validator and UTXO views poll more than their row: view-plan.ts owns those.
  const own = viewPlan(view, s, decoders);
  if (own) return own;
  switch (view.kind) {
    case 'block': {
      const key = view.id ?? `height:${view.height}`;
      const toDetail = ignorePrev((r: ResultOf<'platform.getBlock'>) => blockFromResult(r, decoders, { id: view.id, height: view.height }));
      return [
        view.id
          ? call(`block:${key}`, 'platform.getBlock', { blockID: view.id, encoding: 'hex' }, 'once', lens.block(key), toDetail)
          : call(`block:${key}`, 'platform.getBlockByHeight', { height: Number(view.height ?? 0n), encoding: 'hex' }, 'once', lens.block(key), toDetail),
      ];
    }
    case 'subnet': {
      const chains = liveValues(s.subnets.chains.data).filter((c) => c.subnetID === view.id);
      return [
        call(`subnet:${view.id}`, 'platform.getSubnet', { subnetID: view.id }, 'height', lens.subnetDetail(view.id), ignorePrev((r) => r)),
        call(`validates:${view.id}`, 'platform.validates', { subnetID: view.id }, 'height', lens.chainsOf(view.id), ignorePrev((r) => r.blockchainIDs)),
        validatorsSpec(view.id),
        blockchainsSpec(),
        // Bounded: a subnet with many chains gets the first few statuses, not one request per chain per tick.
        ...chains.slice(0, 16).map((c) => chainStatusSpec(c.id)),
      ];
    }
    case 'chain':
      return [chainStatusSpec(view.id)];
    case 'peer':
      return [peersSpec()];
    case 'health':
      return [healthSpec('tick')];
    case 'history':
      // Samples come from the event log (src/events), taken by what the header already polls.
      return [];
    case 'tx':
    case 'validator':
    case 'utxo':
      return []; // view-plan.ts answers these before the switch
  }
}

export interface PlanOptions {
  /** The client can GET /ext/metrics: the header reads it slowly for its warnings. */
  readonly metrics?: boolean;
}

/** Everything that should be polled for this screen, deduplicated by key (a view may repeat its pane's needs). */
export function planFor(pane: PaneId, views: readonly NavView[], s: AvatopState, decoders: Decoders, opts: PlanOptions = {}): ResourceSpec[] {
  const body = [...paneSpecs(pane, s, decoders), ...viewSpecs(views[views.length - 1], s, decoders)];
  // Only the full peers list also writes the header's count (a view's single-peer query does not).
  const all = [...header(body.some((spec) => spec.key === 'peers' || spec.key === 'peers:slow')), ...body];
  // The pane's reading also feeds the header; elsewhere the header reads slowly.
  if (opts.metrics && !body.some((spec) => spec.key === 'metrics')) all.push(metricsSpec('header'));
  const own = s.node.id.data?.nodeID;
  if (own) {
    // The header's reward badge on every pane: this node's own record (a small single-node query on the height
    // cadence, unless the pane lists the primary validators, which hold it), and its subnet and L1 validations,
    // found every few minutes.
    if (!body.some((spec) => spec.key === `validators:${PRIMARY_NETWORK_ID}`)) all.push(validatorDetailSpec(PRIMARY_NETWORK_ID, own));
    all.push(ownValidationsSpec(own));
  }
  const seen = new Map<string, ResourceSpec>();
  for (const spec of all) if (!seen.has(spec.key)) seen.set(spec.key, spec);
  // Both write the peers list: the faster one is enough.
  if (seen.has('peers')) seen.delete('peers:slow');
  if (seen.has('health')) seen.delete('health:slow');
  return [...seen.values()];
}
