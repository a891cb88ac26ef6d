// POST requests over Node's own http/https with a small keep-alive pool. It replaced undici, whose module and the
// built-ins it pulls in (http2, tls, zlib, worker_threads, Node's own fetch) cost about 50 ms of every start-up for
// features avatop does not use. https is loaded only for https URLs.
import { Agent, request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';

export interface HttpPoolOptions {
  /** Most sockets open at once. */
  connections: number;
  tls?: { ca?: string | Buffer; rejectUnauthorized?: boolean };
}

export interface PostOptions {
  path: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

export interface GetOptions {
  path: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}

export interface HttpPool {
  /** Resolves with the response once its headers are in; its body is read by iterating it. */
  post(opts: PostOptions): Promise<IncomingMessage>;
  /** A GET on the same sockets (/ext/metrics). */
  get(opts: GetOptions): Promise<IncomingMessage>;
  destroy(): void;
}

export function createHttpPool(origin: string, opts: HttpPoolOptions): HttpPool {
  const u = new URL(origin);
  const secure = u.protocol === 'https:';
  // URL keeps the brackets of an IPv6 host; http.request wants the bare address.
  const hostname = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = u.port ? Number(u.port) : secure ? 443 : 80;
  let transport: Promise<{ agent: Agent; request: typeof httpRequest }> | undefined;
  const load = () =>
    (transport ??= secure
      ? import('node:https').then((https) => ({
          agent: new https.Agent({ keepAlive: true, maxSockets: opts.connections, ...opts.tls }),
          request: https.request as typeof httpRequest,
        }))
      : Promise.resolve({ agent: new Agent({ keepAlive: true, maxSockets: opts.connections }), request: httpRequest }));

  return {
    async post({ path, headers, body, signal }) {
      const { agent, request } = await load();
      return new Promise<IncomingMessage>((resolve, reject) => {
        const options: RequestOptions = {
          hostname,
          port,
          path,
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent,
          signal,
        };
        const req = request(options, resolve);
        req.once('error', reject);
        req.end(body);
      });
    },
    async get({ path, headers, signal }) {
      const { agent, request } = await load();
      return new Promise<IncomingMessage>((resolve, reject) => {
        const req = request({ hostname, port, path, method: 'GET', headers, agent, signal }, resolve);
        req.once('error', reject);
        req.end();
      });
    },
    destroy() {
      void transport?.then(({ agent }) => agent.destroy());
    },
  };
}
