// cutJsonText (src/codec/json-list-cut.ts): the same value and the same refusals as JSON.parse cut to the plan, with
// the plan's one long list parsed an element at a time where the text allows it.
import { afterEach, describe, expect, it } from 'vitest';
import { cutJson, type SkimPlan } from '../../src/codec/json-skim';
import { cutJsonText, listCutter } from '../../src/codec/json-list-cut';
import { FUZZ_SEED, Rng, mutateText } from '../helpers/mutate';

const FACTS = { nodeID: true, version: true, observedUptime: true, upgradeTime: true } as const;
const PEERS_PLAN: SkimPlan = { id: true, error: true, result: { numPeers: true, peers: [FACTS] } };

/** A peer as avalanchego v1.15.0 writes it (api/info/service.go Peers: compact JSON, no spaces). */
const peer = (i: number) => ({
  ip: `10.0.${i >> 8}.${i & 255}:9651`,
  publicIP: `10.0.${i >> 8}.${i & 255}:9651`,
  nodeID: `NodeID-${String(i).padStart(33, 'x')}`,
  version: 'avalanchego/1.15.0',
  lastSent: '2026-11-27T01:00:00Z',
  lastReceived: '2026-11-27T01:00:01Z',
  observedUptime: String(80 + (i % 20)),
  trackedSubnets: [],
  supportedACPs: [23, 24],
  objectedACPs: [],
  upgradeTime: 1758553200,
});

/** The longest text JSON.parse was handed while `f` ran. */
function longestParsed(f: () => unknown): { value: unknown; longest: number } {
  const parse = JSON.parse;
  let longest = 0;
  JSON.parse = ((text: string, reviver?: never) => {
    longest = Math.max(longest, String(text).length);
    return parse(text, reviver);
  }) as typeof JSON.parse;
  try {
    return { value: f(), longest };
  } finally {
    JSON.parse = parse;
  }
}

const whole = (text: string, plan: SkimPlan) => cutJson(JSON.parse(text), plan);

/** The text handed over in pieces of random length, as a body's chunks arrive. */
function streamed(text: string, rng: Rng, plan: SkimPlan = PEERS_PLAN): unknown {
  const cutter = listCutter(plan)!;
  for (let i = 0; i < text.length; ) {
    const n = 1 + rng.int(rng.chance(0.5) ? 8 : 200);
    cutter.write(text.slice(i, i + n));
    i += n;
  }
  return cutter.end();
}

describe('cutJsonText', () => {
  afterEach(() => {
    expect(JSON.parse.name).toBe('parse');
  });

  it("reads a mainnet peer list a peer at a time: the whole parse's value, no text parsed longer than a peer", () => {
    const text = JSON.stringify({ jsonrpc: '2.0', result: { numPeers: '1500', peers: Array.from({ length: 1500 }, (_, i) => peer(i)) }, id: 4 });
    const { value, longest } = longestParsed(() => cutJsonText(text, PEERS_PLAN));
    expect(value).toEqual(whole(text, PEERS_PLAN));
    expect((value as { result: { peers: unknown[] } }).result.peers).toHaveLength(1500);
    expect(longest).toBeLessThan(400);
    // In pieces as the body's chunks come: no piece of the text kept longer than a peer and a piece.
    const rng = new Rng(FUZZ_SEED);
    const cutter = listCutter(PEERS_PLAN)!;
    for (let i = 0; i < text.length; i += 65_536) cutter.write(text.slice(i, i + 65_536));
    const piecewise = longestParsed(() => cutter.end());
    expect(piecewise.value).toEqual(value);
    expect(piecewise.longest).toBeLessThan(400);
    expect(streamed(text, rng)).toEqual(value);
  });

  it('parses the whole text where it cannot be sure of the split, with the same value', () => {
    const peers = [peer(1), { ...peer(2), version: 'a},{"b":1}],"peers":[' }, peer(3)];
    const cases = [
      // Spaces between the elements (not avalanchego's writing).
      JSON.stringify({ result: { numPeers: 2, peers: [peer(1), peer(2)] }, id: 1 }, null, 1),
      // The member's name twice: inside a string, and later in the text (JSON.parse keeps the later).
      JSON.stringify({ result: { peers, numPeers: 3 }, id: 1 }),
      '{"result":{"peers":[{"nodeID":"a"}],"peers":[{"nodeID":"b"}]},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"}],"peers":7},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"}],"peers" :7},"id":1}',
      // The list elsewhere than the plan's place, elements that are not objects, an empty list, an error.
      '{"result":{"other":{"peers":[{"nodeID":"a"}]}},"id":1}',
      '{"result":{"x\\"peers":[{"nodeID":"a"}]},"id":1}',
      '{"result":{"peers":[1,{"nodeID":"a"}]},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"},2]},"id":1}',
      '{"result":{"numPeers":"0","peers":[]},"id":1}',
      '{"result":{"numPeers":"0","peers":[ ]},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"} , {"nodeID":"b"}]},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"},{"nodeID":"b"}]},"result":{"peers":[{"nodeID":"c"}]},"id":1}',
      '{"error":{"code":1,"message":"m","peers":[{"nodeID":"a"},{"nodeID":"b"}]},"id":1}',
      '{"result":{"peers":[{"nodeID":"a"},{"nodeID":"b"},{"nodeID":"c"}],"peers":[{"nodeID":"d"}]},"id":1}',
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"peers: \\"peers\\":[{}]"},"id":1}',
      // Nested objects and `},{` inside strings within elements.
      '{"result":{"peers":[{"nodeID":"a","o":{"p":{}},"q":[{},{}]},{"nodeID":"},{","version":"}]"}]},"id":1}',
    ];
    const rng = new Rng(FUZZ_SEED);
    for (const text of cases) {
      expect(cutJsonText(text, PEERS_PLAN), text).toEqual(whole(text, PEERS_PLAN));
      for (let i = 0; i < 20; i++) expect(streamed(text, rng), text).toEqual(whole(text, PEERS_PLAN));
    }
    expect(longestParsed(() => cutJsonText(cases[0]!, PEERS_PLAN)).longest).toBe(cases[0]!.length);
  });

  it('refuses what JSON.parse refuses', () => {
    const good = JSON.stringify({ result: { numPeers: 2, peers: [peer(1), peer(2)] }, id: 1 });
    for (const text of [good.slice(0, -1), good.replace('},{', '},,{'), good.replace('}]', '}'), `${good}x`, `x${good}`, good.replace('"version"', 'version'), good.replace(/"id":1}$/, '"id":}')]) {
      expect(() => JSON.parse(text), text).toThrow();
      expect(() => cutJsonText(text, PEERS_PLAN), text).toThrow(SyntaxError);
      expect(() => streamed(text, new Rng(FUZZ_SEED)), text).toThrow(SyntaxError);
    }
  });

  describe(`agrees with JSON.parse on random lists and their mutations (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const KEYS = ['result', 'numPeers', 'peers', 'nodeID', 'version', 'observedUptime', 'id', 'error', 'x', ''];
    const STRINGS = ['', 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'a"b', '},{', '}]', '"peers":[', 'back\\slash', 'é', '😀', '\u2028'];
    const value = (depth: number): unknown => {
      switch (rng.int(depth > 3 ? 4 : 7)) {
        case 0:
          return null;
        case 1:
          return rng.pick([0, -0, 1, -1.5, 1e21, 1758553200]);
        case 2:
        case 3:
          return rng.pick(STRINGS);
        case 4:
        case 5: {
          const o: Record<string, unknown> = {};
          for (let i = rng.int(4); i > 0; i--) o[rng.pick(KEYS)] = value(depth + 1);
          return o;
        }
        default:
          return Array.from({ length: rng.int(3) }, () => value(depth + 1));
      }
    };
    const element = () => (rng.chance(0.9) ? { ...(value(3) as object), nodeID: rng.pick(STRINGS), ...(rng.chance(0.3) ? { o: value(1) } : {}) } : value(2));
    const doc = () => {
      const result: Record<string, unknown> = {};
      if (rng.chance(0.5)) result.numPeers = value(2);
      if (rng.chance(0.95)) result.peers = Array.from({ length: rng.int(6) }, element);
      if (rng.chance(0.2)) result[rng.pick(KEYS)] = value(1);
      let inner = JSON.stringify(result);
      // A member repeated later in the text, now and then (JSON.parse keeps the later).
      if (inner !== '{}' && rng.chance(0.1)) inner = `${inner.slice(0, -1)},"peers":${JSON.stringify(value(1))}}`;
      return rng.chance(0.9) ? `{"jsonrpc":"2.0","result":${inner},"id":1}` : JSON.stringify({ error: value(1), id: 1 });
    };

    it('valid documents: the cut value', () => {
      let split = 0;
      for (let n = 0; n < 3_000; n++) {
        const text = doc();
        const { value, longest } = longestParsed(() => cutJsonText(text, PEERS_PLAN));
        expect(value, text).toEqual(whole(text, PEERS_PLAN));
        expect(streamed(text, rng), text).toEqual(value);
        if (longest < text.length) split++;
      }
      // Most took the split reading (the rest: no list, spaces, a repeated member, an element not an object).
      expect(split).toBeGreaterThan(1_000);
    });

    it('mutated documents: refused exactly when JSON.parse refuses them, else the cut value', () => {
      for (let n = 0; n < 3_000; n++) {
        const text = mutateText(rng, doc());
        let parsed: { ok: true; value: unknown } | { ok: false };
        try {
          parsed = { ok: true, value: whole(text, PEERS_PLAN) };
        } catch {
          parsed = { ok: false };
        }
        if (parsed.ok) {
          expect(cutJsonText(text, PEERS_PLAN), text).toEqual(parsed.value);
          expect(streamed(text, rng), text).toEqual(parsed.value);
        } else {
          expect(() => cutJsonText(text, PEERS_PLAN), text).toThrow(SyntaxError);
          expect(() => streamed(text, rng), text).toThrow(SyntaxError);
        }
      }
    });
  });
});
