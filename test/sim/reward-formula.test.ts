// The simulator's reward arithmetic against avalanchego v1.15.0's, written out from the node's code in
// ./node-staking.ts (reward/calculator.go: Calculate lines 45-70, ACP-285's configForStakeStart lines 93-136, Split
// lines 141-152) and here (txs/executor/proposal_tx_executor.go: restakeAutoRenewedValidatorOnCommit lines 786-871).
import { describe, expect, it } from 'vitest';
import { calculate, configForStakeStart, potentialReward, restake, split } from '../../src/sim/network/reward-formula';
import { stakingParams } from '../../src/sim/network/staking-params';
import { DAY, HELICON_SEC, NAVAX, minConsumptionRate, nodeReward, nodeSplit } from './node-staking';

const MAINNET_CAP = 3_000_000n * NAVAX; // genesis_mainnet.go line 57: MaxValidatorStake

describe('potentialReward, as reward/calculator.go computes it', () => {
  it('a year at the full 12% on a 270 M remaining supply: 144 AVAX on 2,000 of a 450 M supply', () => {
    // The rate at a stake as long as the minting period is the maximum whatever the minimum: 270/450 × 12% × 2,000.
    expect(nodeReward(HELICON_SEC + 100 * DAY, 365 * DAY, 2_000n * NAVAX, 450_000_000n * NAVAX)).toBe(144n * NAVAX);
    expect(potentialReward(stakingParams(1).reward, HELICON_SEC, HELICON_SEC + 100 * DAY, 365 * DAY, 2_000n * NAVAX, 450_000_000n * NAVAX)).toBe(144n * NAVAX);
  });

  it('ramps the minimum rate from 10% to 7.5% over 90 days from Helicon (ACP-285), by the stake start', () => {
    const cfg = stakingParams(1).reward;
    const at = (days: number) => configForStakeStart(cfg, HELICON_SEC, HELICON_SEC + Math.round(days * DAY)).minConsumptionRate;
    expect(configForStakeStart(cfg, HELICON_SEC, HELICON_SEC - 1).minConsumptionRate).toBe(100_000n);
    expect(at(0)).toBe(100_000n);
    expect(at(45)).toBe(87_500n);
    expect(at(89.999)).toBe(minConsumptionRate(HELICON_SEC + Math.round(89.999 * DAY)));
    expect(at(90)).toBe(75_000n);
    expect(at(400)).toBe(75_000n);
    // Unscheduled: never active.
    expect(configForStakeStart(cfg, Number.POSITIVE_INFINITY, HELICON_SEC).minConsumptionRate).toBe(100_000n);
  });

  it('equals the node formula for every start, length, stake and supply tried', () => {
    const cfg = stakingParams(1).reward;
    const starts = [HELICON_SEC - 30 * DAY, HELICON_SEC, HELICON_SEC + 1, HELICON_SEC + 13 * DAY + 7, HELICON_SEC + 64 * DAY, HELICON_SEC + 90 * DAY - 1, HELICON_SEC + 200 * DAY];
    const lengths = [3_600, 48 * 3_600, 14 * DAY, 90 * DAY + 17, 365 * DAY];
    const stakes = [2_000n * NAVAX, 123_456_789_012_345n, 3_000_000n * NAVAX];
    const supplies = [449_000_000n * NAVAX, 600_123_456_789_000_000n];
    let n = 0;
    for (const s of starts) for (const l of lengths) for (const w of stakes) for (const sup of supplies) {
      expect(potentialReward(cfg, HELICON_SEC, s, l, w, sup), `start ${s}, ${l} s, ${w}, supply ${sup}`).toBe(nodeReward(s, l, w, sup));
      n++;
    }
    expect(n).toBe(7 * 5 * 3 * 2);
    // Without the ramp (Helicon not active) it is the plain Calculate at 10%.
    expect(calculate(cfg, 30 * DAY, 5_000n * NAVAX, 449_000_000n * NAVAX)).toBe(nodeReward(HELICON_SEC - 1, 30 * DAY, 5_000n * NAVAX, 449_000_000n * NAVAX));
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
  const MAX = MAINNET_CAP;

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
