// The staking rules of the simulated network as its staking modules ask them: the genesis parameters of its network
// ID (sim/network-params.ts, each with avalanchego v1.15.0's file and line) and the Helicon time this node's release
// schedules there (its profile), which switches them.
import { UNSCHEDULED_TIME } from '../profiles';
import { networkParams, primaryUptimeRequirement, type StakingParams } from '../network-params';
import type { SimNetwork } from './index';

export type { StakingParams } from '../network-params';
export type RewardConfig = StakingParams['reward'];

/** genesis.StakingConfig of the network: durations, stakes and the reward config. */
export function stakingParams(networkId: number): StakingParams {
  return networkParams(networkId).staking;
}

/** Helicon's activation on the simulated network as this node knows it, Unix seconds (Infinity where unscheduled). */
export function heliconSec(net: Pick<SimNetwork, 'profile'>): number {
  const ms = Date.parse(net.profile.heliconTime);
  return Number.isNaN(ms) || net.profile.heliconTime === UNSCHEDULED_TIME ? Number.POSITIVE_INFINITY : Math.floor(ms / 1000);
}

/**
 * The uptime share the reward vote asks of a primary-network validation that started at `startSec`
 * (vms/platformvm/block/executor/options.go lines 171-183, prefersCommit): ACP-267's 90% from Helicon on, else the
 * node's uptime requirement.
 */
export function uptimeRequirementFor(net: Pick<SimNetwork, 'profile' | 'networkId'>, startSec: number): number {
  return primaryUptimeRequirement(net.profile, stakingParams(net.networkId), startSec);
}
