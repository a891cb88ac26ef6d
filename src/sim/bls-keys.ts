// BLS material the simulated node serves: real public keys with proofs of possession that verify, so a client
// that checks them (avalanchejs rejects a key that is not a curve point: "bad point: not in prime-order subgroup")
// accepts what `avatop sim` serves. Generating a pair costs about 30 ms, so they come from a pool made ahead of
// time (scripts/gen-bls-pool.mjs); past the pool's size keys repeat, which avalanchego does not forbid.
import { BLS_POOL_BASE64, BLS_POOL_SIZE } from './bls-pool';

export const BLS_PUBLIC_KEY_LEN = 48;
export const BLS_POP_LEN = 96;
const PAIR_LEN = BLS_PUBLIC_KEY_LEN + BLS_POP_LEN;

let pool: Uint8Array | undefined;

/** Pair `i` of the pool (wrapping), as fresh arrays: callers may keep them. */
export function blsPair(i: number): { publicKey: Uint8Array; pop: Uint8Array } {
  pool ??= new Uint8Array(Buffer.from(BLS_POOL_BASE64, 'base64'));
  const at = (((i % BLS_POOL_SIZE) + BLS_POOL_SIZE) % BLS_POOL_SIZE) * PAIR_LEN;
  return { publicKey: pool.slice(at, at + BLS_PUBLIC_KEY_LEN), pop: pool.slice(at + BLS_PUBLIC_KEY_LEN, at + PAIR_LEN) };
}
