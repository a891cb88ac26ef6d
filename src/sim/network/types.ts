// The network's options and the small facts its modules share.
import type { Profile } from '../profiles';
import type { BlsSigner, Owner } from '../model';
import type { OwnValidationPlan, ScenarioName } from '../scenarios';

export interface NetworkOptions {
  profile: Profile;
  seed: number;
  networkId: number;
  validators: number;
  /** Peers that are not validators; the validators this node connects to follow `connectedStake`. */
  peers: number;
  /** Share of all stake connected, this node's own counted (undefined: every online validator it is compatible with). */
  connectedStake?: number;
  /** No peer at all from the start. */
  isolated?: boolean;
  /** The node's clock at start (ms) when the P-chain stopped earlier (a node left behind); startTimeMs is the chain's. */
  clockMs?: number;
  utxos: number;
  subnets: number;
  /** How many of the first subnets this node tracks. */
  trackedSubnets?: number;
  blockIntervalMs: number;
  startTimeMs: number;
  /** Blocks kept in memory for getBlock/getBlockByHeight; older ones are "not found". */
  maxBlocks?: number;
  /** This node's own validation set to show one reward-guard case (sim/scenarios.ts). */
  scenario?: ScenarioName;
  /** This node's own validation chosen outright (start, end, its record, the peers' view); wins over `scenario`. */
  ownValidation?: OwnValidationPlan;
}

export const YEAR = 31_536_000;
export const DAY = 86_400;
export const NAVAX = 1_000_000_000n;
export const ZERO32 = new Uint8Array(32);

export interface SubnetStakerFull {
  txIdStr: string;
  nodeIdStr: string;
  start: number;
  end: number;
  weight: bigint;
  /** Elastic-subnet extras. */
  permissionless?: {
    potentialReward: bigint;
    shares: number;
    rewardOwner: Owner;
    signer: BlsSigner | null;
  };
}
