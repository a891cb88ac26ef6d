// Results keep blobs as the hex the node sent; these turn them into codec objects. The checksum rule follows the
// reply's `encoding`: `hex`/`hexc` carry sha256(bytes)[-4:], `hexnc` does not.
import { decodeHex } from '../codec/hex';
import { decodeBlock } from '../codec/pchain/blocks';
import { decodeSignedTx } from '../codec/pchain/txs';
import { decodeTransferableOutput, decodeUtxo } from '../codec/pchain/utxo';

/** The bytes of a blob; the checksum is verified and dropped for `hex`/`hexc`, kept off for `hexnc`. */
export function blobBytes(hex: string, encoding = 'hex'): Uint8Array {
  if (encoding === 'hexnc') return decodeHex(hex, { checksum: false });
  if (encoding === 'hex' || encoding === 'hexc') return decodeHex(hex, { checksum: true });
  return decodeHex(hex, { checksum: 'auto' });
}

/** getUTXOs / getRewardUTXOs items. */
export function decodeUtxoBlob(hex: string, encoding = 'hex') {
  return decodeUtxo(blobBytes(hex, encoding));
}

/** getStake's stakedOutputs items (TransferableOutputs, not UTXOs). */
export function decodeStakedOutputBlob(hex: string, encoding = 'hex') {
  return decodeTransferableOutput(blobBytes(hex, encoding));
}

/** getBlock / getBlockByHeight with a hex encoding. */
export function decodeBlockBlob(hex: string, encoding = 'hex') {
  return decodeBlock(blobBytes(hex, encoding));
}

/** getTx with a hex encoding. */
export function decodeTxBlob(hex: string, encoding = 'hex') {
  return decodeSignedTx(blobBytes(hex, encoding));
}
