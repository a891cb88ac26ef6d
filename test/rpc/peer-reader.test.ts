// A peer read by hand (rpc/methods/info/peer-reader.ts) must be what zod's schema of a peer (`peerFields`) makes of
// it, key for key, and a peer zod refuses must be refused with zod's words at the same path: on the node captures,
// the docs' example, the simulated node's peers, and mutated peers of each; then through the client, a list read
// element by element and a reply read whole.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { readPeer } from '../../src/rpc/methods/info/peer-reader';
import { peerFields, peers as peersMethod } from '../../src/rpc/methods/info/peers';
import { list, u32 } from '../../src/rpc/methods/common';
import { createClient } from '../../src/rpc/client';
import { SchemaError } from '../../src/rpc/errors';
import { createSimNode } from '../../src/sim/index';
import { createPeerSharer } from '../../src/poll/peer-sharing';
import { FUZZ_SEED, Rng, mutateJson } from '../helpers/mutate';
import { fuzzAgainstZod, outcome } from '../helpers/reader-agreement';
import { sendJson, startTestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

type Json = Parameters<typeof mutateJson>[1];

const fixtures = join(__dirname, '..', 'fixtures');
const captured = (path: string): Json[] => {
  const body = JSON.parse(readFileSync(join(fixtures, path), 'utf8')) as { result?: { peers: Json[] }; response?: { result: { peers: Json[] } } };
  return (body.result ?? body.response!.result).peers;
};
const CAPTURES: Record<string, Json[]> = {
  'v1.14.2': captured('node-captures/v1.14.2/info.peers.json'),
  'v1.11.2': captured('node-captures/v1.11.2/info.peers.json'),
  'the docs': captured('methods/info.peers.json'),
};

/** The element schema the client reads a streamed list with, and the result schema a whole reply is read with. */
const element = peersMethod.lists!.peers!;
const whole = peersMethod.result;
/** What the method's schema was before the reader: every peer through zod's object schema. */
const zodWhole = z.object({ numPeers: u32, peers: list(peerFields()) });


describe('readPeer', () => {
  it.each(Object.entries(CAPTURES))('reads every peer of %s as zod does, key for key', (_name, peers) => {
    expect(peers.length).toBeGreaterThan(0);
    for (const p of peers) {
      const want = peerFields().parse(p);
      const read = readPeer(p);
      // A spec-era node's subnet uptimes are zod's to read; the element schema still gives zod's peer.
      if ((p as Record<string, unknown>).observedSubnetUptimes) expect(read).toBeUndefined();
      else expect(read).toStrictEqual(want);
      expect(element.parse(p)).toStrictEqual(want);
    }
    expect(whole.parse({ numPeers: peers.length, peers })).toStrictEqual(zodWhole.parse({ numPeers: peers.length, peers }));
  });

  it('reads the simulated node\'s peers as zod does', async () => {
    const node = track(await createSimNode({ validators: 60, peers: 30, utxos: 10, autoAdvance: false }));
    const client = track(createClient({ url: node.url }));
    const raw = (await client.callRaw('info.peers', {})).result as { peers: Json[] };
    expect(raw.peers.length).toBeGreaterThan(50);
    for (const p of raw.peers) expect(readPeer(p)).toStrictEqual(peerFields().parse(p));
  });

  it('keeps what zod keeps of odd but valid peers: absent, null and converted fields', () => {
    const base = CAPTURES['v1.14.2']![0] as Record<string, Json>;
    const cases: Array<Record<string, Json>> = [
      { ip: 'x', nodeID: 'NodeID-1', lastSent: '2026-11-22T03:20:24Z', lastReceived: '2026-11-22T03:20:24.123-04:00' },
      { ...base, version: undefined as unknown as Json, observedSubnetUptimes: null, trackedSubnets: null, benched: null, supportedACPs: null, objectedACPs: null },
      { ...base, observedUptime: 99.5, upgradeTime: '1790089200', supportedACPs: ['23', 24, '0'], objectedACPs: [25] },
      { ...base, extra: { nested: [1, 2] }, __proto__: 'x' },
    ];
    for (const c of cases) {
      const read = readPeer(c);
      expect(read).toBeDefined();
      expect(read).toStrictEqual(peerFields().parse(c));
    }
  });

  it('refuses what zod refuses, with its words at the same path', () => {
    const base = CAPTURES['v1.14.2']![0] as Record<string, Json>;
    const bad: Array<[unknown, string]> = [
      [null, ''],
      [[base], ''],
      ['peer', ''],
      [{ ...base, ip: 7 }, 'ip'],
      [{ ...base, nodeID: null }, 'nodeID'],
      [{ ...base, version: 1 }, 'version'],
      [{ ...base, version: null }, 'version'],
      [{ ...base, lastSent: 'yesterday' }, 'lastSent'],
      [{ ...base, lastReceived: 0 }, 'lastReceived'],
      [{ ...base, observedUptime: 'high' }, 'observedUptime'],
      [{ ...base, observedUptime: null }, 'observedUptime'],
      [{ ...base, upgradeTime: -5 }, 'upgradeTime'],
      [{ ...base, trackedSubnets: 'all' }, 'trackedSubnets'],
      [{ ...base, benched: [1] }, 'benched'],
      [{ ...base, supportedACPs: ['x'] }, 'supportedACPs'],
      [{ ...base, objectedACPs: [-1] }, 'objectedACPs'],
      [{ ...base, observedSubnetUptimes: { s: 'high' } }, 'observedSubnetUptimes'],
      // What reaches the terminal is zod's message, never the node's text.
      [{ ...base, ip: ['\x1b]52;c;aGk=\x07'] }, 'ip'],
    ];
    for (const [v, field] of bad) {
      expect(readPeer(v), JSON.stringify(v)).toBeUndefined();
      const got = outcome(element, v);
      expect(got, JSON.stringify(v)).toEqual(outcome(peerFields(), v));
      expect('path' in got && got.path[0] === (field || undefined)).toBe(true);
      expect('message' in got && !/\x1b|\x07/.test(got.message)).toBe(true);
    }
  });

  it(`agrees with zod on mutated peers, refusals and their paths included (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const all = Object.values(CAPTURES).flat();
    const { refused, readByHand } = fuzzAgainstZod({ rng, samples: all, fields: peerFields(), viaReader: element, read: readPeer, runs: 3_000 });
    expect(refused).toBeGreaterThan(300);
    expect(readByHand).toBeGreaterThan(300);
    // Whole lists: the result's path names the peer and its field, as before.
    const cache = new Map<Json, (string | number)[][]>();
    for (let n = 0; n < 300; n++) {
      const peers = Array.from({ length: 1 + rng.int(5) }, () => (rng.chance(0.3) ? mutateJson(rng, rng.pick(all), cache) : rng.pick(all)));
      expect(outcome(whole, { numPeers: peers.length, peers })).toStrictEqual(outcome(zodWhole, { numPeers: peers.length, peers }));
    }
  });
});

describe('info.peers through the client', () => {
  it('a bad peer fails the call at its index and field, read whole or peer by peer', async () => {
    const base = CAPTURES['v1.14.2']![0] as Record<string, Json>;
    const reply = JSON.stringify({ jsonrpc: '2.0', result: { numPeers: '3', peers: [base, base, { ...base, lastSent: 'soon' }] }, id: 0 });
    const server = track(await startTestServer((req, res) => sendJson(res, reply.replace('"id":0', `"id":${JSON.stringify(req.json?.id ?? null)}`))));
    const client = track(createClient({ url: server.url }));
    for (const opts of [{}, { list: { key: 'peers', keep: createPeerSharer() } }]) {
      const err = await client.call('info.peers', {}, opts).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SchemaError);
      expect((err as SchemaError).path).toEqual(['peers', 2, 'lastSent']);
      expect((err as SchemaError).detail).toContain('expected an RFC 3339 time');
    }
  });
});
