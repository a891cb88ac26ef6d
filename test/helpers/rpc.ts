// Bare HTTP and JSON-RPC calls to a node (the simulator or a server a test scripts), independent of src/rpc so the
// client under test is never also the judge of what the node served.
import { request } from 'undici';

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request as sent (a JSON POST unless told otherwise), and the reply as it came. */
export async function raw(
  url: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  const res = await request(url + path, {
    method: (init.method ?? 'POST') as 'POST',
    body: init.body,
    headers: init.headers ?? { 'content-type': 'application/json' },
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** One JSON-RPC 2.0 call, the reply as it came. */
export async function rpc(url: string, path: string, method: string, params: unknown = {}, id: unknown = 1): Promise<RawReply> {
  return raw(url, path, { body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) });
}

/** What a call answered, a result or an error (a test of how a node refuses reads `error`). */
export async function reply<T = unknown>(url: string, path: string, method: string, params: unknown = {}): Promise<{ result?: T; error?: { code: number; message: string; data?: unknown } }> {
  return JSON.parse((await rpc(url, path, method, params)).text);
}

/** The `result` of a call, failing loudly on an error reply. */
export async function result<T = Record<string, unknown>>(url: string, path: string, method: string, params: unknown = {}): Promise<T> {
  const body = await reply<T>(url, path, method, params);
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
