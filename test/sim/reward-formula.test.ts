// The simulator's reward arithmetic against avalanchego v1.15.0's, written out here from the node's code:
// reward/calculator.go (Calculate lines 45-70, ACP-285's configForStakeStart lines 93-136, Split lines 141-152) and
// txs/executor/proposal_tx_executor.go (restakeAutoRenewedValidatorOnCommit lines 786-871). Amounts are nAVAX; Go's
// time.Duration is nanoseconds, and the node divides by durations in nanoseconds.
import { describe, expect, it } from 'vitest';
import { calculate, configForStakeStart, potentialReward, restake, split } from '../../src/sim/network/reward-formula';
import { stakingParams } from '../../src/sim/network/staking-params';

const NAVAX = 1_000_000_000n;
const DAY = 86_400;
const NS = 1_000_000_000n;
const MAX_UINT64 = 2n ** 64n - 1n;
// genesis/genesis_mainnet.go lines 63-68.
const MAINNET = { max: 120_000n, min: 100_000n, mintingPeriodSec: 365 * DAY, supplyCap: 720_000_000n * NAVAX };
const HELICON = Date.UTC(2026, 8, 22, 15) / 1000;

/** ACP-285: the minimum consumption rate (millionths) for a stake starting at `start`. */
function minRate(start: number): bigint {
  if (start < HELICON) return 100_000n; // before Helicon: genesis' 10%
  const rampNs = BigInt(90 * DAY) * NS;
  const elapsedNs = BigInt(start - HELICON) * NS;
  if (elapsedNs >= rampNs) return 75_000n; // 7.5% once the 90 days are over
  return 100_000n - (25_000n * elapsedNs) / rampNs; // the change rounded down, taken off 10%
}

/** Calculate: remaining supply × rate(duration) × stake / supply × duration / minting period, in Go's division order. */
function reward(start: number, durationSec: number, stake: bigint, supply: bigint): bigint {
  const d = BigInt(durationSec) * NS;
  const p = BigInt(MAINNET.mintingPeriodSec) * NS;
  const min = minRate(start);
  const rateNumerator = (MAINNET.max - min) * d + min * p;
  const remaining = MAINNET.supplyCap - supply;
  let r = remaining * rateNumerator;
  r *= stake;
  r *= d;
  r /= p * 1_000_000n;
  r /= supply;
  r /= p;
  if (r > MAX_UINT64) return remaining;
  return r < remaining ? r : remaining;
}

/** Split: the remainder is (1e6 − shares) × total / 1e6 rounded down (or, if that product overflows, × ⌊total / 1e6⌋). */
function nodeSplit(total: bigint, shares: bigint): [bigint, bigint] {
  const rest = 1_000_000n - shares;
  const remainder = rest * total > MAX_UINT64 ? rest * (total / 1_000_000n) : (rest * total) / 1_000_000n;
  return [total - remainder, remainder];
}

describe('potentialReward, as reward/calculator.go computes it', () => {
  it('a year at the full 12% on a 270 M remaining supply: 144 AVAX on 2,000 of a 450 M supply', () => {
    // The rate at a stake as long as the minting period is the maximum whatever the minimum: 270/450 × 12% × 2,000.
    expect(reward(HELICON + 100 * DAY, 365 * DAY, 2_000n * NAVAX, 450_000_000n * NAVAX)).toBe(144n * NAVAX);
    expect(potentialReward(stakingParams(1).reward, HELICON, HELICON + 100 * DAY, 365 * DAY, 2_000n * NAVAX, 450_000_000n * NAVAX)).toBe(144n * NAVAX);
  });

  it('ramps the minimum rate from 10% to 7.5% over 90 days from Helicon (ACP-285), by the stake start', () => {
    const cfg = stakingParams(1).reward;
    const at = (days: number) => configForStakeStart(cfg, HELICON, HELICON + Math.round(days * DAY)).minConsumptionRate;
    expect(configForStakeStart(cfg, HELICON, HELICON - 1).minConsumptionRate).toBe(100_000n);
    expect(at(0)).toBe(100_000n);
    expect(at(45)).toBe(87_500n);
    expect(at(89.999)).toBe(minRate(HELICON + Math.round(89.999 * DAY)));
    expect(at(90)).toBe(75_000n);
    expect(at(400)).toBe(75_000n);
    // Unscheduled: never active.
    expect(configForStakeStart(cfg, Number.POSITIVE_INFINITY, HELICON).minConsumptionRate).toBe(100_000n);
  });

  it('equals the node formula for every start, length, stake and supply tried', () => {
    const cfg = stakingParams(1).reward;
    const starts = [HELICON - 30 * DAY, HELICON, HELICON + 1, HELICON + 13 * DAY + 7, HELICON + 64 * DAY, HELICON + 90 * DAY - 1, HELICON + 200 * DAY];
    const lengths = [3_600, 48 * 3_600, 14 * DAY, 90 * DAY + 17, 365 * DAY];
    const stakes = [2_000n * NAVAX, 123_456_789_012_345n, 3_000_000n * NAVAX];
    const supplies = [449_000_000n * NAVAX, 600_123_456_789_000_000n];
    let n = 0;
    for (const s of starts) for (const l of lengths) for (const w of stakes) for (const sup of supplies) {
      expect(potentialReward(cfg, HELICON, s, l, w, sup), `start ${s}, ${l} s, ${w}, supply ${sup}`).toBe(reward(s, l, w, sup));
      n++;
    }
    expect(n).toBe(7 * 5 * 3 * 2);
    // Without the ramp (Helicon not active) it is the plain Calculate at 10%.
    expect(calculate(cfg, 30 * DAY, 5_000n * NAVAX, 449_000_000n * NAVAX)).toBe(reward(HELICON - 1, 30 * DAY, 5_000n * NAVAX, 449_000_000n * NAVAX));
  });
});

describe('reward.Split', () => {
  it('gives the shares their part rounded up, the rest rounded down, and survives a product past uint64', () => {
    expect(split(1_000_001n, 20_000)).toEqual([20_001n, 980_000n]);
    expect(split(999n, 500_000)).toEqual([500n, 499n]);
    for (const total of [0n, 1n, 7n, 1_234_567_891n, 18_446_744_073_709n, 18_446_744_073_710n, 5_000_000n * NAVAX]) {
      for (const shares of [0n, 1n, 20_000n, 333_333n, 1_000_000n]) expect(split(total, shares), `${total} ${shares}`).toEqual(nodeSplit(total, shares));
    }
  });
});

describe('restaking at a cycle end (restakeAutoRenewedValidatorOnCommit)', () => {
  const MAX = 3_000_000n * NAVAX; // genesis_mainnet.go line 57: MaxValidatorStake

  function nodeRestake(potential: bigint, delegatee: bigint, shares: bigint, weight: bigint) {
    let v = nodeSplit(potential, shares)[0];
    let d = nodeSplit(delegatee, shares)[0];
    const capacity = MAX - weight;
    if (v + d > capacity) {
      // V' = ⌊V × C / T⌋, D' = C − V' (lines 809-843)
      const t = v + d;
      v = (v * capacity) / t;
      d = capacity - v;
    }
    return { restakedValidation: v, restakedDelegatee: d, withdrawnValidation: potential - v, withdrawnDelegatee: delegatee - d };
  }

  it('restakes the compounding share and withdraws the rest', () => {
    const r = restake(1_000_000_001n, 300_000_000n, 500_000, 100_000n * NAVAX, MAX);
    expect(r).toEqual(nodeRestake(1_000_000_001n, 300_000_000n, 500_000n, 100_000n * NAVAX));
    expect(r.restakedValidation + r.withdrawnValidation).toBe(1_000_000_001n);
    expect(restake(5n * NAVAX, 0n, 0, 2_000n * NAVAX, MAX)).toEqual({ restakedValidation: 0n, restakedDelegatee: 0n, withdrawnValidation: 5n * NAVAX, withdrawnDelegatee: 0n });
  });

  it('caps the weight at the maximum stake and pays the excess out, the validation part scaled down first', () => {
    const weight = MAX - 7n * NAVAX; // room for 7 AVAX
    const r = restake(20n * NAVAX, 10n * NAVAX + 1n, 1_000_000, weight, MAX);
    expect(r).toEqual(nodeRestake(20n * NAVAX, 10n * NAVAX + 1n, 1_000_000n, weight));
    expect(weight + r.restakedValidation + r.restakedDelegatee).toBe(MAX);
    expect(r.withdrawnValidation + r.withdrawnDelegatee).toBe(30n * NAVAX + 1n - 7n * NAVAX);
    // Already at the maximum: nothing more is restaked.
    expect(restake(9n, 9n, 1_000_000, MAX, MAX)).toEqual({ restakedValidation: 0n, restakedDelegatee: 0n, withdrawnValidation: 9n, withdrawnDelegatee: 9n });
  });
});
