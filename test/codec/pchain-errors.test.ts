import { describe, expect, it } from 'vitest';
import {
  ByteWriter,
  CodecError,
  decodeAny,
  decodeBlock,
  decodeHex,
  encodeHex,
  decodeSignedTx,
  decodeTransferableOutput,
  decodeUnsignedTx,
  decodeUtxo,
  encodeSignedTx,
  encodeUtxo,
  type Utxo,
} from '../../src/codec/index';
import { loadFixtures, type Fixture } from './fixtures';
import { thrown } from '../helpers/caught';

const fixtures = loadFixtures();
const fx = (prefix: string): Fixture => fixtures.find((f) => f.file.startsWith(prefix))!;
const raw = (f: Fixture): Uint8Array => decodeHex(f.hex, { checksum: 'auto' });

const DECODERS: Record<Fixture['kind'], (b: Uint8Array) => unknown> = {
  block: decodeBlock,
  signedTx: decodeSignedTx,
  unsignedTx: decodeUnsignedTx,
  utxo: decodeUtxo,
  transferableOutput: decodeTransferableOutput,
};

/** A seeded PRNG (mulberry32) so failures reproduce. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('truncation at every length', () => {
  const picks = ['block_03_', 'block_29_BanffProposalBlock__synth', 'signedtx_14_', 'tx_35_ConvertSubnetToL1Tx__complex', 'tx_24_TransformSubnetTx__complex', 'tx_36_', 'utxo_stakeable', 'transferable_output'];
  it.each(picks)('%s', (prefix) => {
    const f = fx(prefix);
    const bytes = raw(f);
    const decode = DECODERS[f.kind];
    for (let len = 0; len < bytes.length; len++) {
      const err = thrown(CodecError, () => decode(bytes.subarray(0, len)));
      expect(err.offset, `length ${len}`).toBeTypeOf('number');
      expect(err.offset!).toBeGreaterThanOrEqual(0);
      expect(err.offset!).toBeLessThanOrEqual(len);
      expect(err.message).toMatch(/at offset \d+/);
    }
  });
});

describe('malformed input', () => {
  it('bad checksum on API hex', () => {
    const f = fx('utxo_00_');
    const broken = f.hex.slice(0, -2) + (f.hex.endsWith('00') ? '01' : '00');
    expect(thrown(CodecError, () => decodeHex(broken, { checksum: true })).message).toMatch(/invalid input checksum/);
  });

  it('unknown type ID in an interface field', () => {
    const bytes = raw(fx('utxo_00_'));
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(70, 99);
    const err = thrown(CodecError, () => decodeUtxo(bad));
    expect(err.message).toMatch(/couldn't unmarshal interface: unknown type ID 99/);
    expect(err.offset).toBe(70);
  });

  it('a registered type where it does not belong', () => {
    const bytes = raw(fx('utxo_00_'));
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(70, 5); // TransferInput where an output goes
    expect(thrown(CodecError, () => decodeUtxo(bad)).message).toMatch(/type ID 5 \(secp256k1fx.TransferInput\) is not a valid output/);
    const block = raw(fx('block_03_')).slice();
    new DataView(block.buffer).setUint32(2, 12);
    const err = thrown(CodecError, () => decodeBlock(block));
    expect(err.message).toMatch(/AddValidatorTx\) is not a valid block/);
    expect(err.offset).toBe(2);
  });

  it('unknown codec version', () => {
    const bad = raw(fx('utxo_00_')).slice();
    bad[1] = 1;
    const err = thrown(CodecError, () => decodeUtxo(bad));
    expect(err.message).toMatch(/unknown codec version 1/);
    expect(err.offset).toBe(0);
  });

  it('trailing bytes', () => {
    const bytes = raw(fx('signedtx_14_'));
    const longer = new Uint8Array(bytes.length + 3);
    longer.set(bytes);
    const err = thrown(CodecError, () => decodeSignedTx(longer));
    expect(err.message).toMatch(/trailing buffer space/);
    expect(err.offset).toBe(bytes.length);
  });

  it('a length prefix past the end', () => {
    // simple BaseTx: version 2 | type 4 | networkID 4 | blockchainID 32 | outputs count 4 (0) | inputs ... | memo
    const bytes = raw(fx('tx_34_BaseTx__simple'));
    const memoAt = bytes.length - 4; // empty memo: its 4-byte length is last
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(memoAt, 1000);
    const err = thrown(CodecError, () => decodeUnsignedTx(bad));
    expect(err.message).toMatch(/memo length 1000 runs past the end/);
    expect(err.offset).toBe(memoAt);
  });

  it('a hostile count fails before allocating', () => {
    const bytes = raw(fx('tx_34_BaseTx__simple'));
    const bad = bytes.slice();
    new DataView(bad.buffer).setUint32(2 + 4 + 4 + 32, 0xffffffff); // outputs count
    const err = thrown(CodecError, () => decodeUnsignedTx(bad));
    expect(err.message).toMatch(/outputs count 4294967295 exceeds/);
    expect(err.offset).toBe(42);
  });

  it('deeply nested stakeable outputs are refused', () => {
    const w = new ByteWriter();
    w.u16(0);
    w.raw(new Uint8Array(32));
    w.u32(0);
    w.raw(new Uint8Array(32));
    for (let i = 0; i < 100; i++) {
      w.u32(22);
      w.u64(1n);
    }
    w.u32(7);
    w.u64(1n);
    w.u64(0n);
    w.u32(0);
    w.u32(0);
    expect(thrown(CodecError, () => decodeUtxo(w.finish())).message).toMatch(/nested deeper than/);
  });

  it('decodeAny reports the attempt that read furthest', () => {
    const bad = raw(fx('utxo_00_')).slice();
    new DataView(bad.buffer).setUint32(70, 99);
    const err = thrown(CodecError, () => decodeAny(bad));
    expect(err.message).toMatch(/as UTXO: couldn't unmarshal interface: unknown type ID 99/);
    expect(err.offset).toBe(70);
  });

  it('decodeAny detects the API checksum and flags a wrong one', () => {
    const f = fx('utxo_00_');
    const withSum = decodeHex(f.hex, { checksum: false });
    expect(decodeAny(withSum).checksum).toBe(true);
    expect(decodeAny(withSum).decoded.kind).toBe('utxo');
    const broken = withSum.slice();
    broken[broken.length - 1]! ^= 1;
    const err = thrown(CodecError, () => decodeAny(broken));
    expect(err.message).toMatch(/trailing buffer space: 4 bytes.*wrong checksum/);
    expect(err.offset).toBe(broken.length - 4);
    // With a valid checksum, errors come from the stripped bytes.
    const tx = decodeHex(fx('signedtx_14_').hex);
    const cut = tx.subarray(0, 100);
    const sum = decodeHex(encodeHex(cut, { checksum: true }));
    const e2 = thrown(CodecError, () => decodeAny(sum, ['tx']));
    expect(e2.offset).toBeLessThanOrEqual(100);
  });

  it('encoding bad values is a CodecError too', () => {
    const u = decodeUtxo(raw(fx('utxo_00_')));
    expect(thrown(CodecError, () => encodeUtxo({ ...u, outputIndex: -1 })).message).toMatch(/outputIndex out of range/);
    expect(thrown(CodecError, () => encodeUtxo({ ...u, txId: new Uint8Array(31) })).message).toMatch(/txID must be 32 bytes/);
    const lock = { ...u, output: { typeId: 99 } } as unknown as Utxo;
    expect(thrown(CodecError, () => encodeUtxo(lock)).message).toMatch(/type ID 99/);
    const tx = decodeSignedTx(raw(fx('signedtx_14_')));
    const neg = { ...tx, unsigned: { ...tx.unsigned, networkId: 2 ** 32 } } as typeof tx;
    expect(thrown(CodecError, () => encodeSignedTx(neg)).message).toMatch(/networkID out of range/);
    const noInputs = { ...tx, unsigned: { ...tx.unsigned, inputs: undefined } } as unknown as typeof tx;
    expect(thrown(CodecError, () => encodeSignedTx(noInputs)).message).toMatch(/inputs is missing/);
    const badAddrs = { ...u, output: { ...u.output, addresses: 'x' } } as unknown as Utxo;
    expect(thrown(CodecError, () => encodeUtxo(badAddrs)).message).toMatch(/cannot encode UTXO|addresses/);
  });
});

describe('fuzz: nothing but CodecError escapes', () => {
  it.each(fixtures.map((f) => [f.file, f] as const))('%s with random corruption', (_n, f) => {
    const bytes = raw(f);
    const rand = rng(bytes.length * 7919 + bytes[bytes.length - 1]!);
    for (let round = 0; round < 150; round++) {
      const b = bytes.slice();
      const edits = 1 + Math.floor(rand() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rand() * b.length);
        // Bias towards values that steer the decoder: small type IDs, big counts.
        const pick = rand();
        b[at] = pick < 0.3 ? 0xff : pick < 0.6 ? Math.floor(rand() * 43) : Math.floor(rand() * 256);
      }
      const cut = rand() < 0.2 ? b.subarray(0, Math.floor(rand() * b.length)) : b;
      for (const decode of Object.values(DECODERS)) {
        try {
          decode(cut);
        } catch (err) {
          if (!(err instanceof CodecError)) throw err;
          expect(err.offset).toBeTypeOf('number');
        }
      }
      try {
        decodeAny(cut);
      } catch (err) {
        if (!(err instanceof CodecError)) throw err;
      }
    }
  });

  it('random garbage', () => {
    const rand = rng(42);
    for (let i = 0; i < 2000; i++) {
      const b = Uint8Array.from({ length: Math.floor(rand() * 200) }, () => (rand() < 0.5 ? 0 : Math.floor(rand() * 256)));
      if (b.length >= 2) b[0] = b[1] = 0;
      try {
        decodeAny(b);
      } catch (err) {
        if (!(err instanceof CodecError)) throw err;
      }
    }
  });
});
