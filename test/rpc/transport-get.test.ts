// transport.getStream: the GET behind /ext/metrics. Same guarantees as JSON-RPC calls: caps, deadlines, errors in words.
import { describe, expect, it } from 'vitest';
import { HttpError, ResponseTooLargeError, TransportError } from '../../src/rpc/errors';
import { sendText } from '../helpers/test-server';
import { transportFixture } from '../helpers/transport-fixture';
import { caught } from '../helpers/caught';

// A loopback test server per test and the transport opened against it (test/helpers/transport-fixture.ts).
const fx = transportFixture({ headers: { authorization: 'Bearer x' } });
const open = fx.open;


describe('transport.getStream', () => {
  it('GETs the path under the URL with the user headers, no JSON content type, and hands the body on in pieces', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a 1\n');
      setTimeout(() => res.end('b 2\n'), 20);
    });
    const pieces: string[] = [];
    const r = await open({ url: `${fx.server.url}/prefix` }).getStream('/ext/metrics', { maxBytes: 1024, onText: (t) => pieces.push(t), accept: 'text/plain' });
    expect(pieces.join('')).toBe('a 1\nb 2\n');
    expect(r.bytes).toBe(8);
    const req = fx.server.requests[0]!;
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/prefix/ext/metrics');
    expect(req.headers.authorization).toBe('Bearer x');
    expect(req.headers['content-type']).toBeUndefined();
    expect(req.headers.accept).toBe('text/plain');
  });

  it('a 404 is an HttpError that names the metrics API flag', async () => {
    fx.server.handle((_req, res) => sendText(res, 404, '404 page not found\n'));
    const err = await caught(open().getStream('/ext/metrics', { maxBytes: 1024, onText: () => {} }));
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).hint).toMatch(/--api-metrics-enabled=false/);
  });

  it('refuses a body over the cap, declared or streamed, without handing on more than the cap', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      let n = 0;
      const pump = () => {
        while (n < 64 && res.write(chunk)) n++;
        if (n < 64) res.once('drain', pump);
        else res.end();
      };
      pump();
    });
    let handed = 0;
    const err = await caught(open().getStream('/ext/metrics', { maxBytes: 100_000, onText: (t) => (handed += t.length) }));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(handed).toBeLessThanOrEqual(100_000);

    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('x');
    });
    expect(await caught(open().getStream('/ext/metrics', { maxBytes: 100_000, onText: () => {} }))).toBeInstanceOf(ResponseTooLargeError);
  });

  it('a body that stalls times out: one deadline for headers and body', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a 1\n');
    });
    const err = await caught(open({ timeoutMs: 300 }).getStream('/ext/metrics', { maxBytes: 1024, onText: () => {} }));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('timeout');
  });
});
