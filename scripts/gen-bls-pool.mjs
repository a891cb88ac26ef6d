// Writes src/sim/bls-pool.json: real BLS12-381 key pairs' public keys (48-byte compressed G1) with proofs of
// possession that verify, for the simulated node to serve. avalanchego uses the "proof of possession" scheme
// (min-pk): a signature in G2 over the public key's compressed bytes with the PoP domain separation tag below.
// Making one pair takes about 30 ms of curve arithmetic, far too slow for a simulator that starts thousands of
// validators, so the pairs are made once here and the simulator reads them; @noble/curves stays a devDependency.
// The secret keys derive from a fixed seed and are not kept: nothing the simulator serves can sign anything.
// Run: node scripts/gen-bls-pool.mjs [count]
import { bls12_381 } from '@noble/curves/bls12-381';
import { sha256 } from '@noble/hashes/sha2';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const count = Number(process.argv[2] ?? 256);
const bls = bls12_381.longSignatures;
const out = new Uint8Array(count * 144);
for (let i = 0; i < count; i++) {
  const sk = sha256(new TextEncoder().encode(`avatop simulator BLS key ${i}`));
  sk[0] &= 0x3f; // below the group order
  const publicKey = bls.getPublicKey(sk).toBytes(true);
  const pop = bls.Signature.toBytes(bls.sign(bls.hash(publicKey, POP_DST), sk));
  if (!bls.verify(bls.Signature.fromBytes(pop), bls.hash(publicKey, POP_DST), publicKey)) throw new Error(`pair ${i} does not verify`);
  out.set(publicKey, i * 144);
  out.set(pop, i * 144 + 48);
}
const pairs = Array.from({ length: count }, (_, i) => Buffer.from(out.subarray(i * 144, (i + 1) * 144)).toString('base64'));
const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'sim', 'bls-pool.json');
// Data, not code: the simulator imports it (esbuild and vitest read JSON), and no source file holds 50 KB of keys.
writeFileSync(file, JSON.stringify({ generatedBy: 'scripts/gen-bls-pool.mjs', pairs }, null, 2) + '\n');
process.stdout.write(`wrote ${count} pairs to ${file}\n`);
