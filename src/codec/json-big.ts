// JSON with exact big integers. avalanchego prints uint64 values as bare JSON numbers, which JSON.parse would round
// above 2^53, and Node 20's JSON.parse gives revivers no access to the source text.
import { CodecError } from './errors';

export type JsonBig = null | boolean | number | bigint | string | JsonBig[] | { [key: string]: JsonBig };

export const MAX_JSON_DEPTH = 512;

/**
 * Like JSON.parse, but integers outside Number's safe range come back as bigint (everything else as JSON.parse gives
 * it). Nesting deeper than `maxDepth` and syntax errors throw CodecError with the character offset.
 */
export function parseJsonBig(text: string, opts: { maxDepth?: number } = {}): JsonBig {
  const maxDepth = opts.maxDepth ?? MAX_JSON_DEPTH;
  // Most replies have no long digit runs: a string-aware scan lets those take the native parser.
  if (scanNeedsSlowPath(text, maxDepth)) return new Parser(text, maxDepth).parseDocument();
  try {
    return JSON.parse(text) as JsonBig;
  } catch {
    // Re-parse to report the error with its offset in our own terms.
    return new Parser(text, maxDepth).parseDocument();
  }
}

/** True when the text nests too deep or holds a digit run of 16 or more outside strings. */
function scanNeedsSlowPath(text: string, maxDepth: number): boolean {
  let depth = 0;
  let run = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (++run >= 16) return true;
      continue;
    }
    run = 0;
    if (c === 34) {
      // skip the string
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return true;
    } else if (c === 125 || c === 93) {
      depth--;
    }
  }
  return false;
}

type Frame = { arr: JsonBig[] | null; obj: { [key: string]: JsonBig } | null; key: string | null };

class Parser {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  private fail(msg: string, at = this.pos): never {
    throw new CodecError(`invalid JSON: ${msg}`, at);
  }

  private ws(): void {
    const t = this.text;
    let p = this.pos;
    for (;;) {
      const c = t.charCodeAt(p);
      if (c === 32 || c === 10 || c === 13 || c === 9) p++;
      else break;
    }
    this.pos = p;
  }

  parseDocument(): JsonBig {
    const stack: Frame[] = [];
    let value: JsonBig;
    this.ws();
    for (;;) {
      // Parse one value; containers push a frame and continue with their first element.
      const t = this.text;
      const c = t.charCodeAt(this.pos);
      let produced = true;
      if (c === 123 || c === 91) {
        if (stack.length >= this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth}`);
        this.pos++;
        this.ws();
        if (c === 123) {
          const obj: { [key: string]: JsonBig } = {};
          if (t.charCodeAt(this.pos) === 125) {
            this.pos++;
            value = obj;
          } else {
            const key = this.key();
            stack.push({ arr: null, obj, key });
            produced = false;
          }
        } else {
          const arr: JsonBig[] = [];
          if (t.charCodeAt(this.pos) === 93) {
            this.pos++;
            value = arr;
          } else {
            stack.push({ arr, obj: null, key: null });
            produced = false;
          }
        }
      } else if (c === 34) {
        value = this.string();
      } else if (c === 45 || (c >= 48 && c <= 57)) {
        value = this.number();
      } else if (t.startsWith('true', this.pos)) {
        this.pos += 4;
        value = true;
      } else if (t.startsWith('false', this.pos)) {
        this.pos += 5;
        value = false;
      } else if (t.startsWith('null', this.pos)) {
        this.pos += 4;
        value = null;
      } else {
        this.fail(this.pos >= t.length ? 'unexpected end of input' : `unexpected character ${JSON.stringify(t[this.pos])}`);
      }
      if (!produced) {
        this.ws();
        continue;
      }
      // Attach the finished value to its parents, closing every container that ends here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          this.ws();
          if (this.pos !== t.length) this.fail('unexpected data after the top-level value');
          return value!;
        }
        if (top.arr) top.arr.push(value!);
        else setKey(top.obj!, top.key!, value!);
        this.ws();
        const d = t.charCodeAt(this.pos);
        if (d === 44) {
          this.pos++;
          this.ws();
          if (top.obj) {
            top.key = this.key();
          }
          break;
        }
        if ((top.arr && d === 93) || (top.obj && d === 125)) {
          this.pos++;
          stack.pop();
          value = (top.arr ?? top.obj)!;
          continue;
        }
        this.fail(this.pos >= t.length ? 'unexpected end of input' : `expected ',' or '${top.arr ? ']' : '}'}'`);
      }
      this.ws();
    }
  }

  /** A key and its colon; leaves pos at the value. */
  private key(): string {
    if (this.text.charCodeAt(this.pos) !== 34) this.fail('expected a string key');
    const k = this.string();
    this.ws();
    if (this.text.charCodeAt(this.pos) !== 58) this.fail("expected ':'");
    this.pos++;
    this.ws();
    return k;
  }

  private string(): string {
    const t = this.text;
    const start = this.pos;
    let p = start + 1;
    let simple = true;
    for (;;) {
      if (p >= t.length) this.fail('unterminated string', start);
      const c = t.charCodeAt(p);
      if (c === 34) break;
      if (c < 32) this.fail('control character in string', p);
      if (c === 92) {
        simple = false;
        p += 2;
        continue;
      }
      p++;
    }
    this.pos = p + 1;
    if (simple) return t.slice(start + 1, p);
    try {
      return JSON.parse(t.slice(start, p + 1)) as string;
    } catch {
      return this.fail('invalid escape in string', start);
    }
  }

  private number(): number | bigint {
    const t = this.text;
    const start = this.pos;
    let p = start;
    if (t.charCodeAt(p) === 45) p++;
    const intStart = p;
    while (p < t.length && t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
    if (p === intStart) this.fail('invalid number', start);
    if (p - intStart > 1 && t.charCodeAt(intStart) === 48) this.fail('leading zero in number', start);
    let integer = true;
    if (t.charCodeAt(p) === 46) {
      integer = false;
      p++;
      const f = p;
      while (p < t.length && t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
      if (p === f) this.fail('invalid number', start);
    }
    const e = t.charCodeAt(p);
    if (e === 101 || e === 69) {
      integer = false;
      p++;
      const s = t.charCodeAt(p);
      if (s === 43 || s === 45) p++;
      const f = p;
      while (p < t.length && t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
      if (p === f) this.fail('invalid number', start);
    }
    this.pos = p;
    const src = t.slice(start, p);
    const n = Number(src);
    if (integer && !Number.isSafeInteger(n)) return BigInt(src);
    return n;
  }
}

function setKey(obj: { [key: string]: JsonBig }, key: string, value: JsonBig): void {
  // A plain assignment to "__proto__" would replace the prototype instead of adding the key JSON.parse adds.
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/**
 * JSON.stringify for JsonBig: bigints print as bare integers. `undefined` members are dropped (and become null in
 * arrays), as JSON.stringify does.
 */
export function stringifyJsonBig(value: unknown, indent: number | string = 0): string {
  const unit = typeof indent === 'number' ? ' '.repeat(Math.min(10, Math.max(0, indent))) : indent.slice(0, 10);
  const out: string[] = [];
  write(value, '', unit, out, 0);
  return out.join('');
}

function write(v: unknown, cur: string, unit: string, out: string[], depth: number): void {
  if (depth > 10_000) throw new CodecError('value nests too deep to stringify');
  switch (typeof v) {
    case 'bigint':
      out.push(v.toString());
      return;
    case 'number':
      out.push(Number.isFinite(v) ? String(v) : 'null');
      return;
    case 'string':
      out.push(JSON.stringify(v));
      return;
    case 'boolean':
      out.push(v ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      out.push('null');
      return;
  }
  if (v === null) {
    out.push('null');
    return;
  }
  const next = cur + unit;
  const nl = unit ? '\n' : '';
  if (Array.isArray(v)) {
    if (v.length === 0) {
      out.push('[]');
      return;
    }
    out.push('[');
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out.push(',');
      out.push(nl, next);
      const item: unknown = v[i];
      write(item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item, next, unit, out, depth + 1);
    }
    out.push(nl, cur, ']');
    return;
  }
  if (v instanceof Uint8Array) throw new CodecError('cannot stringify raw bytes; render them first');
  const entries = Object.keys(v as object).filter((k) => {
    const m = (v as Record<string, unknown>)[k];
    return m !== undefined && typeof m !== 'function' && typeof m !== 'symbol';
  });
  if (entries.length === 0) {
    out.push('{}');
    return;
  }
  out.push('{');
  entries.forEach((k, i) => {
    if (i > 0) out.push(',');
    out.push(nl, next, JSON.stringify(k), unit ? ': ' : ':');
    write((v as Record<string, unknown>)[k], next, unit, out, depth + 1);
  });
  out.push(nl, cur, '}');
}
