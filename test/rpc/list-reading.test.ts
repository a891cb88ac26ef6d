// Lists of a reply read as it arrives (the client's `list` option, rpc/streamed-list.ts), against the simulated node
// over loopback: getBalance's UTXO IDs counted, the same totals and number of UTXOs as the reply read whole; the
// validator and peer lists element by element, the same as the whole reply's elements kept the same way; a bad
// element fails the call as a bad result does.
import { describe, expect, it } from 'vitest';
import { createClient, type CallEvent } from '../../src/rpc/client';
import { MalformedResponseError, SchemaError } from '../../src/rpc/errors';
import { createSimNode } from '../../src/sim/index';
import { listedValidator } from '../../src/poll/transforms';
import { createPeerSharer } from '../../src/poll/peer-sharing';
import { sendJson, startTestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

describe('getBalance with its utxoIDs counted (list)', () => {
  it('gives the count of the IDs the node sent, the totals unchanged', async () => {
    const node = track(await createSimNode({ validators: 20, peers: 5, utxos: 3_000, autoAdvance: false }));
    const client = track(createClient({ url: node.url }));
    const events: CallEvent[] = [];
    client.onCall((e) => events.push(e));
    const wallet = node.network.wallets[0]!.str;
    const whole = await client.platform.getBalance({ addresses: [wallet] });
    const counted = await client.call('platform.getBalance', { addresses: [wallet] }, { list: { key: 'utxoIDs' } });
    expect(whole.utxoIDs!.length).toBeGreaterThanOrEqual(3_000);
    expect(counted.utxoIDs).toBeUndefined();
    expect(counted.utxoCount).toBe(whole.utxoIDs!.length);
    const { utxoIDs: _ids, ...totals } = whole;
    expect(counted).toEqual(totals);
    // What the node sent is what it sent, counted or not.
    expect(events.map((e) => e.bytes)).toEqual([events[0]!.bytes, events[0]!.bytes]);
  });
});

describe('lists read element by element', () => {
  it('validators and peers: what the whole reply gives, each element kept as `keep` keeps it', async () => {
    const node = track(await createSimNode({ validators: 300, peers: 40, utxos: 10, autoAdvance: false }));
    const client = track(createClient({ url: node.url }));
    const whole = await client.call('platform.getCurrentValidators', {});
    const indexes: number[] = [];
    const listed = await client.call('platform.getCurrentValidators', {}, { list: { key: 'validators', keep: (v: (typeof whole.validators)[number], i: number) => (indexes.push(i), listedValidator(v)) } });
    expect(listed.validators).toHaveLength(whole.validators.length);
    expect(listed.validators).toEqual(whole.validators.map(listedValidator));
    expect(indexes).toEqual(whole.validators.map((_, i) => i));
    // What the list no longer holds: the owners' addresses and the proof; the BLS key and the renewal stay.
    expect(whole.validators.some((v) => v.validationRewardOwner !== undefined)).toBe(true);
    expect(listed.validators.every((v) => v.validationRewardOwner === undefined && v.signer?.proofOfPossession === undefined)).toBe(true);
    expect(listed.validators.map((v) => [v.signer?.publicKey, v.nextPeriod])).toEqual(whole.validators.map((v) => [v.signer?.publicKey, v.nextPeriod]));
    // Kept again, a kept row is the same.
    expect(listed.validators.map(listedValidator)).toEqual(listed.validators);

    const peers = await client.call('info.peers', {});
    const streamed = await client.call('info.peers', {}, { list: { key: 'peers', keep: createPeerSharer() } });
    expect(streamed).toEqual(peers);
    // The values peers repeat are one object, shared across the peers of the reply.
    const first = new Map<number, Date>();
    for (const p of streamed.peers) {
      if (!first.has(p.lastSent.getTime())) first.set(p.lastSent.getTime(), p.lastSent);
      expect(p.lastSent).toBe(first.get(p.lastSent.getTime()));
    }
    expect(first.size).toBeLessThan(streamed.peers.length);
  });

  it('a bad element fails the call at its index, a failed call for the listeners; an element that is not JSON too', async () => {
    const good = { nodeID: 'NodeID-1', weight: '5' };
    let reply = '';
    const server = track(await startTestServer((req, res) => sendJson(res, reply.replace('__ID__', String(req.json?.id)))));
    const client = track(createClient({ url: server.url }));
    const events: CallEvent[] = [];
    client.onCall((e) => events.push(e));
    const keep = { list: { key: 'validators', keep: (v: never) => v } };
    reply = JSON.stringify({ jsonrpc: '2.0', result: { validators: [good, good, { nodeID: 7 }] }, id: 0 }).replace('"id":0', '"id":__ID__');
    const err = await client.call('platform.getCurrentValidators', {}, keep).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).message).toMatch(/validators\.2\.nodeID|validators\[2\]/);
    expect(events.at(-1)).toMatchObject({ method: 'platform.getCurrentValidators', ok: false });
    reply = '{"jsonrpc":"2.0","result":{"validators":[{"nodeID":"NodeID-1","weight":"5"},{nodeID}]},"id":__ID__}';
    expect(await client.call('platform.getCurrentValidators', {}, keep).catch((e: unknown) => e)).toBeInstanceOf(MalformedResponseError);
    // The same reply without a bad element reads, and a list sent as null is an empty list.
    reply = JSON.stringify({ jsonrpc: '2.0', result: { validators: [good] }, id: 0 }).replace('"id":0', '"id":__ID__');
    expect((await client.call('platform.getCurrentValidators', {}, keep)).validators.map((v) => v.nodeID)).toEqual(['NodeID-1']);
    reply = '{"jsonrpc":"2.0","result":{"validators":null},"id":__ID__}';
    expect((await client.call('platform.getCurrentValidators', {}, keep)).validators).toEqual([]);
  });
});
