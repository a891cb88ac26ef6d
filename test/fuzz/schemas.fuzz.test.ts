// Fuzzing every result schema of the rpc registry along the client's parse path: the reply text is parsed
// (JSON.parse, or parseJsonBig for bigJson methods), then the method's result schema runs, and a failed parse becomes
// a SchemaError exactly as in client.call. Inputs are mutations of the docs examples (test/fixtures/methods/) and of
// live replies from the simulated node (both API generations): structural edits of the result tree, and byte edits
// of the reply text. Only SyntaxError (wrapped by the transport as MalformedResponseError), CodecError and
// SchemaError may come out; no single input may take long. FUZZ_SEED=<n> replays a run.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CodecError, parseJsonBig } from '../../src/codec/index';
import { createClient } from '../../src/rpc/client';
import { SchemaError } from '../../src/rpc/errors';
import { methodList, type AnyMethod } from '../../src/rpc/methods/index';
import { createSimNode } from '../../src/sim/index';
import { FUZZ_SEED, Rng, mutateJson, mutateText } from '../helpers/mutate';
import { FuzzJudge } from '../helpers/fuzz';

const DIR = join(__dirname, '..', 'fixtures', 'methods');

type Seed = { method: AnyMethod; result: unknown; source: string };

/** client.call's parse step, without the network. */
function parseResult(m: AnyMethod, result: unknown): unknown {
  const parsed = m.result.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SchemaError(m.name, issue.path, issue.message);
  }
  return parsed.data;
}

/** The transport's body step for the reply text, then the schema. */
function parseReply(m: AnyMethod, text: string): unknown {
  const env = (m.bigJson ? parseJsonBig(text) : JSON.parse(text)) as { result?: unknown } | null;
  if (!env || typeof env !== 'object' || !('result' in env)) return undefined; // MalformedResponseError in the client
  return parseResult(m, env.result);
}

const allowed = (err: unknown) => err instanceof SchemaError || err instanceof CodecError || err instanceof SyntaxError;

const show = (v: unknown) => {
  try {
    return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x)).slice(0, 400);
  } catch {
    return String(v);
  }
};

describe(`result schemas fuzz (FUZZ_SEED=${FUZZ_SEED})`, () => {
  const seeds: Seed[] = [];

  beforeAll(async () => {
    const byName = new Map<string, (typeof methodList)[number]>(methodList.map((m) => [m.name, m]));
    for (const f of readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.startsWith('_'))) {
      const d = JSON.parse(readFileSync(join(DIR, f), 'utf8')) as { method: string; response?: { result?: unknown } };
      const m = byName.get(d.method);
      if (m && d.response && 'result' in d.response) seeds.push({ method: m, result: d.response.result, source: `example ${f}` });
    }
    // Live replies: every method that needs no params, from both API generations.
    for (const profile of ['v1.11', 'v1.14'] as const) {
      // The simulators only serve the seeds: each goes as soon as its replies are read.
      const sim = await createSimNode({ profile, validators: 40, peers: 12, utxos: 20, subnets: 2, seed: 31, autoAdvance: false });
      const client = createClient({ url: sim.url });
      try {
        for (const m of methodList) {
          if (m.mutating || !m.params.safeParse({}).success) continue;
          try {
            const r = await client.callRaw(m.name, {});
            seeds.push({ method: m, result: r.result, source: `sim ${profile}` });
          } catch {
            // not served by this generation
          }
        }
      } finally {
        await client.close();
        await sim.close();
      }
    }
  }, 60_000);

  it('every seed parses unmutated (the fuzz starts from valid replies)', () => {
    const methodsCovered = new Set(seeds.map((s) => s.method.name));
    expect(methodsCovered.size).toBeGreaterThanOrEqual(methodList.length - 5);
    for (const s of seeds) {
      if (s.source.startsWith('sim')) expect(() => parseResult(s.method, s.result), `${s.method.name} ${s.source}`).not.toThrow();
    }
  });

  it('structural mutations of each result tree', () => {
    const rng = new Rng(FUZZ_SEED ^ 0x3c3c3c3c);
    const judge = new FuzzJudge(allowed);
    const cache = new Map();
    let count = 0;
    const TOTAL = 20_000;
    for (let i = 0; i < TOTAL; i++) {
      const s = seeds[i % seeds.length]!;
      const mutated = mutateJson(rng, s.result as never, cache);
      count++;
      judge.attempt(`${s.method.name} (${s.source})`, () => show(mutated), () => parseResult(s.method, mutated));
    }
    expect(judge.failures, judge.report(count)).toEqual([]);
  });

  it('byte edits of the reply text, through the JSON parse and the schema', () => {
    const rng = new Rng(FUZZ_SEED ^ 0x0f0f0f0f);
    const judge = new FuzzJudge(allowed);
    // Long replies (validator lists) are cut to their first 20 kB of text for the edits: the parse still sees them
    // whole up to the cut, and edits land where the structure is.
    const texts = seeds.map((s) => ({ s, text: JSON.stringify({ jsonrpc: '2.0', result: s.result, id: 1 }, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)) }));
    let count = 0;
    const TOTAL = 12_000;
    for (let i = 0; i < TOTAL; i++) {
      const { s, text } = texts[i % texts.length]!;
      const edited = mutateText(rng, text.length > 20_000 ? text.slice(0, 20_000) : text);
      count++;
      judge.attempt(`${s.method.name} text (${s.source})`, () => edited.slice(0, 400), () => parseReply(s.method, edited));
    }
    expect(judge.failures, judge.report(count)).toEqual([]);
  });
});
