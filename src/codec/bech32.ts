// Classic BIP-173 bech32 (not bech32m), as avalanchego uses through btcutil for its addresses.
import { CodecError } from './errors';

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const CHARSET_REV: Int8Array = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < CHARSET.length; i++) t[CHARSET.charCodeAt(i)] = i;
  return t;
})();
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const MAX_LENGTH = 90;

function polymod(values: ArrayLike<number>, chk: number): number {
  for (let i = 0; i < values.length; i++) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ values[i]!;
    for (let g = 0; g < 5; g++) if ((top >>> g) & 1) chk ^= GENERATORS[g]!;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) >> 5);
  out.push(0);
  for (let i = 0; i < hrp.length; i++) out.push(hrp.charCodeAt(i) & 31);
  return out;
}

/** Regroups bits (8→5 with padding to encode, 5→8 without padding to decode). */
export function convertBits(data: ArrayLike<number>, from: number, to: number, pad: boolean): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const maxv = (1 << to) - 1;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v >>> from !== 0) throw new CodecError(`invalid data range: ${v}`, i);
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & maxv);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & maxv);
  } else if (bits >= from || ((acc << (to - bits)) & maxv) !== 0) {
    throw new CodecError('invalid padding in bech32 data', data.length);
  }
  return out;
}

export function bech32Encode(hrp: string, data5: ArrayLike<number>): string {
  const lower = hrp.toLowerCase();
  const values = [...hrpExpand(lower), ...Array.from(data5), 0, 0, 0, 0, 0, 0];
  const mod = polymod(values, 1) ^ 1;
  let s = lower + '1';
  for (let i = 0; i < data5.length; i++) s += CHARSET[data5[i]!];
  for (let i = 0; i < 6; i++) s += CHARSET[(mod >>> (5 * (5 - i))) & 31];
  return s;
}

export function bech32Decode(s: string): { hrp: string; data5: number[] } {
  if (s.length < 8 || s.length > MAX_LENGTH) throw new CodecError(`invalid bech32 string length ${s.length}`, 0);
  let hasLower = false;
  let hasUpper = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 33 || c > 126) throw new CodecError(`invalid character in bech32 string: ${JSON.stringify(s[i])}`, i);
    if (c >= 97 && c <= 122) hasLower = true;
    if (c >= 65 && c <= 90) hasUpper = true;
  }
  if (hasLower && hasUpper) throw new CodecError('string not all lowercase or all uppercase', 0);
  const lower = s.toLowerCase();
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) throw new CodecError('invalid separator index', Math.max(sep, 0));
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (let i = sep + 1; i < lower.length; i++) {
    const v = CHARSET_REV[lower.charCodeAt(i)] ?? -1;
    if (v < 0) throw new CodecError(`invalid character not part of charset: ${lower.charCodeAt(i)}`, i);
    data.push(v);
  }
  if (polymod([...hrpExpand(hrp), ...data], 1) !== 1) throw new CodecError('invalid checksum', lower.length - 6);
  return { hrp, data5: data.slice(0, data.length - 6) };
}
