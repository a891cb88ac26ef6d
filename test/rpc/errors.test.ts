// Replays every documented error reply of avalanchego (test/fixtures/methods/_errors.derived.json) from a real
// loopback server and checks the error class, message and state the client derives from it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/rpc/client';
import { HttpError, MalformedResponseError, ParamsError, RpcError, TransportError, oneLine } from '../../src/rpc/errors';
import { createTransport, type Endpoint } from '../../src/rpc/transport';
import { sendJson, sendText, startTestServer } from '../helpers/test-server';
import { shared } from '../helpers/track';

interface ErrorCase {
  case: string;
  endpoint?: string;
  request?: { id?: unknown; method?: string; params?: unknown } | unknown[];
  httpStatus: number;
  response?: { jsonrpc: string; error: { code: number; message: string; data: unknown }; id: unknown };
  responseBody?: string;
  contentType?: string;
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/methods/_errors.derived.json', import.meta.url), 'utf8')) as {
  cases: ErrorCase[];
};

const byPath: Record<string, Endpoint> = { '/ext/info': 'info', '/ext/bc/P': 'P', '/ext/health': 'health' };

function methodOf(c: ErrorCase): string {
  const req = Array.isArray(c.request) ? (c.request[0] as { method?: string }) : c.request;
  return req?.method ?? 'info.getNodeID';
}

let current: ErrorCase;

const server = shared(() =>
  startTestServer((req, res) => {
    const c = current;
    if (c.response) {
      // The node echoes the request id verbatim; parse errors (id null) stay null.
      const id = c.response.id === null ? null : req.json?.id;
      sendJson(res, { ...c.response, id }, c.httpStatus);
    } else if (c.httpStatus === 200) {
      sendJson(res, c.responseBody ?? '');
    } else {
      sendText(res, c.httpStatus, c.responseBody ?? '');
    }
  }),
);
// Released before the server (shared resources go last first).
const client = shared(() => createClient({ url: server().url }));
const transport = shared(() => createTransport({ url: server().url }));

async function replay(c: ErrorCase): Promise<unknown> {
  current = c;
  const endpoint = byPath[c.endpoint ?? '/ext/info'] ?? 'P';
  try {
    await transport().call(endpoint, methodOf(c), Array.isArray(c.request) ? {} : (c.request?.params ?? {}));
  } catch (err) {
    return err;
  }
  throw new Error(`${c.case}: expected a failure`);
}

describe('documented error replies', () => {
  it('the fixture has the cases this suite expects', () => {
    expect(fixture.cases.length).toBe(18);
  });

  for (const c of fixture.cases) {
    it(`${c.case}`, async () => {
      const err = await replay(c);
      if (c.response) {
        expect(err).toBeInstanceOf(RpcError);
        const e = err as RpcError;
        expect(e.code).toBe(c.response.error.code);
        expect(e.message).toBe(c.response.error.message);
        expect(e.data).toEqual(c.response.error.data);
        expect(e.short.length).toBeGreaterThan(0);
        expect(e.hint.length).toBeGreaterThan(0);
      } else if (c.httpStatus === 200) {
        expect(err).toBeInstanceOf(MalformedResponseError);
        expect((err as MalformedResponseError).reason).toBe('empty');
      } else {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).status).toBe(c.httpStatus);
        expect((err as HttpError).body).toBe(c.responseBody);
      }
    });
  }
});

describe('what each documented error means', () => {
  const find = (name: string) => fixture.cases.find((c) => c.case === name)!;

  it('unknown method: unsupported, removed in v1.11.3', async () => {
    const e = (await replay(find('unknown method'))) as RpcError;
    expect(e.unsupported).toBe(true);
    expect(e.method).toBe('platform.getPendingValidators');
    expect(e.removedIn).toBe('v1.11.3');
    expect(e.short).toBe('platform.getPendingValidators not supported (removed in avalanchego v1.11.3)');
  });

  it('wrong endpoint: not "unsupported", says where it belongs', async () => {
    const e = (await replay(find('method on the wrong endpoint'))) as RpcError;
    expect(e.unsupported).toBe(false);
    expect(e.hint).toMatch(/\/ext\/info/);
  });

  it('bad argument: hints at the parameter formats', async () => {
    const e = (await replay(find('bad argument (invalid cb58 / wrong type / "" for an ID / unknown encoding)'))) as RpcError;
    expect(e.hint).toMatch(/cb58/);
  });

  it('403 explains --http-allowed-hosts and connecting by IP, for a URL that names its host', async () => {
    const replayed = (await replay(find('Host header not allowed'))) as HttpError;
    // Replayed from 127.0.0.1, where avalanchego never sends it (it accepts any IP); the documented case is a name.
    const e = new HttpError(replayed.status, replayed.body, 'http://node.example:9650/ext/info');
    expect(e.hint).toMatch(/--http-allowed-hosts/);
    expect(e.hint).toMatch(/IP/);
  });

  it('503 is the bootstrapping state', async () => {
    const e = (await replay(find('P-chain not bootstrapped'))) as HttpError;
    expect(e.isBootstrapping).toBe(true);
    expect(e.short).toBe('chain still bootstrapping');
  });

  it('404 asks whether this is an avalanchego API port', async () => {
    const e = (await replay(find('unknown path'))) as HttpError;
    expect(e.hint).toMatch(/avalanchego API port/);
  });
});

describe('documented bad requests are caught before sending', () => {
  const cases: Array<[string, string, unknown, PropertyKey[]]> = [
    ['getSubnet without subnetID', 'platform.getSubnet', {}, ['subnetID']],
    ['getUTXOs without addresses', 'platform.getUTXOs', {}, ['addresses']],
    ['issueTx without 0x', 'platform.issueTx', { tx: '00ff' }, ['tx']],
    ['isBootstrapped without chain', 'info.isBootstrapped', {}, ['chain']],
    ['bad argument', 'platform.getTx', { txID: 'notAnID', encoding: 'json' }, ['txID']],
  ];
  for (const [label, method, params, path] of cases) {
    it(label, async () => {
      const before = server().requests.length;
      const err = await client().call(method as 'platform.getSubnet', params as { subnetID: string }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ParamsError);
      expect((err as ParamsError).path).toEqual(path);
      expect(server().requests.length).toBe(before);
    });
  }
});

describe('error texts', () => {
  it('keeps short one line and bounded', () => {
    const e = new RpcError(-32000, `couldn't issue tx:\n${'x'.repeat(500)}`, null, 'platform.issueTx');
    expect(e.short).not.toContain('\n');
    expect(e.short.length).toBeLessThanOrEqual(160);
    expect(e.message).toContain('\n');
    expect(oneLine('a\n\tb')).toBe('a b');
  });

  it('names methods added later as too new for an old node', () => {
    const e = new RpcError(-32000, 'rpc: can\'t find method "platform.GetFeeState"', null, 'platform.getFeeState');
    expect(e.unsupported).toBe(true);
    expect(e.since).toBe('v1.11.11');
    expect(e.short).toBe('platform.getFeeState not supported (added in avalanchego v1.11.11)');
    const k = new RpcError(-32000, 'rpc: can\'t find method "platform.ExportKey"', null);
    expect(k.removedIn).toBe('v1.12.2');
    expect(k.method).toBe('platform.exportKey');
  });

  it('a 404 on /ext/health mentions the health API switch', () => {
    expect(new HttpError(404, '404 page not found\n', 'http://h:9650/ext/health').hint).toMatch(/--api-health-enabled/);
    expect(new HttpError(404, '404 page not found\n', 'http://h:9650/ext/bc/P').hint).not.toMatch(/--api-/);
  });

  it('explains JSON-RPC protocol errors and keeps names after minification', () => {
    expect(new RpcError(-32600, 'jsonrpc must be 2.0', {}).hint).toMatch(/proxy/);
    expect(new TransportError('refused', 'http://x').name).toBe('TransportError');
    expect(new HttpError(503, 'API call rejected because chain is not done bootstrapping\n', 'http://x').name).toBe('HttpError');
  });
});
