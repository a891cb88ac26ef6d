// Text forms the simulator writes: the same helpers the codec exports, gathered in one place so the rest of the
// simulator does not care where they live. JSON output mimics Go's encoder (HTML-safe escapes, bigints as numbers).
import { createHash } from 'node:crypto';

export { formatId, formatNodeId, cb58Decode, parseId, parseNodeId } from '../codec/cb58';
export { formatAddress, parseAddress, networkName } from '../codec/address';
export { encodeHex, decodeHex } from '../codec/hex';

export function sha256(...parts: Uint8Array[]): Uint8Array {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
}

export function hexNoChecksum(bytes: Uint8Array): string {
  return '0x' + Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

const BIG_MARK = '\u0000big:';
const BIG_RE = /"\\u0000big:(-?\d+)"/g;
const GO_ESCAPE_RE = /[<>&\u2028\u2029]/;
const GO_ESCAPE_ALL = /[<>&\u2028\u2029]/g;
const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON text as Go's json.Encoder writes it: bigints as plain numbers, `<>&` and U+2028/9 escaped. */
export function goJson(value: unknown): string {
  let hasBig = false;
  let text = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint') {
      hasBig = true;
      return BIG_MARK + v.toString();
    }
    return v;
  });
  if (text === undefined) text = 'null';
  if (hasBig) text = text.replace(BIG_RE, '$1');
  if (GO_ESCAPE_RE.test(text)) text = text.replace(GO_ESCAPE_ALL, (c) => GO_ESCAPES[c] ?? c);
  return text;
}

/** Go's avajson.Float64 text: exactly four decimals. */
export function goFloat4(n: number): string {
  return n.toFixed(4);
}

/** RFC 3339 with nanosecond-style fraction trimmed as Go's time.RFC3339Nano does. */
export function rfc3339(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2024-01-01T00:00:00.123Z
  return iso.replace(/\.(\d+)Z$/, (_m, frac: string) => {
    const t = frac.replace(/0+$/, '');
    return t ? `.${t}Z` : 'Z';
  });
}
