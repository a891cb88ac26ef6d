// A JSON text cut to a plan (json-skim.ts) by JSON.parse, its one long list parsed an element at a time as the text
// arrives. JSON.parse of a whole mainnet peer list (0.7 MB) builds some 3 MB of values in one synchronous call, and
// the text itself, gathered from the body's chunks and then joined, is 1.4 MB more: all of it alive at the young
// generation's collections and so promoted, the monitor's resident memory rose 2 MiB at each minute's reading, its
// peak. Read a peer at a time, only the planned fields of each peer stay; the parse stays native (the byte skim runs
// in V8's interpreter in a process that reads one list a minute).
import { cutJson, type SkimPlan } from './json-skim';

/** Element texts that a `},{` inside a string or a nested object made us parse in vain, before the rest is kept whole. */
const MAX_MISSES = 64;

/** `cutJson(JSON.parse(text), plan)`: the same value, and a SyntaxError where JSON.parse throws one. */
export function cutJsonText(text: string, plan: SkimPlan): unknown {
  const cutter = listCutter(plan);
  if (!cutter) return cutJson(JSON.parse(text), plan);
  cutter.write(text);
  return cutter.end();
}

export interface ListCutter {
  /** The next piece of the text. */
  write(piece: string): void;
  /** The text's value cut to the plan; throws what JSON.parse throws on the whole text. */
  end(): unknown;
  /** The text's first characters, for the words of a refusal. */
  readonly head: string;
  /** Whether the text so far is only whitespace. */
  readonly blank: boolean;
}

interface ListPlace {
  /** Members from the top down to the object that holds the list. */
  readonly path: readonly string[];
  readonly key: string;
  readonly element: SkimPlan;
}

/** A reader for texts cut to `plan`, or undefined where the plan has not one list of records to read so. */
export function listCutter(plan: SkimPlan): ListCutter | undefined {
  const list = listOf(plan);
  return list && new Cutter(plan, list);
}

/** The plan's one list of records, at most two objects down (`{result: {peers: [{…}]}}`); undefined if not one. */
function listOf(plan: SkimPlan, path: readonly string[] = []): ListPlace | undefined {
  if (plan === true || Array.isArray(plan) || path.length > 2) return undefined;
  let found: ListPlace | undefined;
  for (const [key, p] of Object.entries(plan as Record<string, SkimPlan>)) {
    const here: ListPlace | undefined = Array.isArray(p) ? (p[0] !== true && !Array.isArray(p[0]) ? { path, key, element: p[0] as SkimPlan } : undefined) : listOf(p, [...path, key]);
    if (!here) continue;
    if (found) return undefined;
    found = here;
  }
  return found;
}

/**
 * Before the list's `"key":[`, the text is kept. Inside the list, an element is an object that ends at a `}` followed
 * by `,{` or `]` (how avalanchego writes, without spaces) and parses alone: JSON's grammar lets no proper prefix of an
 * object be a whole object, so the first such text that parses is the element. Anything else (spaces, an element
 * that is not an object, many `},{` inside strings) keeps the rest of the text whole from the current element on.
 * The list is read so only where the text before it, closed after a value, puts that value where the plan puts the
 * list (not in a member of the same name elsewhere); otherwise the text is read whole. At the end, the kept text is
 * parsed without the elements read and again with a 0 in their place: where the 0 shows, they go; where it does not,
 * a later member of the same name replaced the list, as JSON.parse would.
 */
class Cutter implements ListCutter {
  private readonly opening: string;
  private mode: 'before' | 'whole' | 'list' | 'rest' = 'before';
  /** Before the list: all the text so far. Then: the text up to the list's `[` (not included). */
  private before = '';
  /** In the list: the text from the current element's start. */
  private rest = '';
  /** Where in `rest` the search for the element's end goes on. */
  private from = 0;
  private misses = 0;
  private readonly items: unknown[] = [];
  head = '';
  blank = true;

  constructor(
    private readonly plan: SkimPlan,
    private readonly list: ListPlace,
  ) {
    this.opening = `${JSON.stringify(list.key)}:[`;
  }

  write(piece: string): void {
    if (piece.length === 0) return;
    if (this.head.length < 200) this.head += piece.slice(0, 200 - this.head.length);
    if (this.blank && piece.trim() !== '') this.blank = false;
    if (this.mode === 'before') {
      const searchFrom = Math.max(0, this.before.length - this.opening.length + 1);
      this.before += piece;
      const at = this.before.indexOf(this.opening, searchFrom);
      if (at < 0) return;
      const upTo = this.before.slice(0, at + this.opening.length - 1);
      // Not the plan's list (inside another member, or not a member at all): the text is read whole.
      if (!this.placesList(upTo)) {
        this.mode = 'whole';
        return;
      }
      this.rest = this.before.slice(at + this.opening.length);
      this.before = upTo;
      this.mode = 'list';
    } else if (this.mode === 'whole') {
      this.before += piece;
      return;
    } else this.rest += piece;
    if (this.mode === 'list') this.readElements();
  }

  /** Whether a value written after `upTo` is where the plan puts the list: the text closed after a 0 says. */
  private placesList(upTo: string): boolean {
    const closers = closersOf(upTo);
    if (closers === undefined) return false;
    let value: unknown;
    try {
      value = cutJson(JSON.parse(`${upTo}0${closers}`), this.plan);
    } catch {
      return false;
    }
    let holder: unknown = value;
    for (const k of this.list.path) holder = isObject(holder) && Object.hasOwn(holder, k) ? holder[k] : undefined;
    return isObject(holder) && holder[this.list.key] === 0;
  }

  private readElements(): void {
    let rest = this.rest;
    for (;;) {
      const first = rest.charCodeAt(0);
      if (rest.length === 0 || first === CLOSE_BRACKET) break;
      if (first !== OPEN_BRACE) {
        this.mode = 'rest';
        break;
      }
      const close = rest.indexOf('}', this.from);
      // The element's end may be in a later piece: `}` and what follows it.
      if (close < 0 || close + 1 >= rest.length) break;
      const next = rest.charCodeAt(close + 1);
      if (next === COMMA && close + 2 >= rest.length) break;
      const last = next === CLOSE_BRACKET;
      if (!last && !(next === COMMA && rest.charCodeAt(close + 2) === OPEN_BRACE)) {
        this.from = close + 1;
        continue;
      }
      let element: unknown;
      try {
        element = JSON.parse(rest.slice(0, close + 1));
      } catch {
        // A `}` inside a string or a nested object: the element goes on.
        this.from = close + 1;
        if (++this.misses > MAX_MISSES) this.mode = 'rest';
        if (this.mode === 'rest') break;
        continue;
      }
      this.items.push(cutJson(element, this.list.element));
      rest = rest.slice(last ? close + 1 : close + 2);
      this.from = 0;
      // The list closed: the rest is kept to the end.
      if (last) break;
    }
    this.rest = rest;
    if (rest.charCodeAt(0) === CLOSE_BRACKET) this.mode = 'rest';
  }

  end(): unknown {
    if (this.mode === 'before' || this.mode === 'whole') return cutJson(JSON.parse(this.before), this.plan);
    // The text with the elements read taken out, and again with a 0 in their place.
    const after = this.rest;
    const without = cutJson(JSON.parse(`${this.before}[${after}`), this.plan);
    const marked = cutJson(JSON.parse(after.trimStart().charCodeAt(0) === CLOSE_BRACKET ? `${this.before}[0${after}` : `${this.before}[0,${after}`), this.plan);
    const listed = this.placeIn(without);
    const standIn = this.placeIn(marked);
    if (listed && standIn && standIn.length === listed.length + 1 && standIn[0] === 0) {
      this.setPlace(without, [...this.items, ...listed]);
      return without;
    }
    // A member of the same name later in the same object (or a later "result") replaced the list: JSON.parse keeps the
    // later, and the value is the same without the elements read.
    return without;
  }

  private placeIn(value: unknown): unknown[] | undefined {
    let holder: unknown = value;
    for (const k of this.list.path) holder = isObject(holder) && Object.hasOwn(holder, k) ? holder[k] : undefined;
    const v = isObject(holder) ? holder[this.list.key] : undefined;
    return Array.isArray(v) ? v : undefined;
  }

  private setPlace(value: unknown, items: unknown[]): void {
    let holder = value as Record<string, unknown>;
    for (const k of this.list.path) holder = holder[k] as Record<string, unknown>;
    holder[this.list.key] = items;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What closes the containers open at the end of `text` (a reply's first few dozen characters, up to the list), or
 * undefined when it ends inside a string.
 */
function closersOf(text: string): string | undefined {
  const open: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE) open.push('}');
    else if (c === OPEN_BRACKET) open.push(']');
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) open.pop();
  }
  return inString ? undefined : open.reverse().join('');
}

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
