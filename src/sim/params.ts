// Go-style decoding of JSON-RPC params: what avalanchego's arg structs accept, and the one generic error it gives
// for anything else (the real reason is lost in the node too).
import { parseAddress, parseId, parseNodeId, cb58Decode } from './wire';
import { EMPTY_ID } from './constants';

export const ARG_ERROR_MESSAGE =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

/** Params that Go's json.Unmarshal would reject. */
export class ArgError extends Error {
  constructor(readonly why: string) {
    super(ARG_ERROR_MESSAGE);
  }
}

/** An error a method returns: JSON-RPC -32000 with this message. */
export class MethodError extends Error {}

export type Args = Record<string, unknown>;

/** Params as the method's args struct sees them: an object, `[object]`, or nothing. */
export function argsObject(params: unknown): Args {
  if (params === undefined || params === null) return {};
  if (Array.isArray(params)) {
    if (params.length === 0) return {};
    if (params.length === 1 && isPlainObject(params[0])) return params[0] as Args;
    if (params.length === 1 && params[0] === null) return {};
    throw new ArgError('params array');
  }
  if (isPlainObject(params)) return params as Args;
  throw new ArgError('params type');
}

function isPlainObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Go matches JSON keys to struct fields case-insensitively, preferring an exact match. */
export function field(args: Args, name: string): unknown {
  if (name in args) return args[name];
  const lower = name.toLowerCase();
  for (const k of Object.keys(args)) if (k.toLowerCase() === lower) return args[k];
  return undefined;
}

export function stringArg(args: Args, name: string): string {
  const v = field(args, name);
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new ArgError(`${name} not a string`);
  return v;
}

export function stringsArg(args: Args, name: string): string[] {
  const v = field(args, name);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ArgError(`${name} not an array`);
  return v.map((x) => {
    if (x === null) return '';
    if (typeof x !== 'string') throw new ArgError(`${name} item not a string`);
    return x;
  });
}

export function boolArg(args: Args, name: string): boolean {
  const v = field(args, name);
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ArgError(`${name} not a bool`);
  return v;
}

/** avajson.Uint64/32/16: a JSON number or a quoted decimal; null is zero. */
export function uintArg(args: Args, name: string, bits: 16 | 32 | 64): bigint {
  const v = field(args, name);
  if (v === undefined || v === null) return 0n;
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new ArgError(`${name} not an integer`);
    n = BigInt(v);
  } else if (typeof v === 'string') {
    if (!/^\d+$/.test(v)) throw new ArgError(`${name} not decimal`);
    n = BigInt(v);
  } else throw new ArgError(`${name} wrong type`);
  if (n < 0n || n >= 1n << BigInt(bits)) throw new ArgError(`${name} out of range`);
  return n;
}

/** ids.ID: cb58 of 32 bytes; null or absent is ids.Empty. */
export function idArg(args: Args, name: string): string {
  const v = field(args, name);
  if (v === undefined || v === null) return EMPTY_ID;
  if (typeof v !== 'string') throw new ArgError(`${name} not a string`);
  try {
    parseId(v);
  } catch {
    throw new ArgError(`${name} bad cb58`);
  }
  return v;
}

export function nodeIdArg(args: Args, name: string): string | null {
  const v = field(args, name);
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new ArgError(`${name} not a string`);
  try {
    parseNodeId(v);
  } catch {
    throw new ArgError(`${name} bad node ID`);
  }
  return v;
}

export function nodeIdsArg(args: Args, name: string): string[] {
  const v = field(args, name);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ArgError(`${name} not an array`);
  return v.map((x) => {
    if (typeof x !== 'string') throw new ArgError(`${name} item not a string`);
    try {
      parseNodeId(x);
    } catch {
      throw new ArgError(`${name} bad node ID`);
    }
    return x;
  });
}

export function idsArg(args: Args, name: string): string[] {
  const v = field(args, name);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ArgError(`${name} not an array`);
  return v.map((x) => {
    if (x === null) return EMPTY_ID;
    if (typeof x !== 'string') throw new ArgError(`${name} item not a string`);
    try {
      parseId(x);
    } catch {
      throw new ArgError(`${name} bad cb58`);
    }
    return x;
  });
}

export type Encoding = 'hex' | 'hexc' | 'hexnc' | 'json';

/** formatting.Encoding: case-insensitive; absent or null means hex. */
export function encodingArg(args: Args, name = 'encoding'): Encoding {
  const v = field(args, name);
  if (v === undefined || v === null) return 'hex';
  if (typeof v !== 'string') throw new ArgError('encoding not a string');
  const lower = v.toLowerCase();
  if (lower === 'hex' || lower === 'hexc' || lower === 'hexnc' || lower === 'json') return lower;
  throw new ArgError('bad encoding');
}

/** getValidatorsAt's height: a number, a quoted number, or "proposed". */
export function heightArg(args: Args, name: string): bigint | 'proposed' {
  const v = field(args, name);
  if (v === 'proposed') return 'proposed';
  const n = uintArg(args, name, 64);
  if (n === (1n << 64n) - 1n) throw new ArgError('invalid height');
  return n;
}

/**
 * avax.ParseServiceAddress: a bare cb58 short ID, or `<alias>-<bech32>` of this chain and network. Errors carry the
 * node's wording, wrapped by the caller.
 */
export function parseServiceAddress(s: string, hrp: string, chainAliases: Record<string, string>): Uint8Array {
  try {
    const raw = cb58Decode(s);
    if (raw.length === 20) return raw;
  } catch {
    // not a bare short ID; try the bech32 form
  }
  let parsed: { chain: string; hrp: string; bytes: Uint8Array };
  try {
    parsed = parseAddress(s);
  } catch (err) {
    const reason = err instanceof Error ? ((err as { reason?: string }).reason ?? err.message) : String(err);
    throw new MethodError(`couldn't parse address ${JSON.stringify(s)}: ${reason}`);
  }
  const chainId = chainAliases[parsed.chain];
  if (chainId === undefined) {
    throw new MethodError(`couldn't parse address ${JSON.stringify(s)}: there is no ID with alias: ${parsed.chain}`);
  }
  if (parsed.hrp !== hrp) {
    throw new MethodError(`couldn't parse address ${JSON.stringify(s)}: expected hrp ${JSON.stringify(hrp)} but got ${JSON.stringify(parsed.hrp)}`);
  }
  if (chainId !== EMPTY_ID) {
    throw new MethodError(
      `couldn't parse address ${JSON.stringify(s)}: mismatched chainIDs: expected ${JSON.stringify(EMPTY_ID)} but got ${JSON.stringify(chainId)}`,
    );
  }
  return parsed.bytes;
}
