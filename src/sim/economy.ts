// How much the simulated network stakes and how much AVAX exists, so the two can be read together: the supply is
// above the total stake at every scale (a 1,500-validator network once staked 582 M AVAX of a 449 M supply), and a
// staker's potential reward joins the supply when it is added and leaves it on abort, as the node keeps it
// (network/rewards.ts).
// Figures are mainnet's order of magnitude (late 2025: about 450 M AVAX in supply, about 230 M staked by about 1,500
// validators, so a mean validator weight near 150 K AVAX); 720 M AVAX is the cap avalanchego's reward formula
// approaches.

export const GENESIS_SUPPLY_AVAX = 449_000_000;
export const MAX_SUPPLY_AVAX = 720_000_000;
/** A network's total stake (own stakes and delegations) stays under this share of the supply, whatever its size. */
export const MAX_STAKED_SHARE = 0.6;
/** The mean weight (own stake and delegations) of a validator on a mainnet-sized network. */
const MEAN_WEIGHT_AVAX = 150_000;
/** About this much of a validator's weight is its own stake; the rest is delegated (measured on the simulator). */
const OWN_SHARE_OF_WEIGHT = 0.7;
/** avalanchego's MaxValidatorStake: 3 M AVAX. */
const MAX_VALIDATOR_STAKE_AVAX = 3_000_000;

/** The mean of a log-uniform draw between lo and hi. */
function logUniformMean(lo: number, hi: number): number {
  return hi <= lo ? lo : (hi - lo) / Math.log(hi / lo);
}

/**
 * The upper bound for validators' own stakes, drawn log-uniform from the minimum stake, such that `validators` of
 * them (with their delegations) stake a mainnet-like mean each, and never more than MAX_STAKED_SHARE of the supply.
 */
export function ownStakeCeiling(minStakeAvax: number, validators: number): number {
  const meanWeight = Math.min(MEAN_WEIGHT_AVAX, (GENESIS_SUPPLY_AVAX * MAX_STAKED_SHARE * 0.8) / Math.max(1, validators));
  const target = Math.max(minStakeAvax, meanWeight * OWN_SHARE_OF_WEIGHT);
  let lo = minStakeAvax;
  let hi = MAX_VALIDATOR_STAKE_AVAX;
  if (logUniformMean(minStakeAvax, hi) <= target) return hi;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (logUniformMean(minStakeAvax, mid) < target) lo = mid;
    else hi = mid;
  }
  return Math.max(minStakeAvax * 1.01, lo);
}
