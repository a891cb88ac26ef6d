// A health report read by hand (rpc/methods/health/health-reader.ts) must be what zod's schema of it (`healthFields`)
// makes of it, key for key, and a report zod refuses must be refused with zod's words at the same path: on the node
// captures, the docs' example, the simulated node's reports, and mutated reports of each; then through the client.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHealth } from '../../src/rpc/methods/health/health-reader';
import { healthFields, healthResult } from '../../src/rpc/methods/health/health-result';
import { createClient } from '../../src/rpc/client';
import { SchemaError } from '../../src/rpc/errors';
import { createSimNode } from '../../src/sim/index';
import { FUZZ_SEED, Rng, mutateJson } from '../helpers/mutate';
import { fuzzAgainstZod, outcome } from '../helpers/reader-agreement';
import { sendJson, startTestServer } from '../helpers/test-server';
import { track } from '../helpers/track';

type Json = Parameters<typeof mutateJson>[1];

const fixtures = join(__dirname, '..', 'fixtures');
const captured = (path: string): Json => {
  const body = JSON.parse(readFileSync(join(fixtures, path), 'utf8')) as { result?: Json; response?: { result: Json } };
  return body.result ?? body.response!.result;
};
const CAPTURES: Record<string, Json> = {
  'v1.14.2 health': captured('node-captures/v1.14.2/health.health.json'),
  'v1.14.2 isolated': captured('node-captures/v1.14.2/health.isolated.json'),
  'v1.14.2 liveness': captured('node-captures/v1.14.2/health.liveness.json'),
  'v1.14.2 readiness': captured('node-captures/v1.14.2/health.readiness.json'),
  'v1.11.2 health': captured('node-captures/v1.11.2/health.health.json'),
  'v1.11.2 readiness': captured('node-captures/v1.11.2/health.readiness.json'),
  'the docs': captured('methods/health.health.json'),
};


describe('readHealth', () => {
  it.each(Object.entries(CAPTURES))('reads %s as zod does, key for key', (_name, report) => {
    const read = readHealth(report);
    expect(read).toBeDefined();
    expect(read).toStrictEqual(healthFields().parse(report));
    expect(healthResult().parse(report)).toStrictEqual(healthFields().parse(report));
  });

  it('reads the simulated node\'s reports as zod does', async () => {
    const node = track(await createSimNode({ validators: 60, peers: 30, utxos: 10, autoAdvance: false }));
    const client = track(createClient({ url: node.url }));
    for (const method of ['health.health', 'health.liveness', 'health.readiness']) {
      const raw = (await client.callRaw(method, {})).result;
      const read = readHealth(raw);
      expect(read, method).toBeDefined();
      if (method === 'health.health') expect(Object.keys(read!.checks).length).toBeGreaterThan(5);
      expect(read).toStrictEqual(healthFields().parse(raw));
    }
  });

  it('keeps what zod keeps of odd but valid reports: absent, null and converted fields', () => {
    const cases: unknown[] = [
      { healthy: true },
      { healthy: false, checks: null },
      { healthy: true, checks: {} },
      { healthy: true, checks: { a: {} } },
      { healthy: false, checks: { a: { message: null, error: 'x', timestamp: '2026-11-22T03:20:24.123-04:00', duration: 0, contiguousFailures: '3', timeOfFirstFailure: null, extra: [1] } } },
      { healthy: false, checks: { a: { duration: 12n, contiguousFailures: 0, timeOfFirstFailure: '2026-11-22T03:20:24Z' }, b: { message: { nested: { deep: [1, 'x'] } } } } },
      { healthy: true, extra: 1, checks: { z: { timestamp: '2026-11-22T03:20:24Z' }, a: { timestamp: '2026-11-22T03:20:25Z' } } },
    ];
    for (const c of cases) {
      const read = readHealth(c);
      expect(read, JSON.stringify(c, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBeDefined();
      expect(read).toStrictEqual(healthFields().parse(c));
      expect(Object.keys(read!.checks)).toEqual(Object.keys(healthFields().parse(c).checks));
    }
  });

  it('refuses what zod refuses, with its words at the same path', () => {
    const base = CAPTURES['v1.14.2 health'] as { checks: Record<string, Json>; healthy: boolean };
    const C = base.checks.C as Record<string, Json>;
    const bad: Array<[unknown, PropertyKey[]]> = [
      [null, []],
      [[base], []],
      ['healthy', []],
      [{ ...base, healthy: 'yes' }, ['healthy']],
      [{ checks: base.checks }, ['healthy']],
      [{ ...base, checks: [] }, ['checks']],
      [{ ...base, checks: 'all' }, ['checks']],
      [{ ...base, checks: { ...base.checks, C: null } }, ['checks', 'C']],
      [{ ...base, checks: { ...base.checks, C: [C] } }, ['checks', 'C']],
      [{ ...base, checks: { ...base.checks, C: { ...C, timestamp: 'yesterday' } } }, ['checks', 'C', 'timestamp']],
      [{ ...base, checks: { ...base.checks, C: { ...C, timestamp: null } } }, ['checks', 'C', 'timestamp']],
      [{ ...base, checks: { ...base.checks, C: { ...C, duration: '5' } } }, ['checks', 'C', 'duration']],
      [{ ...base, checks: { ...base.checks, C: { ...C, error: 5 } } }, ['checks', 'C', 'error']],
      [{ ...base, checks: { ...base.checks, C: { ...C, contiguousFailures: -1 } } }, ['checks', 'C', 'contiguousFailures']],
      [{ ...base, checks: { ...base.checks, C: { ...C, timeOfFirstFailure: 7 } } }, ['checks', 'C', 'timeOfFirstFailure']],
      // What reaches the terminal is zod's message, never the node's text.
      [{ ...base, checks: { ...base.checks, C: { ...C, error: ['\x1b]52;c;aGk=\x07'] } } }, ['checks', 'C', 'error']],
    ];
    for (const [v, path] of bad) {
      expect(readHealth(v), JSON.stringify(v)).toBeUndefined();
      const got = outcome(healthResult(), v);
      expect(got, JSON.stringify(v)).toEqual(outcome(healthFields(), v));
      expect('path' in got && got.path).toEqual(path);
      expect('message' in got && !/\x1b|\x07/.test(got.message)).toBe(true);
    }
  });

  it('leaves to zod a report JSON.parse gives a __proto__ check', () => {
    const v = JSON.parse('{"healthy":true,"checks":{"__proto__":{"timestamp":"2026-11-22T03:20:24Z"}}}') as unknown;
    expect(readHealth(v)).toBeUndefined();
    expect(outcome(healthResult(), v)).toStrictEqual(outcome(healthFields(), v));
  });

  it(`agrees with zod on mutated reports, refusals and their paths included (FUZZ_SEED=${FUZZ_SEED})`, () => {
    const rng = new Rng(FUZZ_SEED);
    const all = Object.values(CAPTURES);
    const { refused, readByHand } = fuzzAgainstZod({ rng, samples: all, fields: healthFields(), viaReader: healthResult(), read: readHealth, runs: 3_000 });
    expect(refused).toBeGreaterThan(300);
    expect(readByHand).toBeGreaterThan(300);
  });
});

describe('health.health through the client', () => {
  it('a bad check fails the call at its name and field', async () => {
    const base = CAPTURES['v1.14.2 health'] as { checks: Record<string, Record<string, Json>>; healthy: boolean };
    const reply = JSON.stringify({ jsonrpc: '2.0', result: { ...base, checks: { ...base.checks, P: { ...base.checks.P, timestamp: 'soon' } } }, id: 0 });
    const server = track(await startTestServer((req, res) => sendJson(res, reply.replace('"id":0', `"id":${JSON.stringify(req.json?.id ?? null)}`))));
    const client = track(createClient({ url: server.url }));
    const err = await client.call('health.health', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SchemaError);
    expect((err as SchemaError).path).toEqual(['checks', 'P', 'timestamp']);
    expect((err as SchemaError).detail).toContain('expected an RFC 3339 time');
  });
});
