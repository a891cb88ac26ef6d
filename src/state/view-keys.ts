// Where the drill-down views' extra data sits in `state.views.data`: the keys and shapes shared by the poll plan
// (poll/view-plan.ts, the writer) and the views (the readers), kept in state so the views need nothing from poll/.

/** Keys of the view resources, shared by the plan (writer) and the views (readers). */
export const viewKeys = {
  txJson: (id: string) => `txJson:${id}`,
  rewards: (id: string) => `rewards:${id}`,
  peer: (nodeId: string) => `peer:${nodeId}`,
  maxStake: (subnetId: string, nodeId: string) => `maxStake:${subnetId}/${nodeId}`,
  weights: (subnetId: string, nodeId: string) => `weights:${subnetId}/${nodeId}`,
};

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

/** Where the monitor and the exporter keep the last discovery of this node's subnet and L1 validations (poll/own-validations.ts). */
export const OWN_VALIDATIONS_KEY = 'ownValidations';
