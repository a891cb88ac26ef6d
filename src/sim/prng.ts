// A small seeded PRNG (sfc32 seeded through splitmix32). Each subsystem forks its own stream by label, so adding a
// random draw in one place does not shift the history of another: same seed, same network.

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function hashLabel(seed: number, label: string): number {
  // FNV-1a over the label, mixed with the seed.
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** FNV-1a of a string: a fixed, seed-free order or choice (who stays on an old release, whose link drops). */
export function stableHash(s: string): number {
  return hashLabel(0, s);
}

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    const sm = splitmix32(this.seed);
    this.a = sm();
    this.b = sm();
    this.c = sm();
    this.d = sm();
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  /** An independent stream derived from this seed and a label. */
  fork(label: string): Prng {
    return new Prng(hashLabel(this.seed, label));
  }

  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.next() * total;
    for (const [v, w] of entries) {
      r -= w;
      if (r < 0) return v;
    }
    return entries[entries.length - 1]![0];
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.nextU32();
      out[i] = v & 0xff;
      if (i + 1 < n) out[i + 1] = (v >>> 8) & 0xff;
      if (i + 2 < n) out[i + 2] = (v >>> 16) & 0xff;
      if (i + 3 < n) out[i + 3] = (v >>> 24) & 0xff;
    }
    return out;
  }

  /** A bigint in [min, max] (inclusive), good to 2^53 granularity. */
  bigint(min: bigint, max: bigint): bigint {
    const span = max - min;
    if (span <= 0n) return min;
    const hi = BigInt(this.nextU32());
    const lo = BigInt(this.nextU32());
    return min + ((hi << 32n) | lo) % (span + 1n);
  }

  /** Log-uniform between min and max: many small values, a few large ones (stake sizes, UTXO amounts). */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }

  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const t = items[i] as T;
      items[i] = items[j] as T;
      items[j] = t;
    }
    return items;
  }
}
