import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checksum4, checksumMatches, sha256 } from '../../src/codec/sha256';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const native = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
};

describe('sha256', () => {
  it('gives the digests of FIPS 180-4’s examples (NIST CSRC, SHA256.pdf and SHA2_Additional.pdf)', () => {
    expect(hex(sha256(ascii('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256(ascii('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto at every length around the block and padding edges, and on random inputs', () => {
    for (let n = 0; n <= 300; n++) {
      const data = new Uint8Array(randomBytes(n));
      expect(hex(sha256(data)), `length ${n}`).toBe(native(data));
    }
    for (let i = 0; i < 200; i++) {
      const data = new Uint8Array(randomBytes(1 + Math.floor(Math.random() * 5000)));
      expect(hex(sha256(data))).toBe(native(data));
    }
  });

  it('hashes its parts one after another, as one input', () => {
    for (let i = 0; i < 100; i++) {
      const parts = Array.from({ length: 1 + (i % 4) }, () => new Uint8Array(randomBytes(Math.floor(Math.random() * 150))));
      expect(hex(sha256(parts[0]!, ...parts.slice(1)))).toBe(native(...parts));
    }
  });

  it('gives a new array each time, and reads a view at its offset', () => {
    const buf = new Uint8Array(randomBytes(100));
    const view = buf.subarray(7, 77);
    const a = sha256(view);
    const b = sha256(view);
    expect(a).not.toBe(b);
    expect(hex(a)).toBe(native(view));
    a.fill(0);
    expect(hex(sha256(view))).toBe(hex(b));
  });

  it('checks the 4-byte checksum avalanchego appends (the last 4 bytes of the digest)', () => {
    const data = ascii('avalanche');
    const sum = checksum4(data);
    expect(hex(sum)).toBe(native(data).slice(56));
    expect(checksumMatches(data, sum)).toBe(true);
    expect(checksumMatches(data, new Uint8Array([sum[0]!, sum[1]!, sum[2]!, sum[3]! ^ 1]))).toBe(false);
  });
});
