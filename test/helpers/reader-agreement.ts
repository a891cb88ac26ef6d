// A reader by hand beside the zod schema it stands for (rpc/methods/info/peer-reader.ts, health/health-reader.ts):
// what a schema makes of a value, and the fuzz that holds the two together on mutated samples.
import { expect } from 'vitest';
import type * as z from 'zod';
import { mutateJson, type Rng } from './mutate';

type Json = Parameters<typeof mutateJson>[1];

export type Outcome = { ok: unknown } | { path: PropertyKey[]; message: string };

/** The value a schema makes, or its first issue's path and words. */
export const outcome = (schema: z.ZodType, v: unknown): Outcome => {
  const r = schema.safeParse(v);
  return r.success ? { ok: r.data } : { path: r.error.issues[0]!.path, message: r.error.issues[0]!.message };
};

/**
 * `runs` mutations of `samples`: the method's schema (`viaReader`: the reader, zod where it is not sure) gives what
 * `fields` (zod alone) gives, refusals and their paths included, and whatever the reader reads is zod's value. Returns
 * how many zod refused and how many the reader read, so a test can require both kinds to have been seen.
 */
export function fuzzAgainstZod(o: { rng: Rng; samples: readonly Json[]; fields: z.ZodType; viaReader: z.ZodType; read: (v: unknown) => unknown; runs: number }): { refused: number; readByHand: number } {
  const cache = new Map<Json, (string | number)[][]>();
  let refused = 0;
  let readByHand = 0;
  for (let n = 0; n < o.runs; n++) {
    const v = mutateJson(o.rng, o.rng.pick(o.samples), cache);
    const want = outcome(o.fields, v);
    expect(outcome(o.viaReader, v), JSON.stringify(v)).toStrictEqual(want);
    const read = o.read(v);
    if (read !== undefined) {
      readByHand++;
      expect('ok' in want && want.ok, JSON.stringify(v)).toStrictEqual(read);
    }
    if ('path' in want) refused++;
  }
  return { refused, readByHand };
}
