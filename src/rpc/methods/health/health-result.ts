import * as z from 'zod';
import { lazy } from '../define';
import { rfc3339, u32 } from '../common';
import { readHealth } from './health-reader';

const check = lazy(() => z.object({
  /** Free-form details per check (engine heights, peer counts, …). */
  message: z.unknown().optional(),
  error: z.string().optional(),
  timestamp: rfc3339.optional(),
  /** Nanoseconds on the wire; milliseconds here. */
  duration: z
    .union([z.number(), z.bigint()])
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v) / 1e6)),
  contiguousFailures: u32.optional(),
  timeOfFirstFailure: rfc3339.nullish().transform((v) => v ?? undefined),
}));
export type HealthCheck = z.output<ReturnType<typeof check>>;

/** The report as zod reads it: what `healthResult` gives, and the words a bad report is refused with. */
export const healthFields = lazy(() => z.object({
  checks: z.record(z.string(), check()).nullish().transform((v) => v ?? {}),
  healthy: z.boolean(),
}));
export type HealthResult = z.output<ReturnType<typeof healthFields>>;

/**
 * The report: read by hand (health-reader.ts), or by `healthFields` where the reader is not sure, which then says what
 * is wrong at the same path. The exporter reads twenty nodes' reports twice a minute, and zod's passes over their
 * thirteen checks and two dozen times were most of a report's reading (docs/performance.md, exp49).
 */
export const healthResult = lazy(() => z.unknown().transform((v, ctx): HealthResult => {
  const read = readHealth(v);
  if (read) return read;
  const r = healthFields().safeParse(v);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
}));

/** `tags` narrows the checks to subnet IDs or named tags. */
export const healthParams = lazy(() => z.object({ tags: z.array(z.string().min(1)).optional() }).optional());
