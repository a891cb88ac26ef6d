import { createHash } from 'node:crypto';

export function sha256(first: Uint8Array, ...rest: Uint8Array[]): Uint8Array {
  const h = createHash('sha256').update(first);
  for (const p of rest) h.update(p);
  const d = h.digest();
  // A plain Uint8Array view: Buffer's slice() shares memory, which callers of a Uint8Array API would not expect.
  return new Uint8Array(d.buffer, d.byteOffset, d.length);
}

/** The 4-byte checksum avalanchego appends to cb58 and `hex` blobs: the last 4 bytes of sha256. */
export function checksum4(bytes: Uint8Array): Uint8Array {
  return sha256(bytes).subarray(28, 32);
}

export function checksumMatches(data: Uint8Array, sum: Uint8Array): boolean {
  const want = checksum4(data);
  return want[0] === sum[0] && want[1] === sum[1] && want[2] === sum[2] && want[3] === sum[3];
}
