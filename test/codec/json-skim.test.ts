import { describe, expect, it } from 'vitest';
import { CodecError } from '../../src/codec/errors';
import { cutJson, skimJson, type SkimPlan } from '../../src/codec/json-skim';
import { FUZZ_SEED, Rng, mutateText } from '../helpers/mutate';
import { thrown } from '../helpers/caught';

const bytes = (text: string) => new TextEncoder().encode(text);

/** What skimJson must give: JSON.parse's value cut down to the plan, written out here from the plan's meaning. */
function cut(value: unknown, plan: SkimPlan): unknown {
  if (plan === true) return value;
  if (Array.isArray(plan)) return Array.isArray(value) ? value.map((v) => cut(v, (plan as readonly [SkimPlan])[0])) : value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(plan as Record<string, SkimPlan>)) if (Object.hasOwn(value, k)) out[k] = cut((value as Record<string, unknown>)[k], p);
  return out;
}

const PEERS_PLAN: SkimPlan = { id: true, error: true, result: { numPeers: true, peers: [{ nodeID: true, version: true, observedUptime: true, upgradeTime: true }] } };

describe('skimJson', () => {
  it("keeps the plan's members and skips the rest", () => {
    const text = JSON.stringify({
      jsonrpc: '2.0',
      result: {
        numPeers: '2',
        peers: [
          { ip: '1.2.3.4:9651', nodeID: 'NodeID-a', version: 'avalanchego/1.15.0', lastSent: '2026-11-27T01:00:00Z', observedUptime: '99', trackedSubnets: ['x', 'y'], benched: [], upgradeTime: 1758553200 },
          { nodeID: 'NodeID-b', version: 'avalanchego/1.14.1', supportedACPs: [1, 2, { deep: [[[]]] }] },
        ],
      },
      id: 7,
    });
    expect(skimJson(bytes(text), PEERS_PLAN)).toEqual({
      id: 7,
      result: {
        numPeers: '2',
        peers: [
          { nodeID: 'NodeID-a', version: 'avalanchego/1.15.0', observedUptime: '99', upgradeTime: 1758553200 },
          { nodeID: 'NodeID-b', version: 'avalanchego/1.14.1' },
        ],
      },
    });
  });

  it('keeps whole a value of another kind than the plan expects, and an error envelope', () => {
    expect(skimJson(bytes('{"result":{"peers":null,"numPeers":{"a":[1]}},"id":1}'), PEERS_PLAN)).toEqual({ result: { peers: null, numPeers: { a: [1] } }, id: 1 });
    expect(skimJson(bytes('{"result":[1,2]}'), PEERS_PLAN)).toEqual({ result: [1, 2] });
    expect(skimJson(bytes('{"result":{"peers":[1,"x",[{}]]}}'), PEERS_PLAN)).toEqual({ result: { peers: [1, 'x', [{}]] } });
    const err = '{"jsonrpc":"2.0","error":{"code":-32601,"message":"the method info.peers does not exist/is not available","data":null},"id":1}';
    expect(skimJson(bytes(err), PEERS_PLAN)).toEqual({ error: JSON.parse(err).error, id: 1 });
  });

  it('reads escapes in kept strings and in member names, and keeps the last of repeated members as JSON.parse does', () => {
    const text = '{"res\\u0075lt":{"peers":[{"nodeID":"a\\"b\\\\c\\u00e9\\n","nodeID":"second","version":"é😀"}]}}';
    expect(skimJson(bytes(text), PEERS_PLAN)).toEqual(cut(JSON.parse(text), PEERS_PLAN));
    expect(skimJson(bytes(text), PEERS_PLAN)).toEqual({ result: { peers: [{ nodeID: 'second', version: 'é😀' }] } });
  });

  it('reads whole numbers from their bytes as JSON.parse does, and 40,000 kept texts twice', () => {
    // Up to 15 digits are read from the bytes; past 15 digits, fractions and exponents are JSON.parse's.
    const peers = Array.from({ length: 40_000 }, (_, i) => ({ nodeID: `NodeID-${i.toString(36)}`, version: i % 2 ? 'avalanchego/1.15.0' : 'é', upgradeTime: [0, -0, -7, 999_999_999_999_999, 9_999_999_999_999_999, 1.5, -12e3][i % 7] }));
    const text = JSON.stringify({ result: { peers }, id: 1 });
    for (let round = 0; round < 2; round++) expect(skimJson(bytes(text), PEERS_PLAN)).toEqual(cut(JSON.parse(text), PEERS_PLAN));
    const zero = skimJson(bytes('{"result":{"numPeers":-0}}'), PEERS_PLAN) as { result: { numPeers: number } };
    expect(Object.is(zero.result.numPeers, -0)).toBe(true);
  });

  it('skips any depth, as JSON.parse reads any depth', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const text = `{"skipped":${deep},"result":{"numPeers":3}}`;
    expect(skimJson(bytes(text), PEERS_PLAN)).toEqual({ result: { numPeers: 3 } });
  });

  it('refuses what JSON.parse refuses, with the byte offset', () => {
    const bad = [
      '',
      ' ',
      '{',
      '{"result":1,}',
      '{"a":[1,]}',
      '{"a":01}',
      '{"a":1.}',
      '{"a":-}',
      '{"a":1e}',
      '{"a":"\\x"}',
      '{"a":"\\u12g4"}',
      '{"a":"tab\there"}',
      '{"a":tru}',
      '{"a":nul}',
      "{'a':1}",
      '{"a" 1}',
      '{"a":1}x',
      '{"a":1}{}',
      '[1 2]',
      '{"a":"unterminated}',
      '\ufeff{}',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow();
      const err = thrown(CodecError, () => skimJson(bytes(text), PEERS_PLAN));
      expect(err.offset, text).toBeTypeOf('number');
    }
  });

  describe(`agrees with JSON.parse on random documents and their mutations (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const KEYS = ['result', 'numPeers', 'peers', 'nodeID', 'version', 'observedUptime', 'upgradeTime', 'id', 'error', 'ip', 'x', 'nodeI', 'nodeIDs', 'n\u00e9', ''];
    const STRINGS = ['', 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'avalanchego/1.15.0', 'a"b', 'back\\slash', 'nl\n', '\u0001', 'é', '😀', '/', '\u2028'];
    const value = (depth: number): unknown => {
      const k = rng.int(depth > 3 ? 5 : 8);
      switch (k) {
        case 0:
          return null;
        case 1:
          return rng.chance(0.5);
        case 2:
          return rng.pick([0, -0, 1, -1.5, 99.25, 1e21, 12345678901234567890, 5e-324, 1758553200]);
        case 3:
        case 4:
          return rng.pick(STRINGS);
        case 5:
        case 6: {
          const o: Record<string, unknown> = {};
          for (let i = rng.int(5); i > 0; i--) o[rng.pick(KEYS)] = value(depth + 1);
          return o;
        }
        default:
          return Array.from({ length: rng.int(4) }, () => value(depth + 1));
      }
    };
    const plan = (depth: number): SkimPlan => {
      const k = depth > 2 ? 0 : rng.int(4);
      if (k === 0) return true;
      if (k === 1 || k === 2) {
        const o: Record<string, SkimPlan> = {};
        for (let i = 1 + rng.int(3); i > 0; i--) o[rng.pick(KEYS)] = plan(depth + 1);
        return o;
      }
      return [plan(depth + 1)];
    };
    /** Whitespace JSON allows, here and there. */
    const spaced = (text: string) => text.replace(/[,:[\]{}]/g, (c) => (rng.chance(0.2) ? `${rng.pick([' ', '\n', '\t', '\r\n '])}${c}${rng.pick(['', ' '])}` : c));

    it('valid documents: the cut value', () => {
      for (let n = 0; n < 3_000; n++) {
        const v = value(0);
        const p = plan(0);
        const text = spaced(JSON.stringify(v));
        expect(skimJson(bytes(text), p), `${text} by ${JSON.stringify(p)}`).toEqual(cut(JSON.parse(text), p));
      }
    });

    it("cutJson of JSON.parse's value is the skim's value (the way a seldom reading takes, rpc/envelope.ts)", () => {
      for (let n = 0; n < 3_000; n++) {
        const p = plan(0);
        const text = spaced(JSON.stringify(value(0)));
        expect(cutJson(JSON.parse(text), p), `${text} by ${JSON.stringify(p)}`).toEqual(skimJson(bytes(text), p));
      }
    });

    it('mutated documents: refused exactly when JSON.parse refuses them, else the cut value', () => {
      for (let n = 0; n < 3_000; n++) {
        const p = plan(0);
        const text = mutateText(rng, JSON.stringify(value(0)));
        let parsed: { ok: true; value: unknown } | { ok: false };
        try {
          parsed = { ok: true, value: JSON.parse(new TextDecoder().decode(bytes(text))) };
        } catch {
          parsed = { ok: false };
        }
        if (parsed.ok) expect(skimJson(bytes(text), p), text).toEqual(cut(parsed.value, p));
        else thrown(CodecError, () => skimJson(bytes(text), p));
      }
    });
  });
});
