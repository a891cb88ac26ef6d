// `records(item)`: a long list of small records checked field by field, equal neighbouring values checked once. It must
// give what `list(item)` gives (z.array of z.object), and refuse what it refuses, at the same path.
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { list, percent, records, unixTime } from '../../src/rpc/methods/common';
import { FUZZ_SEED, Rng } from '../helpers/mutate';

const item = z.object({ nodeID: z.string(), version: z.string().default(''), observedUptime: percent.optional(), upgradeTime: unixTime.optional() });
const fast = records(item);
const plain = list(item);

describe('records', () => {
  it('gives what z.object gives, a repeated value checked once and its output shared', () => {
    const input = [
      { nodeID: 'a', version: 'avalanchego/1.15.0', observedUptime: '99', upgradeTime: 1790089200, ip: 'dropped' },
      { nodeID: 'b', version: 'avalanchego/1.15.0', observedUptime: '99', upgradeTime: 1790089200 },
      { nodeID: 'c' },
    ];
    const out = fast.parse(input);
    expect(out).toEqual(plain.parse(input));
    expect(out[2]).toEqual({ nodeID: 'c', version: '' });
    expect(Object.keys(out[2]!)).toEqual(['nodeID', 'version']);
    expect(out[1]!.upgradeTime).toBe(out[0]!.upgradeTime);
    expect(fast.parse(null)).toEqual([]);
    expect(fast.parse(undefined)).toEqual([]);
  });

  it('takes a bare string field as it is, and still checks a string field that has checks', () => {
    const checked = records(z.object({ nodeID: z.string(), name: z.string().min(3), id: z.string().startsWith('NodeID-') }));
    const out = checked.parse([{ nodeID: 'a', name: 'abc', id: 'NodeID-x' }]);
    expect(out).toEqual([{ nodeID: 'a', name: 'abc', id: 'NodeID-x' }]);
    expect(checked.safeParse([{ nodeID: 'a', name: 'ab', id: 'NodeID-x' }]).error?.issues[0]?.path).toEqual([0, 'name']);
    expect(checked.safeParse([{ nodeID: 'a', name: 'abc', id: 'x' }]).error?.issues[0]?.path).toEqual([0, 'id']);
    const refused = checked.safeParse([{ nodeID: 7, name: 'abc', id: 'NodeID-x' }]).error?.issues[0];
    expect(refused?.path).toEqual([0, 'nodeID']);
    expect(refused?.message).toBe(z.string().safeParse(7).error?.issues[0]?.message);
  });

  it(`agrees with list() on random lists, refusals and their paths included (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const field = () => rng.pick<unknown>([undefined, null, '', 'x', '99', '99.5', '-1', 'high', 0, 7, 99.25, -1, 1790089200, '1790089200', true, {}, []]);
    const record = () => (rng.chance(0.03) ? rng.pick<unknown>([null, 'p', 3, []]) : { nodeID: rng.chance(0.97) ? `NodeID-${rng.int(50)}` : field(), version: field(), observedUptime: field(), upgradeTime: field() });
    const outcome = (s: z.ZodType, v: unknown) => {
      const r = s.safeParse(v);
      return r.success ? { ok: r.data } : { path: r.error.issues[0]!.path };
    };
    let refused = 0;
    for (let n = 0; n < 2_000; n++) {
      const v = rng.chance(0.02) ? rng.pick<unknown>([{}, 'x', 1]) : Array.from({ length: rng.int(6) }, record);
      const want = outcome(z.object({ peers: plain }), { peers: v });
      if ('path' in want) refused++;
      expect(outcome(z.object({ peers: fast }), { peers: v }), JSON.stringify(v)).toEqual(want);
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('in place: the same output, written over records that hold only the fields (json-skim.ts makes such), others copied', () => {
    const inPlace = records(item, { inPlace: true });
    const own = [{ nodeID: 'a', version: 'avalanchego/1.15.0', observedUptime: '99', upgradeTime: 1790089200 }, { nodeID: 'b' }];
    const other = { nodeID: 'c', upgradeTime: 1790089200, ip: 'kept out' };
    const input = [...own, other];
    const want = plain.parse(structuredClone(input));
    const out = inPlace.parse(input);
    expect(out).toEqual(want);
    expect(out[0]).toBe(own[0]);
    expect(out[1]).toBe(own[1]);
    expect(Object.keys(out[1]!)).toEqual(['nodeID', 'version']);
    expect(out[2]).not.toBe(other);
    expect(other).toEqual({ nodeID: 'c', upgradeTime: 1790089200, ip: 'kept out' });
    expect(Object.keys(out[2]!)).toEqual(['nodeID', 'version', 'upgradeTime']);
  });

  it(`in place agrees with list() on random lists, refusals and their paths included (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED + 1);
    const inPlace = records(item, { inPlace: true });
    const field = () => rng.pick<unknown>([undefined, null, '', 'x', '99', '99.5', '-1', 0, 7, 99.25, 1790089200, '1790089200', true, {}]);
    const record = () => {
      const r: Record<string, unknown> = {};
      for (const k of ['nodeID', 'version', 'observedUptime', 'upgradeTime', 'ip']) if (rng.chance(k === 'ip' ? 0.1 : 0.8)) r[k] = k === 'nodeID' && rng.chance(0.97) ? `NodeID-${rng.int(50)}` : field();
      return r;
    };
    const outcome = (s: z.ZodType, v: unknown) => {
      const r = s.safeParse(v);
      return r.success ? { ok: r.data } : { path: r.error.issues[0]!.path };
    };
    for (let n = 0; n < 2_000; n++) {
      const v = Array.from({ length: rng.int(6) }, record);
      const want = outcome(plain, structuredClone(v));
      expect(outcome(inPlace, v), JSON.stringify(v)).toEqual(want);
    }
  });
});
