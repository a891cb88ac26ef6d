// Shared setup for the simulator tests: a node on loopback with a fixed start time and a hand-driven clock.
import { request } from 'undici';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';

/** Today in the tests' world: mainnet after Helicon (2026-09-22 15:00 UTC). */
export const START = Date.UTC(2026, 10, 26, 12);

export function startSim(opts: SimNodeOptions = {}): Promise<SimNode> {
  return createSimNode({ validators: 120, peers: 40, utxos: 300, autoAdvance: false, startTimeMs: START, ...opts });
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

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

export async function rpc(url: string, path: string, method: string, params: unknown = {}, id: unknown = 1): Promise<RawReply> {
  return raw(url, path, { body: JSON.stringify({ jsonrpc: '2.0', id, method, params }) });
}

/** The `result` of a call, failing loudly on an error reply. */
export async function result<T = Record<string, unknown>>(url: string, path: string, method: string, params: unknown = {}): Promise<T> {
  const r = await rpc(url, path, method, params);
  const body = JSON.parse(r.text) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}
