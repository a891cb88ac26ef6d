// A skimmed reading: the byte skim where the process skims often (V8 optimises it there), JSON.parse and a cut where
// it skims seldom (the skim would run in V8's interpreter); the same result and the same refusals either way. The
// transport reads a list it reads whole a record at a time as the body's text arrives (codec/json-list-cut.ts).
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { createSkimPace, decodeCut, PARSE_AT_MOST, readsWhole, skimEnvelope, SKIMS_OFTEN_PER_MINUTE } from '../../src/rpc/envelope';
import { createClient } from '../../src/rpc/client';
import { peersFacts } from '../../src/rpc/methods/info/peers';
import { MalformedResponseError, RpcError } from '../../src/rpc/errors';
import { thrown } from '../helpers/caught';
import { track } from '../helpers/track';

const PLAN = { numPeers: true, peers: [{ nodeID: true, version: true, observedUptime: true, upgradeTime: true }] } as const;
const SELDOM = { often: () => false };
const OFTEN = { often: () => true };
const bytes = (text: string) => Buffer.from(text, 'utf8');
const peer = (i: number) => ({ ip: `10.0.0.${i % 250}:9651`, nodeID: `NodeID-${i}`, version: 'avalanchego/1.15.0', upgradeTime: 1790089200, observedUptime: '99', trackedSubnets: ['x'], benched: [] });

describe('a skimmed reading, whole or as bytes', () => {
  it("gives one result by either way, the plan's values only", () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 7, result: { numPeers: '3', peers: [peer(1), peer(2), { ...peer(3), nodeID: 'NodeID-\u00e9\\"' }] } });
    const whole = decodeCut(text, PLAN, 7, 'info.peers', 'u');
    expect(whole).toEqual(skimEnvelope(bytes(text), PLAN, 7, 'info.peers', 'u'));
    expect(whole).toEqual({ numPeers: '3', peers: [1, 2, 3].map((i) => ({ nodeID: i === 3 ? 'NodeID-\u00e9\\"' : `NodeID-${i}`, version: 'avalanchego/1.15.0', upgradeTime: 1790089200, observedUptime: '99' })) });
    expect(Object.keys((whole as { peers: object[] }).peers[0]!).sort()).toEqual(['nodeID', 'observedUptime', 'upgradeTime', 'version']);
  });

  it("refuses alike by either way: not JSON, another request's id, the node's error", () => {
    const ways = [(t: string) => decodeCut(t, PLAN, 7, 'info.peers', 'u'), (t: string) => skimEnvelope(bytes(t), PLAN, 7, 'info.peers', 'u')];
    for (const read of ways) {
      expect(thrown(MalformedResponseError, () => read('{"id":7,"result":{')).reason).toBe('json');
      expect(thrown(MalformedResponseError, () => read('{"id":8,"result":{}}')).reason).toBe('id');
      expect(thrown(RpcError, () => read('{"id":7,"error":{"code":-32000,"message":"no"}}')).message).toContain('no');
    }
  });

  it('reads whole where the process skims seldom and the reply fits, a size not known yet included', () => {
    expect(readsWhole(1_000, SELDOM)).toBe(true);
    expect(readsWhole(undefined, SELDOM)).toBe(true);
    expect(readsWhole(PARSE_AT_MOST, SELDOM)).toBe(true);
    expect(readsWhole(1_000, OFTEN)).toBe(false);
  });

  it('skims a reply larger than PARSE_AT_MOST however seldom (JSON.parse would build all of it), and counts no skim', () => {
    let asked = 0;
    const counting = { often: () => (asked++, false) };
    expect(readsWhole(PARSE_AT_MOST + 1, counting)).toBe(false);
    expect(asked).toBe(0);
    expect(readsWhole(undefined, counting)).toBe(true);
    expect(asked).toBe(1);
  });
});

describe('the transport, for a process that skims seldom', () => {
  // Chunked, as avalanchego sends a large reply: its size is known only at its end. Pieces of odd sizes cut the
  // text anywhere: inside a peer, between `}` and `,{`, inside a character of two or four bytes.
  const serve = (peers: unknown[], body: (text: string) => string = (t) => t) =>
    track(
      createServer((req, res) => {
        let request = '';
        req.on('data', (d) => (request += d));
        req.on('end', () => {
          const { id } = JSON.parse(request) as { id: number };
          const reply = Buffer.from(body(JSON.stringify({ jsonrpc: '2.0', id, result: { numPeers: String(peers.length), peers } })));
          res.writeHead(200, { 'content-type': 'application/json' });
          const sizes = [16_384, 1, 7, 333, 2, 4_099];
          for (let at = 0, i = 0; at < reply.length; at += sizes[i++ % sizes.length]!) res.write(reply.subarray(at, at + sizes[i % sizes.length]!));
          res.end();
        });
      }).listen(0, '127.0.0.1'),
    );
  const clientOf = async (server: ReturnType<typeof serve>) => {
    await once(server, 'listening');
    return createClient({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}` });
  };

  it.each([
    ['a few', 40],
    ['past PARSE_AT_MOST', Math.ceil(PARSE_AT_MOST / 150)],
  ])('gives every peer of a chunked list, read a peer at a time (%s)', async (_how, n) => {
    const peers = Array.from({ length: n }, (_, i) => (i % 3 === 0 ? { ...peer(i), version: 'avalanchego/1.15.0 é😀 },{' } : peer(i)));
    const size = Buffer.byteLength(JSON.stringify(peers));
    expect(size > PARSE_AT_MOST).toBe(n > 40);
    const client = await clientOf(serve(peers));
    try {
      const facts = await client.read(peersFacts);
      expect(facts.peers.map((p) => p.nodeID)).toEqual(peers.map((p) => p.nodeID));
      expect(facts.peers.map((p) => p.version)).toEqual(peers.map((p) => p.version));
      expect(facts.numPeers).toBe(n);
    } finally {
      await client.close();
    }
  });

  it('refuses a list cut short, an empty body and the node\'s error in the words of a whole reading', async () => {
    const ways: [(t: string) => string, (e: unknown) => void][] = [
      [(t) => t.slice(0, -40), (e) => expect((e as MalformedResponseError).reason).toBe('json')],
      [() => '', (e) => expect((e as MalformedResponseError).reason).toBe('empty')],
      // An error that holds a list of the same name.
      [(t) => t.replace(/"result":.*\}$/, '"error":{"code":-32000,"message":"not now","peers":[{"a":1},{"b":2}]}}'), (e) => expect((e as RpcError).message).toContain('not now')],
    ];
    for (const [body, check] of ways) {
      const client = await clientOf(serve([peer(1), peer(2)], body));
      try {
        const refused = await client.read(peersFacts).then(() => undefined, (e: unknown) => e);
        expect(refused).toBeInstanceOf(Error);
        check(refused);
      } finally {
        await client.close();
      }
    }
  });
});

describe('createSkimPace', () => {
  it(`is "often" from the ${SKIMS_OFTEN_PER_MINUTE}th skim of a minute, through the next minute, and seldom again after a quiet one`, () => {
    const pace = createSkimPace();
    const t0 = 1_000_000;
    const first = Array.from({ length: SKIMS_OFTEN_PER_MINUTE }, (_, i) => pace.often(t0 + i * 1_000));
    expect(first).toEqual([...Array(SKIMS_OFTEN_PER_MINUTE - 1).fill(false), true]);
    // The next minute leans on the one before.
    expect(pace.often(t0 + 61_000)).toBe(true);
    // One skim a minute (the monitor's peer list): seldom once a minute has passed with one only.
    expect(pace.often(t0 + 125_000)).toBe(false);
    expect(pace.often(t0 + 190_000)).toBe(false);
    // A gap of more than a minute forgets the busy minute.
    const busy = createSkimPace();
    for (let i = 0; i < 10; i++) busy.often(t0 + i);
    expect(busy.often(t0 + 200_000)).toBe(false);
  });
});
