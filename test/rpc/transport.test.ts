import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AvatopError,
  HttpError,
  MalformedResponseError,
  ResponseTooLargeError,
  RpcError,
  TransportError,
} from '../../src/rpc/errors';
import { classifyNetworkError, parseNodeUrl } from '../../src/rpc/transport';
import { transportFixture } from '../helpers/transport-fixture';
import { replyError, replyResult, replyWith, sendJson, sendText, startTestServer } from '../helpers/test-server';
import { caught } from '../helpers/caught';
import { deadUrl } from '../helpers/ports';
import { track } from '../helpers/track';

// A loopback test server per test and the transport opened against it (test/helpers/transport-fixture.ts).
const fx = transportFixture();
const open = fx.open;


/** Resolves when the server has received `n` requests. */
function waitForRequests(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (fx.server.requests.length >= n ? resolve() : setImmediate(check));
    check();
  });
}

describe('transport: envelopes and paths', () => {
  it('posts a JSON-RPC 2.0 envelope to each endpoint and returns the result with accounting', async () => {
    fx.server.handle(replyWith((req) => ({ echo: req.json?.method })));
    const t = open();
    const a = await t.call('info', 'info.getNodeID', undefined);
    const b = await t.call('P', 'platform.getHeight', {});
    const c = await t.call('health', 'health.health', { tags: ['x'] });
    expect(a.result).toEqual({ echo: 'info.getNodeID' });
    expect(b.result).toEqual({ echo: 'platform.getHeight' });
    expect(c.result).toEqual({ echo: 'health.health' });
    expect(fx.server.requests.map((r) => r.url)).toEqual(['/ext/info', '/ext/bc/P', '/ext/health']);
    const ids = fx.server.requests.map((r) => r.json?.id);
    expect(ids[1]).toBe((ids[0] as number) + 1);
    expect(ids[2]).toBe((ids[0] as number) + 2);
    for (const r of fx.server.requests) {
      expect(r.method).toBe('POST');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.json?.jsonrpc).toBe('2.0');
    }
    expect(fx.server.requests[0]!.json?.params).toEqual({});
    expect(fx.server.requests[2]!.json?.params).toEqual({ tags: ['x'] });
    expect(a.bytes).toBeGreaterThan(10);
    expect(a.requestBytes).toBe(Buffer.byteLength(fx.server.requests[0]!.body));
    expect(a.latencyMs).toBeGreaterThanOrEqual(0);
    expect(a.nodeId).toMatch(/^NodeID-/);
  });

  it('serialises bigint params as decimal strings', async () => {
    fx.server.handle(replyResult({}));
    await open().call('P', 'platform.getBlockByHeight', { height: 18446744073709551615n });
    expect(fx.server.requests[0]!.body).toContain('"height":"18446744073709551615"');
  });

  it('keeps a base path from the URL (a proxy at /avax/)', async () => {
    fx.server.handle(replyResult({ height: '1' }));
    const t = open({ url: `${fx.server.url}/avax/` });
    await t.call('P', 'platform.getHeight', {});
    await t.call('info', 'info.getNodeID', {});
    expect(fx.server.requests.map((r) => r.url)).toEqual(['/avax/ext/bc/P', '/avax/ext/info']);
  });

  it('sends basic auth from the URL user-info and extra headers, and never lets content-type be replaced', async () => {
    fx.server.handle(replyResult({}));
    const url = fx.server.url.replace('http://', 'http://al%40ice:s3cr%3At@');
    const t = open({ url, headers: { 'X-Api-Key': 'k1', 'Content-Type': 'text/plain' } });
    await t.call('info', 'info.getNodeID', {});
    const h = fx.server.requests[0]!.headers;
    expect(h.authorization).toBe(`Basic ${Buffer.from('al@ice:s3cr:t').toString('base64')}`);
    expect(h['x-api-key']).toBe('k1');
    expect(h['content-type']).toBe('application/json');
    expect(t.url).not.toContain('s3cr');
  });

  it('reuses a kept-alive connection across calls', async () => {
    fx.server.handle(replyResult({}));
    const t = open();
    for (let i = 0; i < 6; i++) await t.call('info', 'info.getNodeID', {});
    expect(fx.server.requests.length).toBe(6);
    // The pool may open a second socket while the first is being released; it must not open one per call.
    expect(fx.server.connections).toBeLessThanOrEqual(2);
  });

  it('rejects non-http URLs and reports invalid ones', () => {
    expect(() => parseNodeUrl('ftp://x')).toThrow(/unsupported URL scheme/);
    expect(() => parseNodeUrl('not a url')).toThrow(/invalid URL/);
    expect(parseNodeUrl('https://h:1/avax/').basePath).toBe('/avax');
  });
});

describe('transport: timeouts and cancellation', () => {
  it('times out when headers never come', async () => {
    fx.server.handle(() => {
      /* never answer */
    });
    const err = await caught(open({ timeoutMs: 150 }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('timeout');
    expect((err as TransportError).hint).toMatch(/timeout/);
  });

  it('times out when the body stalls after the headers', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"jsonrpc":"2.0","result":{"a":');
    });
    const err = await caught(open({ timeoutMs: 150 }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('timeout');
    expect((err as TransportError).bytes).toBeGreaterThan(0);
  });

  it('honours a per-call timeout', async () => {
    fx.server.handle(() => undefined);
    const err = await caught(open({ timeoutMs: 60_000 }).call('info', 'info.getNodeID', {}, { timeoutMs: 100 }));
    expect((err as TransportError).kind).toBe('timeout');
  });

  it('cancels an in-flight call through an AbortSignal', async () => {
    fx.server.handle(() => undefined);
    const ac = new AbortController();
    const p = open().call('info', 'info.getNodeID', {}, { signal: ac.signal });
    await waitForRequests(1);
    ac.abort();
    const err = await caught(p);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('aborted');
  });

  it('does not send anything when the signal is already aborted', async () => {
    const ac = new AbortController();
    ac.abort();
    const err = await caught(open().call('info', 'info.getNodeID', {}, { signal: ac.signal }));
    expect((err as TransportError).kind).toBe('aborted');
    expect(fx.server.requests.length).toBe(0);
  });
});

describe('transport: network failures', () => {
  it('reports a refused connection', async () => {
    // A port that was just listened on and is closed now (test/helpers/ports.ts).
    const err = await caught(open({ url: await deadUrl() }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('refused');
    expect((err as TransportError).hint).toMatch(/avalanchego running/);
  });

  it('reports a connection reset in the middle of the body', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"jsonrpc":"2.0","result":{"padding":"', () => res.socket?.destroy());
    });
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('reset');
  });

  it('classifies DNS, TLS and wrapped socket errors', () => {
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'ENOTFOUND' }))).toBe('dns');
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'EAI_AGAIN' }))).toBe('dns');
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }))).toBe('tls');
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'ERR_SSL_WRONG_VERSION_NUMBER' }))).toBe('tls');
    expect(classifyNetworkError(new Error('x', { cause: Object.assign(new Error('y'), { code: 'ECONNRESET' }) }))).toBe('reset');
    expect(classifyNetworkError(Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }))).toBe('timeout');
    expect(classifyNetworkError(new Error('plain'))).toBe('other');
  });
});

describe('transport: HTTP status errors', () => {
  const cases: Array<[number, string, RegExp, boolean]> = [
    // The test server is 127.0.0.1: avalanchego accepts any IP as Host, so "connect by IP" would be no advice.
    [403, 'invalid host specified\n', /^avalanchego accepts any IP address as Host, so something in front of the node/, false],
    [404, '404 page not found\n', /avalanchego API port/, false],
    [405, 'rpc: POST method required, received GET', /POST/, false],
    [415, 'rpc: unrecognized Content-Type: ', /content-type/i, false],
    [503, 'API call rejected because chain is not done bootstrapping\n', /bootstrapping/, true],
    [500, 'internal', /node logs/, false],
    [502, 'bad gateway', /proxy/, false],
  ];
  for (const [status, body, hint, bootstrapping] of cases) {
    it(`HTTP ${status} becomes an HttpError with a hint`, async () => {
      fx.server.handle((_req, res) => sendText(res, status, body));
      const err = await caught(open().call('P', 'platform.getHeight', {}));
      expect(err).toBeInstanceOf(HttpError);
      const e = err as HttpError;
      expect(e.status).toBe(status);
      expect(e.body).toBe(body);
      expect(e.hint).toMatch(hint);
      expect(e.isBootstrapping).toBe(bootstrapping);
      expect(e.short.length).toBeLessThan(80);
    });
  }
});

describe('HTTP 403 invalid host: the advice fits the URL', () => {
  it('a host name: allow it on the node, or connect by IP', () => {
    const e = new HttpError(403, 'invalid host specified\n', 'http://node.lan:9650/ext/info');
    expect(e.hint).toMatch(/--http-allowed-hosts/);
    expect(e.hint).toMatch(/Connect by IP address/);
  });
  for (const url of ['http://10.0.0.5:9650/ext/info', 'http://[::1]:9650/ext/bc/P']) {
    it(`an IP address (${url}): never "connect by IP"`, () => {
      const e = new HttpError(403, 'invalid host specified\n', url);
      expect(e.hint).not.toMatch(/Connect by IP/i);
      expect(e.hint).toMatch(/proxy/);
    });
  }
});

describe('transport: redirects', () => {
  it('does not follow a redirect and says where it points', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(301, { location: 'https://node.example/ext/info' });
      res.end();
    });
    const err = (await caught(open().call('info', 'info.getNodeID', {}))) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.location).toBe('https://node.example/ext/info');
    expect(err.hint).toMatch(/redirects to https:\/\/node\.example/);
  });
});

describe('transport: bad replies', () => {
  it('turns a JSON-RPC error object into an RpcError', async () => {
    fx.server.handle(replyError(-32000, 'couldn\'t get tx: not found'));
    const err = await caught(open().call('P', 'platform.getTx', {}));
    expect(err).toBeInstanceOf(RpcError);
    expect((err as RpcError).code).toBe(-32000);
    expect((err as RpcError).message).toBe("couldn't get tx: not found");
    expect((err as RpcError).unsupported).toBe(false);
    expect((err as RpcError).data).toBeNull();
  });

  it('marks unknown methods unsupported with the version that removed them', async () => {
    fx.server.handle(replyError(-32000, 'rpc: can\'t find method "platform.GetPendingValidators"'));
    const err = (await caught(open().call('P', 'platform.getPendingValidators', {}))) as RpcError;
    expect(err.unsupported).toBe(true);
    expect(err.removedIn).toBe('v1.11.3');
    expect(err.short).toMatch(/removed in avalanchego v1\.11\.3/);
  });

  it('rejects garbage that is not JSON', async () => {
    fx.server.handle((_req, res) => sendJson(res, '<html>oops</html>'));
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect((err as MalformedResponseError).reason).toBe('json');
    expect((err as MalformedResponseError).snippet).toContain('<html>');
  });

  it('rejects a truncated JSON body', async () => {
    fx.server.handle((_req, res) => sendJson(res, '{"jsonrpc":"2.0","result":{"a":1'));
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect((err as MalformedResponseError).reason).toBe('json');
  });

  it('rejects an empty body (what a notification gets)', async () => {
    fx.server.handle((_req, res) => sendJson(res, ''));
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect((err as MalformedResponseError).reason).toBe('empty');
  });

  it('rejects a reply whose id does not match', async () => {
    fx.server.handle((req, res) => sendJson(res, { jsonrpc: '2.0', result: {}, id: (req.json?.id as number) + 100 }));
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(MalformedResponseError);
    expect((err as MalformedResponseError).reason).toBe('id');
  });

  it('rejects a JSON value that is not an envelope', async () => {
    fx.server.handle((req, res) => sendJson(res, { jsonrpc: '2.0', id: req.json?.id }));
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect((err as MalformedResponseError).reason).toBe('envelope');
  });

  it('keeps parse errors that come back with id null as RpcErrors', async () => {
    fx.server.handle((_req, res) =>
      sendJson(res, { jsonrpc: '2.0', error: { code: -32700, message: 'unexpected EOF', data: {} }, id: null }),
    );
    const err = await caught(open().call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(RpcError);
    expect((err as RpcError).code).toBe(-32700);
  });

  it('caps the response size from content-length', async () => {
    fx.server.handle((req, res) => sendJson(res, { jsonrpc: '2.0', result: { big: 'x'.repeat(5000) }, id: req.json?.id }));
    const err = await caught(open({ maxBytes: 1024 }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).limit).toBe(1024);
    expect((err as ResponseTooLargeError).short).toMatch(/larger than 1 KiB/);
  });

  it('caps the response size while streaming a chunked body', async () => {
    fx.server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"jsonrpc":"2.0","result":"');
      // Keeps writing until the client hangs up, like a runaway reply.
      const pump = () => {
        if (res.destroyed || res.writableEnded) return;
        if (res.write('y'.repeat(4096))) setImmediate(pump);
        else res.once('drain', pump);
      };
      res.on('error', () => undefined);
      pump();
    });
    const err = await caught(open({ maxBytes: 64 * 1024 }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).received).toBeGreaterThan(64 * 1024);
  });

  it('keeps integers above 2^53 exact when bigJson is set', async () => {
    fx.server.handle((req, res) =>
      sendJson(res, `{"jsonrpc":"2.0","result":{"amount":18446744073709551615,"small":5},"id":${req.json?.id}}`),
    );
    const t = open();
    const { result } = await t.call('P', 'platform.getTx', {}, { bigJson: true });
    expect((result as { amount: unknown }).amount).toBe(18446744073709551615n);
    expect((result as { small: unknown }).small).toBe(5);
  });
});

describe('transport: https', () => {
  const dir = new URL('../fixtures/tls/', import.meta.url);
  const cert = readFileSync(new URL('cert.pem', dir));
  const key = readFileSync(new URL('key.pem', dir));

  async function startHttps(): Promise<string> {
    return track(await startTestServer(replyResult({ ok: true }), { tls: { cert, key } })).url;
  }

  it('talks to an https node whose certificate is trusted', async () => {
    const url = await startHttps();
    const { result } = await open({ url, tls: { ca: cert } }).call('info', 'info.getNodeID', {});
    expect(result).toEqual({ ok: true });
  });

  it('reports an untrusted certificate as a TLS error', async () => {
    const url = await startHttps();
    const err = await caught(open({ url }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).kind).toBe('tls');
  });

  it('reports plain http spoken to a TLS port as a network error, not a crash', async () => {
    const url = (await startHttps()).replace('https:', 'http:');
    const err = await caught(open({ url }).call('info', 'info.getNodeID', {}));
    expect(err).toBeInstanceOf(AvatopError);
    expect(['reset', 'tls', 'other']).toContain((err as TransportError).kind);
  });
});

describe('transport: timeout values', () => {
  it('treats an infinite timeout as "very long", not as an immediate one', async () => {
    fx.server.handle(replyResult({ ok: 1 }));
    const { result } = await open({ timeoutMs: Number.POSITIVE_INFINITY }).call('info', 'info.getNodeID', {});
    expect(result).toEqual({ ok: 1 });
  });
});
