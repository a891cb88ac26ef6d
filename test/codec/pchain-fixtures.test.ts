import { describe, expect, it } from 'vitest';
import {
  blockIdOf,
  decodeBlock,
  decodeHex,
  decodeHexDetailed,
  decodeSignedTx,
  decodeTransferableOutput,
  decodeUnsignedTx,
  decodeUtxo,
  encodeBlock,
  encodeSignedTx,
  encodeTransferableOutput,
  encodeUnsignedTx,
  encodeUtxo,
  formatId,
  parseId,
  stringifyJsonBig,
  toNodeJson,
  txIdOf,
  utxoIdOf,
  type Decoded,
} from '../../src/codec/index';
import { fixtureNetwork, goOrdered, loadFixtures, type Fixture } from './fixtures';

const fixtures = loadFixtures();

function decodeFixture(fx: Fixture): { decoded: Decoded; bytes: Uint8Array; reencoded: Uint8Array } {
  const { bytes } = decodeHexDetailed(fx.hex, { checksum: 'auto' });
  switch (fx.kind) {
    case 'block': {
      const d = decodeBlock(bytes);
      return { decoded: d, bytes, reencoded: encodeBlock(d) };
    }
    case 'signedTx': {
      const d = decodeSignedTx(bytes);
      return { decoded: d, bytes, reencoded: encodeSignedTx(d) };
    }
    case 'unsignedTx': {
      const d = decodeUnsignedTx(bytes);
      return { decoded: d, bytes, reencoded: encodeUnsignedTx(d) };
    }
    case 'utxo': {
      const d = decodeUtxo(bytes);
      return { decoded: d, bytes, reencoded: encodeUtxo(d) };
    }
    case 'transferableOutput': {
      const d = decodeTransferableOutput(bytes);
      return { decoded: d, bytes, reencoded: encodeTransferableOutput(d) };
    }
  }
}

describe('codec fixtures', () => {
  it('are all present', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(61);
    const kinds = new Set(fixtures.map((f) => f.kind));
    expect([...kinds].sort()).toEqual(['block', 'signedTx', 'transferableOutput', 'unsignedTx', 'utxo']);
  });

  describe.each(fixtures.map((f) => [f.file, f] as const))('%s', (_name, fx) => {
    it('decodes to the expected node JSON', () => {
      const { decoded } = decodeFixture(fx);
      const json = toNodeJson(decoded, fixtureNetwork(fx));
      expect(json).toEqual(fx.expected);
      // Key for key and number for number, in Go's order (differs from the fixture only in a block's "id").
      expect(stringifyJsonBig(json, 2)).toBe(stringifyJsonBig(goOrdered(fx), 2));
    });

    it('re-encodes to identical bytes', () => {
      const { bytes, reencoded } = decodeFixture(fx);
      expect(Buffer.from(reencoded).toString('hex')).toBe(Buffer.from(bytes).toString('hex'));
    });

    it('carries typeId and typeName', () => {
      const { decoded } = decodeFixture(fx);
      const typed = decoded.kind === 'signedTx' ? decoded.unsigned : decoded;
      if (fx.typeID !== undefined && 'typeId' in typed) {
        expect(typed.typeId).toBe(fx.typeID);
        expect(typeof typed.typeName).toBe('string');
      }
    });

    if (fx.hexWithChecksum) {
      it('hexWithChecksum is the same bytes behind a valid checksum', () => {
        expect(decodeHex(fx.hexWithChecksum!, { checksum: true })).toEqual(decodeHex(fx.hex, { checksum: false }));
      });
    }
  });
});

describe('IDs', () => {
  const byFile = (prefix: string) => fixtures.find((f) => f.file.startsWith(prefix))!;

  it('the docs mainnet block hashes to its documented ID', () => {
    const fx = byFile('block_03_');
    const bytes = decodeHex(fx.hex, { checksum: true });
    expect(formatId(blockIdOf(bytes))).toBe('d7WYmb8VeZNHsny3EJCwMm6QA37s1EHwMxw1Y71V3FqPZ5EFG');
    expect(formatId(decodeBlock(bytes).id!)).toBe('d7WYmb8VeZNHsny3EJCwMm6QA37s1EHwMxw1Y71V3FqPZ5EFG');
  });

  it('the docs AddDelegatorTx hashes to 28KVjSw5…', () => {
    const fx = byFile('signedtx_14_');
    const bytes = decodeHex(fx.hex);
    expect(formatId(txIdOf(bytes))).toBe('28KVjSw5h3XKGuNpJXWY74EdnGq4TUWvCgEtJPymgQTvudiugb');
  });

  it('a tx inside a block gets the ID of its standalone signed bytes', () => {
    const block = decodeBlock(decodeHex(byFile('block_03_').hex, { checksum: true }));
    const standalone = decodeHex(byFile('signedtx_18_').hex);
    if (block.typeId !== 3) throw new Error('expected an ApricotStandardBlock');
    expect(formatId(block.txs[0]!.id!)).toBe(formatId(txIdOf(standalone)));
    expect(formatId(block.txs[0]!.id!)).toBe('AkTcR1J5b6qPdLaUDycs1YqPAoNY9aPNyb33VSnvyQ6vTCryQ');
  });

  it('every block and signed tx fixture states the ID we compute', () => {
    for (const fx of fixtures.filter((f) => f.kind === 'block' || f.kind === 'signedTx')) {
      const bytes = decodeHex(fx.hex, { checksum: 'auto' });
      const id = fx.kind === 'block' ? blockIdOf(bytes) : txIdOf(bytes);
      expect(formatId(id), fx.file).toBe(fx.expected.id);
    }
  });

  const withUtxoId = fixtures.filter((f) => f.utxoID !== undefined);
  it.each(withUtxoId.map((f) => [f.file, f] as const))('UTXO ID of %s matches the docs', (_n, fx) => {
    const u = decodeUtxo(decodeHex(fx.hex, { checksum: true }));
    expect(formatId(utxoIdOf(u.txId, u.outputIndex))).toBe(fx.utxoID);
  });

  it('has UTXO IDs to check', () => {
    expect(withUtxoId.length).toBeGreaterThan(0);
  });

  it('toNodeJson recomputes IDs for objects built without them', () => {
    const fx = byFile('block_03_');
    const block = decodeBlock(decodeHex(fx.hex, { checksum: true }));
    const bare = { ...block, id: undefined } as typeof block;
    if (bare.typeId === 3) bare.txs = bare.txs.map((t) => ({ ...t, id: undefined }));
    expect(toNodeJson(bare)).toEqual(fx.expected);
    expect(parseId(String(toNodeJson(bare).id))).toEqual(block.id);
  });
});

describe('addresses follow the network', () => {
  it('uses the given network, else the tx’s own', () => {
    const fx = fixtures.find((f) => f.file.startsWith('tx_18_ExportTx__buildershub'))!;
    const tx = decodeUnsignedTx(decodeHex(fx.hex));
    expect(JSON.stringify(toNodeJson(tx))).toContain('"P-everest1');
    expect(JSON.stringify(toNodeJson(tx, 5))).toContain('"P-fuji1');
    expect(JSON.stringify(toNodeJson(tx, 4242))).toContain('"P-custom1');
  });

  it('UTXOs default to mainnet', () => {
    const fx = fixtures.find((f) => f.file.startsWith('utxo_stakeable_lockout'))!;
    const u = decodeUtxo(decodeHex(fx.hex, { checksum: true }));
    expect(JSON.stringify(toNodeJson(u))).toContain('"P-avax1');
  });
});
