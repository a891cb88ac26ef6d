// The console's parameter form, built from a method's zod 4 params schema: walk the object shape (nested objects
// become dotted paths), unwrap optional/default/nullable/pipe, and map each leaf to a kind of input. Then turn the
// typed text back into params. Pure.
import type { z } from 'zod';

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'enum' | 'json';

export interface FormField {
  /** Dotted path in the params object, e.g. `startIndex.address`. */
  readonly path: string;
  readonly kind: FieldKind;
  readonly optional: boolean;
  /** For `enum`: the allowed values. */
  readonly options?: readonly string[];
  /** For `array`: the kind of each comma-separated item. */
  readonly item?: FieldKind;
  /** Typed masked, never stored or echoed (keystore passwords). */
  readonly secret: boolean;
}

export interface FormSpec {
  readonly fields: readonly FormField[];
  /** The whole params object may be left out (`{}` or nothing is sent). */
  readonly optional: boolean;
}

type Def = { type: string; [k: string]: unknown };
const defOf = (s: unknown): Def => ((s as { _zod?: { def?: Def } })?._zod?.def ?? { type: 'unknown' }) as Def;

/** Peel wrappers, noting whether any made the value optional. */
function unwrap(schema: unknown): { schema: unknown; optional: boolean } {
  let s = schema;
  let optional = false;
  for (let i = 0; i < 16; i++) {
    const d = defOf(s);
    if (d.type === 'optional' || d.type === 'default' || d.type === 'prefault') {
      optional = true;
      s = d.innerType;
    } else if (d.type === 'nullable' || d.type === 'readonly' || d.type === 'catch' || d.type === 'nonoptional') {
      s = d.innerType;
    } else if (d.type === 'pipe') {
      // Input side: what the user types.
      s = d.in;
    } else break;
  }
  return { schema: s, optional };
}

function kindOf(schema: unknown): { kind: FieldKind; options?: string[]; item?: FieldKind } {
  const { schema: s } = unwrap(schema);
  const d = defOf(s);
  switch (d.type) {
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'bigint':
    case 'int':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'enum':
      return { kind: 'enum', options: Object.keys(d.entries as object) };
    case 'literal':
      return { kind: 'enum', options: (d.values as unknown[]).map(String) };
    case 'array':
      return { kind: 'array', item: kindOf(d.element).kind };
    case 'union': {
      const kinds = (d.options as unknown[]).map((o) => kindOf(o).kind);
      // A number that may also be a decimal string or a keyword ("proposed"): typed as text, sent as a number when it is one.
      if (kinds.includes('number')) return { kind: 'number' };
      if (kinds.every((k) => k === 'string' || k === 'enum')) return { kind: 'string' };
      return { kind: 'json' };
    }
    default:
      return { kind: 'json' };
  }
}

function walk(shape: Record<string, unknown>, prefix: string, parentOptional: boolean, out: FormField[]): void {
  for (const [key, child] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const { schema, optional } = unwrap(child);
    const d = defOf(schema);
    if (d.type === 'object') {
      walk(d.shape as Record<string, unknown>, path, parentOptional || optional, out);
      continue;
    }
    const k = kindOf(schema);
    out.push({ path, ...k, optional: parentOptional || optional, secret: /password/i.test(key) });
  }
}

export function formFor(params: z.ZodType): FormSpec {
  const { schema, optional } = unwrap(params);
  const d = defOf(schema);
  const fields: FormField[] = [];
  if (d.type === 'object') walk(d.shape as Record<string, unknown>, '', false, fields);
  return { fields, optional };
}

export type FormValues = Readonly<Record<string, string>>;

function convert(kind: FieldKind | undefined, text: string): unknown {
  const t = text.trim();
  switch (kind) {
    case 'number': {
      if (/^\d+$/.test(t)) {
        const n = Number(t);
        return Number.isSafeInteger(n) ? n : t;
      }
      return t;
    }
    case 'boolean':
      return /^(true|yes|y|1|on)$/i.test(t);
    case 'json':
      return JSON.parse(t);
    default:
      return t;
  }
}

export class FormError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'FormError';
  }
}

/** Typed text → params. Empty optional fields are left out; an optional nested object only appears when filled. */
export function paramsFrom(spec: FormSpec, values: FormValues): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const text = values[f.path] ?? '';
    if (text.trim() === '' && f.kind !== 'boolean') {
      if (f.optional) continue;
      if (f.kind === 'array') {
        set(out, f.path, []);
        continue;
      }
      // Leave it out: the params schema says what is missing, in words.
      continue;
    }
    if (f.kind === 'boolean' && text.trim() === '') continue;
    let value: unknown;
    try {
      value = f.kind === 'array' ? text.split(',').map((x) => x.trim()).filter(Boolean).map((x) => convert(f.item, x)) : convert(f.kind, text);
    } catch {
      // Only JSON fields can fail here; the parser's message names a token and an offset, not the problem.
      throw new FormError(f.path, `${f.path}: not valid JSON (objects look like {"key": "value"}, lists like ["a", "b"])`);
    }
    set(out, f.path, value);
  }
  if (spec.optional && Object.keys(out).length === 0) return undefined;
  return out;
}

function set(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let o = obj;
  for (const p of parts.slice(0, -1)) {
    if (o[p] === undefined || typeof o[p] !== 'object') o[p] = {};
    o = o[p] as Record<string, unknown>;
  }
  o[parts[parts.length - 1]!] = value;
}

/** Form values with every secret field removed: what history may keep. */
export function withoutSecrets(spec: FormSpec, values: FormValues): FormValues {
  const out: Record<string, string> = {};
  for (const f of spec.fields) if (!f.secret && values[f.path] !== undefined) out[f.path] = values[f.path]!;
  return out;
}

/** The parts of a zod issue this needs; zod's own messages name types and codes, not what to type. */
export interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly expected?: unknown;
  readonly input?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly values?: readonly unknown[];
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', array: 'a list (comma-separated)', object: 'a set of fields', bigint: 'a whole number' };

/** What is wrong with which field, in words a person can act on. */
export function issueInWords(issue: IssueLike): string {
  const field = issue.path.map(String).join('.') || 'the parameters';
  switch (issue.code) {
    case 'invalid_type':
      // zod reports the input only when asked; its message says "received undefined" for a missing field.
      if ('input' in issue ? issue.input === undefined : /received undefined/.test(issue.message)) return `${field} is required`;
      return `${field} must be ${TYPE_WORDS[String(issue.expected)] ?? String(issue.expected)}`;
    case 'too_small':
      return `${field} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${field} must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return issue.values?.length ? `${field} must be one of ${issue.values.map(String).join(', ')}` : `${field} has a value this method does not take`;
    case 'invalid_format':
      return `${field} is not in the expected format`;
    default:
      // Codec refinements (cb58, bech32, hex) report character codes and byte counts: say what the field needs.
      if (/charset|checksum|bech32|cb58|hrp|base58|hex|bytes|separator/i.test(issue.message)) {
        return `${field} is not a valid ${/address/i.test(field) ? 'address (P-avax1…)' : /node/i.test(field) ? 'node ID (NodeID-…)' : 'ID or encoded value'}: a character is mistyped, missing or extra`;
      }
      return `${field}: ${issue.message}`;
  }
}
