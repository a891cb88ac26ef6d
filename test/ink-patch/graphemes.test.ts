// The text-measuring patches (scripts/ink-patch/graphemes.mjs): every character the fast paths trust is checked
// against ICU's segmenter and the unpatched string-width, and the patched modules (loaded through Vitest, so
// patched) must agree with the unpatched ones (a plain Node child, no hooks) on text of every kind.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NARROW_RANGES, lazyRegExp, lazySegmenter, narrowPlainText, narrowText } from '../../scripts/ink-patch/graphemes.mjs';

const modules = join(fileURLToPath(new URL('../..', import.meta.url)), 'node_modules');
const PATHS = {
  width: join(modules, 'string-width', 'index.js'),
  width7: join(modules, 'wrap-ansi', 'node_modules', 'string-width', 'index.js'),
  slice: join(modules, 'slice-ansi', 'index.js'),
  tokenize: join(modules, '@alcalzone', 'ansi-tokenize', 'build', 'index.js'),
};
const hasWidth7 = existsSync(PATHS.width7);

type Results = { width: number[]; width7: number[]; slice: string[]; tokens: string[] };

/** What the modules compute for `texts`: in a child Node process (unpatched) or here (patched, through Vitest). */
const compute = `async (texts, load) => {
  const width = (await load('width')).default;
  const width7 = (await load('width7'))?.default;
  const slice = (await load('slice')).default;
  const { tokenize, styledCharsFromTokens } = await load('tokenize');
  return {
    width: texts.map((t) => width(t)),
    width7: width7 ? texts.map((t) => width7(t)) : [],
    slice: texts.map((t) => slice(t, 1, 7)),
    tokens: texts.map((t) => JSON.stringify(styledCharsFromTokens(tokenize(t)))),
  };
}`;

function unpatched(texts: string[]): Results {
  const script = `
    const paths = ${JSON.stringify(PATHS)};
    const { existsSync } = await import('node:fs');
    const { pathToFileURL } = await import('node:url');
    const load = (k) => (existsSync(paths[k]) ? import(pathToFileURL(paths[k]).href) : undefined);
    const texts = JSON.parse(await new Promise((r) => { let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => r(s)); }));
    process.stdout.write(JSON.stringify(await (${compute})(texts, load)));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { input: JSON.stringify(texts), maxBuffer: 64 << 20 });
  return JSON.parse(out.toString('utf8')) as Results;
}

async function patched(texts: string[]): Promise<Results> {
  const load = (k: keyof typeof PATHS) => (existsSync(PATHS[k]) ? import(pathToFileURL(PATHS[k]).href) : undefined);
  const fn = new Function(`return ${compute}`)() as (t: string[], l: typeof load) => Promise<Results>;
  return fn(texts, load);
}

const narrowCodePoints = NARROW_RANGES.flatMap(([lo, hi]) => Array.from({ length: hi - lo + 1 }, (_, i) => lo + i));

describe('narrow characters', () => {
  it('are each a grapheme of their own, next to each other, to letters and to ESC', () => {
    const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    const wrong = narrowCodePoints.filter((cp) => {
      const c = String.fromCodePoint(cp);
      return [...seg.segment(`a${c}${c}a`)].length !== 4 || [...seg.segment(`\x1b${c}\x1b`)].length !== 3;
    });
    expect(wrong.map((cp) => cp.toString(16))).toEqual([]);
  });

  it('are one column wide to the unpatched string-width, both versions', () => {
    const texts = narrowCodePoints.map((cp) => String.fromCodePoint(cp));
    const r = unpatched(texts);
    const wrong = (ws: number[], trusted: (t: string) => boolean) =>
      ws.map((w, i) => (w === 1 || !trusted(texts[i]) ? undefined : narrowCodePoints[i].toString(16))).filter(Boolean);
    expect(wrong(r.width, narrowText)).toEqual([]);
    if (hasWidth7) expect(wrong(r.width7, narrowPlainText)).toEqual([]);
    expect(narrowText(texts.join(''))).toBe(true);
    // The plain set is the narrow one less a handful of emoji-capable characters, not a sliver of it.
    expect(texts.filter(narrowPlainText).length).toBeGreaterThan(texts.length - 40);
  });

  it('exclude what needs ICU: combining marks, wide and emoji characters, invisible ones, controls', () => {
    for (const t of ['e\u0301', '漢', '👍', '\u25fd', '\u00ad', '\u200b', '\u200d', '\t', '\r', '\x1b', '\u1100']) expect(narrowText(`ab${t}`)).toBe(false);
    for (const t of ['©', '‼', '↔', '▶']) expect([narrowText(t), narrowPlainText(t)]).toEqual([true, false]);
  });
});

describe('the patched modules', () => {
  // Every kind of text a node could put in a field or avatop in a frame, alone and shuffled together.
  const pieces = [
    'NodeID-8vvo9Y', ' height 21,382,030 ', '─┬─', '▁▂▃▅▇█', '→', '· 1/10,000 ', '…', '✓', '⠋', '±0.5 µs', '×',
    '漢字', 'ｶﾞ', '한', '\u1100\u1161\u11a8', '👍', '👍🏽', '👨‍👩‍👧', '❤️', '🇯🇵', '1\ufe0f\u20e3', 'e\u0301', 'ก\u0e31',
    '\u00ad', '\u200b', '\u200e', '\t', '\r\n', '\x1b', '\x1b[1m', '\x1b[38;5;12m', '\x1b[38;2;1;2;3m', '\x1b[0m',
    '\x1b]8;;https://x.test\x07link\x1b]8;;\x07', '\u25fd', '\u2028', '\ud800', 'ﾟ',
  ];
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const texts = [
    '',
    ...pieces,
    ...pieces.map((p) => `a${p}b`),
    ...Array.from({ length: 400 }, () => Array.from({ length: 1 + rand(8) }, () => pieces[rand(pieces.length)]).join('')),
  ];

  it('agree with the unpatched modules on text of every kind', async () => {
    const want = unpatched(texts);
    const got = await patched(texts);
    expect(got.width).toEqual(want.width);
    expect(got.width7).toEqual(want.width7);
    expect(got.slice).toEqual(want.slice);
    expect(got.tokens).toEqual(want.tokens);
  });
});

describe('lazyRegExp', () => {
  it('has no narrow character that slice-ansi would take for an emoji, so narrow text may skip its expression', () => {
    const emoji = /\p{Emoji_Presentation}/u;
    expect(narrowCodePoints.filter((cp) => emoji.test(String.fromCodePoint(cp))).map((cp) => cp.toString(16))).toEqual([]);
  });

  it('compiles nothing until asked, skips what `skip` accepts, and answers test, search and match as the expression', () => {
    const Real = RegExp;
    let built = 0;
    (globalThis as { RegExp: unknown }).RegExp = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built++;
      }
    };
    try {
      const emoji = lazyRegExp('\\p{Emoji_Presentation}', 'u', narrowText);
      const pictographs = lazyRegExp('\\p{Extended_Pictographic}', 'gu');
      const visible = lazyRegExp('[^\\p{Default_Ignorable_Code_Point}\\p{Control}]', 'v');
      expect(built).toBe(0);
      expect(emoji.test('─ ok · 3→4 ✓')).toBe(false);
      expect(built).toBe(0);
      expect(emoji.test('a👍')).toBe(true);
      expect(emoji.test('⌚')).toBe(true);
      expect(built).toBe(1);
      expect('\u200Dab'.search(visible)).toBe(1);
      expect('\u200D'.search(visible)).toBe(-1);
      expect('👨\u200D👩\u200D👧'.match(pictographs)).toEqual(['👨', '👩', '👧']);
      expect('abc'.match(pictographs)).toBe(null);
      expect(built).toBe(3);
    } finally {
      (globalThis as { RegExp: unknown }).RegExp = Real;
    }
  });
});

describe('lazySegmenter', () => {
  it('builds no Intl.Segmenter for narrow text, and one for the rest', () => {
    const Real = Intl.Segmenter;
    let built = 0;
    (Intl as { Segmenter: unknown }).Segmenter = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        built++;
      }
    };
    try {
      const s = lazySegmenter(undefined, { granularity: 'grapheme' });
      expect([...s.segment('\x1b[1m─ 1/10 →')].map((x) => x.segment).join('')).toBe('\x1b[1m─ 1/10 →');
      expect(built).toBe(0);
      expect([...s.segment('a漢👍🏽')].map((x) => x.segment)).toEqual(['a', '漢', '👍🏽']);
      s.segment('b漢');
      expect(built).toBe(1);
    } finally {
      (Intl as { Segmenter: unknown }).Segmenter = Real;
    }
  });

  it("iterates as Intl.Segmenter's segments do, by for-of, spread, Array.from and next() to the end", () => {
    const text = '\x1b[1m─ 1/10 → ok · 3→4 ⚑ 2 new events';
    const want = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((x) => ({ segment: x.segment, index: x.index, input: x.input }));
    const lazy = lazySegmenter(undefined, { granularity: 'grapheme' }).segment(text);
    const seen: unknown[] = [];
    for (const x of lazy) seen.push({ segment: x.segment, index: x.index, input: x.input });
    expect(seen).toEqual(want);
    expect([...lazy]).toEqual(want);
    expect(Array.from(lazy)).toEqual(want);
    const it = lazy[Symbol.iterator]();
    for (let i = 0; i < want.length; i++) expect(it.next()).toEqual({ value: want[i], done: false });
    expect(it.next()).toEqual({ value: undefined, done: true });
    expect(it.next().done).toBe(true);
  });

  it('answers containing() as Intl.Segmenter does', () => {
    const text = '\x1b[2m─ ok · 3→4';
    const real = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text);
    const lazy = lazySegmenter(undefined, { granularity: 'grapheme' }).segment(text);
    for (const i of [-1, 0, 1, 5, text.length - 1, text.length, 99]) {
      const a = real.containing(i);
      const b = lazy.containing(i);
      expect(b && { segment: b.segment, index: b.index }).toEqual(a && { segment: a.segment, index: a.index });
    }
  });
});
