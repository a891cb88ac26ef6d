import { CodecError } from './errors';
import { checksum4, checksumMatches } from './sha256';

const HEX_CHARS = '0123456789abcdef';
const BYTE_TO_HEX: string[] = Array.from({ length: 256 }, (_, i) => HEX_CHARS[i >> 4]! + HEX_CHARS[i & 15]!);

/** Plain lowercase hex without prefix. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += BYTE_TO_HEX[bytes[i]!];
  return s;
}

const HEX_ONLY = /^[0-9a-fA-F]*$/;

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  if (code >= 65 && code <= 70) return code - 55;
  return -1;
}

/** Hex digits (no prefix) to bytes; `base` is the offset of `s` in the caller's text, for error positions. */
export function fromHex(s: string, base = 0): Uint8Array {
  if (s.length % 2 !== 0) throw new CodecError('encoding/hex: odd length hex string', base + s.length);
  // Native decoding is several times faster, but stops silently at a bad digit: validate first.
  if (HEX_ONLY.test(s)) {
    const b = Buffer.from(s, 'hex');
    return new Uint8Array(b.buffer, b.byteOffset, b.length);
  }
  const out = new Uint8Array(s.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(s.charCodeAt(2 * i));
    const lo = nibble(s.charCodeAt(2 * i + 1));
    if (hi < 0 || lo < 0) {
      const at = hi < 0 ? 2 * i : 2 * i + 1;
      const cp = s.codePointAt(at)!;
      throw new CodecError(
        `encoding/hex: invalid byte: U+${cp.toString(16).toUpperCase().padStart(4, '0')} ${JSON.stringify(String.fromCodePoint(cp))}`,
        base + at,
      );
    }
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** avalanchego's `hex` (checksum: true) and `hexnc` (checksum: false) encodings: "0x" + hex(bytes [‖ sha256[-4:]]). */
export function encodeHex(bytes: Uint8Array, opts: { checksum: boolean } = { checksum: false }): string {
  return '0x' + toHex(bytes) + (opts.checksum ? toHex(checksum4(bytes)) : '');
}

export type HexDecodeResult = { bytes: Uint8Array; checksum: boolean };

/**
 * Decodes "0x…". With `checksum: true` the last 4 bytes must be sha256(rest)[-4:] and are dropped (the API's `hex`);
 * with `'auto'` they are dropped only when they verify (callers that do not know which form they were handed).
 */
export function decodeHexDetailed(s: string, opts: { checksum: boolean | 'auto' }): HexDecodeResult {
  if (!s.startsWith('0x')) throw new CodecError('missing 0x prefix to hex encoding', 0);
  const all = fromHex(s.slice(2), 2);
  if (opts.checksum === false) return { bytes: all, checksum: false };
  if (all.length < 4) {
    if (opts.checksum === 'auto') return { bytes: all, checksum: false };
    throw new CodecError('input string is smaller than the checksum size', s.length);
  }
  const data = all.subarray(0, all.length - 4);
  if (checksumMatches(data, all.subarray(all.length - 4))) return { bytes: data.slice(), checksum: true };
  if (opts.checksum === 'auto') return { bytes: all, checksum: false };
  throw new CodecError('invalid input checksum', 2 + 2 * data.length);
}

export function decodeHex(s: string, opts: { checksum: boolean | 'auto' } = { checksum: false }): Uint8Array {
  return decodeHexDetailed(s, opts).bytes;
}
