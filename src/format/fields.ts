// Display text for node values (`str`, sanitized; `flatten` for detail views) and the one set of tolerant readers
// (`big`, `num`, `date`, `obj`, `arr`, `bool`) for values no schema checked: the codec's decoded blocks, txs and
// UTXOs, a JSON-encoded block. Store data is already typed by the result schemas and is read directly.
import { sanitize } from './sanitize';
import { formatTimestamp } from './time';

export type Obj = Record<string, unknown>;

export function obj(v: unknown): Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
}

export function big(v: unknown): bigint | undefined {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return BigInt(Math.trunc(v));
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  return undefined;
}

export function num(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

/** Dates, RFC 3339 strings, or Unix seconds (as the staker start/end times are on the wire). */
export function date(v: unknown): number | undefined {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : v.getTime();
  if (typeof v === 'string') {
    if (/^\d+$/.test(v)) return Number(v) * 1000;
    const t = Date.parse(v);
    return Number.isNaN(t) ? undefined : t;
  }
  if (typeof v === 'bigint' || typeof v === 'number') return Number(v) * 1000;
  return undefined;
}

/** Terminal-safe text of any node-supplied value. */
export function str(v: unknown, fallback = '—'): string {
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'string') return sanitize(v, { maxLength: 4096 });
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return formatTimestamp(v);
  if (v instanceof Uint8Array) return hexOf(v);
  return sanitize(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)), { maxLength: 4096 });
}

function hexOf(b: Uint8Array): string {
  let h = '0x';
  for (const x of b.subarray(0, 512)) h += x.toString(16).padStart(2, '0');
  return b.length > 512 ? `${h}… (${b.length} bytes)` : h;
}

/** Flatten a record into label/value lines for detail views: nested keys joined with dots, lists indexed. */
export function flatten(v: unknown, prefix = '', out: Array<[string, string]> = [], depth = 0): Array<[string, string]> {
  if (out.length > 2000) return out;
  if (v instanceof Date || v instanceof Uint8Array || typeof v !== 'object' || v === null) {
    out.push([prefix || 'value', str(v)]);
    return out;
  }
  if (depth > 6) {
    out.push([prefix, str(v)]);
    return out;
  }
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
  if (entries.length === 0) out.push([prefix || 'value', Array.isArray(v) ? '[]' : '{}']);
  for (const [k, x] of entries) flatten(x, prefix ? `${prefix}.${sanitize(k)}` : sanitize(k), out, depth + 1);
  return out;
}
