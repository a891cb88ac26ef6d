// The HTTP face of the simulated node: avalanchego's routes and transport behaviour (node-id header, host filter,
// 404/405/415/503 as plain text, JSON-RPC always HTTP 200), with faults applied per request.
import http from 'node:http';
import { isIP, type Socket } from 'node:net';
import { handleJsonRpc, peekMethod, RawJson, type RpcHooks, type Service } from './jsonrpc';
import { breakShape, type ActiveFault, type FaultTable } from './faults';
import { Injector } from './inject';
import { goJson } from './wire';
import type { HealthKind, HealthReply } from './handlers/health';
import { parseJsonBig } from '../codec/json-big';

export type Route = 'info' | 'platform' | 'health';

const P_PATHS = ['/ext/bc/P', '/ext/P', '/ext/platform', '/ext/bc/platform', '/ext/bc/11111111111111111111111111111111LpoYY'];

export function routeFor(path: string): { route: Route; healthGet?: HealthKind } | null {
  if (path === '/ext/info') return { route: 'info' };
  if (P_PATHS.includes(path)) return { route: 'platform' };
  if (path === '/ext/health') return { route: 'health', healthGet: 'health' };
  const m = /^\/ext\/health\/(health|readiness|liveness)$/.exec(path);
  if (m) return { route: 'health', healthGet: m[1] as HealthKind };
  return null;
}

export function hostAllowed(hostHeader: string | undefined, allowed: readonly string[]): boolean {
  if (!hostHeader) return true;
  let host = hostHeader;
  if (host.startsWith('[')) return true; // IPv6 literal
  const colon = host.lastIndexOf(':');
  if (colon >= 0 && /^\d*$/.test(host.slice(colon + 1))) host = host.slice(0, colon);
  if (host === '' || isIP(host) !== 0) return true;
  const lower = host.toLowerCase();
  return allowed.some((a) => a === '*' || a.toLowerCase() === lower);
}

export interface ServerDeps {
  nodeIdStr: string;
  services: Record<Route, Service>;
  faults: FaultTable;
  isBootstrapping: () => boolean;
  allowedHosts?: readonly string[];
  health: (kind: HealthKind) => HealthReply;
  control: (body: string) => Promise<unknown>;
  beforeRequest: () => void;
  /** GET /ext/metrics: the Prometheus page (absent: 404, as a node started with --api-metrics-enabled=false). */
  metrics?: () => string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';
const MAX_REQUEST_BYTES = 64 * 1024 * 1024;

/** The faults that end a request before any reply: a reset connection or an HTTP error status. True when one did. */
function endedByFault(req: http.IncomingMessage, res: http.ServerResponse, firedKind: (k: ActiveFault['kind']) => ActiveFault | undefined): boolean {
  if (firedKind('reset')) {
    req.socket.destroy();
    return true;
  }
  const httpError = firedKind('http-error');
  if (!httpError) return false;
  const status = httpError.status ?? 502;
  sendText(res, status, httpError.body ?? `${status} ${http.STATUS_CODES[status] ?? 'Error'}\n`);
  return true;
}

function sendText(res: http.ServerResponse, status: number, text: string): void {
  const body = Buffer.from(text);
  res.writeHead(status, { 'Content-Type': TEXT_TYPE, 'X-Content-Type-Options': 'nosniff', 'Content-Length': body.length });
  res.end(body);
}

function sendJson(res: http.ServerResponse, status: number, text: string | Buffer[]): void {
  const parts = typeof text === 'string' ? [Buffer.from(text)] : text;
  const length = parts.reduce((n, p) => n + p.length, 0);
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'X-Content-Type-Options': 'nosniff', 'Content-Length': length });
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
}

async function readBody(req: http.IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of req) {
    n += (chunk as Buffer).length;
    if (n > MAX_REQUEST_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function requestIdJson(body: string): string | null {
  try {
    const v = parseJsonBig(body) as Record<string, unknown> | null;
    if (!v || typeof v !== 'object' || Array.isArray(v) || v.id === undefined || v.id === null) return null;
    return goJson(v.id);
  } catch {
    return 'null';
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `chunk` over and over until `bytes` are written or the client goes, waiting for the socket to drain. */
async function writeRepeated(res: http.ServerResponse, chunk: Buffer, bytes: number): Promise<void> {
  let left = bytes;
  while (left > 0 && !res.destroyed) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!res.write(part)) {
      // Both listeners go when either fires: a race of events.once() left the loser attached on every chunk.
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
}

async function streamHuge(res: http.ServerResponse, bytes: number, idJson: string): Promise<void> {
  res.writeHead(200, { 'Content-Type': JSON_TYPE });
  res.write('{"jsonrpc":"2.0","result":{"padding":"');
  await writeRepeated(res, Buffer.alloc(64 * 1024, 'A'), bytes);
  if (!res.destroyed) res.end(`"},"id":${idJson}}\n`);
}

export function createHttpHandler(deps: ServerDeps, stalled: Set<http.ServerResponse>) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    res.setHeader('node-id', deps.nodeIdStr);
    deps.beforeRequest();
    const path = new URL(req.url ?? '/', 'http://sim').pathname;
    if (path === '/sim/control') {
      const body = await readBody(req);
      if (req.method !== 'POST') return sendText(res, 405, 'POST a JSON control message\n');
      try {
        return sendJson(res, 200, goJson(await deps.control(body ?? '')) + '\n');
      } catch (err) {
        return sendText(res, 400, `${err instanceof Error ? err.message : String(err)}\n`);
      }
    }

    const hostMode = deps.faults.mode('host-check', path, null);
    const allowed = hostMode ? (hostMode.allowedHosts ?? ['localhost']) : deps.allowedHosts;
    if (allowed && !hostAllowed(req.headers.host, allowed)) return sendText(res, 403, 'invalid host specified\n');

    if (path === '/ext/metrics' && deps.metrics) return serveMetrics(req, res, deps, path);
    const route = routeFor(path);
    if (!route) return sendText(res, 404, '404 page not found\n');

    const body = await readBody(req);
    if (body === null) {
      req.socket.destroy();
      return;
    }
    const method = req.method === 'POST' ? peekMethod(body) : null;
    const fired = deps.faults.take(path, method);
    const firedKind = (k: ActiveFault['kind']) => fired.find((f) => f.kind === k);
    const latency = fired.filter((f) => f.kind === 'latency').reduce((s, f) => s + (f.ms ?? 250), 0);
    if (latency > 0) await sleep(latency);

    if (route.route === 'platform' && deps.isBootstrapping()) {
      return sendText(res, 503, 'API call rejected because chain is not done bootstrapping\n');
    }
    if (endedByFault(req, res, firedKind)) return;

    const isHealthGet = route.healthGet !== undefined && req.method === 'GET';
    if (!isHealthGet) {
      if (req.method !== 'POST') return sendText(res, 405, `rpc: POST method required, received ${req.method}`);
      if (route.healthGet !== undefined && path !== '/ext/health') {
        return sendText(res, 405, `rpc: POST method required, received ${req.method}`);
      }
      const ct = req.headers['content-type'] ?? '';
      const semi = ct.indexOf(';');
      const base = (semi >= 0 ? ct.slice(0, semi) : ct).toLowerCase();
      if (base !== 'application/json') return sendText(res, 415, `rpc: unrecognized Content-Type: ${semi >= 0 ? ct.slice(0, semi) : ct}`);
    }

    const stall = firedKind('stall');
    if (stall) {
      res.writeHead(200, { 'Content-Type': JSON_TYPE });
      res.write('{"jsonrpc":"2.0","result":{');
      stalled.add(res);
      res.on('close', () => stalled.delete(res));
      if (stall.ms === undefined) return;
      await sleep(stall.ms);
      stalled.delete(res);
      if (!res.destroyed) res.end(`"stalled":true},"id":${requestIdJson(body) ?? 'null'}}\n`);
      return;
    }
    const huge = firedKind('huge');
    if (huge) return streamHuge(res, huge.bytes ?? 100 * 1024 * 1024, requestIdJson(body) ?? 'null');
    const rpcError = firedKind('rpc-error');
    if (rpcError) {
      const id = requestIdJson(body);
      if (id === null) return sendJson(res, 200, '');
      const err = { code: rpcError.code ?? -32000, message: rpcError.message ?? 'simulated failure', data: null };
      return sendJson(res, 200, `{"jsonrpc":"2.0","error":${goJson(err)},"id":${id}}\n`);
    }

    const injectMode = deps.faults.mode('inject', path, method);
    const injector = injectMode ? new Injector(injectMode.scope ?? 'all') : null;
    const wrongShape = firedKind('wrong-shape');
    const hooks: RpcHooks = {};
    if (injector || wrongShape) {
      hooks.transformResult = (_m, result) => {
        let r = result instanceof RawJson ? (JSON.parse(result.json) as unknown) : result;
        if (wrongShape) r = breakShape(r, wrongShape.field);
        if (injector) r = injector.apply(r);
        return r;
      };
    }
    if (injector) hooks.transformMessage = (m) => injector.text(m);

    let text: string | Buffer[];
    let status = 200;
    if (isHealthGet) {
      let report: unknown = deps.health(route.healthGet!);
      status = (report as HealthReply).healthy ? 200 : 503;
      if (hooks.transformResult) report = hooks.transformResult('health.health', report);
      text = goJson(report) + '\n';
    } else {
      const outcome = await handleJsonRpc(body, new Map([[route.route, deps.services[route.route]]]), hooks);
      if (outcome.body === null) {
        res.writeHead(200, { 'Content-Length': 0 });
        res.end();
        return;
      }
      text = outcome.body;
    }

    const truncate = firedKind('truncate');
    if (truncate) {
      const full = typeof text === 'string' ? Buffer.from(text) : Buffer.concat(text);
      const keep = Math.max(0, Math.min(full.length - 1, truncate.bytes ?? Math.floor(full.length / 2)));
      if (truncate.abort) {
        res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': full.length });
        res.write(full.subarray(0, keep), () => res.socket?.destroy());
        return;
      }
      res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': keep });
      res.end(full.subarray(0, keep));
      return;
    }
    if (firedKind('malformed')) {
      return sendJson(res, status, `{"jsonrpc":"2.0","result":{"height":"12",,"oops":NaN}<html>,"id":${requestIdJson(body) ?? 'null'}\n`);
    }
    sendJson(res, status, text);
  };
}

/**
 * promhttp answers any method with the page. Only faults aimed at this path apply (latency, errors, resets, huge,
 * truncate, malformed): the monitor reads it on its own schedule, and a fault meant for the JSON-RPC calls (or a draw
 * from the seeded fault stream) must not be spent on it.
 */
async function serveMetrics(req: http.IncomingMessage, res: http.ServerResponse, deps: ServerDeps, path: string): Promise<void> {
  const aimed = deps.faults.all().some((f) => f.path === path);
  const fired = aimed ? deps.faults.take(path, null).filter((f) => f.path === path) : [];
  const firedKind = (k: ActiveFault['kind']) => fired.find((f) => f.kind === k);
  const latency = fired.filter((f) => f.kind === 'latency').reduce((s, f) => s + (f.ms ?? 250), 0);
  if (latency > 0) await sleep(latency);
  if (endedByFault(req, res, firedKind)) return;
  const huge = firedKind('huge');
  if (huge) {
    res.writeHead(200, { 'Content-Type': METRICS_TYPE });
    await writeRepeated(res, Buffer.from('avalanche_padding_total 1\n'.repeat(2048)), huge.bytes ?? 100 * 1024 * 1024);
    if (!res.destroyed) res.end();
    return;
  }
  let text = deps.metrics!();
  if (firedKind('malformed')) text = `<html><body>502 Bad Gateway</body></html>\n\x1b]0;pwned\x07{{{ not metrics\n`;
  const body = Buffer.from(text);
  const truncate = firedKind('truncate');
  const keep = truncate ? Math.max(0, Math.min(body.length - 1, truncate.bytes ?? Math.floor(body.length / 2))) : body.length;
  res.writeHead(200, { 'Content-Type': METRICS_TYPE, 'Content-Length': keep });
  res.end(body.subarray(0, keep));
}

const METRICS_TYPE = 'text/plain; version=0.0.4; charset=utf-8; escaping=underscores';

export interface Listener {
  server: http.Server;
  sockets: Set<Socket>;
  stalled: Set<http.ServerResponse>;
}

export function createListener(deps: ServerDeps): Listener {
  const stalled = new Set<http.ServerResponse>();
  const handler = createHttpHandler(deps, stalled);
  const server = http.createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendText(res, 500, `${err instanceof Error ? err.message : String(err)}\n`);
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 30_000;
  server.requestTimeout = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return { server, sockets, stalled };
}
