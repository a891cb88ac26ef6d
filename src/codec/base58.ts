// Bitcoin-alphabet base58. Works on limbs of 58^5 (encode) and 2^24 (decode) rather than one digit at a time,
// which makes a 36-byte ID several times cheaper than a digit-wise conversion; IDs are formatted on every frame.
import { CodecError } from './errors';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();
const LIMB = 58 ** 5; // limb*256 + 255 stays far below 2^53

/** Longest text base58Decode accepts: the work is quadratic in the length, and real inputs are IDs. */
export const MAX_BASE58_LENGTH = 4096;

/** The alphabet's character codes, for building the text in one piece. */
const CODES: Uint8Array = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** Scratch for the usual sizes (IDs are 20-36 bytes): encoding allocates only its result. */
const LIMBS = new Float64Array(16);
const TEXT = new Uint16Array(80);
/** log2(58^5): the bits one limb holds. */
const LIMB_BITS = 5 * Math.log2(58);

/**
 * The text is built as character codes and made a string once: appending a character at a time made a chain of
 * about 50 concatenated strings per ID (3.7 KB of garbage per cb58 ID, the most of anything the big scenario's UTXO
 * paging allocated, docs/performance.md).
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  const most = Math.ceil(((bytes.length - zeros) * 8) / LIMB_BITS) + 1;
  const limbs = most <= LIMBS.length ? LIMBS : new Float64Array(most);
  let n = 0;
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < n; j++) {
      const x = limbs[j]! * 256 + carry;
      carry = Math.floor(x / LIMB);
      limbs[j] = x - carry * LIMB;
    }
    while (carry > 0) {
      const q = Math.floor(carry / LIMB);
      limbs[n++] = carry - q * LIMB;
      carry = q;
    }
  }
  // Digits, least significant first, into the end of the text; then the leading zero digits dropped.
  const size = zeros + n * 5;
  const text = size <= TEXT.length ? TEXT : new Uint16Array(size);
  let at = size;
  for (let j = 0; j < n; j++) {
    let v = limbs[j]!;
    for (let k = 0; k < 5; k++) {
      const q = Math.floor(v / 58);
      text[--at] = CODES[v - q * 58]!;
      v = q;
    }
  }
  while (at < size && text[at] === CODES[0]) at++;
  for (let i = 0; i < zeros; i++) text[--at] = CODES[0]!;
  return String.fromCharCode.apply(null, text.subarray(at, size) as unknown as number[]);
}

export function base58Decode(s: string): Uint8Array {
  if (s.length > MAX_BASE58_LENGTH) throw new CodecError(`base58 input longer than ${MAX_BASE58_LENGTH} characters`, MAX_BASE58_LENGTH);
  let zeros = 0;
  while (zeros < s.length && s.charCodeAt(zeros) === 49) zeros++;
  const limbs: number[] = []; // little-endian, 24 bits each
  for (let i = zeros; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const d = c < 128 ? DIGIT[c]! : -1;
    if (d < 0) throw new CodecError(`invalid base58 character ${JSON.stringify(s[i])}`, i);
    let carry = d;
    for (let j = 0; j < limbs.length; j++) {
      const x = limbs[j]! * 58 + carry;
      limbs[j] = x & 0xffffff;
      carry = x >>> 24;
    }
    while (carry > 0) {
      limbs.push(carry & 0xffffff);
      carry >>>= 24;
    }
  }
  const body: number[] = [];
  for (let j = 0; j < limbs.length; j++) {
    const v = limbs[j]!;
    body.push(v & 0xff, (v >>> 8) & 0xff, v >>> 16);
  }
  let top = body.length;
  while (top > 0 && body[top - 1] === 0) top--;
  const out = new Uint8Array(zeros + top);
  for (let i = 0; i < top; i++) out[zeros + i] = body[top - 1 - i]!;
  return out;
}
