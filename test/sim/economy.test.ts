// The simulated network is possible (issue 14, item 7): at every scale and seed the supply is above the total
// stake, getTotalStake is what getCurrentValidators' weights and delegations add up to, potential rewards are a
// plausible yearly rate, and the supply moves as avalanchego's does: a staker's potential reward joins it when the
// staker is added (or an auto-renewed cycle begins) and leaves it when the reward is aborted
// (txs/executor/standard_tx_executor.go lines 1405-1409 and 1526-1533, proposal_tx_executor.go lines 509-520 and
// 915-920). Read over HTTP, as a client sees them.
import { describe, expect, it } from 'vitest';
import { result, startSim } from './helpers';
import { MAX_STAKED_SHARE, MAX_SUPPLY_AVAX } from '../../src/sim/economy';
import { rewardTxId, txStatus } from './node-staking';

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
          // Three hours on: the first stakers end and are paid, new ones join.
          sim.tick(3 * 3_600_000);
          const after = await snapshot(sim.url);
          check(after, `${validators}/${seed} three hours later`);
        } finally {
          await sim.close();
        }
      }, 120_000);
    }
  }
});

interface Staker {
  txID: string;
  nodeID: string;
  startTime: string;
  endTime: string;
  potentialReward: string;
  nextPeriod?: string;
  delegators?: Staker[];
}

/** Every staker, a validator's delegators from its one-node query, each cycle told apart by its start. */
async function stakers(url: string): Promise<Map<string, Staker & { auto: boolean }>> {
  const { validators } = await result<{ validators: Staker[] }>(url, '/ext/bc/P', 'platform.getCurrentValidators');
  const out = new Map<string, Staker & { auto: boolean }>();
  for (const v of validators) {
    out.set(`${v.txID}@${v.startTime}`, { ...v, auto: v.nextPeriod !== undefined });
    const [full] = (await result<{ validators: Staker[] }>(url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [v.nodeID] })).validators;
    for (const d of full?.delegators ?? []) out.set(`${d.txID}@${d.startTime}`, { ...d, auto: false });
  }
  return out;
}

describe('the supply, as the node keeps it', () => {
  for (const profile of ['v1.11', 'v1.15'] as const) {
    for (const seed of [1, 2, 3]) {
      it(`moves by the rewards of stakers added, less those aborted (${profile}, seed ${seed})`, async () => {
        const sim = await startSim({ profile, seed, validators: 120, peers: 10, utxos: 10, blockIntervalMs: 30_000, startTimeMs: Date.UTC(2026, 10, 26, 12) });
        try {
          const supply = async () => BigInt((await result<{ supply: string }>(sim.url, '/ext/bc/P', 'platform.getCurrentSupply')).supply);
          const s0 = await supply();
          const before = await stakers(sim.url);
          sim.tick(3 * 3_600_000);
          const s1 = await supply();
          const after = await stakers(sim.url);
          let added = 0n;
          let aborted = 0n;
          let ended = 0;
          for (const [k, s] of after) if (!before.has(k)) added += BigInt(s.potentialReward);
          for (const [k, s] of before) {
            if (after.has(k)) continue;
            ended++;
            // The reward tx that settled the period: RewardAutoRenewedValidatorTx for a cycle, else RewardValidatorTx.
            const status = await txStatus(sim, rewardTxId(s.txID, s.auto ? Number(s.endTime) : undefined));
            expect(status, k).toMatch(/^(Committed|Aborted)$/);
            if (status === 'Aborted') aborted += BigInt(s.potentialReward);
          }
          expect(ended).toBeGreaterThan(0);
          expect(added).toBeGreaterThan(0n);
          expect(s1 - s0).toBe(added - aborted);
        } finally {
          await sim.close();
        }
      }, 120_000);
    }
  }
});
