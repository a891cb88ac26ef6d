// A health report read by hand: what zod's schema of it (health-result.ts `healthFields`) gives, for a report it
// accepts, without its per-field passes. The reader is sure or says nothing: anything it does not read plainly (a
// wrong type, a key JSON.parse would not make an own plain member of) returns undefined, and the zod schema reads the
// report, so a bad one is refused with zod's words at the same path. test/rpc/health-reader.test.ts holds the two
// together on the node captures, the simulated node's reports and mutated reports.
import { wireRfc3339Ms, wireUnsigned } from '../common';
import type { HealthCheck, HealthResult } from './health-result';

const hasOwn = Object.prototype.hasOwnProperty;

/** A plain object as JSON.parse makes it (what zod's object and record schemas read as one); anything else is left to zod. */
function plainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** One check as zod's `check` makes it: fields in the schema's order, an absent one absent, unknown ones dropped. */
function readCheck(v: unknown): HealthCheck | undefined {
  if (!plainObject(v)) return undefined;
  const out: Record<string, unknown> = {};
  if (hasOwn.call(v, 'message')) {
    if (v.message === undefined) return undefined;
    out.message = v.message;
  }
  if (hasOwn.call(v, 'error')) {
    if (typeof v.error !== 'string') return undefined;
    out.error = v.error;
  }
  if (hasOwn.call(v, 'timestamp')) {
    const ms = wireRfc3339Ms(v.timestamp);
    if (ms === undefined) return undefined;
    out.timestamp = new Date(ms);
  }
  if (hasOwn.call(v, 'duration')) {
    const d = v.duration;
    if ((typeof d !== 'number' || !Number.isFinite(d)) && typeof d !== 'bigint') return undefined;
    out.duration = Number(d) / 1e6;
  }
  if (hasOwn.call(v, 'contiguousFailures')) {
    const n = wireUnsigned(v.contiguousFailures);
    if (n === undefined) return undefined;
    out.contiguousFailures = n;
  }
  if (hasOwn.call(v, 'timeOfFirstFailure')) {
    const t = v.timeOfFirstFailure;
    if (t === null) out.timeOfFirstFailure = undefined;
    else {
      const ms = wireRfc3339Ms(t);
      if (ms === undefined) return undefined;
      out.timeOfFirstFailure = new Date(ms);
    }
  }
  return out as HealthCheck;
}

/** The report zod's schema makes of `v`, or undefined where the reader is not sure it would (then zod decides). */
export function readHealth(v: unknown): HealthResult | undefined {
  if (!plainObject(v) || typeof v.healthy !== 'boolean') return undefined;
  const checks: Record<string, HealthCheck> = {};
  const raw = v.checks;
  if (raw !== null && raw !== undefined) {
    if (!plainObject(raw)) return undefined;
    for (const name in raw) {
      // Only own, ordinary names: JSON.parse makes `__proto__` an own member, which an object written to would not keep.
      if (!hasOwn.call(raw, name) || name === '__proto__') return undefined;
      const c = readCheck(raw[name]);
      if (!c) return undefined;
      checks[name] = c;
    }
  }
  return { checks, healthy: v.healthy };
}
