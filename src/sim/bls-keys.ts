// BLS material the simulated node serves: real public keys with proofs of possession that verify, so a client
// that checks them (avalanchejs rejects a key that is not a curve point: "bad point: not in prime-order subgroup")
// accepts what `avatop sim` serves. Generating a pair costs about 30 ms, so they come from a pool made ahead of
// time (scripts/gen-bls-pool.mjs writes bls-pool.json: each pair as base64, key then proof); past the pool's size
// keys repeat, which avalanchego does not forbid.
import blsPool from './bls-pool.json';

export const BLS_PUBLIC_KEY_LEN = 48;
export const BLS_POP_LEN = 96;
const PAIR_LEN = BLS_PUBLIC_KEY_LEN + BLS_POP_LEN;
const BLS_POOL_SIZE = blsPool.pairs.length;

let pool: Uint8Array | undefined;

/** Pair `i` of the pool (wrapping), as fresh arrays: callers may keep them. */
export function blsPair(i: number): { publicKey: Uint8Array; pop: Uint8Array } {
  // 144 bytes a pair is whole base64 groups, so the pairs join into one string.
  pool ??= new Uint8Array(Buffer.from(blsPool.pairs.join(''), 'base64'));
  const at = (((i % BLS_POOL_SIZE) + BLS_POOL_SIZE) % BLS_POOL_SIZE) * PAIR_LEN;
  return { publicKey: pool.slice(at, at + BLS_PUBLIC_KEY_LEN), pop: pool.slice(at + BLS_PUBLIC_KEY_LEN, at + PAIR_LEN) };
}
