import * as z from 'zod';
import { lazy } from '../define';
import { rfc3339, u32 } from '../common';

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

export const healthResult = lazy(() => z.object({
  checks: z.record(z.string(), check()).nullish().transform((v) => v ?? {}),
  healthy: z.boolean(),
}));
export type HealthResult = z.output<ReturnType<typeof healthResult>>;

/** `tags` narrows the checks to subnet IDs or named tags. */
export const healthParams = lazy(() => z.object({ tags: z.array(z.string().min(1)).optional() }).optional());
