// A method read for a few of its values (rpc/methods/define.ts MethodReading, codec/json-skim.ts): the exporter reads
// info.peers for what its rules use of each peer. It must give what the whole reply, read by the method's own schema,
// gives for those values, and fail as the whole read fails.
import { describe, expect, it } from 'vitest';
import { createClient, type CallEvent } from '../../src/rpc/client';
import { MalformedResponseError, RpcError, SchemaError } from '../../src/rpc/errors';
import { peersFacts } from '../../src/rpc/methods/info/peers';
import { createSimNode } from '../../src/sim';
import { replyError, replyResult, sendText, startTestServer } from '../helpers/test-server';
import { caught } from '../helpers/caught';
import { track } from '../helpers/track';

const facts = (p: { nodeID: string; version: string; observedUptime?: number; upgradeTime?: Date }) => ({
  nodeID: p.nodeID,
  version: p.version,
  ...(p.observedUptime === undefined ? {} : { observedUptime: p.observedUptime }),
  ...(p.upgradeTime === undefined ? {} : { upgradeTime: p.upgradeTime }),
});

describe('info.peers read for its facts', () => {
  it("gives the whole reply's node IDs, releases, observed uptimes and upgrade times, counted as info.peers", async () => {
    const sim = track(await createSimNode({ seed: 5, validators: 40, peers: 12, utxos: 5 }));
    const client = track(createClient({ url: sim.url }));
    const events: CallEvent[] = [];
    client.onCall((e) => events.push(e));
    const whole = await client.call('info.peers');
    const read = await client.read(peersFacts);
    expect(whole.peers.length).toBeGreaterThan(12);
    expect(read.numPeers).toBe(whole.numPeers);
    expect(read.peers).toEqual(whole.peers.map(facts));
    expect(read.peers.some((p) => p.observedUptime !== undefined && p.upgradeTime !== undefined)).toBe(true);
    expect(events.map((e) => [e.method, e.endpoint, e.ok])).toEqual([
      ['info.peers', 'info', true],
      ['info.peers', 'info', true],
    ]);
    expect(events[1]!.bytes).toBe(events[0]!.bytes);
  });

  it('reads a reply that arrives in many pieces', async () => {
    const peer = (i: number) => ({ ip: `10.0.0.${i}:9651`, nodeID: `NodeID-${i}`, version: 'avalanchego/1.15.0', lastSent: '2026-11-27T01:00:00Z', lastReceived: '2026-11-27T01:00:00Z', observedUptime: '98', trackedSubnets: [], benched: [], upgradeTime: 1758553200, supportedACPs: [], objectedACPs: [] });
    const server = track(
      await startTestServer((req, res) => {
        const body = JSON.stringify({ jsonrpc: '2.0', result: { numPeers: '300', peers: Array.from({ length: 300 }, (_, i) => peer(i)) }, id: req.json?.id });
        res.writeHead(200, { 'content-type': 'application/json' });
        // Pieces that cut strings, numbers and multi-byte characters apart.
        for (let at = 0; at < body.length; at += 997) res.write(body.slice(at, at + 997));
        res.end();
      }),
    );
    const client = track(createClient({ url: server.url }));
    const r = await client.read(peersFacts);
    expect(r.numPeers).toBe(300);
    expect(r.peers[299]).toEqual({ nodeID: 'NodeID-299', version: 'avalanchego/1.15.0', observedUptime: 98, upgradeTime: new Date(1758553200_000) });
  });

  it('fails as the whole read fails: the node\'s error, a body that is not JSON, a kept value of the wrong shape', async () => {
    const server = track(await startTestServer(replyError(-32601, 'the method info.peers does not exist/is not available')));
    const client = track(createClient({ url: server.url }));
    for (const read of [() => client.read(peersFacts), () => client.call('info.peers')]) {
      const err = await caught(read());
      expect(err).toBeInstanceOf(RpcError);
      expect((err as RpcError).code).toBe(-32601);
    }

    server.handle((_req, res) => sendText(res, 200, '{"jsonrpc":"2.0","result":{"numPeers":"1","peers":[{"nodeID":"NodeID-1",}]},"id":1}'));
    const [skimmed, whole] = [await caught(client.read(peersFacts)), await caught(client.call('info.peers'))];
    expect(skimmed).toBeInstanceOf(MalformedResponseError);
    expect((skimmed as MalformedResponseError).message).toBe((whole as MalformedResponseError).message);

    server.handle((req, res) => sendText(res, 200, JSON.stringify({ jsonrpc: '2.0', result: { numPeers: 1, peers: [{ nodeID: 'NodeID-1', version: 'v', observedUptime: 'high' }] }, id: req.json?.id })));
    const bad = await caught(client.read(peersFacts));
    expect(bad).toBeInstanceOf(SchemaError);
    expect((bad as SchemaError).path).toEqual(['peers', 0, 'observedUptime']);

    server.handle((req, res) => sendText(res, 200, JSON.stringify({ jsonrpc: '2.0', result: { numPeers: 1, peers: [{ version: 'v' }] }, id: req.json?.id })));
    expect(((await caught(client.read(peersFacts))) as SchemaError).path).toEqual(['peers', 0, 'nodeID']);
  });

  it('does not check what it does not read (a peer without its IP or message times is still a vote)', async () => {
    const server = track(await startTestServer(replyResult({ numPeers: '1', peers: [{ nodeID: 'NodeID-1', version: 'avalanchego/1.15.0', observedUptime: '97' }] })));
    const client = track(createClient({ url: server.url }));
    expect(await caught(client.call('info.peers'))).toBeInstanceOf(SchemaError);
    expect(await client.read(peersFacts)).toEqual({ numPeers: 1, peers: [{ nodeID: 'NodeID-1', version: 'avalanchego/1.15.0', observedUptime: 97 }] });
  });
});
