// An L1 validator's balance between two readings of its list, against avalanchego v1.15.0's rules written out:
// each block that advances chain time by s seconds charges every active L1 validator CostOf(s), which is price × s
// while the price stays put (vms/platformvm/validators/fee/fee.go 50-58), and a validator whose EndAccumulatedFee is
// no more than the accrued fees is deactivated (vms/platformvm/txs/executor/state_changes.go 375-379). The API's
// balance is EndAccumulatedFee − accrued fees (vms/platformvm/service.go 1087).
import { describe, expect, it } from 'vitest';
import { l1BalanceAt, l1BalanceRunsOutAt } from '../../../src/domain/staking/l1-balance';

/** The node, block by block: accrued fees grow by price × seconds; the balance the API would report, 0 once deactivated. */
function nodeBalances(endAccumulatedFee: bigint, accrued: bigint, price: bigint, blockTimesSec: number[]): bigint[] {
  let last = blockTimesSec[0]!;
  let active = true;
  return blockTimesSec.map((t) => {
    accrued += price * BigInt(t - last);
    last = t;
    if (endAccumulatedFee <= accrued) active = false;
    return active ? endAccumulatedFee - accrued : 0n;
  });
}

describe('an L1 balance between readings', () => {
  it('falls by the fee every block, as the node reports it, and is 0 once spent', () => {
    const price = 512n;
    const times = [1_000, 1_002, 1_005, 1_009, 1_500, 3_000];
    const reported = nodeBalances(1_000_000n, 0n, price, times);
    for (const [i, t] of times.entries()) expect(l1BalanceAt(reported[0]!, times[0]! * 1000, t * 1000, [{ price, atMs: times[0]! * 1000 }]), `t=${t}`).toBe(reported[i]);
    expect(reported.at(-1)).toBe(0n);
  });

  it('uses each price from its reading on', () => {
    // 10 s at 100, then 5 s at 300.
    expect(l1BalanceAt(10_000n, 0, 15_000, [{ price: 100n, atMs: 0 }, { price: 300n, atMs: 10_000 }])).toBe(10_000n - 1_000n - 1_500n);
    // A price read before the list counts from the list's reading.
    expect(l1BalanceAt(10_000n, 5_000, 7_000, [{ price: 100n, atMs: 0 }])).toBe(9_800n);
  });

  it('runs out at the first whole second its balance no longer covers: when the node deactivates it', () => {
    const at = l1BalanceRunsOutAt(1_000n, 2_000, 300n)!;
    expect(at).toBe(2_000 + 4_000);
    // Per the node: at 3 s accrued 900 < 1000 (active), at 4 s 1200 ≥ 1000 (deactivated).
    expect(nodeBalances(1_000n, 0n, 300n, [2, 5, 6])).toEqual([1_000n, 100n, 0n]);
    expect(l1BalanceRunsOutAt(1_000n, 0, 0n)).toBeUndefined();
  });
});
