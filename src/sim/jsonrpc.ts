// gorilla/rpc v2 json2 as avalanchego wraps it: one request object per body (no batches), notifications get no
// reply, every JSON-RPC outcome is HTTP 200, and the error texts are gorilla's and avalanchego's own.
import { parseJsonBig } from '../codec/json-big';
import { goJson } from './wire';
import { ArgError, MethodError, argsObject } from './params';

/** A result already serialized (cached big replies); its UTF-8 bytes are kept too, so a cached reply costs no encoding. */
export class RawJson {
  private text: string | undefined;
  private encoded: Buffer | undefined;
  constructor(json: string) {
    this.text = json;
  }
  static fromBytes(bytes: Buffer): RawJson {
    const r = new RawJson('');
    r.text = undefined;
    r.encoded = bytes;
    return r;
  }
  get json(): string {
    return (this.text ??= this.encoded!.toString('utf8'));
  }
  get bytes(): Buffer {
    return (this.encoded ??= Buffer.from(this.text!));
  }
}

export type Handler = (params: unknown) => unknown;

export interface Service {
  /** Keyed by the Go method name: first letter upper-cased ("GetHeight"). */
  methods: Map<string, Handler>;
}

export interface RpcHooks {
  /** May replace a result before it is written (faults: wrong shapes, injected escapes). */
  transformResult?: (method: string, result: unknown) => unknown;
  transformMessage?: (message: string) => string;
}

export interface RpcOutcome {
  /** null: a notification, nothing is written. Big cached results come as byte chunks to write in turn. */
  body: string | Buffer[] | null;
  method: string | null;
}

interface ErrorObject {
  code: number;
  message: string;
  data: unknown;
}

function envelope(part: 'result' | 'error', payloadJson: string, idJson: string): string {
  return `{"jsonrpc":"2.0","${part}":${payloadJson},"id":${idJson}}\n`;
}

function errorBody(err: ErrorObject, idJson: string, hooks: RpcHooks): string {
  const message = hooks.transformMessage ? hooks.transformMessage(err.message) : err.message;
  return envelope('error', goJson({ code: err.code, message, data: err.data }), idJson);
}

function goTypeName(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'bigint' || typeof v === 'number') return 'number';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

function parseErrorMessage(text: string, err: unknown): string {
  if (text.trim() === '') return 'EOF';
  const msg = err instanceof Error ? err.message : String(err);
  if (/end of (json|data|input)|unterminated|unexpected end/i.test(msg)) return 'unexpected EOF';
  const m = /position (\d+)/.exec(msg) ?? /at (\d+)/.exec(msg);
  const at = m ? Number(m[1]) : 0;
  const ch = text.charAt(at) || text.trimStart().charAt(0);
  return `invalid character '${ch}' looking for beginning of value`;
}

const EMPTY_REQUEST = { jsonrpc: '', method: '', params: null, id: null };

/** Go's unicode.IsUpper, near enough for method names. */
function isUpper(ch: string): boolean {
  return ch !== ch.toLowerCase() && ch === ch.toUpperCase();
}

export async function handleJsonRpc(text: string, services: ReadonlyMap<string, Service>, hooks: RpcHooks = {}): Promise<RpcOutcome> {
  let req: unknown;
  try {
    req = parseJsonBig(text);
  } catch (err) {
    return { body: errorBody({ code: -32700, message: parseErrorMessage(text, err), data: EMPTY_REQUEST }, 'null', hooks), method: null };
  }
  if (typeof req !== 'object' || req === null || Array.isArray(req)) {
    if (req === null) return { body: null, method: null };
    const message = `json: cannot unmarshal ${goTypeName(req)} into Go value of type json2.serverRequest`;
    return { body: errorBody({ code: -32700, message, data: EMPTY_REQUEST }, 'null', hooks), method: null };
  }
  const r = req as Record<string, unknown>;
  for (const [key, want] of [
    ['jsonrpc', 'string'],
    ['method', 'string'],
  ] as const) {
    const v = r[key];
    if (v !== undefined && v !== null && typeof v !== want) {
      const message = `json: cannot unmarshal ${goTypeName(v)} into Go struct field serverRequest.${key} of type string`;
      return { body: errorBody({ code: -32700, message, data: EMPTY_REQUEST }, 'null', hooks), method: null };
    }
  }
  const id = r.id;
  const isNotification = id === undefined || id === null;
  const idJson = isNotification ? 'null' : goJson(id);
  const method = typeof r.method === 'string' ? r.method : '';
  const params = r.params === undefined ? null : r.params;
  const fail = (code: number, message: string, data: unknown = null): RpcOutcome => ({
    body: isNotification ? null : errorBody({ code, message, data }, idJson, hooks),
    method,
  });

  if (r.jsonrpc !== '2.0') {
    return fail(-32600, 'jsonrpc must be 2.0', { jsonrpc: r.jsonrpc ?? '', method, params, id: isNotification ? null : id });
  }

  // avalanchego's codec: "svc.getFoo" is dispatched as "svc.GetFoo"; an upper-case first letter is refused.
  let goMethod = method;
  const firstDot = method.indexOf('.');
  if (firstDot >= 0) {
    const fn = method.slice(firstDot + 1);
    const first = fn.codePointAt(0);
    if (first !== undefined) {
      const ch = String.fromCodePoint(first);
      if (isUpper(ch)) return fail(-32000, 'method must start with a non-uppercase letter');
      goMethod = method.slice(0, firstDot + 1) + ch.toUpperCase() + fn.slice(ch.length);
    }
  }
  const parts = goMethod.split('.');
  if (parts.length !== 2) return fail(-32000, `rpc: service/method request ill-formed: ${JSON.stringify(goMethod)}`);
  const service = services.get(parts[0]!);
  if (!service) return fail(-32000, `rpc: can't find service ${JSON.stringify(goMethod)}`);
  const handler = service.methods.get(parts[1]!);
  if (!handler) return fail(-32000, `rpc: can't find method ${JSON.stringify(goMethod)}`);

  let result: unknown;
  try {
    // Every avalanchego args type is a struct: anything but an object (or [object]) fails to unmarshal.
    argsObject(params);
    result = await handler(params);
  } catch (err) {
    if (err instanceof ArgError || err instanceof MethodError) return fail(-32000, err.message);
    return fail(-32000, err instanceof Error ? err.message : String(err));
  }
  if (isNotification) return { body: null, method };
  if (hooks.transformResult) result = hooks.transformResult(method, result);
  if (result instanceof RawJson) {
    return { body: [Buffer.from('{"jsonrpc":"2.0","result":'), result.bytes, Buffer.from(`,"id":${idJson}}\n`)], method };
  }
  return { body: envelope('result', goJson(result), idJson), method };
}

/** The method name of a request body, for fault matching before the request is handled. */
export function peekMethod(text: string): string | null {
  const m = /"method"\s*:\s*"([^"\\]{1,200})"/.exec(text.slice(0, 4096));
  return m ? m[1]! : null;
}
