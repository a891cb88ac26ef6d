// What the patched text-measuring modules call instead of building an Intl.Segmenter and an RGI_Emoji regular
// expression when they are first imported (patch.mjs). Each of those loads ICU data, about 15 ms apiece at every
// start, and a monitor's frames rarely hold a character that needs them: for text made only of the characters
// below, each UTF-16 unit is one grapheme one column wide, so segmenting and measuring it takes no ICU at all.
// Anything else goes to the real Intl.Segmenter, made the first time it is needed.

/**
 * Code point ranges where every character is its own grapheme cluster (Grapheme_Cluster_Break=Other: no combining
 * marks, joiners, prepends, Hangul jamo or regional indicators), visible, not an emoji on its own, and one column
 * wide under string-width's defaults. test/ink-patch/graphemes.test.ts checks every one of them against
 * Intl.Segmenter and the unpatched string-width, so a range that is wrong here fails there.
 */
export const NARROW_RANGES = [
  [0x20, 0x7e], // printable ASCII
  [0xa0, 0xac], // Latin-1 (U+00AD, the soft hyphen, is invisible)
  [0xae, 0xff],
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis
  [0x2030, 0x205e], // per mille … (U+205F on are spaces and invisible operators)
  [0x2190, 0x22ff], // arrows, mathematical operators
  [0x2500, 0x25fc], // box drawing, block elements, geometric shapes (U+25FD and U+25FE are emoji)
  [0x25ff, 0x25ff],
  [0x2713, 0x2713], // check mark
  [0x2717, 0x2717], // ballot x
  // The header's "⚑ 3 new events": the one character of avatop's own text outside the ranges above. Without it every
  // frame with that flag built the real segmenter and compiled string-width's RGI_Emoji expression (0.5 MiB of
  // compiled code in a heap snapshot, and ICU's code and data paged in for as long as avatop runs).
  [0x2691, 0x2691],
  [0x2800, 0x28ff], // braille (spinners)
];

const hex = (n) => `\\u${n.toString(16).padStart(4, '0')}`;
const classBody = NARROW_RANGES.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
const NARROW = new RegExp(`^[${classBody}]*$`);
// ESC begins each ANSI sequence the tokenisers parse; a control character is always a grapheme of its own (only
// CR LF pairs up, and CR is not here).
const SIMPLE = new RegExp(`^[\\u001b${classBody}]*$`);

// string-width 7 counts any emoji-capable character as two columns even without the emoji variation selector
// (© ‼ ↔ ▶ …), where string-width 8 counts one; its fast path leaves those to it.
const NARROW_PLAIN = lazyRegExp(`^[[${classBody}]--\\p{Extended_Pictographic}]*$`, 'v');

/** True when every character of `text` is one column wide and its own grapheme (string-width's fast path). */
export function narrowText(text) {
  return NARROW.test(text);
}

/** narrowText without the emoji-capable characters: string-width 7's fast path. */
export function narrowPlainText(text) {
  return NARROW_PLAIN.test(text);
}

/** Intl.Segmenter's `segment(text)` result for text that needs no ICU: one segment per UTF-16 unit. */
class SimpleSegments {
  constructor(input) {
    this.input = input;
  }

  containing(index = 0) {
    const i = Math.trunc(Number(index)) || 0;
    if (i < 0 || i >= this.input.length) return undefined;
    return { segment: this.input[i], index: i, input: this.input };
  }

  // An iterator of its own rather than a generator: Ink tokenises each changed line of a frame in V8's interpreter,
  // where a generator's step is slower and its result one more object. The result object is reused (for-of, spread
  // and Array.from read its value at once); each segment is a new object, as Intl.Segmenter's are.
  [Symbol.iterator]() {
    const input = this.input;
    let i = 0;
    const result = { value: undefined, done: false };
    return {
      next() {
        if (i >= input.length) {
          result.value = undefined;
          result.done = true;
        } else {
          result.value = { segment: input[i], index: i, input };
          i++;
        }
        return result;
      },
      [Symbol.iterator]() {
        return this;
      },
    };
  }
}

/** A stand-in for `new Intl.Segmenter(locale, options)` (grapheme granularity) that builds it only when needed. */
export function lazySegmenter(locale = undefined, options = undefined) {
  let real;
  return {
    segment(text) {
      const s = String(text);
      if (SIMPLE.test(s)) return new SimpleSegments(s);
      real ??= new Intl.Segmenter(locale, options);
      return real.segment(s);
    },
  };
}

/**
 * A stand-in for a regular expression, compiled on first use: V8 reads ICU's property tables as it parses a
 * `\p{…}` escape, so each such expression built at import paged in ICU's code and data (0.25 MiB of Node's binary
 * for the five under Ink) though the monitor's text never needs one. `test`, and `search` and `match` (what
 * String.prototype.search and match call) are what the patched modules use. Text `skip` accepts is answered false
 * without compiling: narrowText, for an expression none of whose characters is narrow (test/ink-patch/graphemes.test.ts).
 */
export function lazyRegExp(source, flags, skip = undefined) {
  let real;
  const get = () => (real ??= new RegExp(source, flags));
  return {
    test(text) {
      if (skip !== undefined && skip(text)) return false;
      return get().test(text);
    },
    [Symbol.search](text) {
      return get()[Symbol.search](text);
    },
    [Symbol.match](text) {
      return get()[Symbol.match](text);
    },
  };
}
