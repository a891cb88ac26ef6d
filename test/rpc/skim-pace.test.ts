// A skimmed reading: the byte skim where the process skims often (V8 optimises it there), JSON.parse and a cut where
// it skims seldom (the skim would run in V8's interpreter); the same result and the same refusals either way.
import { describe, expect, it } from 'vitest';
import { createSkimPace, decodeSkimmed, PARSE_AT_MOST, SKIMS_OFTEN_PER_MINUTE } from '../../src/rpc/envelope';
import { MalformedResponseError, RpcError } from '../../src/rpc/errors';
import { thrown } from '../helpers/caught';

const PLAN = { numPeers: true, peers: [{ nodeID: true, version: true, observedUptime: true, upgradeTime: true }] } as const;
const SELDOM = { often: () => false };
const OFTEN = { often: () => true };
const bytes = (text: string) => Buffer.from(text, 'utf8');
const peer = (i: number) => ({ ip: `10.0.0.${i % 250}:9651`, nodeID: `NodeID-${i}`, version: 'avalanchego/1.15.0', upgradeTime: 1790089200, observedUptime: '99', trackedSubnets: ['x'], benched: [] });

describe('decodeSkimmed', () => {
  it('gives one result by either way, the plan\'s values only', () => {
    const body = bytes(JSON.stringify({ jsonrpc: '2.0', id: 7, result: { numPeers: '3', peers: [peer(1), peer(2), { ...peer(3), nodeID: 'NodeID-\u00e9\\"' }] } }));
    const seldom = decodeSkimmed(body, PLAN, 7, 'info.peers', 'u', SELDOM);
    expect(seldom).toEqual(decodeSkimmed(body, PLAN, 7, 'info.peers', 'u', OFTEN));
    expect(seldom).toEqual({ numPeers: '3', peers: [1, 2, 3].map((i) => ({ nodeID: i === 3 ? 'NodeID-\u00e9\\"' : `NodeID-${i}`, version: 'avalanchego/1.15.0', upgradeTime: 1790089200, observedUptime: '99' })) });
    expect(Object.keys((seldom as { peers: object[] }).peers[0]!).sort()).toEqual(['nodeID', 'observedUptime', 'upgradeTime', 'version']);
  });

  it("refuses alike by either way: not JSON, another request's id, the node's error", () => {
    for (const pace of [SELDOM, OFTEN]) {
      expect(thrown(MalformedResponseError, () => decodeSkimmed(bytes('{"id":7,"result":{'), PLAN, 7, 'info.peers', 'u', pace)).reason).toBe('json');
      expect(thrown(MalformedResponseError, () => decodeSkimmed(bytes('{"id":8,"result":{}}'), PLAN, 7, 'info.peers', 'u', pace)).reason).toBe('id');
      expect(thrown(RpcError, () => decodeSkimmed(bytes('{"id":7,"error":{"code":-32000,"message":"no"}}'), PLAN, 7, 'info.peers', 'u', pace)).message).toContain('no');
    }
  });

  it('skims a reply larger than PARSE_AT_MOST however seldom (JSON.parse would build all of it)', () => {
    const peers = [];
    for (let i = 0; Buffer.byteLength(JSON.stringify(peers)) <= PARSE_AT_MOST; i++) peers.push(peer(i));
    const body = bytes(JSON.stringify({ id: 1, result: { numPeers: peers.length, peers } }));
    let asked = 0;
    const counting = { often: () => (asked++, false) };
    const r = decodeSkimmed(body, PLAN, 1, 'info.peers', 'u', counting) as { peers: unknown[] };
    expect(r.peers.length).toBe(peers.length);
    expect(asked).toBe(0);
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
