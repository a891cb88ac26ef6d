// An L1 validator's balance between two fetches of its list: the node reports it as of the last accepted block
// (avalanchego v1.15.0 vms/platformvm/service.go 1084-1088: EndAccumulatedFee - the accrued fees), and as each block
// advances chain time every active L1 validator pays the same per-second fee, and the ones whose balance is spent are
// deactivated with no tx (vms/platformvm/txs/executor/state_changes.go 343-389, advanceValidatorFeeState). So avatop
// counts the balance down from the list's reading by the fee since, and knows when one runs out.
//
// The fee over `seconds` is fee.State.CostOf (vms/platformvm/validators/fee/fee.go 50-90): price × seconds while the
// number of active L1 validators equals the target (the price stays put, fee.go 51-58); otherwise the excess, and with
// it the price, moves a little every second. The node does not say how many are active, so the price of the last
// getValidatorFeeState reading (taken each block) is used from that reading on: the gap is the price's drift since
// the last block, e^(Δexcess/K) (vms/components/gas/gas.go 85), well under a percent over a few blocks.

/** A reading of platform.getValidatorFeeState: nAVAX a second per active L1 validator, as of chain time `atMs`. */
export interface FeePriceReading {
  readonly price: bigint;
  readonly atMs: number;
}

/**
 * The balance at chain time `nowMs` of a validator that had `balance` at chain time `readAtMs` (its list's reading),
 * given the fee readings seen since (oldest first; each one's price holds from its time to the next). A price from
 * before `readAtMs` is used from `readAtMs` on. Zero once spent: the node has deactivated it by then.
 */
export function l1BalanceAt(balance: bigint, readAtMs: number, nowMs: number, prices: readonly FeePriceReading[]): bigint {
  if (balance <= 0n || nowMs <= readAtMs || prices.length === 0) return balance < 0n ? 0n : balance;
  let spent = 0n;
  for (let i = 0; i < prices.length; i++) {
    const from = Math.max(readAtMs, prices[i]!.atMs);
    const to = Math.min(nowMs, i + 1 < prices.length ? prices[i + 1]!.atMs : nowMs);
    // Chain time moves in whole seconds (block timestamps), and so does the fee (fee.go CostOf's seconds).
    const seconds = BigInt(Math.max(0, Math.floor(to / 1000) - Math.floor(from / 1000)));
    spent += seconds * prices[i]!.price;
  }
  return balance > spent ? balance - spent : 0n;
}

/**
 * Chain time (ms) at which a balance read at `readAtMs` runs out at `price` a second: when the node deactivates
 * the validator. Undefined when no fee is charged.
 */
export function l1BalanceRunsOutAt(balance: bigint, readAtMs: number, price: bigint): number | undefined {
  if (price <= 0n) return undefined;
  if (balance <= 0n) return readAtMs;
  // Whole seconds after the reading: the first block at or after it deactivates the validator.
  const seconds = (balance + price - 1n) / price;
  return Math.floor(readAtMs / 1000) * 1000 + Number(seconds) * 1000;
}
