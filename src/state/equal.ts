// Structural equality and structural sharing for poll results. Results carry bigint, Date and byte arrays, which
// JSON-based comparison or Object.is would get wrong, so this walks them itself.

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
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
 */
export function keepIdentity<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return next;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((item, i) => {
      const kept = i < prev.length ? keepIdentity(prev[i], item) : item;
      if (kept !== prev[i]) same = false;
      return kept;
    });
    return (same ? prev : out) as T;
  }
  if (isPlainObject(prev) && isPlainObject(next)) {
    const out: Record<string, unknown> = {};
    let same = Object.keys(prev).length === Object.keys(next).length;
    for (const k of Object.keys(next)) {
      const kept = Object.hasOwn(prev, k) ? keepIdentity(prev[k], next[k]) : next[k];
      if (!Object.hasOwn(prev, k) || kept !== prev[k]) same = false;
      out[k] = kept;
    }
    return (same ? prev : out) as T;
  }
  return (deepEqual(prev, next) ? prev : next) as T;
}
