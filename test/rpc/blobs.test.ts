import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { blockIdOf, formatId, CodecError } from '../../src/codec';
import { blobBytes, decodeBlockBlob, decodeStakedOutputBlob, decodeTxBlob, decodeUtxoBlob } from '../../src/rpc/blobs';
import { methods } from '../../src/rpc/methods';

const example = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/methods/${name}.json`, import.meta.url), 'utf8')) as {
    request: { params: Record<string, unknown> };
    response: { result: Record<string, unknown> };
  };

describe('blob helpers on the docs examples', () => {
  it('a hex block decodes and hashes to the requested block ID', () => {
    const ex = example('platform.getBlock');
    const r = methods['platform.getBlock'].result.parse(ex.response.result);
    const block = decodeBlockBlob(r.block as string, r.encoding);
    expect(block.typeName).toBeTruthy();
    expect(formatId(blockIdOf(blobBytes(r.block as string, r.encoding)))).toBe(ex.request.params.blockID);
  });

  it('UTXOs and staked outputs decode', () => {
    const utxos = methods['platform.getUTXOs'].result.parse(example('platform.getUTXOs').response.result);
    expect(decodeUtxoBlob(utxos.utxos[0]!, utxos.encoding).outputIndex).toBe(0);
    const stake = methods['platform.getStake'].result.parse(example('platform.getStake').response.result);
    expect(decodeStakedOutputBlob(stake.stakedOutputs[0]!, stake.encoding)).toBeTruthy();
  });

  it('a bad checksum is a CodecError, and hexnc skips the checksum', () => {
    const hex = (example('platform.getUTXOs').response.result.utxos as string[])[0]!;
    const broken = hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
    expect(() => decodeUtxoBlob(broken, 'hex')).toThrow(CodecError);
    expect(decodeUtxoBlob(hex.slice(0, -8), 'hexnc').outputIndex).toBe(0);
    expect(() => decodeTxBlob('0x00', 'hexnc')).toThrow(CodecError);
  });
});
