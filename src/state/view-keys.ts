// Where the drill-down views' extra data sits in `state.views.data`: the keys and shapes shared by the poll plan
// (poll/view-plans.ts, the writer) and the views (the readers), kept in state so the views need nothing from poll/.

/** Keys of the view resources, shared by the plan (writer) and the views (readers). */
export const viewKeys = {
  txJson: (id: string) => `txJson:${id}`,
  rewards: (id: string) => `rewards:${id}`,
  peer: (nodeId: string) => `peer:${nodeId}`,
  maxStake: (subnetId: string, nodeId: string) => `maxStake:${subnetId}/${nodeId}`,
  weights: (subnetId: string, nodeId: string) => `weights:${subnetId}/${nodeId}`,
};

import type { AvatopState } from './store';
import type { Resource } from './resource';

export type { TxDetail } from './types';

export interface RewardUtxos {
  readonly utxos: readonly { hex: string; decoded: unknown; error?: string }[];
}

export interface WeightPoint {
  readonly height: bigint;
  /** undefined: not in the set at that height. */
  readonly weight: bigint | undefined;
}

/** Where an elastic subnet's uptimeRequirement (from its TransformSubnetTx) is kept. */
export const uptimeRequirementKey = (subnetId: string) => `uptimeRequirement:${subnetId}`;

/**
 * Where the reward UTXOs of this node's previous auto-renewed cycle are kept: under the ID of the
 * RewardAutoRenewedValidatorTx that closed it (domain/reward/renewal.ts rewardTxIdOf), not under the staker tx.
 */
export const lastCycleRewardsKey = (rewardTxId: string) => `lastCycleRewards:${rewardTxId}`;

export interface CycleRewards {
  readonly rewardTxId: string;
  /** Reward UTXOs found (0: the cycle paid nothing out, or this is the first cycle). */
  readonly utxos: number;
  /** Their amounts in nAVAX, summed. */
  readonly amount: bigint;
}

/** A cycle's reward UTXOs, by its reward tx, typed (domain/reward/node-guard.ts knows which cycle is the last). */
export function cycleRewardsOf(s: AvatopState, rewardTxId: string): CycleRewards | undefined {
  return (s.views.data[lastCycleRewardsKey(rewardTxId)] as Resource<CycleRewards> | undefined)?.data;
}

/** Where the monitor and the exporter keep the last discovery of this node's subnet and L1 validations (poll/own-validations.ts). */
export const OWN_VALIDATIONS_KEY = 'ownValidations';

/** One validation of this node beyond the primary network, as discovery found it (judged in domain/reward/own-validations.ts). */
export type DiscoveredValidation =
  | {
      readonly kind: 'subnet';
      readonly subnetId: string;
      readonly startMs: number | undefined;
      readonly endMs: number | undefined;
      /** An elastic subnet's staker (carries a reward): judged by the subnet's uptimeRequirement. */
      readonly permissionless: boolean;
      /** TransformSubnetTx uptimeRequirement, parts per 1,000,000; undefined when not known. */
      readonly uptimeRequirement: number | undefined;
    }
  | {
      readonly kind: 'l1';
      readonly subnetId: string | undefined;
      readonly validationId: string;
      readonly startMs: number | undefined;
      /** nAVAX left to pay the continuous fee; undefined when the node did not say. */
      readonly balance: bigint | undefined;
      /** Found by discovery, named with --l1-validation, or both. */
      readonly source: 'discovered' | 'named' | 'both';
    };

/** What one discovery round found. */
export interface OwnValidations {
  readonly validations: readonly DiscoveredValidation[];
  /** Subnets this node tracks (from its chains' health checks). */
  readonly trackedSubnets: readonly string[];
  /** getValidatorFeeState price, nAVAX per second per validator; undefined when not asked or not known. */
  readonly price: bigint | undefined;
  /** What could not be found out, in words (one failing subnet never hides the others). */
  readonly errors: readonly string[];
  /** L1 validations named with --l1-validation that could not be read: the operator asked, so `status` warns. */
  readonly namedErrors?: readonly string[];
}

/** The last discovery round's findings, typed: the one reader the screens and the exporter share. */
export function ownValidationsOf(s: AvatopState): OwnValidations | undefined {
  return ownValidationsResource(s)?.data;
}

/** The discovery resource itself (its error when a round failed outright). */
export function ownValidationsResource(s: AvatopState): Resource<OwnValidations> | undefined {
  return s.views.data[OWN_VALIDATIONS_KEY] as Resource<OwnValidations> | undefined;
}

/** Where the block watcher (poll/pchain-specs.ts blockWatchSpec) keeps the last height it read. */
export const BLOCK_WATCH_KEY = 'blockWatch';

/** The P-chain time (ms) at which a subnet's validator list was read: an L1 validator's balance is as of then. */
export const listReadAtKey = (subnetId: string) => `listReadAt:${subnetId}`;

/** How a subnet's validator list was read: as of which height, when whole, each row when (poll/validator-patch.ts). */
export const validatorReadingKey = (subnetId: string) => `validatorReading:${subnetId}`;

/** How the primary validator list was read (poll/validator-patch.ts keeps it; the validators pane shows its age). */
export interface ValidatorReading {
  /** The height up to which every block's changes are in the list. */
  readonly height: bigint;
  /** When the whole list was last read, and when it was last patched. */
  readonly fullAt: number;
  readonly patchedAt: number;
  /** When each listed node's entry (its uptime, its connection) was last read. */
  readonly readAt: ReadonlyMap<string, number>;
  /** The oldest of them: the pane says how old its uptimes are. */
  readonly oldestReadAt: number;
}

