import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode, MAX_BASE58_LENGTH } from '../../src/codec/base58';
import { CodecError } from '../../src/codec/errors';

// bs58 (a dependency) is the oracle for the faster limb-based implementation.
describe('base58', () => {
  it('matches bs58 on edge cases and random inputs', () => {
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      new Uint8Array([0]),
      new Uint8Array([0, 0, 1]),
      new Uint8Array(36),
      new Uint8Array(36).fill(255),
      Uint8Array.from([0, 0, 0, 255, 0, 1]),
    ];
    let seed = 12345;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 255;
    for (let n = 0; n < 2000; n++) {
      const len = n % 80;
      const b = Uint8Array.from({ length: len }, () => (rand() < 40 ? 0 : rand()));
      cases.push(b);
    }
    for (const b of cases) {
      const s = base58Encode(b);
      expect(s).toBe(bs58.encode(b));
      expect(base58Decode(s)).toEqual(b);
    }
    for (const s of ['', '1', '111z', 'z', '2NEpo7TZRRrLZSi2U', 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz']) {
      expect(base58Decode(s)).toEqual(Uint8Array.from(bs58.decode(s)));
    }
  });

  it('rejects characters outside the alphabet and overlong input', () => {
    for (const [s, at] of [['abc0', 3], ['Il', 0], ['x\u00e9', 1]] as const) {
      try {
        base58Decode(s);
        throw new Error('expected failure');
      } catch (err) {
        expect(err).toBeInstanceOf(CodecError);
        expect((err as CodecError).offset).toBe(at);
      }
    }
    expect(() => base58Decode('2'.repeat(MAX_BASE58_LENGTH + 1))).toThrow(CodecError);
  });
});
