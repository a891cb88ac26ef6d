// The codec functions the scheduler uses to turn hex blobs into block headers and UTXO rows. Injectable so a
// caller can skip decoding (benchmarks) and tests can check the fallbacks.
import { formatId } from '../codec/cb58';
import { decodeHex } from '../codec/hex';
import { blockIdOf, decodeBlock } from '../codec/pchain/blocks';
import { decodeUtxo, utxoIdOf } from '../codec/pchain/utxo';
import { decodeStakedOutputBlob } from '../rpc/blobs';

export interface Decoders {
  /** API hex (with or without its 4-byte checksum) → bytes. */
  hex(s: string): Uint8Array;
  block?(bytes: Uint8Array): unknown;
  blockId?(bytes: Uint8Array): string;
  utxo?(bytes: Uint8Array): unknown;
  utxoId?(decoded: unknown): string | undefined;
  /** A getStake stakedOutputs item (a TransferableOutput, hex in the reply's encoding). */
  stakedOutput?(hex: string, encoding: string): unknown;
  /** Render a 32-byte ID the codec returns as bytes. */
  id?(bytes: Uint8Array): string;
}

export const defaultDecoders: Decoders = {
  hex: (s) => decodeHex(s, { checksum: 'auto' }),
  block: (bytes) => decodeBlock(bytes),
  blockId: (bytes) => formatId(blockIdOf(bytes)),
  utxo: (bytes) => decodeUtxo(bytes),
  utxoId(decoded) {
    const u = decoded as { txId?: unknown; outputIndex?: unknown };
    if (!(u.txId instanceof Uint8Array) || typeof u.outputIndex !== 'number') return undefined;
    return formatId(utxoIdOf(u.txId, u.outputIndex));
  },
  stakedOutput: (hex, encoding) => decodeStakedOutputBlob(hex, encoding),
  id: (bytes) => formatId(bytes),
};
