import { base58Decode, base58Encode } from './base58';
import { CodecError } from './errors';
import { checksum4, checksumMatches } from './sha256';

export const NODE_ID_PREFIX = 'NodeID-';

/** base58(bytes ‖ sha256(bytes)[-4:]) as in avalanchego's utils/cb58. */
export function cb58Encode(bytes: Uint8Array): string {
  const buf = new Uint8Array(bytes.length + 4);
  buf.set(bytes, 0);
  buf.set(checksum4(bytes), bytes.length);
  return base58Encode(buf);
}

export function cb58Decode(s: string): Uint8Array {
  let raw: Uint8Array;
  try {
    raw = base58Decode(s);
  } catch (err) {
    if (err instanceof CodecError) throw new CodecError(`base58 decoding error: ${err.reason}`, err.offset);
    throw err;
  }
  if (raw.length < 4) throw new CodecError('input string is smaller than the checksum size', 0);
  const data = raw.subarray(0, raw.length - 4);
  if (!checksumMatches(data, raw.subarray(raw.length - 4))) throw new CodecError('invalid input checksum', 0);
  return data.slice();
}

function decodeFixed(s: string, size: number, what: string): Uint8Array {
  const bytes = cb58Decode(s);
  if (bytes.length !== size) throw new CodecError(`invalid ${what} length: expected ${size} bytes but got ${bytes.length}`, 0);
  return bytes;
}

/** A 32-byte ID (tx, block, chain, subnet, asset, UTXO). */
export function parseId(s: string): Uint8Array {
  return decodeFixed(s, 32, 'hash');
}

export function formatId(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new CodecError(`invalid hash length: expected 32 bytes but got ${bytes.length}`);
  return cb58Encode(bytes);
}

/** A 20-byte ID in its bare cb58 form (ids.ShortID, as in L1 owner addresses). */
export function parseShortId(s: string): Uint8Array {
  return decodeFixed(s, 20, 'hash');
}

export function formatShortId(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new CodecError(`invalid hash length: expected 20 bytes but got ${bytes.length}`);
  return cb58Encode(bytes);
}

/** "NodeID-…"; the prefix is mandatory, as in avalanchego's ids.NodeIDFromString. */
export function parseNodeId(s: string): Uint8Array {
  if (!s.startsWith(NODE_ID_PREFIX)) throw new CodecError(`ID: ${s} is missing the prefix: ${NODE_ID_PREFIX}`, 0);
  try {
    return decodeFixed(s.slice(NODE_ID_PREFIX.length), 20, 'hash');
  } catch (err) {
    if (err instanceof CodecError) throw new CodecError(err.reason, (err.offset ?? 0) + NODE_ID_PREFIX.length);
    throw err;
  }
}

export function formatNodeId(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new CodecError(`invalid node ID length: expected 20 bytes but got ${bytes.length}`);
  return NODE_ID_PREFIX + cb58Encode(bytes);
}

export const EMPTY_ID = '11111111111111111111111111111111LpoYY';
