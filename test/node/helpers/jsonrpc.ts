// A bare JSON-RPC caller for setting up the network and reading the node's own answers, independent of src/rpc,
// so that the client under test is never also the judge.
import { parseJsonBig, type JsonBig } from '../../../src/codec/index';
import { until } from '../../helpers/until';

export type Endpoint = 'info' | 'P' | 'health';

const PATHS: Record<Endpoint, string> = { info: '/ext/info', P: '/ext/bc/P', health: '/ext/health' };

export class NodeRpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly rpcMessage: string,
  ) {
    super(`${method}: ${code} ${rpcMessage}`);
  }
}

let nextId = 1;

/** Calls `method` and returns the raw reply text (so big integers can be parsed exactly). */
export async function callRaw(url: string, endpoint: Endpoint, method: string, params: unknown = {}): Promise<string> {
  const res = await fetch(`${url}${PATHS[endpoint]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/** Calls `method`; the result is parsed with integers above 2^53 kept as bigint. */
export async function call<T = JsonBig>(url: string, endpoint: Endpoint, method: string, params: unknown = {}): Promise<T> {
  const reply = parseJsonBig(await callRaw(url, endpoint, method, params)) as {
    result?: JsonBig;
    error?: { code: number; message: string };
  };
  if (reply.error) throw new NodeRpcError(method, reply.error.code, reply.error.message);
  return reply.result as T;
}

/** Polls `check` until it returns a value other than undefined (the kit's `until`, at a real node's pace). */
export function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  return until(what, check, timeoutMs, 250);
}
