// The primary network's staking rules per network ID, as avalanchego v1.15.0's genesis sets them, and the time that
// switches them (Helicon). Each figure names the file and line of avalanchego v1.15.0 it comes from.
// (Minimum stakes are in sim/constants.ts with the network's other IDs and values.)
// HeliconMinStakeDuration will also be in the network-parameters module of the simulator's network model
// (sim-net); until it lands, this is where the staking modules read it.
import type { SimNetwork } from './index';
import { UNSCHEDULED_TIME } from '../profiles';

const HOUR = 3_600;
const DAY = 24 * HOUR;
const NAVAX = 1_000_000_000n;

export interface RewardConfig {
  /** Millionths: the rate for a stake as long as the minting period (reward/config.go lines 19-21). */
  readonly maxConsumptionRate: bigint;
  /** Millionths: the rate for a stake of no length (reward/config.go lines 23-25). */
  readonly minConsumptionRate: bigint;
  readonly mintingPeriodSec: number;
  /** nAVAX the supply approaches (reward/config.go lines 31-33). */
  readonly supplyCap: bigint;
}

export interface StakingParams {
  /** Shortest validation before Helicon, and of every delegation (staker_tx_verification_helpers.go line 31, 84). */
  readonly minStakeDurationSec: number;
  /** Shortest primary-network validation or cycle once Helicon is active (staker_tx_verification_helpers.go 27-31). */
  readonly heliconMinStakeDurationSec: number;
  readonly maxStakeDurationSec: number;
  /** Caps a validator's own stake, and with it what auto-renewal may compound (proposal_tx_executor.go 801). */
  readonly maxValidatorStake: bigint;
  /** The node's `--uptime-requirement` default (genesis_*.go: .8), for validations that started before Helicon. */
  readonly uptimeRequirement: number;
  readonly reward: RewardConfig;
}

// genesis/genesis_mainnet.go lines 64-67, genesis_fuji.go 64-67, genesis_local.go 82-85: the same on all three.
const REWARD: RewardConfig = {
  maxConsumptionRate: 120_000n,
  minConsumptionRate: 100_000n,
  mintingPeriodSec: 365 * DAY,
  supplyCap: 720_000_000n * NAVAX,
};

/** genesis/genesis_mainnet.go lines 55-62. */
const MAINNET: StakingParams = {
  minStakeDurationSec: 14 * DAY,
  heliconMinStakeDurationSec: 48 * HOUR,
  maxStakeDurationSec: 365 * DAY,
  maxValidatorStake: 3_000_000n * NAVAX,
  uptimeRequirement: 0.8,
  reward: REWARD,
};

/** genesis/genesis_fuji.go lines 55-62. */
const FUJI: StakingParams = {
  minStakeDurationSec: DAY,
  heliconMinStakeDurationSec: 12 * HOUR,
  maxStakeDurationSec: 365 * DAY,
  maxValidatorStake: 3_000_000n * NAVAX,
  uptimeRequirement: 0.8,
  reward: REWARD,
};

/** genesis/genesis_local.go lines 73-80 (also what a custom network gets by default: config/flags.go line 286). */
const LOCAL: StakingParams = {
  minStakeDurationSec: DAY,
  heliconMinStakeDurationSec: HOUR,
  maxStakeDurationSec: 365 * DAY,
  maxValidatorStake: 3_000_000n * NAVAX,
  uptimeRequirement: 0.8,
  reward: REWARD,
};

export function stakingParams(networkId: number): StakingParams {
  return networkId === 1 ? MAINNET : networkId === 5 ? FUJI : LOCAL;
}

/** genesis/params.go line 17: ACP267UptimeRequirement, for primary-network validations starting at or after Helicon. */
export const ACP267_UPTIME_REQUIREMENT = 0.9;

/** Helicon's activation on the simulated network, Unix seconds (Infinity where it is not scheduled). */
export function heliconSec(net: Pick<SimNetwork, 'profile'>): number {
  const ms = Date.parse(net.profile.heliconTime);
  return Number.isNaN(ms) || net.profile.heliconTime === UNSCHEDULED_TIME ? Number.POSITIVE_INFINITY : Math.floor(ms / 1000);
}

/** upgrade/upgrade.go: IsHeliconActivated(t) is !t.Before(HeliconTime), so a start at activation counts. */
export function heliconActiveAt(net: Pick<SimNetwork, 'profile'>, sec: number): boolean {
  return sec >= heliconSec(net);
}

/**
 * The shortest primary-network validation (or auto-renewed cycle) accepted at chain time `sec`
 * (staker_tx_verification_helpers.go lines 27-32, primaryNetworkValidatorMinStakeDuration).
 */
export function minValidationSec(net: Pick<SimNetwork, 'profile' | 'networkId'>, sec: number): number {
  const p = stakingParams(net.networkId);
  return heliconActiveAt(net, sec) ? p.heliconMinStakeDurationSec : p.minStakeDurationSec;
}

/**
 * The uptime share the reward vote asks of a primary-network validation that started at `startSec`
 * (vms/platformvm/block/executor/options.go lines 171-183, prefersCommit): ACP-267's 90% from Helicon on, else the
 * node's uptime requirement.
 */
export function uptimeRequirementFor(net: Pick<SimNetwork, 'profile' | 'networkId'>, startSec: number): number {
  return heliconActiveAt(net, startSec) ? ACP267_UPTIME_REQUIREMENT : stakingParams(net.networkId).uptimeRequirement;
}
