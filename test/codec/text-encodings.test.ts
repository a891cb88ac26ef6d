import { describe, expect, it } from 'vitest';
import {
  CodecError,
  EMPTY_ID,
  bech32Decode,
  bech32Encode,
  cb58Decode,
  cb58Encode,
  decodeHex,
  decodeHexDetailed,
  encodeHex,
  formatAddress,
  formatId,
  formatNodeId,
  formatShortId,
  hrpForNetwork,
  networkIdFromName,
  networkName,
  parseAddress,
  parseId,
  parseNodeId,
  parseShortId,
  SECP256K1FX_ID,
  toHex,
} from '../../src/codec/index';
import { thrown } from '../helpers/caught';

const ZERO20 = new Uint8Array(20);

describe('cb58', () => {
  it('the empty ID is 32 zero bytes', () => {
    expect(formatId(new Uint8Array(32))).toBe(EMPTY_ID);
    expect(EMPTY_ID).toBe('11111111111111111111111111111111LpoYY');
    expect(parseId(EMPTY_ID)).toEqual(new Uint8Array(32));
  });

  it('secp256k1fx’s ID is "secp256k1fx" zero-padded', () => {
    const b = new Uint8Array(32);
    b.set(new TextEncoder().encode('secp256k1fx'));
    expect(formatId(b)).toBe('spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ');
    expect(SECP256K1FX_ID).toBe('spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ');
  });

  it('round-trips IDs', () => {
    for (const id of ['d7WYmb8VeZNHsny3EJCwMm6QA37s1EHwMxw1Y71V3FqPZ5EFG', '28KVjSw5h3XKGuNpJXWY74EdnGq4TUWvCgEtJPymgQTvudiugb']) {
      expect(formatId(parseId(id))).toBe(id);
    }
    const bytes = Uint8Array.from({ length: 45 }, (_, i) => i * 7);
    expect(cb58Decode(cb58Encode(bytes))).toEqual(bytes);
    expect(cb58Decode(cb58Encode(new Uint8Array(0)))).toEqual(new Uint8Array(0));
  });

  it('node IDs need the NodeID- prefix and 20 bytes', () => {
    const id = 'NodeID-VT3YhgFaWEzy4Ap937qMeNEDscCammzG';
    // The same 20 bytes sit in the docs' AddDelegatorTx (test/fixtures/codec/signedtx_14_*).
    expect(toHex(parseNodeId(id))).toBe('0561632554b282d99b528357b2a5575d32d1f24c');
    expect(formatNodeId(parseNodeId(id))).toBe(id);
    expect(thrown(CodecError, () => parseNodeId('VT3YhgFaWEzy4Ap937qMeNEDscCammzG')).message).toMatch(/missing the prefix: NodeID-/);
    expect(thrown(CodecError, () => parseNodeId(`NodeID-${EMPTY_ID}`)).message).toMatch(/expected 20 bytes but got 32/);
    expect(formatShortId(parseShortId(formatShortId(ZERO20)))).toBe(formatShortId(ZERO20));
  });

  it('rejects bad base58, short input, bad checksums and wrong lengths', () => {
    const bad = thrown(CodecError, () => cb58Decode('abc0def'));
    expect(bad.message).toMatch(/^base58 decoding error/);
    expect(bad.offset).toBe(3);
    expect(thrown(CodecError, () => cb58Decode('1')).message).toMatch(/smaller than the checksum size/);
    const id = 'd7WYmb8VeZNHsny3EJCwMm6QA37s1EHwMxw1Y71V3FqPZ5EFG';
    const flipped = id.slice(0, -1) + (id.endsWith('G') ? 'H' : 'G');
    expect(thrown(CodecError, () => parseId(flipped)).message).toMatch(/invalid input checksum/);
    expect(thrown(CodecError, () => parseId(formatShortId(ZERO20))).message).toMatch(
      /invalid hash length: expected 32 bytes but got 20/,
    );
  });
});

describe('bech32 (BIP-173 vectors)', () => {
  it.each([
    'A12UEL5L',
    'a12uel5l',
    'an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    '11' + 'q'.repeat(82) + 'c8247j',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    '?1ezyfcl',
  ])('accepts %s and re-encodes it', (s) => {
    const { hrp, data5 } = bech32Decode(s);
    expect(bech32Encode(hrp, data5)).toBe(s.toLowerCase());
  });

  it.each([
    ['an84characterslonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1569pvx', /length/],
    ['pzry9x0s0muk', /separator/],
    ['1pzry9x0s0muk', /separator/],
    ['x1b4n0q5v', /charset/],
    ['li1dgmt3', /separator|length/],
    ['A1G7SGD8', /checksum/],
    ['10a06t8', /separator|length/],
    ['1qzzfhee', /separator/],
    ['A12uEL5L', /lowercase or all uppercase/],
    ['\x201nwldj5', /invalid character/],
  ])('rejects %j', (s, msg) => {
    expect(thrown(CodecError, () => bech32Decode(s)).message).toMatch(msg);
  });
});

describe('addresses', () => {
  it('the zero address per network', () => {
    expect(formatAddress(ZERO20, 1)).toBe('P-avax1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqxpdk7q');
    expect(formatAddress(ZERO20, 5)).toBe('P-fuji1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq2nffjl');
    expect(formatAddress(ZERO20, 12345)).toBe('P-local1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqljssag');
  });

  it('formats and parses a real mainnet address', () => {
    const bytes = decodeHex('0x95a4467dd8f939554ea4e6501c08294386938cbf');
    expect(formatAddress(bytes, 1)).toBe('P-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c');
    expect(parseAddress('P-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c')).toEqual({ chain: 'P', hrp: 'avax', bytes });
    expect(formatAddress(bytes, 1, 'X')).toBe('X-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c');
  });

  it('HRPs and names by network ID', () => {
    const hrps = { 1: 'avax', 2: 'cascade', 3: 'denali', 4: 'everest', 5: 'fuji', 10: 'testing', 12345: 'local', 99: 'custom', 1337: 'custom' };
    for (const [id, hrp] of Object.entries(hrps)) expect(hrpForNetwork(Number(id))).toBe(hrp);
    expect(networkName(1)).toBe('mainnet');
    expect(networkName(5)).toBe('fuji');
    expect(networkName(12345)).toBe('local');
    expect(networkName(10)).toBe('testing');
    expect(networkName(1337)).toBe('network-1337');
    expect(networkIdFromName('mainnet')).toBe(1);
    expect(networkIdFromName('Fuji')).toBe(5);
    expect(networkIdFromName('network-1337')).toBe(1337);
    expect(networkIdFromName('77')).toBe(77);
    expect(networkIdFromName('nope')).toBeUndefined();
  });

  it('rejects malformed addresses with an offset', () => {
    const good = 'P-avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c';
    expect(thrown(CodecError, () => parseAddress('avax1jkjyvlwclyu42n4yuegpczpfgwrf8r9lyj0d3c')).message).toMatch(/no separator/);
    const e = thrown(CodecError, () => parseAddress(good.slice(0, -1) + 'q'));
    expect(e.message).toMatch(/checksum/);
    expect(e.offset).toBeGreaterThan(2);
    const short = formatAddress(ZERO20, 1).replace(/^P-/, '');
    const { hrp, data5 } = bech32Decode(short);
    expect(thrown(CodecError, () => parseAddress('P-' + bech32Encode(hrp, data5.slice(0, 16)))).message).toMatch(/expected 20 bytes/);
  });
});

describe('hex', () => {
  const data = Uint8Array.from([0, 1, 2, 0xfe, 0xff]);

  it('encodes with and without the API checksum', () => {
    expect(encodeHex(data)).toBe('0x000102feff');
    const withSum = encodeHex(data, { checksum: true });
    expect(withSum).toMatch(/^0x000102feff[0-9a-f]{8}$/);
    expect(decodeHex(withSum, { checksum: true })).toEqual(data);
    expect(decodeHex('0x000102FEFF', { checksum: false })).toEqual(data);
    expect(decodeHexDetailed(withSum, { checksum: 'auto' })).toEqual({ bytes: data, checksum: true });
    expect(decodeHexDetailed('0x000102feff', { checksum: 'auto' })).toEqual({ bytes: data, checksum: false });
    expect(encodeHex(new Uint8Array(0))).toBe('0x');
  });

  it('gives avalanchego’s errors', () => {
    expect(thrown(CodecError, () => decodeHex('000102', { checksum: false })).message).toMatch(/missing 0x prefix to hex encoding/);
    expect(thrown(CodecError, () => decodeHex('0x0001', { checksum: true })).message).toMatch(/smaller than the checksum size/);
    const withSum = encodeHex(data, { checksum: true });
    const broken = withSum.slice(0, -1) + (withSum.endsWith('0') ? '1' : '0');
    const e = thrown(CodecError, () => decodeHex(broken, { checksum: true }));
    expect(e.message).toMatch(/invalid input checksum/);
    expect(e.offset).toBe(2 + 2 * data.length);
    expect(thrown(CodecError, () => decodeHex('0x123')).message).toMatch(/odd length/);
    const bad = thrown(CodecError, () => decodeHex('0x12zz'));
    expect(bad.message).toMatch(/invalid byte: U\+007A/);
    expect(bad.offset).toBe(4);
  });
});
