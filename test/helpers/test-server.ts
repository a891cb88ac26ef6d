import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The parsed JSON-RPC body, when it was JSON. */
  json?: { jsonrpc?: string; id?: unknown; method?: string; params?: unknown };
}

export type Handler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface TestServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** TCP connections accepted so far (keep-alive reuses one). */
  readonly connections: number;
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/**
 * A scriptable HTTP server on 127.0.0.1: each test sets what the "node" answers. With `tls` (a certificate and its
 * key) it speaks https, as a node behind a TLS proxy does.
 */
export async function startTestServer(handler: Handler = replyResult(null), opts: { tls?: { cert: Buffer; key: Buffer } } = {}): Promise<TestServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const rec: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      try {
        rec.json = JSON.parse(body);
      } catch {
        // not JSON: the test looks at `body`
      }
      requests.push(rec);
      Promise.resolve(current(rec, res)).catch((err: unknown) => {
        res.destroy(err as Error);
      });
    });
  };
  const server = opts.tls ? createHttpsServer(opts.tls, listener) : createServer(listener);
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    connections++;
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    port,
    requests,
    get connections() {
      return connections;
    },
    handle(h) {
      current = h;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(res: ServerResponse, body: unknown, status = 200): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'node-id': 'NodeID-TestNode111111111111111111111' });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/** Answers every call with `result`, echoing the request id like avalanchego does. */
export function replyResult(result: unknown): Handler {
  return replyWith(() => result);
}

/** Answers every call with what `make` returns for the request. */
export function replyWith(make: (req: RecordedRequest) => unknown): Handler {
  return (req, res) => {
    const value = make(req);
    sendJson(res, { jsonrpc: '2.0', result: value, id: req.json?.id ?? null });
  };
}

export function replyError(code: number, message: string, data: unknown = null): Handler {
  return (req, res) => sendJson(res, { jsonrpc: '2.0', error: { code, message, data }, id: req.json?.id ?? null });
}
