// What each pane polls: one plan per row of the pane table (state/panes.ts), keyed by its id. A total map by
// `PaneId`, so the compiler asks for the plan of a new pane (`() => []` for one that polls nothing).
import { lens } from '../state/lenses';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { PaneId } from '../state/panes';
import { toRows } from './transforms';
import { call, ignorePrev, type PanePlan } from './resource-spec';
import { metricsSpec } from './metrics-spec';
import { healthSpec, peersSpec, upgradesSpec } from './header-plan';
import { blockchainsSpec, chainStatusesSpec, recentBlocksSpec, subnetsSpec, uptimeRequirementSpec, validatorDetailSpec, validatorsSpec } from './pchain-specs';
import { utxoSpecs } from './utxo-plan';
import { changesStakersOf } from '../domain/staking/block-changes';

/** The L1 validators' fee price, moving with every block (tiny). */
const validatorFeeStateSpec = () => call('validatorFeeState', 'platform.getValidatorFeeState', {}, 'height', lens.validatorFeeState, ignorePrev((r) => r));

export const PANE_PLANS: Readonly<Record<PaneId, PanePlan>> = {
  overview(s) {
    const specs = [
      call('nodeIp', 'info.getNodeIP', {}, 'once', lens.nodeIp, ignorePrev((r) => r.ip)),
      healthSpec('pane'),
      // Rewards mint; stakers come and go with their txs (domain/staking/block-changes.ts); the minimum stakes are
      // the network's configuration.
      call('supply', 'platform.getCurrentSupply', {}, 'height', lens.supply, ignorePrev((r) => r.supply), { changesWith: (c) => c.supply }),
      call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev((r) => r.assetID)),
      call('totalStake', 'platform.getTotalStake', {}, 'height', lens.totalStake, ignorePrev((r) => r.weight), { changesWith: (c) => c.supply || changesStakersOf(c, PRIMARY_NETWORK_ID) }),
      call('minStake', 'platform.getMinStake', {}, 'slow', lens.minStake, ignorePrev(({ minValidatorStake, minDelegatorStake }) => ({ minValidatorStake, minDelegatorStake }))),
    ];
    // This node's own validator record (a single-node query: small, and it carries the delegators).
    const own = s.node.id.data?.nodeID;
    if (own) specs.push(validatorDetailSpec(PRIMARY_NETWORK_ID, own));
    return specs;
  },
  // The primary network's validators say which peers validate and with how much stake (height-gated, shared with
  // the validators and versions panes).
  peers: () => [peersSpec(), validatorsSpec(PRIMARY_NETWORK_ID)],
  // The subnet list feeds the pane's subnet switcher; an elastic subnet's uptime requirement, its flags.
  // A subnet's list may hold L1 validators, whose balances count down by the fee price between fetches; the chain
  // list names the subnet (the P-chain has no name for a subnet, its chains do).
  validators: (s) =>
    s.ui.subnet === PRIMARY_NETWORK_ID
      ? [validatorsSpec(s.ui.subnet), subnetsSpec()]
      : [validatorsSpec(s.ui.subnet), subnetsSpec(), uptimeRequirementSpec(s.ui.subnet), validatorFeeStateSpec(), blockchainsSpec()],
  pending(s) {
    // Removed in v1.11.3 (ACP-41): today's nodes answer "can't find method"; the pane then shows stakers that
    // recently started or end soon, from the current validators.
    const pending = call(`pending:${PRIMARY_NETWORK_ID}`, 'platform.getPendingValidators', {}, 'height', lens.pending(PRIMARY_NETWORK_ID), toRows.pending, {
      changesWith: (c) => changesStakersOf(c, PRIMARY_NETWORK_ID),
    });
    const unsupported = s.pending.bySubnet[PRIMARY_NETWORK_ID]?.status === 'unsupported';
    return unsupported ? [pending, validatorsSpec(PRIMARY_NETWORK_ID)] : [pending];
  },
  fees: () => [
    call('txFee', 'info.getTxFee', {}, 'once', lens.txFee, ignorePrev((r) => r)),
    call('feeConfig', 'platform.getFeeConfig', {}, 'once', lens.feeConfig, ignorePrev((r) => r)),
    call('feeState', 'platform.getFeeState', {}, 'height', lens.feeState, ignorePrev((r) => r)),
    call('validatorFeeConfig', 'platform.getValidatorFeeConfig', {}, 'once', lens.validatorFeeConfig, ignorePrev((r) => r)),
    validatorFeeStateSpec(),
  ],
  versions: () => [
    call('vms', 'info.getVMs', {}, 'once', lens.vms, ignorePrev((r) => r)),
    upgradesSpec(),
    call('acps', 'info.acps', {}, 'slow', lens.acps, ignorePrev((r) => r.acps)),
    // Version spread across peers and stake.
    peersSpec('slow'),
    validatorsSpec(PRIMARY_NETWORK_ID),
  ],
  // Statuses start as soon as the chain list is in (the plan is recomputed on every store change).
  subnets: (s) => (s.subnets.chains.data ? [subnetsSpec(), blockchainsSpec(), chainStatusesSpec()] : [subnetsSpec(), blockchainsSpec()]),
  blocks: () => [recentBlocksSpec()],
  utxos: utxoSpecs,
  metrics: () => [metricsSpec('pane')],
  console: () => [],
  // The events pane reads the event log (src/events); what feeds it is polled for the header anyway.
  events: () => [],
  // The fleet pane reads every node's own store (src/fleet): the viewed node polls only its header for it (which
  // holds this node's own record, as the row needs).
  fleet: () => [],
};
