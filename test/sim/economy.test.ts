// The simulated network is possible (issue 14, item 7): at every scale and seed the supply is above the total
// stake, getTotalStake is what getCurrentValidators' weights and delegations add up to, potential rewards are a
// plausible yearly rate, and paid rewards raise the supply. Read over HTTP, as a client sees them.
import { describe, expect, it } from 'vitest';
import { result, startSim } from './helpers';
import { MAX_STAKED_SHARE, MAX_SUPPLY_AVAX } from '../../src/sim/economy';

const NAVAX = 1_000_000_000n;
const YEAR = 31_536_000;

interface V {
  weight: string;
  delegatorWeight?: string;
  potentialReward?: string;
  startTime: string;
  endTime: string;
}

async function snapshot(url: string) {
  const supply = BigInt((await result<{ supply: string }>(url, '/ext/bc/P', 'platform.getCurrentSupply')).supply);
  const stakeReply = await result<{ weight?: string; stake?: string }>(url, '/ext/bc/P', 'platform.getTotalStake', { subnetID: '11111111111111111111111111111111LpoYY' });
  const totalStake = BigInt(stakeReply.weight ?? stakeReply.stake!);
  const { validators } = await result<{ validators: V[] }>(url, '/ext/bc/P', 'platform.getCurrentValidators');
  return { supply, totalStake, validators };
}

function check({ supply, totalStake, validators }: Awaited<ReturnType<typeof snapshot>>, label: string) {
  const listed = validators.reduce((t, v) => t + BigInt(v.weight) + BigInt(v.delegatorWeight ?? '0'), 0n);
  expect(listed, `${label}: getTotalStake is the list's weights and delegations`).toBe(totalStake);
  expect(supply, `${label}: supply above total stake`).toBeGreaterThan(totalStake);
  expect(Number(totalStake) / Number(supply), label).toBeLessThanOrEqual(MAX_STAKED_SHARE);
  expect(supply, label).toBeLessThan(BigInt(MAX_SUPPLY_AVAX) * NAVAX);
  for (const v of validators) {
    const years = (Number(v.endTime) - Number(v.startTime)) / YEAR;
    const rate = Number(BigInt(v.potentialReward ?? '0')) / Number(BigInt(v.weight)) / years;
    // avalanchego's reward rate stays below its 12% maximum consumption rate a year.
    expect(rate, `${label}: yearly reward rate`).toBeLessThanOrEqual(0.12);
    expect(rate, label).toBeGreaterThan(0);
  }
}

describe('the simulated economy', () => {
  for (const validators of [5, 120, 1_500, 10_000]) {
    for (const seed of validators === 10_000 ? [3] : [1, 2, 3]) {
      it(`is possible with ${validators} validators, seed ${seed}`, async () => {
        const sim = await startSim({ seed, validators, peers: 10, utxos: 10, blockIntervalMs: 30_000 });
        try {
          const before = await snapshot(sim.url);
          check(before, `${validators}/${seed}`);
          // Three hours on: the first stakers end and are paid; what was minted adds to the supply.
          sim.tick(3 * 3_600_000);
          const after = await snapshot(sim.url);
          check(after, `${validators}/${seed} three hours later`);
          expect(after.supply).toBeGreaterThanOrEqual(before.supply);
          if (validators >= 120) expect(after.supply).toBeGreaterThan(before.supply);
        } finally {
          await sim.close();
        }
      }, 120_000);
    }
  }
});
