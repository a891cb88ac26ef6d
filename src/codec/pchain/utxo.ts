// UTXOs (getUTXOs, getRewardUTXOs) and bare transferable outputs (getStake's stakedOutputs).
import { ByteReader } from '../byte-reader';
import { ByteWriter } from '../byte-writer';
import { CodecError, guardEncode } from '../errors';
import { sha256 } from '../sha256';
import { ID_LEN, readOutput, readTransferableOutput, writeOutput, writeTransferableOutput } from './components';
import { CODEC_VERSION, readCodecVersion } from './txs';
import type { TransferableOutput, Utxo } from './types';

/** `0x0000 | txID | outputIndex | assetID | T output`, without the API's checksum. */
export function decodeUtxo(bytes: Uint8Array): Utxo {
  const r = new ByteReader(bytes);
  readCodecVersion(r);
  const txId = r.fixed(ID_LEN, 'txID');
  const outputIndex = r.u32('outputIndex');
  const assetId = r.fixed(ID_LEN, 'assetID');
  const output = readOutput(r);
  r.expectEnd();
  return { kind: 'utxo', txId, outputIndex, assetId, output };
}

export function encodeUtxo(u: Utxo): Uint8Array {
  return guardEncode('UTXO', () => {
    const w = new ByteWriter(128);
    w.u16(CODEC_VERSION);
    w.fixed(u.txId, ID_LEN, 'txID');
    w.u32(u.outputIndex, 'outputIndex');
    w.fixed(u.assetId, ID_LEN, 'assetID');
    writeOutput(w, u.output);
    return w.finish();
  });
}

/** `0x0000 | assetID | T output`. */
export function decodeTransferableOutput(bytes: Uint8Array): TransferableOutput {
  const r = new ByteReader(bytes);
  readCodecVersion(r);
  const out = readTransferableOutput(r);
  r.expectEnd();
  return out;
}

export function encodeTransferableOutput(o: TransferableOutput): Uint8Array {
  return guardEncode('transferable output', () => {
    const w = new ByteWriter(96);
    w.u16(CODEC_VERSION);
    writeTransferableOutput(w, o);
    return w.finish();
  });
}

/** avax.UTXOID.InputID: sha256(uint64BE(outputIndex) ‖ txID); getUTXOs' endIndex.utxo is this value. */
export function utxoIdOf(txId: Uint8Array, outputIndex: number): Uint8Array {
  if (txId.length !== ID_LEN) throw new CodecError(`txID must be ${ID_LEN} bytes, got ${txId.length}`);
  if (!Number.isInteger(outputIndex) || outputIndex < 0 || outputIndex > 0xffffffff) {
    throw new CodecError(`outputIndex out of range: ${outputIndex}`);
  }
  // One contiguous buffer: a single native hash update is measurably cheaper than two.
  const buf = new Uint8Array(8 + ID_LEN);
  buf[4] = outputIndex >>> 24;
  buf[5] = (outputIndex >>> 16) & 0xff;
  buf[6] = (outputIndex >>> 8) & 0xff;
  buf[7] = outputIndex & 0xff;
  buf.set(txId, 8);
  return sha256(buf);
}
