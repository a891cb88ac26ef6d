// Seeded mutators for the fuzz tests: bytes (flips, truncations, insertions, length fields), text, and JSON trees.
// The seed comes from FUZZ_SEED when set (to replay a failure), else from the clock; tests put it in their names.

export const FUZZ_SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) >>> 0 : (Date.now() ^ (process.pid << 8)) >>> 0;

/** xorshift32: small, fast, and the same sequence for the same seed. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 0x9e3779b9;
  }
  next(): number {
    let x = this.s;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    this.s = x >>> 0;
    return this.s;
  }
  int(n: number): number {
    return n <= 0 ? 0 : this.next() % n;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]!;
  }
  chance(p: number): boolean {
    return this.next() / 0x1_0000_0000 < p;
  }
}

const BOUNDARY_U32 = [0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0xffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];

/** Offsets of 4-byte big-endian words holding small values: the length and count fields of the linear codec. */
export function lengthFieldOffsets(bytes: Uint8Array): number[] {
  const out: number[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i + 4 <= bytes.length; i++) {
    const v = view.getUint32(i);
    if (v > 0 && v < 4096) out.push(i);
  }
  return out;
}

export function mutateBytes(rng: Rng, input: Uint8Array, lengthOffsets: readonly number[]): Uint8Array {
  const b = input.slice();
  const rounds = 1 + rng.int(3);
  let out = b;
  for (let r = 0; r < rounds; r++) {
    const len = out.length;
    switch (rng.int(8)) {
      case 0: {
        // bit flips
        if (len === 0) break;
        for (let i = 0, n = 1 + rng.int(4); i < n; i++) out[rng.int(len)]! ^= 1 << rng.int(8);
        break;
      }
      case 1: {
        // a byte set to a boundary or random value
        if (len === 0) break;
        out[rng.int(len)] = rng.pick([0x00, 0x01, 0x7f, 0x80, 0xff, rng.int(256)]);
        break;
      }
      case 2:
        // truncation
        out = out.slice(0, rng.int(len + 1));
        break;
      case 3: {
        // insertion of random bytes
        const at = rng.int(len + 1);
        const ins = Uint8Array.from({ length: 1 + rng.int(16) }, () => rng.int(256));
        const next = new Uint8Array(len + ins.length);
        next.set(out.subarray(0, at));
        next.set(ins, at);
        next.set(out.subarray(at), at + ins.length);
        out = next;
        break;
      }
      case 4: {
        // deletion of a range
        const at = rng.int(len + 1);
        const n = 1 + rng.int(16);
        const next = new Uint8Array(Math.max(0, len - Math.min(n, len - at)));
        next.set(out.subarray(0, at));
        next.set(out.subarray(Math.min(len, at + n)), at);
        out = next;
        break;
      }
      case 5:
      case 6: {
        // length / count field corruption
        const offs = lengthOffsets.filter((o) => o + 4 <= len);
        if (offs.length === 0) break;
        const at = rng.pick(offs);
        const v = rng.chance(0.7) ? rng.pick(BOUNDARY_U32) : rng.next();
        new DataView(out.buffer, out.byteOffset, out.byteLength).setUint32(at, v);
        break;
      }
      case 7: {
        // a chunk duplicated (repeated structures, trailing data)
        if (len === 0) break;
        const at = rng.int(len);
        const chunk = out.slice(at, at + 1 + rng.int(64));
        const next = new Uint8Array(len + chunk.length);
        next.set(out);
        next.set(chunk, len);
        out = next;
        break;
      }
    }
  }
  return out;
}

const ODD_CHARS = ['', '0', 'x', '0x', ' ', '\u0000', '\u001b', 'é', '\uffff', '\ud800', 'I', 'O', 'l', '-', 'NodeID-', 'P-', '1', 'z', 'Z', '=', '"'];

export function mutateText(rng: Rng, s: string): string {
  let out = s;
  for (let r = 0, rounds = 1 + rng.int(3); r < rounds; r++) {
    const at = rng.int(out.length + 1);
    switch (rng.int(5)) {
      case 0:
        out = out.slice(0, at) + rng.pick(ODD_CHARS) + out.slice(at);
        break;
      case 1:
        out = out.slice(0, at) + out.slice(at + 1 + rng.int(8));
        break;
      case 2:
        out = out.slice(0, at);
        break;
      case 3: {
        // one character replaced by its neighbour in code space
        if (out.length === 0) break;
        const i = rng.int(out.length);
        out = out.slice(0, i) + String.fromCharCode((out.charCodeAt(i) + 1 + rng.int(3)) & 0xffff) + out.slice(i + 1);
        break;
      }
      case 4:
        out = out + out.slice(rng.int(out.length + 1));
        break;
    }
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function deep(n: number): Json {
  let v: Json = 0;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

function oddValue(rng: Rng, like: Json): Json {
  const pool: Json[] = [
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -0,
    '',
    'abc',
    '-1',
    '1e400',
    '18446744073709551616',
    '99999999999999999999999999999',
    '0x',
    'NaN',
    '2026-13-45T99:99:99Z',
    'NodeID-',
    'x'.repeat(1 + rng.int(5_000)),
    [],
    {},
    [null],
    { '': null },
    deep(20 + rng.int(30)),
  ];
  if (typeof like === 'string') pool.push(like + '\u001b[2J', like.slice(0, rng.int(like.length + 1)), Number(like) as Json);
  if (typeof like === 'number') pool.push(String(like), like + 1, -like, Number.MAX_SAFE_INTEGER + 2);
  if (Array.isArray(like)) pool.push(like.slice(1), [...like, ...like], like[0] ?? null);
  return rng.pick(pool);
}

/** Paths to every node of a JSON tree (bounded, so big replies stay cheap). */
function paths(v: Json, max = 4_000): (string | number)[][] {
  const out: (string | number)[][] = [[]];
  const walk = (x: Json, p: (string | number)[]) => {
    if (out.length >= max) return;
    if (Array.isArray(x)) {
      // A few elements of long lists are as good as all of them.
      const idx = x.length <= 8 ? x.map((_, i) => i) : [0, 1, x.length - 1];
      for (const i of idx) {
        out.push([...p, i]);
        walk(x[i]!, [...p, i]);
      }
    } else if (x && typeof x === 'object') {
      for (const k of Object.keys(x)) {
        out.push([...p, k]);
        walk(x[k]!, [...p, k]);
      }
    }
  };
  walk(v, []);
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);

/** A structural mutation of a JSON value: a node replaced, removed, duplicated or given a stray sibling. */
export function mutateJson(rng: Rng, value: Json, cache = new Map<Json, (string | number)[][]>()): Json {
  let ps = cache.get(value);
  if (!ps) cache.set(value, (ps = paths(value)));
  const root = clone(value);
  for (let r = 0, rounds = 1 + rng.int(3); r < rounds; r++) {
    const p = rng.pick(ps);
    if (p.length === 0) {
      if (rng.chance(0.3)) return oddValue(rng, root);
      continue;
    }
    let parent: Json = root;
    for (const k of p.slice(0, -1)) {
      const next: Json | undefined = (parent as Record<string | number, Json>)?.[k as never];
      if (next === undefined || next === null || typeof next !== 'object') {
        parent = null;
        break;
      }
      parent = next;
    }
    if (!parent || typeof parent !== 'object') continue;
    const key = p[p.length - 1]!;
    const container = parent as Record<string | number, Json>;
    switch (rng.int(4)) {
      case 0:
      case 1:
        container[key as never] = oddValue(rng, container[key as never]!);
        break;
      case 2:
        if (Array.isArray(container)) container.splice(Number(key), 1);
        else delete container[key as never];
        break;
      case 3:
        if (Array.isArray(container)) container.push(clone(container[Number(key)] ?? null));
        else container[`${String(key)}_x`] = oddValue(rng, null);
        break;
    }
  }
  return root;
}
