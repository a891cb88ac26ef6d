import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createClient, endpointForMethod, type AvatopClient, type CallEvent } from '../../src/rpc/client';
import { ParamsError, RpcError, SchemaError } from '../../src/rpc/errors';
import { replyWith, sendJson, startTestServer, type TestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

let server: TestServer;
let client: AvatopClient;
let events: CallEvent[];

const replies: Record<string, unknown> = {
  'platform.getHeight': { height: '56' },
  'info.getNodeVersion': { version: 'avalanchego/1.14.2', databaseVersion: 'v1.4.5', rpcProtocolVersion: '45', gitCommit: 'abc', vmVersions: { platform: 'v1.14.2' } },
  'health.health': { checks: {}, healthy: true },
  'info.peers': { numPeers: '0', peers: [] },
  'platform.getTimestamp': { timestamp: 'not a time' },
};

beforeEach(async () => {
  server = track(
    await startTestServer((req, res) => {
      const method = req.json?.method ?? '';
      if (method === 'platform.getPendingValidators') {
        sendJson(res, { jsonrpc: '2.0', error: { code: -32000, message: 'rpc: can\'t find method "platform.GetPendingValidators"', data: null }, id: req.json?.id });
        return;
      }
      if (method === 'platform.getTx') {
        sendJson(res, `{"jsonrpc":"2.0","result":{"tx":{"unsignedTx":{"amount":18446744073709551615}},"encoding":"json"},"id":${req.json?.id}}`);
        return;
      }
      void replyWith((r) => replies[r.json?.method ?? ''] ?? { echo: r.json?.params })(req, res);
    }),
  );
  client = track(createClient({ url: server.url }));
  events = [];
  client.onCall((e) => events.push(e));
});

describe('client', () => {
  it('calls by name and returns domain values', async () => {
    const r = await client.call('platform.getHeight');
    const height: bigint = r.height;
    expect(height).toBe(56n);
    expect(server.requests[0]!.url).toBe('/ext/bc/P');
    expect(server.requests[0]!.json?.method).toBe('platform.getHeight');
  });

  it('has per-service sugar routed to the right endpoints', async () => {
    const v = await client.info.getNodeVersion();
    expect(v.rpcProtocolVersion).toBe(45);
    const h = await client.health.health({ tags: ['P'] });
    expect(h.healthy).toBe(true);
    const p = await client.info.peers();
    expect(p.numPeers).toBe(0);
    expect(server.requests.map((r) => r.url)).toEqual(['/ext/info', '/ext/health', '/ext/info']);
    expect(server.requests[1]!.json?.params).toEqual({ tags: ['P'] });
    expect(Object.keys(client.platform)).toContain('getCurrentValidators');
    expect(Object.keys(client.platform).length).toBe(35);
  });

  it('reports every call to onCall listeners with bytes and latency', async () => {
    await client.platform.getHeight();
    await client.platform.getPendingValidators().catch(() => undefined);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ method: 'platform.getHeight', endpoint: 'P', ok: true });
    expect(events[0]!.bytes).toBe(Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', result: { height: '56' }, id: server.requests[0]!.json?.id })));
    expect(events[0]!.requestBytes).toBe(Buffer.byteLength(server.requests[0]!.body));
    expect(events[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(events[1]).toMatchObject({ method: 'platform.getPendingValidators', ok: false });
    expect(events[1]!.error).toBeInstanceOf(RpcError);
    expect((events[1]!.error as RpcError).unsupported).toBe(true);
    expect(events[1]!.bytes).toBeGreaterThan(0);
  });

  it("tells a call's own onDone about that call only, failures included", async () => {
    const a: CallEvent[] = [];
    const b: CallEvent[] = [];
    await Promise.all([
      client.call('platform.getHeight', undefined, { onDone: (e) => a.push(e) }),
      client.call('info.peers', undefined, { onDone: (e) => b.push(e) }),
      client.platform.getHeight(),
    ]);
    await client.platform.getPendingValidators(undefined, { onDone: (e) => b.push(e) }).catch(() => undefined);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ method: 'platform.getHeight', ok: true });
    expect(b.map((e) => [e.method, e.ok])).toEqual([['info.peers', true], ['platform.getPendingValidators', false]]);
    expect(b[1]!.bytes).toBeGreaterThan(0);
    expect(events).toHaveLength(4);
    expect(events.filter((e) => e.method === 'platform.getHeight').map((e) => e.bytes)).toContain(a[0]!.bytes);
  });

  it('turns a reply of the wrong shape into a SchemaError naming method and field', async () => {
    const err = await client.platform.getTimestamp().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).method).toBe('platform.getTimestamp');
    expect((err as SchemaError).path).toEqual(['timestamp']);
    expect((err as SchemaError).short).toBe('platform.getTimestamp: unexpected reply at timestamp');
    expect(events[0]).toMatchObject({ ok: false });
  });

  it('parses bigJson methods with exact big integers', async () => {
    const r = await client.platform.getTx({ txID: 'TAG9Ns1sa723mZy1GSoGqWipK6Mvpaj7CAswVJGM6MkVJDF9Q', encoding: 'json' });
    expect((r.tx as { unsignedTx: { amount: unknown } }).unsignedTx.amount).toBe(18446744073709551615n);
  });

  it('unsubscribes listeners, and a throwing listener does not break calls', async () => {
    const off = client.onCall(() => {
      throw new Error('listener bug');
    });
    await expect(client.platform.getHeight()).resolves.toEqual({ height: 56n });
    off();
    await client.platform.getHeight();
    expect(events).toHaveLength(2);
  });

  it('callRaw sends any method as-is and routes by service prefix', async () => {
    const r = await client.callRaw('platform.getFoo', { a: 1 });
    expect(r.result).toEqual({ echo: { a: 1 } });
    expect(r.endpoint).toBe('P');
    await client.callRaw('info.somethingNew');
    expect(server.requests.map((q) => q.url)).toEqual(['/ext/bc/P', '/ext/info']);
    expect(endpointForMethod('health.liveness')).toBe('health');
    expect(events.map((e) => e.ok)).toEqual([true, true]);
  });

  it('rejects an unknown method name in call()', async () => {
    await expect(client.call('platform.getFoo' as 'platform.getHeight')).rejects.toBeInstanceOf(ParamsError);
    expect(server.requests).toHaveLength(0);
  });

  it('passes an AbortSignal through', async () => {
    server.handle(() => undefined);
    const ac = new AbortController();
    const p = client.platform.getHeight(undefined, { signal: ac.signal });
    await new Promise<void>((resolve) => {
      const check = () => (server.requests.length > 0 ? resolve() : setImmediate(check));
      check();
    });
    ac.abort();
    const err = await p.catch((e: unknown) => e);
    expect((err as { kind?: string }).kind).toBe('aborted');
    expect(events[0]).toMatchObject({ ok: false, method: 'platform.getHeight' });
  });
});

describe('client types', () => {
  it('infers params and results from the registry', () => {
    type C = AvatopClient;
    expectTypeOf<Awaited<ReturnType<C['platform']['getHeight']>>>().toEqualTypeOf<{ height: bigint }>();
    expectTypeOf<Awaited<ReturnType<C['platform']['getCurrentValidators']>>['validators'][number]['weight']>().toEqualTypeOf<bigint>();
    expectTypeOf<Awaited<ReturnType<C['info']['peers']>>['peers'][number]['lastSent']>().toEqualTypeOf<Date>();
    expectTypeOf<Awaited<ReturnType<C['platform']['getTimestamp']>>['timestamp']>().toEqualTypeOf<Date>();
    expectTypeOf<Parameters<C['platform']['getSubnet']>[0]>().toEqualTypeOf<{ subnetID: string }>();
    expectTypeOf<Parameters<C['platform']['getHeight']>[0]>().toEqualTypeOf<Record<string, never> | undefined>();
  });
});

describe('isSupportedBy', () => {
  it('reads since/removedIn against the node version', async () => {
    const { isSupportedBy } = await import('../../src/rpc/methods');
    expect(isSupportedBy('platform.getFeeState', 'avalanchego/1.14.2')).toBe(true);
    expect(isSupportedBy('platform.getFeeState', 'avalanchego/1.11.2')).toBe(false);
    expect(isSupportedBy('platform.getPendingValidators', 'avalanchego/1.11.2')).toBe(true);
    expect(isSupportedBy('platform.getPendingValidators', 'avalanchego/1.11.3')).toBe(false);
    expect(isSupportedBy('platform.exportKey', 'avalanche/1.9.1')).toBe(true);
    expect(isSupportedBy('platform.getHeight', 'weird')).toBeUndefined();
  });
});
