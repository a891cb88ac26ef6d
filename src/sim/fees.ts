// Dynamic fees (ACP-103) and the L1 validators' continuous fee (ACP-77), moved a little each block.
import type { Prng } from './prng';
import type { Subnet } from './model';

export interface FeeState {
  capacity: number;
  excess: number;
  price: number;
}

export interface ValidatorFeeState {
  excess: number;
  price: number;
}

export function updateFees(p: Prng, f: FeeState, vf: ValidatorFeeState, subnets: readonly Subnet[], elapsedSec: number): void {
  const used = p.int(0, 30_000);
  f.capacity = Math.min(1_000_000, Math.max(0, f.capacity - used + Math.round(100_000 * elapsedSec)));
  const target = Math.round(50_000 * elapsedSec);
  f.excess = Math.max(0, f.excess + used - target);
  f.price = Math.max(1, Math.floor(Math.exp(f.excess / 2_164_043)));
  const active = subnets.reduce((n, s) => n + s.l1Validators.filter((l) => l.balance > 0n).length, 0);
  vf.excess = Math.max(0, vf.excess + Math.round((active - 10_000) * elapsedSec));
  vf.price = Math.max(512, Math.floor(512 * Math.exp(vf.excess / 1_246_488_515)));
}

/** Active L1 validators pay `price` nAVAX per second from their balance; at zero they turn inactive. */
export function drainL1Balances(subnets: readonly Subnet[], price: number, elapsedSec: number): void {
  const cost = BigInt(Math.round(price * elapsedSec));
  for (const s of subnets) {
    for (const l of s.l1Validators) {
      if (l.balance === 0n) continue;
      l.balance = l.balance > cost ? l.balance - cost : 0n;
    }
  }
}
