// SHA-256 (FIPS 180-4) in TypeScript. node:crypto would do it natively, but loading it (with OpenSSL's start-up)
// made up about 0.85 MiB of the monitor's resident memory, and the monitor hashes only a few short inputs at idle
// (a block's and its transactions' IDs, the cb58 checksums): docs/performance.md, branch rss36. Checked against
// node:crypto on random inputs by test/codec/sha256.test.ts.

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2). */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes (§5.3.3). */
const H0 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19] as const;

// Reused between calls: the message schedule and the running state (the process has one thread).
const W = new Uint32Array(64);
const H = new Uint32Array(8);
const tail = new Uint8Array(128);

/** One 64-byte block at `at` of `bytes` into H (§6.2.2). */
function block(bytes: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++) {
    const i = at + t * 4;
    W[t] = (bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15]!;
    const w2 = W[t - 2]!;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (W[t - 16]! + s0 + W[t - 7]! + s1) | 0;
  }
  let a = H[0]!;
  let b = H[1]!;
  let c = H[2]!;
  let d = H[3]!;
  let e = H[4]!;
  let f = H[5]!;
  let g = H[6]!;
  let h = H[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + W[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  H[0] = H[0]! + a;
  H[1] = H[1]! + b;
  H[2] = H[2]! + c;
  H[3] = H[3]! + d;
  H[4] = H[4]! + e;
  H[5] = H[5]! + f;
  H[6] = H[6]! + g;
  H[7] = H[7]! + h;
}

/** SHA-256 of the parts, one after another: a new 32-byte array. */
export function sha256(first: Uint8Array, ...rest: Uint8Array[]): Uint8Array {
  const bytes = rest.length === 0 ? first : concat(first, rest);
  H.set(H0);
  const n = bytes.length;
  const whole = n - (n % 64);
  for (let at = 0; at < whole; at += 64) block(bytes, at);
  // The padding (§5.1.1): the rest, a 1 bit, zeros, and the length in bits as 64 bits, in one or two blocks.
  const left = n - whole;
  const size = left < 56 ? 64 : 128;
  tail.fill(0);
  tail.set(bytes.subarray(whole), 0);
  tail[left] = 0x80;
  const bits = n * 8;
  const high = Math.floor(bits / 0x1_0000_0000);
  const low = bits >>> 0;
  tail[size - 8] = high >>> 24;
  tail[size - 7] = high >>> 16;
  tail[size - 6] = high >>> 8;
  tail[size - 5] = high;
  tail[size - 4] = low >>> 24;
  tail[size - 3] = low >>> 16;
  tail[size - 2] = low >>> 8;
  tail[size - 1] = low;
  block(tail, 0);
  if (size === 128) block(tail, 64);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = H[i]!;
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = v >>> 16;
    out[i * 4 + 2] = v >>> 8;
    out[i * 4 + 3] = v;
  }
  return out;
}

function concat(first: Uint8Array, rest: Uint8Array[]): Uint8Array {
  let n = first.length;
  for (const p of rest) n += p.length;
  const all = new Uint8Array(n);
  all.set(first, 0);
  let at = first.length;
  for (const p of rest) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** The 4-byte checksum avalanchego appends to cb58 and `hex` blobs: the last 4 bytes of sha256. */
export function checksum4(bytes: Uint8Array): Uint8Array {
  return sha256(bytes).subarray(28, 32);
}

export function checksumMatches(data: Uint8Array, sum: Uint8Array): boolean {
  const want = checksum4(data);
  return want[0] === sum[0] && want[1] === sum[1] && want[2] === sum[2] && want[3] === sum[3];
}
