// Building blocks for the method schemas. Results turn wire values into domain values at the boundary
// (decimal strings → bigint, percents → number, RFC 3339 → Date); params are checked before anything is sent.
import * as z from 'zod';
import { parseAddress } from '../../codec/address';
import { parseId, parseNodeId, parseShortId } from '../../codec/cb58';
import { CodecError } from '../../codec/errors';

// ───────────────────────── results ─────────────────────────

const DECIMAL = /^\d+$/;
const DECIMAL_FRACTION = /^-?\d+(\.\d+)?$/;

// The primitives below are single transforms rather than unions of zod types: a validator list has a dozen of them per
// row, and a union costs about three times as much per value (measured: 1.8 µs against 0.7 µs).

/** uint64 as the node writes it: a decimal string (avajson.Uint64), a JSON number, or a bigint from parseJsonBig. */
export const u64 = z.unknown().transform((v, ctx): bigint => {
  if (typeof v === 'string' && DECIMAL.test(v)) return BigInt(v);
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'bigint' && v >= 0n) return v;
  ctx.addIssue({ code: 'custom', message: 'expected an unsigned integer (decimal string or number)' });
  return z.NEVER;
});

/** A small unsigned integer as the node may write it (decimal string, number, bigint), or undefined. */
export function wireUnsigned(v: unknown): number | undefined {
  if (typeof v === 'string' && DECIMAL.test(v)) return Number(v);
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v === 'bigint' && v >= 0n) return Number(v);
  return undefined;
}

/** Small counts (uint32/uint16, network IDs, thresholds): string or number on the wire, number in the domain. */
export const u32 = z.unknown().transform((v, ctx): number => {
  const n = wireUnsigned(v);
  if (n !== undefined) return n;
  ctx.addIssue({ code: 'custom', message: 'expected an unsigned integer (decimal string or number)' });
  return z.NEVER;
});

/** A percent as the node may write it (avajson.Float64 "99.0000" or a plain number), or undefined. */
export function wirePercent(v: unknown): number | undefined {
  if (typeof v === 'string' && DECIMAL_FRACTION.test(v)) return Number(v);
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  return undefined;
}

/** avajson.Float64 percent ("99.0000") or a plain number. */
export const percent = z.unknown().transform((v, ctx): number => {
  const n = wirePercent(v);
  if (n !== undefined) return n;
  ctx.addIssue({ code: 'custom', message: 'expected a decimal number' });
  return z.NEVER;
});

/** An RFC 3339 time (any offset, any fraction length) as milliseconds since the epoch, or undefined. */
export function wireRfc3339Ms(v: unknown): number | undefined {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : ms;
}

/** RFC 3339 with any offset (`Z` or `-04:00`) and any fraction length. */
export const rfc3339 = z.unknown().transform((v, ctx): Date => {
  const ms = wireRfc3339Ms(v);
  if (ms !== undefined) return new Date(ms);
  ctx.addIssue({ code: 'custom', message: 'expected an RFC 3339 time' });
  return z.NEVER;
});

/** Unix seconds (a decimal string, a number or a bigint) as milliseconds since the epoch, or undefined. */
export function wireUnixTimeMs(v: unknown): number | undefined {
  if ((typeof v === 'string' && DECIMAL.test(v)) || (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n)) {
    return Number(v) * 1000;
  }
  return undefined;
}

/** Unix seconds, as a decimal string or a number. */
export const unixTime = z.unknown().transform((v, ctx): Date => {
  const ms = wireUnixTimeMs(v);
  if (ms !== undefined) return new Date(ms);
  ctx.addIssue({ code: 'custom', message: 'expected Unix seconds' });
  return z.NEVER;
});

/** A list the node may write as null when empty. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((v) => v ?? ([] as z.output<T>[]));
}

const NONE = Symbol('none');

/**
 * `list(item)` for a long list of small records read again and again (the exporter's twenty peer lists a minute):
 * the same output, but each record checked field by field with `item`'s own field schemas, and a field equal to the
 * one before it (a primitive: the peers' release, observed uptime, announced upgrade) not checked again but given the
 * same output, shared. z.object's own pass built a result and an issue list per field: 5 ms and half of the
 * allocations of reading a mainnet node's 1,590 peers. Fields absent from the output stay absent, as z.object leaves
 * an optional field the input lacks; an issue's path names the record and field.
 */
export function records<S extends z.ZodRawShape>(item: z.ZodObject<S>, options: RecordsOptions = {}) {
  const fields = Object.entries(item.shape) as Array<[string, z.ZodType]>;
  // A bare z.string() passes a string through as it is: taken without a parse (the peers' node IDs, each different,
  // were 1,590 parses and result objects a list). Anything else, and a value that is not a string, goes to the schema.
  const bareString = fields.map(([, schema]) => isBareString(schema));
  return z.unknown().transform((v, ctx): Array<z.output<typeof item>> => {
    if (v === null || v === undefined) return [];
    if (!Array.isArray(v)) {
      ctx.addIssue({ code: 'custom', message: 'expected an array' });
      return z.NEVER;
    }
    const lastIn: unknown[] = fields.map(() => NONE);
    const lastOut: unknown[] = fields.map(() => undefined);
    const out: Array<z.output<typeof item>> = new Array(v.length);
    for (let i = 0; i < v.length; i++) {
      const record: unknown = v[i];
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        ctx.addIssue({ code: 'custom', message: 'expected an object', path: [i] });
        return z.NEVER;
      }
      const inPlace = options.inPlace === true && hasOnly(record as Record<string, unknown>, fields.length, item.shape);
      const o: Record<string, unknown> = inPlace ? (record as Record<string, unknown>) : {};
      for (let f = 0; f < fields.length; f++) {
        // Not `const [key, schema] = …`: unoptimised (the monitor's one list a minute), taking a pair apart iterates it.
        const key = fields[f]![0];
        const schema = fields[f]![1];
        const raw = (record as Record<string, unknown>)[key];
        let value: unknown;
        if (raw === lastIn[f] && (raw === null || typeof raw !== 'object')) {
          value = lastOut[f];
        } else if (bareString[f] && typeof raw === 'string') {
          value = raw;
        } else {
          const r = schema.safeParse(raw);
          if (!r.success) {
            const issue = r.error.issues[0]!;
            ctx.addIssue({ code: 'custom', message: issue.message, path: [i, key, ...issue.path] });
            return z.NEVER;
          }
          value = r.data;
          lastIn[f] = raw;
          lastOut[f] = value;
        }
        if (value !== undefined) {
          if (!inPlace || o[key] !== value) o[key] = value;
        } else if (inPlace && key in o) delete o[key];
      }
      out[i] = o as z.output<typeof item>;
    }
    return out;
  });
}

export interface RecordsOptions {
  /**
   * The records are this reading's own (json-skim.ts builds them for it alone, with the planned fields only): each
   * is completed in place, a field's output written over its input, rather than copied. A record with a member the
   * item does not name is still copied. A mainnet peer list's copy was 1,590 objects that the store then kept, a
   * tenth of a 20-node exporter's promoted garbage (allocation sampling).
   */
  readonly inPlace?: boolean;
}

/** `record` has no own member but `shape`'s (of which there are `count`). */
function hasOnly(record: Record<string, unknown>, count: number, shape: z.ZodRawShape): boolean {
  let n = 0;
  for (const key in record) {
    if (!Object.hasOwn(shape, key) || !Object.hasOwn(record, key)) return false;
    n++;
  }
  return n <= count;
}

/** z.string() with no check, transform or default: its output is its input whenever that is a string. */
function isBareString(schema: z.ZodType): boolean {
  const def = schema._zod.def as { type: string; checks?: readonly unknown[] };
  return schema instanceof z.ZodString && def.type === 'string' && (def.checks?.length ?? 0) === 0;
}

/** A map the node may write as null when empty. */
export function map<T extends z.ZodType>(value: T) {
  return z
    .record(z.string(), value)
    .nullish()
    .transform((v) => (v ?? {}) as Record<string, z.output<T>>);
}

export const owner = z.object({
  locktime: u64,
  threshold: u32,
  addresses: list(z.string()),
});
export type Owner = z.output<typeof owner>;

/**
 * BLS key and proof of possession. The docs' signature block spells it `proofOfPosession`; real nodes write
 * `proofOfPossession`. Both are accepted and the domain uses the correct spelling.
 */
export const signer = z
  .object({
    publicKey: z.string(),
    proofOfPossession: z.string().optional(),
    proofOfPosession: z.string().optional(),
  })
  .transform(({ publicKey, proofOfPossession, proofOfPosession }) => ({
    publicKey,
    proofOfPossession: proofOfPossession ?? proofOfPosession ?? '',
  }));
export type Signer = z.output<typeof signer>;

/** `0x…` hex as the API writes blobs (with the 4-byte checksum for `hex`/`hexc`). Decoding is the codec's job. */
export const hexBlob = z.string().regex(/^0x[0-9a-fA-F]*$/, 'expected 0x-prefixed hex');

/** A json-encoded block or tx: kept as parsed (numbers above 2^53 are bigint when fetched with bigJson). */
export const jsonObject = z.record(z.string(), z.unknown());

// ───────────────────────── params ─────────────────────────

function codecCheck(parse: (s: string) => unknown, what: string) {
  return (s: string, ctx: z.RefinementCtx) => {
    try {
      parse(s);
    } catch (err) {
      const reason = err instanceof CodecError ? err.reason : err instanceof Error ? err.message : String(err);
      ctx.addIssue({ code: 'custom', message: `not a valid ${what} (${reason})` });
    }
  };
}

/** A 32-byte cb58 ID with a valid checksum. */
export const idParam = z.string().min(1, 'an ID is required').superRefine(codecCheck(parseId, 'cb58 ID'));

/** `NodeID-` followed by a 20-byte cb58 ID. */
export const nodeIdParam = z
  .string()
  .startsWith('NodeID-', 'node IDs start with "NodeID-"')
  .superRefine(codecCheck(parseNodeId, 'node ID'));

/** A chain alias (`P`, `X`, `C`, …) or a chain ID; the node resolves it. */
export const chainParam = z.string().min(1, 'a chain alias or ID is required');

/** `P-<hrp>1…` bech32, or a bare cb58 short ID (both accepted by avalanchego's ParseServiceAddress). */
export const addressParam = z
  .string()
  .min(1, 'an address is required')
  .superRefine((s, ctx) => {
    try {
      if (s.includes('-')) parseAddress(s);
      else parseShortId(s);
    } catch (err) {
      const reason = err instanceof CodecError ? err.reason : String(err);
      ctx.addIssue({ code: 'custom', message: `not a valid P-Chain address (${reason})` });
    }
  });

/**
 * The addresses a call reads: at least one, and at most `max` when the node caps them (it refuses a longer list
 * whole, so the limit is checked here with the node's words).
 */
export function addressList(max?: number) {
  const atLeastOne = z.array(addressParam).min(1, 'at least one address is required');
  return max === undefined ? atLeastOne : atLeastOne.max(max, `the node accepts at most ${max} addresses`);
}

/** uint64 in params: number, decimal string or bigint; sent as the node accepts it (number or quoted decimal). */
export const u64Param = z.union([
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(DECIMAL, 'expected a non-negative integer'),
  z.bigint().nonnegative().max(18446744073709551615n),
]);

/** Encodings of binary blobs (UTXOs, outputs, txs to issue): json is rejected by the node for these. */
export const blobEncoding = z.enum(['hex', 'hexc', 'hexnc'], {
  error: 'encoding must be hex, hexc or hexnc',
});
/** Blocks and txs can also come back as JSON. */
export const blockEncoding = z.enum(['hex', 'hexc', 'hexnc', 'json'], {
  error: 'encoding must be hex, hexc, hexnc or json',
});

/** Methods that take nothing: params may be omitted. */
export const noParams = z.object({}).optional();

/** `{ subnetID? }`: omitted means the primary network. */
export const optionalSubnetParams = z.object({ subnetID: idParam.optional() }).optional();
