// Structural equality and structural sharing for poll results. Results carry bigint, Date and byte arrays, which
// JSON-based comparison or Object.is would get wrong, so this walks them itself.

/** Objects compared by identity only (see byIdentity). */
const identityOnly = new WeakSet<object>();

/**
 * Marks `o` as equal only to itself for deepEqual and keepIdentity, and returns it. For a value built once per reading
 * whose parts are lazy getters (a network view's voters): walking it read every getter, sorted 1,500 voters and
 * compared them at each second the guard judged, and a copy made of it held the voters and lost the view's fast path.
 */
export function byIdentity<T extends object>(o: T): T {
  identityOnly.add(o);
  return o;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (identityOnly.has(a) || identityOnly.has(b as object)) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof Uint8Array) {
    if (!(b instanceof Uint8Array) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (a instanceof Map) {
    if (!(b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k))) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    for (const k of ka) if (!Object.hasOwn(b, k) || !deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/**
 * Returns `next`, except that every part of it structurally equal to the matching part of `prev` is replaced by
 * the `prev` object, so memoized rows and selectors see unchanged identities. Returns `prev` itself when equal.
 *
 * A copy is made only from the first part that differs: most of a reading is the same as the last, and copying
 * every object and array before knowing was most of what reading 10,723 peers again allocated (docs/performance.md).
 */
export function keepIdentity<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if ((typeof next === 'object' && next !== null && identityOnly.has(next)) || (typeof prev === 'object' && prev !== null && identityOnly.has(prev))) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < next.length; i++) {
      const kept: unknown = i < prev.length ? keepIdentity(prev[i], next[i]) : next[i];
      // Everything before i was kept as prev's.
      if (out === undefined && (i >= prev.length || kept !== prev[i])) out = prev.slice(0, i);
      if (out !== undefined) out.push(kept);
    }
    if (out !== undefined) return out as T;
    return (prev.length === next.length ? prev : prev.slice(0, next.length)) as T;
  }
  if (isPlainObject(prev) && isPlainObject(next)) {
    let out: Record<string, unknown> | undefined;
    let i = 0;
    for (const k in next) {
      const has = Object.hasOwn(prev, k);
      const kept = has ? keepIdentity(prev[k], next[k]) : next[k];
      if (out === undefined && (!has || kept !== prev[k])) {
        // The keys before this one, as prev's (they were kept), in next's order.
        out = {};
        let j = 0;
        for (const before in next) {
          if (j++ === i) break;
          out[before] = prev[before];
        }
      }
      if (out !== undefined) out[k] = kept;
      i++;
    }
    if (out !== undefined) return out as T;
    let prevKeys = 0;
    for (const _ in prev) prevKeys++;
    if (prevKeys === i) return prev as T;
    // prev has more keys: next's, each kept as prev's.
    out = {};
    for (const k in next) out[k] = prev[k];
    return out as T;
  }
  return (deepEqual(prev, next) ? prev : next) as T;
}
