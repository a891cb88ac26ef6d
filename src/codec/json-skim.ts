// JSON read for a few of its values only. A mainnet node's info.peers reply is 0.67 MB of 1,590 peers with fifteen
// fields each; JSON.parse builds every one of them (and a schema copies them again) where the exporter's rules read
// four. The exporter reads twenty such lists a minute, and collecting what JSON.parse built was most of its CPU
// (docs/performance.md, branch exp33). This walks the bytes once, checks the syntax of all of them as JSON.parse
// would, and builds only the values a plan names; everything else is skipped without a string or an object made.
import { CodecError } from './errors';

/**
 * What to keep of a JSON value: `true` the whole value; an object the named members of an object (the others
 * skipped); a one-element array each element of an array, by that element's plan. A value of another kind than the
 * plan expects is kept whole (a schema then says what is wrong with it).
 */
export type SkimPlan = true | { readonly [key: string]: SkimPlan } | readonly [SkimPlan];

interface Member {
  readonly key: Uint8Array;
  readonly name: string;
  readonly plan: Compiled;
}
type Compiled = true | { readonly kind: 'object'; readonly members: readonly Member[] } | { readonly kind: 'array'; readonly element: Compiled };

const compiled = new WeakMap<object, Compiled>();
const encoder = new TextEncoder();

function compile(plan: SkimPlan): Compiled {
  if (plan === true) return true;
  const hit = compiled.get(plan);
  if (hit) return hit;
  const out: Compiled = Array.isArray(plan)
    ? { kind: 'array', element: compile((plan as readonly [SkimPlan])[0]) }
    : { kind: 'object', members: Object.entries(plan as Record<string, SkimPlan>).map(([name, p]) => ({ key: encoder.encode(name), name, plan: compile(p) })) };
  compiled.set(plan, out);
  return out;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isDigit = (c: number) => c >= ZERO && c <= NINE;
/** 1 for a byte a string holds as it is: neither its quote, an escape's backslash nor a control character. */
const PLAIN = Uint8Array.from({ length: 256 }, (_, c) => (c >= 0x20 && c !== QUOTE && c !== BACKSLASH ? 1 : 0));
const isHex = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * `JSON.parse` of `bytes` (UTF-8) with only what `plan` names built: equal to the parsed value cut down to the plan
 * (the last of repeated members, as JSON.parse keeps). Throws CodecError with the byte offset where the text is not
 * JSON, as JSON.parse would throw.
 */
export function skimJson(bytes: Uint8Array, plan: SkimPlan): unknown {
  return new Skimmer(bytes).document(compile(plan));
}

/**
 * A parsed value cut down to `plan`, as skimJson reads it from the text: the named members of an object (those it
 * has), each element of an array by the element's plan, anything else whole. The way to a plan's values where the
 * skim would run in V8's interpreter (rpc/envelope.ts); kept parts are the parsed value's own, not copies.
 */
export function cutJson(value: unknown, plan: SkimPlan): unknown {
  return cut(value, compile(plan));
}

function cut(value: unknown, plan: Compiled): unknown {
  if (plan === true || value === null || typeof value !== 'object') return value;
  if (plan.kind === 'array') {
    if (!Array.isArray(value)) return value;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = cut(value[i], plan.element);
    return out;
  }
  if (Array.isArray(value)) return value;
  const from = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const members = plan.members;
  for (let j = 0; j < members.length; j++) {
    const m = members[j]!;
    if (Object.hasOwn(from, m.name)) out[m.name] = cut(from[m.name], m.plan);
  }
  return out;
}

/**
 * One document's reading. Nothing is allocated but what is kept: a value read returns its end in `end` rather than in
 * a pair, the open containers of a skipped value are counted on one stack for the document, and text is decoded
 * straight from the bytes (Buffer's slices, not a view of them each).
 */
class Skimmer {
  private readonly b: Buffer;
  /** Where the last value read ends. */
  private end = 0;
  /** Whether the last string read had an escape (its text then needs JSON.parse, not its bytes alone). */
  private escaped = false;
  /** The open containers of the value being skipped: 1 an object, 0 an array. */
  private open = new Uint8Array(64);

  constructor(bytes: Uint8Array) {
    this.b = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  document(plan: Compiled): unknown {
    const value = this.value(this.ws(0), plan);
    const end = this.ws(this.end);
    if (end !== this.b.length) this.fail(end, 'unexpected text after the value');
    return value;
  }

  private fail(at: number, what: string): never {
    throw new CodecError(`not JSON: ${what}`, at);
  }

  private ws(i: number): number {
    const b = this.b;
    for (;;) {
      const c = b[i];
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
      i++;
    }
  }

  /** The value at `i` by `plan`; it ends at `this.end`. */
  private value(i: number, plan: Compiled): unknown {
    const c = this.b[i];
    if (plan !== true && plan.kind === 'object' && c === OPEN_BRACE) return this.object(i, plan.members);
    if (plan !== true && plan.kind === 'array' && c === OPEN_BRACKET) return this.array(i, plan.element);
    const end = this.skip(i);
    const value = this.whole(i, end);
    this.end = end;
    return value;
  }

  /** A value kept whole, from its text (a string without escapes straight from its bytes). */
  private whole(start: number, end: number): unknown {
    const b = this.b;
    // skip() has just read it: `escaped` is this string's.
    if (b[start] === QUOTE && !this.escaped) return b.toString('utf8', start + 1, end - 1);
    return wholeNumber(b, start, end) ?? JSON.parse(b.toString('utf8', start, end));
  }

  private object(i: number, members: readonly Member[]): unknown {
    const b = this.b;
    const out: Record<string, unknown> = {};
    i = this.ws(i + 1);
    if (b[i] === CLOSE_BRACE) {
      this.end = i + 1;
      return out;
    }
    for (;;) {
      if (b[i] !== QUOTE) this.fail(i, 'expected a member name');
      const keyEnd = this.string(i);
      const member = this.member(i, keyEnd, members);
      i = this.ws(keyEnd);
      if (b[i] !== COLON) this.fail(i, "expected ':'");
      i = this.ws(i + 1);
      if (member) {
        out[member.name] = this.value(i, member.plan);
        i = this.end;
      } else {
        i = this.skip(i);
      }
      i = this.ws(i);
      if (b[i] === CLOSE_BRACE) {
        this.end = i + 1;
        return out;
      }
      if (b[i] !== COMMA) this.fail(i, "expected ',' or '}'");
      i = this.ws(i + 1);
    }
  }

  /** The planned member the name at [start, end) (its quotes included) is, compared as bytes where it has no escape. */
  private member(start: number, end: number, members: readonly Member[]): Member | undefined {
    const b = this.b;
    const length = end - start - 2;
    if (this.escaped) {
      const name = JSON.parse(b.toString('utf8', start, end)) as string;
      return members.find((m) => m.name === name);
    }
    // By index, not for-of: the monitor reads its list once a minute, so this runs in V8's interpreter, where each
    // for-of step allocates an iterator result (member names were a third of the skim's time there, CPU profile).
    const first = b[start + 1];
    for (let j = 0; j < members.length; j++) {
      const key = members[j]!.key;
      if (key.length !== length || (length > 0 && key[0] !== first)) continue;
      let k = Math.min(1, length);
      while (k < length && key[k] === b[start + 1 + k]) k++;
      if (k === length) return members[j];
    }
    return undefined;
  }

  private array(i: number, element: Compiled): unknown {
    const b = this.b;
    const out: unknown[] = [];
    i = this.ws(i + 1);
    if (b[i] === CLOSE_BRACKET) {
      this.end = i + 1;
      return out;
    }
    for (;;) {
      out.push(this.value(i, element));
      i = this.ws(this.end);
      if (b[i] === CLOSE_BRACKET) {
        this.end = i + 1;
        return out;
      }
      if (b[i] !== COMMA) this.fail(i, "expected ',' or ']'");
      i = this.ws(i + 1);
    }
  }

  /**
   * Past the value at `i`, its syntax checked, nothing built. Nesting is counted on a stack of its own, not on the
   * call stack: JSON.parse reads any depth, and so must this.
   */
  private skip(i: number): number {
    const b = this.b;
    let depth = 0;
    for (;;) {
      // A value starts at i.
      const c = b[i];
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        const object = c === OPEN_BRACE;
        i = this.ws(i + 1);
        if (b[i] === (object ? CLOSE_BRACE : CLOSE_BRACKET)) {
          i++;
        } else {
          if (depth === this.open.length) {
            const more = new Uint8Array(depth * 2);
            more.set(this.open);
            this.open = more;
          }
          this.open[depth++] = object ? 1 : 0;
          if (object) i = this.name(i);
          continue;
        }
      } else if (c === QUOTE) {
        i = this.string(i);
      } else if (c === MINUS || isDigit(c ?? -1)) {
        i = this.number(i);
      } else {
        i = this.literal(i);
      }
      // After a value: close what ends here, or go on to the next member or element.
      for (;;) {
        if (depth === 0) return i;
        i = this.ws(i);
        const object = this.open[depth - 1] === 1;
        if (b[i] === COMMA) {
          i = this.ws(i + 1);
          if (object) i = this.name(i);
          break;
        }
        if (b[i] !== (object ? CLOSE_BRACE : CLOSE_BRACKET)) this.fail(i, object ? "expected ',' or '}'" : "expected ',' or ']'");
        depth--;
        i++;
      }
    }
  }

  /** Past a member's name and its colon, to its value. */
  private name(i: number): number {
    if (this.b[i] !== QUOTE) this.fail(i, 'expected a member name');
    i = this.ws(this.string(i));
    if (this.b[i] !== COLON) this.fail(i, "expected ':'");
    return this.ws(i + 1);
  }

  /** Past the string at `i` (its opening quote). */
  private string(i: number): number {
    const b = this.b;
    const n = b.length;
    this.escaped = false;
    i++;
    for (;;) {
      // Most of a reply's bytes are strings' plain text: one table look each.
      while (i < n && PLAIN[b[i]!] === 1) i++;
      if (i >= n) this.fail(i, 'unterminated string');
      const c = b[i]!;
      if (c === QUOTE) return i + 1;
      if (c < 0x20) this.fail(i, 'a control character in a string');
      if (c === BACKSLASH) {
        this.escaped = true;
        const e = b[i + 1];
        if (e === 0x75) {
          for (let k = 2; k < 6; k++) if (!isHex(b[i + k] ?? -1)) this.fail(i + k, 'a bad \\u escape');
          i += 6;
          continue;
        }
        // " \ / b f n r t
        if (e !== QUOTE && e !== BACKSLASH && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) this.fail(i + 1, 'a bad escape');
        i += 2;
        continue;
      }
      i++;
    }
  }

  /** Past the number at `i`: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)? */
  private number(i: number): number {
    const b = this.b;
    if (b[i] === MINUS) i++;
    if (b[i] === ZERO) i++;
    else if (isDigit(b[i] ?? -1)) while (isDigit(b[i] ?? -1)) i++;
    else this.fail(i, 'a bad number');
    if (b[i] === DOT) {
      i++;
      if (!isDigit(b[i] ?? -1)) this.fail(i, 'a bad number');
      while (isDigit(b[i] ?? -1)) i++;
    }
    if (b[i] === 0x65 || b[i] === 0x45) {
      i++;
      if (b[i] === PLUS || b[i] === MINUS) i++;
      if (!isDigit(b[i] ?? -1)) this.fail(i, 'a bad number');
      while (isDigit(b[i] ?? -1)) i++;
    }
    return i;
  }

  /** Past true, false or null at `i`. */
  private literal(i: number): number {
    for (const word of LITERALS) {
      let k = 0;
      while (k < word.length && this.b[i + k] === word[k]) k++;
      if (k === word.length) return i + k;
    }
    return this.fail(i, this.b[i] === undefined ? 'unexpected end' : 'unexpected character');
  }
}

const LITERALS = ['true', 'false', 'null'].map((w) => encoder.encode(w));

/** A whole number of up to 15 digits (exact as a double) from its bytes, as JSON.parse reads it; else undefined. */
function wholeNumber(b: Buffer, start: number, end: number): number | undefined {
  const negative = b[start] === MINUS;
  let k = negative ? start + 1 : start;
  if (end - k > 15 || end <= k) return undefined;
  let n = 0;
  for (; k < end; k++) {
    const c = b[k]!;
    if (!isDigit(c)) return undefined;
    n = n * 10 + (c - ZERO);
  }
  // -0 is JSON.parse's too.
  return negative ? -n : n;
}
