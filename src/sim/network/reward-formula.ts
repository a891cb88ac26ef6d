// The primary network's reward arithmetic, integer for integer as avalanchego v1.15.0 does it: the potential reward
// of a stake (with ACP-285's ramp of the minimum consumption rate after Helicon), the split of a reward by shares,
// and what an auto-renewed validator restakes at a cycle's end under the maximum stake. Amounts are nAVAX (uint64 in
// the node); times are Unix seconds, turned into the nanoseconds of Go's time.Duration where the node divides by them.
import type { RewardConfig } from './staking-params';

const NS_PER_SEC = 1_000_000_000n;
/** reward/config.go line 12: PercentDenominator. */
export const PERCENT_DENOMINATOR = 1_000_000n;
const MAX_UINT64 = (1n << 64n) - 1n;

/** ACP-285's target for the minimum consumption rate, and how long the ramp to it takes (reward/calculator.go 98-102). */
export const HELICON_MIN_CONSUMPTION_RATE_TARGET = 75_000n;
export const HELICON_MIN_CONSUMPTION_RATE_REDUCTION_SEC = 90 * 86_400;

/**
 * reward/calculator.go lines 93-136 (configForStakeStart): from Helicon on, the minimum consumption rate moves from
 * the genesis value to 7.5% in a straight line over 90 days, by the stake's start time.
 */
/** reward.Config with its rates as the node's uint64 arithmetic uses them. */
export interface RateConfig {
  readonly maxConsumptionRate: bigint;
  readonly minConsumptionRate: bigint;
  readonly mintingPeriodSec: number;
  readonly supplyCap: bigint;
}

const rateConfigs = new WeakMap<RewardConfig | RateConfig, RateConfig>();

export function rateConfig(cfg: RewardConfig | RateConfig): RateConfig {
  if (typeof cfg.minConsumptionRate === 'bigint' && typeof cfg.maxConsumptionRate === 'bigint') return cfg as RateConfig;
  let out = rateConfigs.get(cfg);
  if (!out) rateConfigs.set(cfg, (out = { ...cfg, maxConsumptionRate: BigInt(cfg.maxConsumptionRate), minConsumptionRate: BigInt(cfg.minConsumptionRate) }));
  return out;
}

let lastSec = -1;
let lastNs = 0n;
/** Seconds as Go's time.Duration (the minting period, asked for on every reward). */
function nanoseconds(sec: number): bigint {
  if (sec !== lastSec) {
    lastSec = sec;
    lastNs = BigInt(sec) * NS_PER_SEC;
  }
  return lastNs;
}

export function configForStakeStart(config: RewardConfig | RateConfig, heliconSec: number, stakeStartSec: number): RateConfig {
  const cfg = rateConfig(config);
  if (stakeStartSec < heliconSec || cfg.minConsumptionRate === HELICON_MIN_CONSUMPTION_RATE_TARGET) return cfg;
  // Custom networks may set a maximum below the target; the minimum is never raised above it (lines 109-113).
  if (cfg.maxConsumptionRate < HELICON_MIN_CONSUMPTION_RATE_TARGET) return cfg;
  const fullChange =
    cfg.minConsumptionRate > HELICON_MIN_CONSUMPTION_RATE_TARGET
      ? cfg.minConsumptionRate - HELICON_MIN_CONSUMPTION_RATE_TARGET
      : HELICON_MIN_CONSUMPTION_RATE_TARGET - cfg.minConsumptionRate;
  let change = fullChange;
  if (stakeStartSec < heliconSec + HELICON_MIN_CONSUMPTION_RATE_REDUCTION_SEC) {
    const elapsedNs = BigInt(stakeStartSec - heliconSec) * NS_PER_SEC;
    change = (fullChange * elapsedNs) / (BigInt(HELICON_MIN_CONSUMPTION_RATE_REDUCTION_SEC) * NS_PER_SEC);
  }
  const minConsumptionRate = cfg.minConsumptionRate < HELICON_MIN_CONSUMPTION_RATE_TARGET ? cfg.minConsumptionRate + change : cfg.minConsumptionRate - change;
  return { ...cfg, minConsumptionRate };
}

/**
 * reward/calculator.go lines 45-70 (calculator.Calculate):
 * remaining supply × (min rate + (max − min) × duration / minting period) × stake / supply × duration / minting period,
 * divided in the node's order and capped at the remaining supply.
 */
export function calculate(config: RewardConfig | RateConfig, durationSec: number, stakedAmount: bigint, currentSupply: bigint): bigint {
  const cfg = rateConfig(config);
  const duration = BigInt(Math.max(0, Math.floor(durationSec))) * NS_PER_SEC;
  const mintingPeriod = nanoseconds(cfg.mintingPeriodSec);
  const numerator = (cfg.maxConsumptionRate - cfg.minConsumptionRate) * duration + cfg.minConsumptionRate * mintingPeriod;
  const denominator = mintingPeriod * PERCENT_DENOMINATOR;
  const remainingSupply = cfg.supplyCap - currentSupply;
  if (remainingSupply <= 0n || currentSupply <= 0n) return 0n;
  const reward = (((remainingSupply * numerator * stakedAmount * duration) / denominator) / currentSupply) / mintingPeriod;
  if (reward > MAX_UINT64) return remainingSupply;
  return reward < remainingSupply ? reward : remainingSupply;
}

/**
 * The primary network's potential reward for a stake starting at `startSec` (reward/calculator.go lines 88-91,
 * primaryNetworkCalculator: the ramped config, then Calculate). What the node stores as PotentialReward when a
 * staker is added (standard_tx_executor.go lines 1526-1533, 1398-1409) or an auto-renewed cycle begins
 * (proposal_tx_executor.go lines 890-920).
 */
export function potentialReward(cfg: RewardConfig | RateConfig, heliconSec: number, startSec: number, durationSec: number, stakedAmount: bigint, currentSupply: bigint): bigint {
  return calculate(configForStakeStart(cfg, heliconSec, startSec), durationSec, stakedAmount, currentSupply);
}

/**
 * reward/calculator.go lines 141-152 (Split): `total × shares / 1,000,000` and the rest, the rest rounded down (so
 * the shares' part is rounded up); the product is taken before dividing unless it would overflow a uint64.
 */
export function split(total: bigint, shares: number | bigint): [fromShares: bigint, remainder: bigint] {
  const remainderShares = PERCENT_DENOMINATOR - BigInt(shares);
  const product = remainderShares * total;
  const remainder = product <= MAX_UINT64 ? product / PERCENT_DENOMINATOR : remainderShares * (total / PERCENT_DENOMINATOR);
  return [total - remainder, remainder];
}

export interface Restake {
  restakedValidation: bigint;
  restakedDelegatee: bigint;
  withdrawnValidation: bigint;
  withdrawnDelegatee: bigint;
}

/**
 * proposal_tx_executor.go lines 786-871 (restakeAutoRenewedValidatorOnCommit): each of the cycle's validation and
 * delegatee rewards is split by autoCompoundRewardShares; if the restaked parts would take the weight past the
 * maximum stake, only the room left is restaked (the validation part scaled down, rounded down, and the delegatee
 * part the rest of the room), and everything not restaked is withdrawn.
 */
export function restake(potential: bigint, delegatee: bigint, autoCompoundRewardShares: number, weight: bigint, maxValidatorStake: bigint): Restake {
  let restakedValidation = split(potential, autoCompoundRewardShares)[0];
  let restakedDelegatee = split(delegatee, autoCompoundRewardShares)[0];
  const capacity = maxValidatorStake > weight ? maxValidatorStake - weight : 0n;
  const total = restakedValidation + restakedDelegatee;
  if (total > capacity) {
    restakedValidation = (restakedValidation * capacity) / total;
    restakedDelegatee = capacity - restakedValidation;
  }
  return { restakedValidation, restakedDelegatee, withdrawnValidation: potential - restakedValidation, withdrawnDelegatee: delegatee - restakedDelegatee };
}
