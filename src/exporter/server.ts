// The exporter's HTTP side: /metrics answers from what the sessions already hold, so a scrape never waits on a node.
import { createServer, type Server } from 'node:http';
import { EXPOSITION_CONTENT_TYPE, writeExposition } from './exposition';
import { collectFamilies, type NodeView, type RuleOptions } from './node-series';

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/** "127.0.0.1:9109", "[::1]:9109" or ":9109" (all interfaces). */
export function parseListen(text: string): ListenAddress | undefined {
  const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]\s]*)):(\d{1,5})$/.exec(text.trim());
  if (!m) return undefined;
  const port = Number(m[3]);
  if (port > 65535) return undefined;
  return { host: m[1] ?? (m[2] || '0.0.0.0'), port };
}

const INDEX = `<html><head><title>avatop exporter</title></head><body><h1>avatop exporter</h1><p><a href="/metrics">Metrics</a></p></body></html>\n`;

/** `scraped` hears of each read of /metrics (the exporter's pace follows them, exporter/scrape-pace.ts). */
export function createExporterServer(nodes: () => readonly NodeView[], rule: RuleOptions = {}, now: () => number = Date.now, scraped?: () => void): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (path === '/metrics') {
      scraped?.();
      let body: string;
      try {
        body = writeExposition(collectFamilies(nodes(), now(), rule));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`${err instanceof Error ? err.message : String(err)}\n`);
        return;
      }
      res.writeHead(200, { 'content-type': EXPOSITION_CONTENT_TYPE, 'content-length': Buffer.byteLength(body) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    if (path === '/-/healthy' || path === '/-/ready') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK\n');
      return;
    }
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(INDEX);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: try /metrics\n');
  });
}

/** Resolves once listening; rejects with a one-line reason (port in use, address not on this host, …). */
export function listen(server: Server, at: ListenAddress): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const where = `${at.host.includes(':') ? `[${at.host}]` : at.host}:${at.port}`;
      if (err.code === 'EADDRINUSE') reject(new Error(`${where} is already in use: stop what listens there or pick another --listen`));
      else if (err.code === 'EADDRNOTAVAIL') reject(new Error(`${where}: that address is not on this host: use 127.0.0.1 or one of this host's addresses`));
      else if (err.code === 'EACCES') reject(new Error(`${where}: not allowed to listen there (ports under 1024 need privileges): pick a port like 9109`));
      else reject(new Error(`${where}: ${err.message}`));
    };
    server.once('error', onError);
    server.listen(at.port, at.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}
