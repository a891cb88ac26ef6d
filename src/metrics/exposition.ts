// A streaming reader of the Prometheus text exposition format (version 0.0.4, what avalanchego's promhttp handler
// serves by default). Our own rather than a package: the format is a line grammar of a page, the packages on npm
// either pull in a client library's registry or parse the whole text into objects for every series, and avalanchego
// serves about 3,400 lines of which avatop reads a few dozen. Chunks go in as the body arrives; names are checked
// against `want` before any label is read, so the lines nobody asked for cost a scan to their newline.
//
// Nothing a node sends may throw out of here: a line that does not follow the grammar is counted and skipped.

export type Labels = Readonly<Record<string, string>>;

export interface Sample {
  readonly name: string;
  readonly labels: Labels;
  /** May be NaN or ±Infinity, as the format allows. */
  readonly value: number;
}

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface ParseStats {
  /** Lines seen, comments and blank ones included. */
  lines: number;
  /** Samples handed to the consumer. */
  samples: number;
  /** Lines that did not follow the grammar. */
  skipped: number;
  /** The first few skipped lines' numbers (1-based), for the error view. */
  skippedAt: number[];
}

export interface ParserOptions {
  /** Which metric names to read; all when absent. Histogram and summary series use their own names (`x_bucket`). */
  want?: (name: string) => boolean;
  onSample(sample: Sample): void;
  /** `# TYPE` lines, for families a consumer wants to treat by kind. */
  onType?(family: string, type: MetricType): void;
  /** Longest line read; a longer one is skipped whole (default 64 KiB). */
  maxLineChars?: number;
}

const DEFAULT_MAX_LINE = 64 * 1024;
const SKIPPED_KEPT = 5;

export interface ExpositionParser {
  push(chunk: string): void;
  /**
   * The format ends every line, the last one included, with a line feed. Text after the last one is a line cut short
   * (a body truncated by a proxy or a dropped connection: `peers 3` of `peers 30`), so it is skipped, not read.
   */
  end(): ParseStats;
}

export function createExpositionParser(opts: ParserOptions): ExpositionParser {
  const maxLine = opts.maxLineChars ?? DEFAULT_MAX_LINE;
  const stats: ParseStats = { lines: 0, samples: 0, skipped: 0, skippedAt: [] };
  let carry = '';
  // A line already longer than the limit: its rest is dropped up to the next newline.
  let discarding = false;

  const skip = () => {
    stats.skipped++;
    if (stats.skippedAt.length < SKIPPED_KEPT) stats.skippedAt.push(stats.lines);
  };

  const line = (s: string, from: number, to: number) => {
    stats.lines++;
    const r = readLine(s, from, to, opts);
    if (r === SKIPPED) skip();
    else if (r !== IGNORED) {
      stats.samples++;
      opts.onSample(r);
    }
  };

  return {
    push(chunk) {
      let text = carry === '' ? chunk : carry + chunk;
      carry = '';
      let start = 0;
      for (;;) {
        const nl = text.indexOf('\n', start);
        if (nl < 0) break;
        if (discarding) {
          discarding = false;
          stats.lines++;
          skip();
        } else line(text, start, nl);
        start = nl + 1;
      }
      if (discarding) return;
      if (text.length - start > maxLine) {
        discarding = true;
        return;
      }
      carry = start === 0 ? text : text.slice(start);
      text = '';
    },
    end() {
      if (discarding || carry.trim() !== '') {
        stats.lines++;
        skip();
      }
      carry = '';
      discarding = false;
      return stats;
    },
  };
}

/** Parses a whole exposition at once (tests, the bench). */
export function parseExposition(text: string, want?: (name: string) => boolean): { samples: Sample[]; stats: ParseStats; types: Map<string, MetricType> } {
  const samples: Sample[] = [];
  const types = new Map<string, MetricType>();
  const p = createExpositionParser({ want, onSample: (s) => samples.push(s), onType: (f, t) => types.set(f, t) });
  p.push(text);
  return { samples, stats: p.end(), types };
}

const SKIPPED = 0;
const IGNORED = 1;

const TYPES: ReadonlySet<string> = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39);
}

function readLine(s: string, from: number, to: number, opts: ParserOptions): Sample | typeof SKIPPED | typeof IGNORED {
  let i = from;
  while (i < to && isSpace(s.charCodeAt(i))) i++;
  // A CR before the newline (a proxy that rewrote line ends) is whitespace, not part of the value.
  let end = to;
  while (end > i && (isSpace(s.charCodeAt(end - 1)) || s.charCodeAt(end - 1) === 0x0d)) end--;
  if (i >= end) return IGNORED;
  const c0 = s.charCodeAt(i);
  if (c0 === 0x23) {
    if (opts.onType) readType(s, i + 1, end, opts.onType);
    return IGNORED;
  }
  if (!isNameStart(c0)) return SKIPPED;
  const nameStart = i;
  while (i < end && isNameChar(s.charCodeAt(i))) i++;
  const name = s.slice(nameStart, i);
  if (opts.want && !opts.want(name)) return IGNORED;

  let labels: Record<string, string> = EMPTY;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  if (s.charCodeAt(i) === 0x7b) {
    const parsed = readLabels(s, i + 1, end);
    if (parsed === undefined) return SKIPPED;
    labels = parsed.labels;
    i = parsed.next;
  } else if (i === nameStart + name.length && i < end) {
    // The name runs straight into something that is neither a space nor a brace.
    return SKIPPED;
  }
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  const valueStart = i;
  while (i < end && !isSpace(s.charCodeAt(i))) i++;
  const value = parseValue(s.slice(valueStart, i));
  if (value === undefined) return SKIPPED;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  if (i < end) {
    // An optional timestamp (integer milliseconds); anything else after the value is not the format.
    const ts = s.slice(i, end);
    if (!/^-?\d+$/.test(ts)) return SKIPPED;
  }
  return { name, labels, value };
}

const EMPTY: Record<string, string> = Object.freeze({}) as Record<string, string>;

function readType(s: string, from: number, end: number, onType: NonNullable<ParserOptions['onType']>): void {
  let i = from;
  while (i < end && isSpace(s.charCodeAt(i))) i++;
  // HELP lines (half the page) and plain comments are passed over without slicing them.
  if (!s.startsWith('TYPE', i)) return;
  const parts = s.slice(i, end).split(/[ \t]+/);
  if (parts.length === 3 && parts[0] === 'TYPE' && TYPES.has(parts[2]!)) onType(parts[1]!, parts[2] as MetricType);
}

/** Labels from just after `{` to just after `}`; undefined when they do not follow the grammar. */
function readLabels(s: string, from: number, end: number): { labels: Record<string, string>; next: number } | undefined {
  const labels: Record<string, string> = {};
  let i = from;
  for (;;) {
    while (i < end && isSpace(s.charCodeAt(i))) i++;
    if (i >= end) return undefined;
    if (s.charCodeAt(i) === 0x7d) return { labels, next: i + 1 };
    if (!isNameStart(s.charCodeAt(i))) return undefined;
    const keyStart = i;
    while (i < end && isNameChar(s.charCodeAt(i))) i++;
    const key = s.slice(keyStart, i);
    while (i < end && isSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 0x3d) return undefined;
    i++;
    while (i < end && isSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 0x22) return undefined;
    i++;
    let value = '';
    let chunkStart = i;
    for (;;) {
      if (i >= end) return undefined;
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c === 0x5c) {
        value += s.slice(chunkStart, i);
        const n = s.charCodeAt(i + 1);
        // The format's three escapes; any other backslash is kept as written, as Prometheus does.
        value += n === 0x6e ? '\n' : n === 0x5c ? '\\' : n === 0x22 ? '"' : `\\${s[i + 1] ?? ''}`;
        i += 2;
        chunkStart = i;
        continue;
      }
      i++;
    }
    value += s.slice(chunkStart, i);
    i++;
    // Object.prototype keys would otherwise be read back as inherited values.
    if (key === '__proto__') return undefined;
    labels[key] = value;
    while (i < end && isSpace(s.charCodeAt(i))) i++;
    const sep = s.charCodeAt(i);
    if (sep === 0x2c) {
      i++;
      continue;
    }
    if (sep === 0x7d) return { labels, next: i + 1 };
    return undefined;
  }
}

/** Go's strconv.ParseFloat spellings that Prometheus writes; undefined for anything else. */
export function parseValue(text: string): number | undefined {
  if (text === '') return undefined;
  switch (text) {
    case 'NaN':
      return Number.NaN;
    case '+Inf':
    case 'Inf':
    case '+inf':
    case 'inf':
      return Number.POSITIVE_INFINITY;
    case '-Inf':
    case '-inf':
      return Number.NEGATIVE_INFINITY;
  }
  const v = Number(text);
  // Number() also reads '0x..', '0b..', 'Infinity' and surrounding blanks; only the decimal and hex floats are fine.
  if (Number.isNaN(v)) return undefined;
  const c = text.charCodeAt(text.length - 1);
  if (!((c >= 0x30 && c <= 0x39) || c === 0x2e)) {
    return /^[+-]?0[xX][0-9a-fA-F]+$/.test(text) ? v : undefined;
  }
  if (/[bBoO]/.test(text)) return undefined;
  return v;
}
