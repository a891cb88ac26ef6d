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
  type Block,
  type Decoded,
  type SignedTx,
  type Utxo,
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

describe('objects built from scratch', () => {
  const id = (n: number) => new Uint8Array(32).fill(n);
  const addr = new Uint8Array(20).fill(7);

  it('a UTXO with a stakeable lock encodes, decodes back and renders', () => {
    const utxo: Utxo = {
      kind: 'utxo',
      txId: id(1),
      outputIndex: 3,
      assetId: id(2),
      output: {
        typeId: 22,
        typeName: 'stakeable.LockOut',
        locktime: 1_700_000_000n,
        output: { typeId: 7, typeName: 'secp256k1fx.TransferOutput', amount: 2n ** 64n - 1n, locktime: 0n, threshold: 1, addresses: [addr] },
      },
    };
    const bytes = encodeUtxo(utxo);
    expect(bytes.length).toBe(2 + 32 + 4 + 32 + 4 + 8 + 4 + 8 + 8 + 4 + 4 + 20);
    expect(decodeUtxo(bytes)).toEqual(utxo);
    const json = toNodeJson(utxo, 5) as { output: { output: { amount: unknown; addresses: string[] } } };
    expect(json.output.output.amount).toBe(18446744073709551615n);
    expect(json.output.output.addresses[0]).toMatch(/^P-fuji1/);
  });

  it('a Banff standard block with a BaseTx gets IDs that match its bytes', () => {
    const tx: SignedTx = {
      kind: 'signedTx',
      unsigned: {
        kind: 'unsignedTx',
        typeId: 34,
        typeName: 'BaseTx',
        networkId: 12345,
        blockchainId: new Uint8Array(32),
        outputs: [],
        inputs: [
          {
            txId: id(9),
            outputIndex: 0,
            assetId: id(2),
            input: { typeId: 5, typeName: 'secp256k1fx.TransferInput', amount: 5n, signatureIndices: [0] },
          },
        ],
        memo: new Uint8Array([1, 2]),
      },
      credentials: [{ typeId: 9, typeName: 'secp256k1fx.Credential', signatures: [new Uint8Array(65).fill(3)] }],
    };
    const block: Block = { kind: 'block', typeId: 32, typeName: 'BanffStandardBlock', time: 5n, parentId: id(4), height: 10n, txs: [tx] };
    const bytes = encodeBlock(block);
    const back = decodeBlock(bytes);
    expect(formatId(back.id!)).toBe(formatId(blockIdOf(bytes)));
    const json = toNodeJson(block);
    expect(json.id).toBe(formatId(blockIdOf(bytes)));
    expect(Object.keys(json)).toEqual(['time', 'parentID', 'height', 'id', 'txs']);
    const txJson = (json.txs as { id: string; unsignedTx: { memo: string } }[])[0]!;
    expect(txJson.id).toBe(formatId(txIdOf(encodeSignedTx(tx))));
    expect(txJson.unsignedTx.memo).toBe('0x0102');
  });
});

describe('CreateChainTx chain names that are not valid UTF-8', () => {
  it('show U+FFFD per bad byte (as Go prints them) and re-encode exactly', () => {
    const fx = fixtures.find((f) => f.file.startsWith('tx_15_'))!;
    const bytes = decodeHex(fx.hex);
    const name = new TextEncoder().encode('EPIC AVM');
    const at = Buffer.from(bytes).indexOf(Buffer.from(name));
    expect(at).toBeGreaterThan(0);
    const bad = bytes.slice();
    bad.set([0x45, 0xe2, 0x82, 0x41, 0xed, 0xa0, 0x80, 0xff], at);
    const tx = decodeUnsignedTx(bad);
    if (tx.typeId !== 15) throw new Error('expected a CreateChainTx');
    expect(tx.chainName).toBe('E\ufffd\ufffdA\ufffd\ufffd\ufffd\ufffd');
    expect(tx.chainNameBytes).toEqual(bad.subarray(at, at + 8));
    expect(toNodeJson(tx).chainName).toBe(tx.chainName);
    expect(Buffer.from(encodeUnsignedTx(tx)).equals(Buffer.from(bad))).toBe(true);
    const good = decodeUnsignedTx(bytes);
    expect('chainNameBytes' in good).toBe(false);
  });
});
