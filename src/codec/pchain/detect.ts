// Decoding bytes whose kind is unknown (the decode command, raw blobs in the UI): try each kind, keep the first that
// consumes every byte, and when none does, report the attempt that got furthest — the likeliest intended kind.
import { CodecError } from '../errors';
import { checksumMatches } from '../sha256';
import { decodeBlock } from './blocks';
import { decodeSignedTx, decodeUnsignedTx } from './txs';
import type { Decoded } from './types';
import { decodeTransferableOutput, decodeUtxo } from './utxo';

export type DecodeKind = 'block' | 'tx' | 'utxo' | 'output';
export const DECODE_KINDS: readonly DecodeKind[] = ['block', 'tx', 'utxo', 'output'];

type Attempt = { label: string; run: (b: Uint8Array) => Decoded };

const ATTEMPTS: Record<DecodeKind, Attempt[]> = {
  block: [{ label: 'block', run: decodeBlock }],
  tx: [
    { label: 'signed tx', run: decodeSignedTx },
    { label: 'unsigned tx', run: decodeUnsignedTx },
  ],
  utxo: [{ label: 'UTXO', run: decodeUtxo }],
  output: [{ label: 'transferable output', run: decodeTransferableOutput }],
};

export type DetectResult = { decoded: Decoded; checksum: boolean; bytes: Uint8Array };

/**
 * Decodes `bytes` as one of `kinds` (all by default). When the last 4 bytes verify as the API's checksum, the
 * stripped bytes are tried first, then the whole. Throws the CodecError of the attempt that read furthest.
 */
export function decodeAny(bytes: Uint8Array, kinds: readonly DecodeKind[] = DECODE_KINDS): DetectResult {
  const candidates: { bytes: Uint8Array; checksum: boolean }[] = [];
  if (bytes.length >= 4 && checksumMatches(bytes.subarray(0, bytes.length - 4), bytes.subarray(bytes.length - 4))) {
    candidates.push({ bytes: bytes.subarray(0, bytes.length - 4), checksum: true });
  }
  candidates.push({ bytes, checksum: false });
  // A verified checksum is no accident (2^-32): then the stripped bytes' errors are the ones worth reporting.
  let best: { err: CodecError; label: string } | undefined;
  for (const c of candidates) {
    let bestHere: { err: CodecError; label: string } | undefined;
    for (const kind of kinds) {
      for (const attempt of ATTEMPTS[kind]) {
        try {
          return { decoded: attempt.run(c.bytes), checksum: c.checksum, bytes: c.bytes };
        } catch (err) {
          if (!(err instanceof CodecError)) throw err;
          if (!bestHere || (err.offset ?? -1) > (bestHere.err.offset ?? -1)) bestHere = { err, label: attempt.label };
        }
      }
    }
    best ??= bestHere;
  }
  if (candidates.length === 1 && best!.err.reason.startsWith('trailing buffer space: 4 bytes')) {
    best = {
      label: best!.label,
      err: new CodecError(`${best!.err.reason} (API hex with a wrong checksum?)`, best!.err.offset),
    };
  }
  const labels = kinds.flatMap((k) => ATTEMPTS[k].map((a) => a.label));
  const what = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
  const detail = labels.length === 1 ? best!.err.reason : `as ${best!.label}: ${best!.err.reason}`;
  throw new CodecError(`not a valid ${what} (${detail})`, best!.err.offset);
}
