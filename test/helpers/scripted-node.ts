// A scripted avalanchego stand-in on 127.0.0.1 for the poll tests: real HTTP and JSON-RPC envelopes, answers per
// method from a table the test changes as it goes, and a count of requests per method.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Answer =
  | { result: unknown }
  | { error: { code: number; message: string } }
  | { http: number; body: string }
  /** Keep the request open until `release()` (to test that nothing overlaps). */
  | { hold: true; then: Answer };

export type Responder = (params: any) => Answer | unknown;

export interface ScriptedNode {
  url: string;
  /** Set how a method answers: a plain value is the result; an Answer object picks an error form. */
  on(method: string, responder: Responder | Answer | unknown): void;
  /** Make every P-chain route answer 503 "not done bootstrapping" (true) or normally (false). */
  bootstrapping(on: boolean): void;
  count(method: string): number;
  counts(): Record<string, number>;
  /** Requests open right now, per method. */
  open(method: string): number;
  maxOpen(method: string): number;
  release(): void;
  held(): number;
  close(): Promise<void>;
}

const isAnswer = (v: unknown): v is Answer =>
  v !== null && typeof v === 'object' && ('result' in v || 'error' in v || 'http' in v || 'hold' in v);

export const cantFindMethod = (method: string): Answer => ({
  error: { code: -32000, message: `rpc: can't find method "${method.replace(/\.(\w)/, (_m, c: string) => '.' + c.toUpperCase())}"` },
});

export async function startScriptedNode(): Promise<ScriptedNode> {
  const table = new Map<string, Responder>();
  const counts = new Map<string, number>();
  const openNow = new Map<string, number>();
  const openMax = new Map<string, number>();
  const heldQueue: (() => void)[] = [];
  const sockets = new Set<Socket>();
  let booting = false;

  const send = (res: ServerResponse, id: unknown, a: Answer, method: string, done: () => void): void => {
    if ('hold' in a) {
      heldQueue.push(() => send(res, id, a.then, method, done));
      return;
    }
    done();
    if ('http' in a) {
      res.writeHead(a.http, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(a.body);
      return;
    }
    const body = JSON.stringify(
      'error' in a ? { jsonrpc: '2.0', id, error: { ...a.error, data: null } } : { jsonrpc: '2.0', id, result: a.result },
      (_k, v) => (typeof v === 'bigint' ? v.toString() : v),
    );
    res.writeHead(200, { 'content-type': 'application/json', 'node-id': 'NodeID-Scripted' });
    res.end(body);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let msg: { id?: unknown; method?: string; params?: unknown };
      try {
        msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const method = String(msg.method);
      counts.set(method, (counts.get(method) ?? 0) + 1);
      const n = (openNow.get(method) ?? 0) + 1;
      openNow.set(method, n);
      openMax.set(method, Math.max(openMax.get(method) ?? 0, n));
      const done = () => openNow.set(method, (openNow.get(method) ?? 1) - 1);
      if (booting && req.url?.startsWith('/ext/bc/P')) {
        send(res, msg.id, { http: 503, body: 'API call rejected because chain is not done bootstrapping\n' }, method, done);
        return;
      }
      const responder = table.get(method);
      const out = responder ? responder(msg.params ?? {}) : cantFindMethod(method);
      send(res, msg.id, isAnswer(out) ? out : { result: out }, method, done);
    });
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    on(method, responder) {
      table.set(method, typeof responder === 'function' ? (responder as Responder) : () => responder);
    },
    bootstrapping(on) {
      booting = on;
    },
    count: (m) => counts.get(m) ?? 0,
    counts: () => Object.fromEntries(counts),
    open: (m) => openNow.get(m) ?? 0,
    maxOpen: (m) => openMax.get(m) ?? 0,
    release() {
      const all = heldQueue.splice(0);
      for (const f of all) f();
    },
    held: () => heldQueue.length,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
