// Each fault, seen by the real client as the matching error class.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/rpc/client';
import { HttpError, MalformedResponseError, ResponseTooLargeError, RpcError, SchemaError, TransportError } from '../../src/rpc/errors';
import { parseFaultFlag } from '../../src/sim/index';
import { raw, rpc } from '../helpers/rpc';
import { startSim } from './helpers';
import { caught } from '../helpers/caught';
import { shared } from '../helpers/track';

const HOSTILE = /[\u001b\u0007\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('faults', () => {
  const node = shared(() => startSim());
  const client = shared(() => createClient({ url: node().url, timeoutMs: 1_500, maxBytes: 1024 * 1024 }));
  afterEach(() => node().faults.clear());

  it('http-error gives an HttpError with the status, on the targeted method only', async () => {
    node().faults.add({ kind: 'http-error', status: 502, method: 'platform.getHeight' });
    const err = await caught(client().platform.getHeight());
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(502);
    await expect(client().info.getNetworkID()).resolves.toBeDefined();
  });

  it('rpc-error gives an RpcError with the code and message, for `times` calls', async () => {
    node().faults.add({ kind: 'rpc-error', code: -32000, message: 'database closed', times: 1 });
    const err = await caught(client().info.getNodeID());
    expect(err).toBeInstanceOf(RpcError);
    expect((err as RpcError).message).toContain('database closed');
    await expect(client().info.getNodeID()).resolves.toBeDefined();
  });

  it('reset drops the connection: a TransportError', async () => {
    node().faults.add({ kind: 'reset', path: '/ext/info' });
    const err = await caught(client().info.getNodeVersion());
    expect(err).toBeInstanceOf(TransportError);
  });

  it('truncate and malformed give MalformedResponseError; truncate with abort a TransportError', async () => {
    node().faults.add({ kind: 'truncate', times: 1 });
    expect(await caught(client().platform.getHeight())).toBeInstanceOf(MalformedResponseError);
    node().faults.add({ kind: 'malformed', times: 1 });
    expect(await caught(client().platform.getHeight())).toBeInstanceOf(MalformedResponseError);
    node().faults.add({ kind: 'truncate', abort: true, times: 1 });
    expect(await caught(client().platform.getHeight())).toBeInstanceOf(TransportError);
  });

  it('wrong-shape gives a SchemaError naming the field', async () => {
    node().faults.add({ kind: 'wrong-shape', method: 'platform.getHeight' });
    const err = await caught(client().platform.getHeight());
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).path).toEqual(['height']);
  });

  it('huge streams a body past the client cap: ResponseTooLargeError', async () => {
    node().faults.add({ kind: 'huge', bytes: 100 * 1024 * 1024, times: 1 });
    expect(await caught(client().info.getNodeID())).toBeInstanceOf(ResponseTooLargeError);
    await expect(client().info.getNodeID()).resolves.toBeDefined();
  });

  it('stall and latency end in a timeout', async () => {
    node().faults.add({ kind: 'stall', times: 1 });
    const stalled = await caught(client().platform.getHeight());
    expect(stalled).toBeInstanceOf(TransportError);
    expect((stalled as TransportError).kind).toBe('timeout');
    node().faults.add({ kind: 'latency', ms: 3_000, times: 1 });
    const slow = await caught(client().platform.getHeight());
    expect((slow as TransportError).kind).toBe('timeout');
  });

  it('bootstrapping: 503 text on P-chain routes and isBootstrapped false, info still answers', async () => {
    node().faults.setBootstrapping(true);
    const err = await caught(client().platform.getHeight());
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(503);
    expect((err as HttpError).isBootstrapping).toBe(true);
    expect((err as HttpError).body).toBe('API call rejected because chain is not done bootstrapping\n');
    expect(await client().info.isBootstrapped({ chain: 'P' })).toMatchObject({ isBootstrapped: false });
    node().faults.setBootstrapping(false);
    expect(await client().info.isBootstrapped({ chain: 'P' })).toMatchObject({ isBootstrapped: true });
  });

  it('bootstrapping with a duration ends by itself as simulated time passes', async () => {
    node().faults.add({ kind: 'bootstrapping', ms: 5_000 });
    expect((await raw(node().url, '/ext/bc/P', { body: '{}' })).status).toBe(503);
    node().tick(6_000);
    expect((await rpc(node().url, '/ext/bc/P', 'platform.getHeight')).status).toBe(200);
  });

  it('host-check: 403 for a name not allowed, IPs and allowed names pass', async () => {
    node().faults.add({ kind: 'host-check', allowedHosts: ['localhost'] });
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'info.getNodeID' });
    const named = await raw(node().url, '/ext/info', { body, headers: { 'content-type': 'application/json', host: 'mynode.lan:9650' } });
    expect(named.status).toBe(403);
    expect(named.text).toBe('invalid host specified\n');
    const local = await raw(node().url, '/ext/info', { body, headers: { 'content-type': 'application/json', host: 'LocalHost:9650' } });
    expect(local.status).toBe(200);
    const ip = await raw(node().url, '/ext/info', { body, headers: { 'content-type': 'application/json', host: '10.1.2.3:9650' } });
    expect(ip.status).toBe(200);
  });

  it('restart refuses connections for a while, then serves again on the same port', async () => {
    const port = node().port;
    const restarting = node().faults.restart(400);
    const down = await caught(client().info.getNetworkID());
    expect(down).toBeInstanceOf(TransportError);
    expect((down as TransportError).kind).toMatch(/refused|reset/);
    await restarting;
    expect(node().port).toBe(port);
    await expect(client().info.getNetworkID()).resolves.toBeDefined();
    // The node came back with no peer; they connect again over the next 10 s of its (hand-driven) clock.
    expect((await client().info.peers()).peers).toEqual([]);
    node().tick(10_000);
    expect((await client().info.peers()).peers.length).toBeGreaterThan(100);
  });

  it('inject puts escape sequences into strings; the reply stays valid JSON', async () => {
    node().faults.add({ kind: 'inject' });
    const r = JSON.parse((await rpc(node().url, '/ext/info', 'info.getNodeVersion')).text);
    expect(r.result.version).toMatch(HOSTILE);
    expect(r.result.vmVersions.platform).toMatch(HOSTILE);
    const err = JSON.parse((await rpc(node().url, '/ext/bc/P', 'platform.getFoo')).text);
    expect(err.error.message).toMatch(HOSTILE);
    node().faults.clear();
    node().faults.add({ kind: 'inject', scope: 'text' });
    const peers = JSON.parse((await rpc(node().url, '/ext/info', 'info.peers')).text);
    expect(peers.result.peers[0].version).toMatch(HOSTILE);
    expect(peers.result.peers[0].nodeID).not.toMatch(HOSTILE);
  });

  it('can be set at run time through POST /sim/control', async () => {
    const set = await raw(node().url, '/sim/control', { body: JSON.stringify({ action: 'add', fault: { kind: 'http-error', status: 500, times: 1 } }) });
    expect(set.status).toBe(200);
    expect(JSON.parse(set.text).faults).toHaveLength(1);
    expect(await caught(client().info.getNodeID())).toBeInstanceOf(HttpError);
    const bad = await raw(node().url, '/sim/control', { body: JSON.stringify({ action: 'add', fault: { kind: 'nope' } }) });
    expect(bad.status).toBe(400);
  });

  it('parses fault flags', () => {
    expect(parseFaultFlag('latency:ms=300,method=platform.*')).toEqual({ kind: 'latency', ms: 300, method: 'platform.*' });
    expect(parseFaultFlag('host-check:allowedHosts=localhost|node.lan')).toEqual({ kind: 'host-check', allowedHosts: ['localhost', 'node.lan'] });
    expect(() => parseFaultFlag('explode')).toThrow(/unknown fault kind/);
  });
});
