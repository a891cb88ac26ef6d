// avatop's bech32 (src/codec/bech32.ts) against a maintained implementation, @scure/base's BIP-173 bech32: the same
// strings for the same data, the same data back, and the same inputs refused (checksum, case, separator, length,
// characters, padding), over seeded random inputs and their mutations. FUZZ_SEED=<n> replays a run.
import { describe, expect, it } from 'vitest';
import { bech32 as reference } from '@scure/base';
import { bech32Decode, bech32Encode, convertBits } from '../../src/codec/bech32';
import { FUZZ_SEED, Rng, mutateText } from '../helpers/mutate';

const HRP_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-_.:!~';
const ours = (s: string) => {
  try {
    const { hrp, data5 } = bech32Decode(s);
    return { hrp, data5 };
  } catch (e) {
    expect((e as Error).name, `${JSON.stringify(s)} threw a ${(e as Error).name}`).toBe('CodecError');
    return 'refused';
  }
};
const theirs = (s: string) => {
  try {
    const { prefix, words } = reference.decode(s as `${string}1${string}`, 90);
    return { hrp: prefix, data5: Array.from(words) };
  } catch {
    return 'refused';
  }
};

describe(`bech32 against @scure/base (FUZZ_SEED=${FUZZ_SEED})`, () => {
  const rng = new Rng(FUZZ_SEED);
  const randomHrp = () => Array.from({ length: 1 + rng.int(12) }, () => rng.pick([...HRP_CHARS])).join('');
  const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => rng.int(256));

  it('encodes, decodes and regroups bits as it does, for 3,000 random addresses', () => {
    for (let i = 0; i < 3_000; i++) {
      const hrp = randomHrp();
      // Up to what fits in 90 characters: avalanchego's addresses are 20 bytes, its keys 32.
      const bytes = randomBytes(rng.int(Math.floor(((90 - hrp.length - 7) * 5) / 8) + 1));
      const words = convertBits(bytes, 8, 5, true);
      expect(words).toEqual(Array.from(reference.toWords(bytes)));
      const s = bech32Encode(hrp, words);
      expect(s).toBe(reference.encode(hrp, words, 90));
      expect(ours(s)).toEqual(theirs(s));
      expect(ours(s.toUpperCase())).toEqual(theirs(s.toUpperCase()));
      expect(convertBits(words, 5, 8, false)).toEqual(Array.from(reference.fromWords(words)));
    }
  });

  it('refuses what it refuses, for 20,000 mutated strings', () => {
    let refused = 0;
    for (let i = 0; i < 20_000; i++) {
      const hrp = randomHrp();
      const s = mutateText(rng, bech32Encode(hrp, convertBits(randomBytes(rng.int(40)), 8, 5, true)));
      const a = ours(s);
      expect(a, JSON.stringify(s)).toEqual(theirs(s));
      if (a === 'refused') refused++;
    }
    expect(refused).toBeGreaterThan(10_000);
  });

  it('refuses the same padding, for 5,000 random groups of 5-bit words', () => {
    for (let i = 0; i < 5_000; i++) {
      const words = Array.from({ length: rng.int(20) }, () => rng.int(32));
      let a: number[] | 'refused';
      let b: number[] | 'refused';
      try {
        a = convertBits(words, 5, 8, false);
      } catch {
        a = 'refused';
      }
      try {
        b = Array.from(reference.fromWords(words));
      } catch {
        b = 'refused';
      }
      expect(a, JSON.stringify(words)).toEqual(b);
    }
  });

  it('refuses the named error cases of BIP-173', () => {
    const cases = [
      '\x201nwldj5', // a character out of range in the prefix
      'an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', // too long
      'pzry9x0s0muk', // no separator
      '1pzry9x0s0muk', // empty prefix
      'x1b4n0q5v', // a character outside the charset
      'li1dgmt3', // too short a checksum
      'A1G7SGD8', // checksum computed with an uppercase prefix
      '10a06t8', // empty prefix
      '1qzzfhee', // empty prefix
      'a12UEL5L'.slice(0, 4) + 'uel5l', // mixed case
    ];
    for (const s of cases) {
      expect(ours(s), JSON.stringify(s)).toBe('refused');
      expect(theirs(s), JSON.stringify(s)).toBe('refused');
    }
    for (const s of ['A12UEL5L', 'a12uel5l', 'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw', '?1ezyfcl']) expect(ours(s)).toEqual(theirs(s));
  });
});
