// Structural comparison of two JSON replies: same keys, same value kinds, recursively. Objects keyed by IDs, node
// IDs or numbers are maps (their keys are data, not schema); array elements are merged into one shape.
// Strings carry their format too: a decimal-string integer, a 4-decimal percentage or an RFC 3339 time the client
// parses differently, so a simulator that sends "2.5" where the node sends "2.5000" must show up.
type StringFormat = 'uint' | 'float4' | 'time' | 'id' | 'nodeID' | 'address' | 'hex' | 'text';
type Kind = `string:${StringFormat}` | 'number' | 'boolean' | 'null' | 'array' | 'object' | 'map';

export function stringFormat(v: string): StringFormat {
  if (/^\d+$/.test(v)) return 'uint';
  if (/^\d+\.\d{4}$/.test(v)) return 'float4';
  if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v)) return 'time';
  if (/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/.test(v)) return 'nodeID';
  if (/^[A-Za-z]+-[a-z]+1[02-9ac-hj-np-z]+$/.test(v)) return 'address';
  if (/^0x[0-9a-fA-F]*$/.test(v)) return 'hex';
  if (/^[1-9A-HJ-NP-Za-km-z]{37,52}$/.test(v)) return 'id';
  return 'text';
}

export interface Shape {
  kinds: Set<Kind>;
  keys?: Map<string, Shape>;
  element?: Shape;
}

// cb58 IDs are 37 (the all-zero primary network ID) to ~50 characters.
const MAP_KEY = /^(NodeID-[1-9A-HJ-NP-Za-km-z]+|[1-9A-HJ-NP-Za-km-z]{37,52}|\d+)$/;
// Maps whose keys are names, not IDs: VM aliases in info.getNodeVersion depend on the plugins a node has installed.
const MAP_PATHS = new Set(['$.vmVersions']);

export function shapeOf(v: unknown, path = '$'): Shape {
  if (v === null || v === undefined) return { kinds: new Set(['null']) };
  if (typeof v === 'string') return { kinds: new Set([`string:${stringFormat(v)}` as Kind]) };
  if (typeof v === 'number' || typeof v === 'bigint') return { kinds: new Set(['number']) };
  if (typeof v === 'boolean') return { kinds: new Set(['boolean']) };
  if (Array.isArray(v)) {
    const element = v.map((x) => shapeOf(x, `${path}[]`)).reduce<Shape | undefined>((a, b) => (a ? merge(a, b) : b), undefined);
    return { kinds: new Set(['array']), ...(element ? { element } : {}) };
  }
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 0 && (MAP_PATHS.has(path) || entries.every(([k]) => MAP_KEY.test(k)))) {
    const element = entries.map(([, x]) => shapeOf(x, `${path}[]`)).reduce((a, b) => merge(a, b));
    return { kinds: new Set(['map']), element };
  }
  return { kinds: new Set(['object']), keys: new Map(entries.map(([k, x]) => [k, shapeOf(x, `${path}.${k}`)])) };
}

function merge(a: Shape, b: Shape): Shape {
  const out: Shape = { kinds: new Set([...a.kinds, ...b.kinds]) };
  if (a.keys || b.keys) {
    const keys = new Map(a.keys ?? []);
    for (const [k, s] of b.keys ?? []) keys.set(k, keys.has(k) ? merge(keys.get(k)!, s) : s);
    out.keys = keys;
  }
  if (a.element && b.element) out.element = merge(a.element, b.element);
  else if (a.element ?? b.element) out.element = (a.element ?? b.element)!;
  return out;
}

/**
 * Differences of `actual` (e.g. the simulator) against `expected` (the real node), one line each. An empty array or
 * an empty map carries no element shape and matches any; an empty object `{}` is treated as a map with no entries.
 * `null` matches any kind: the node itself sends null for "none" where it otherwise sends a value (getBalance
 * utxoIDs, getValidatorsAt publicKey of a validator without a BLS key), so it depends on the data, not the schema.
 */
export function diffShapes(expected: Shape, actual: Shape, path = '$'): string[] {
  const out: string[] = [];
  const norm = (s: Shape): Set<Kind> => {
    const k = new Set(s.kinds);
    if (k.has('object') && s.keys && s.keys.size === 0) {
      k.delete('object');
      k.add('map');
    }
    return k;
  };
  const ek = norm(expected);
  const ak = norm(actual);
  if (ek.size > 1 || ak.size > 1 || ek.has('null') || ak.has('null')) {
    ek.delete('null');
    ak.delete('null');
    if (ek.size === 0 || ak.size === 0) return out;
  }
  const fmt = (k: Set<Kind>) => [...k].sort().join('|');
  if (fmt(ek) !== fmt(ak)) out.push(`${path}: real node has ${fmt(ek)}, other has ${fmt(ak)}`);
  if (expected.keys && actual.keys && expected.keys.size > 0 && actual.keys.size > 0) {
    for (const [k, s] of expected.keys) {
      if (!actual.keys.has(k)) out.push(`${path}.${k}: missing (real node has it as ${fmt(s.kinds)})`);
      else out.push(...diffShapes(s, actual.keys.get(k)!, `${path}.${k}`));
    }
    for (const [k, s] of actual.keys) {
      if (!expected.keys.has(k)) out.push(`${path}.${k}: extra (${fmt(s.kinds)}), the real node has no such key`);
    }
  }
  if (expected.element && actual.element) out.push(...diffShapes(expected.element, actual.element, `${path}[]`));
  return out;
}
