// The one gate between node-supplied text and the terminal. Anything a node returns (versions, chain names, error
// messages, IPs) may carry escape sequences that would move the cursor, retitle the window, write the clipboard
// (OSC 52) or hide text with bidi tricks. Whole sequences are removed, not just their ESC byte, so no payload
// survives as visible garbage; remaining controls are dropped; whitespace controls become plain spaces.

const ESC = 0x1b;
const BEL = 0x07;
const ST8 = 0x9c; // 8-bit String Terminator

// 8-bit C1 introducers and their 7-bit equivalents (ESC + letter).
const CSI8 = 0x9b;
const OSC8 = 0x9d;
const DCS8 = 0x90;
const SOS8 = 0x98;
const PM8 = 0x9e;
const APC8 = 0x9f;

// Everything `sanitize` removes or replaces (lone and paired surrogates alike: pairs take the careful path).
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060\u2066-\u2069\ufeff\ufff9-\ufffb\ud800-\udfff]/;

/** Code points removed outright: bidi embeddings/overrides/isolates and invisible joiners used to spoof text. */
function isInvisibleFormat(cp: number): boolean {
  return (
    (cp >= 0x202a && cp <= 0x202e) || // LRE RLE PDF LRO RLO
    (cp >= 0x2066 && cp <= 0x2069) || // LRI RLI FSI PDI
    (cp >= 0x200b && cp <= 0x200f) || // ZWSP ZWNJ ZWJ LRM RLM
    cp === 0x061c || // Arabic letter mark
    cp === 0x2060 || // word joiner
    cp === 0xfeff || // BOM / ZWNBSP
    cp === 0x00ad || // soft hyphen: invisible in most terminals, width ambiguous
    (cp >= 0xfff9 && cp <= 0xfffb) // interlinear annotation controls
  );
}

function isWhitespaceControl(cp: number): boolean {
  return cp === 0x09 || cp === 0x0a || cp === 0x0b || cp === 0x0c || cp === 0x0d || cp === 0x85 || cp === 0x2028 || cp === 0x2029;
}

/** Index just past a control string (OSC/DCS/SOS/PM/APC body) that starts at `i`; BEL ends OSC only. */
function skipControlString(s: string, i: number, belEnds: boolean): number {
  for (let j = i; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === ST8) return j + 1;
    if (belEnds && c === BEL) return j + 1;
    if (c === ESC) {
      // ESC \ is ST; any other ESC aborts the string (as terminals do) and starts a new sequence.
      return s.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
    }
  }
  return s.length; // unterminated: swallow the rest rather than print a half sequence
}

/** Index just past a CSI sequence whose parameters start at `i`. */
function skipCsi(s: string, i: number): number {
  let j = i;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (c >= 0x30 && c <= 0x3f) j++; // parameter bytes
    else if (c >= 0x20 && c <= 0x2f) j++; // intermediate bytes
    else if (c >= 0x40 && c <= 0x7e) return j + 1; // final byte
    else return j; // malformed: stop here; the offending char is handled by the main loop
  }
  return j;
}

export type SanitizeOptions = {
  /** Cut the result to at most this many UTF-16 units (before display-width fitting). */
  maxLength?: number;
};

export function sanitize(input: unknown, opts: SanitizeOptions = {}): string {
  if (input === null || input === undefined) return '';
  const s = typeof input === 'string' ? input : String(input);
  // Nearly all text a node sends is plain: passed on as it is, without building a copy a character at a time (the
  // header asked this of every peer's version at every block, a third of the monitor's garbage at idle).
  if (isTerminalSafe(s)) return opts.maxLength !== undefined && s.length > opts.maxLength ? s.slice(0, opts.maxLength) : s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp === ESC) {
      const next = s.charCodeAt(i + 1);
      if (Number.isNaN(next)) {
        i += 1;
      } else if (next === 0x5b) {
        i = skipCsi(s, i + 2); // ESC [
      } else if (next === 0x5d) {
        i = skipControlString(s, i + 2, true); // ESC ]
      } else if (next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) {
        i = skipControlString(s, i + 2, false); // ESC P / X / ^ / _
      } else {
        // Two-byte escapes (ESC 7, ESC c, ESC ( B …): skip intermediates then one final byte.
        let j = i + 1;
        while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
        if (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x7e) j++;
        i = j;
      }
      continue;
    }
    if (cp === CSI8) {
      i = skipCsi(s, i + 1);
      continue;
    }
    if (cp === OSC8) {
      i = skipControlString(s, i + 1, true);
      continue;
    }
    if (cp === DCS8 || cp === SOS8 || cp === PM8 || cp === APC8) {
      i = skipControlString(s, i + 1, false);
      continue;
    }
    if (isWhitespaceControl(cp)) {
      out += ' ';
    } else if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0x9f) || isInvisibleFormat(cp)) {
      // dropped
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      out += '\ufffd'; // lone surrogate
    } else {
      out += s.slice(i, i + width);
    }
    i += width;
    if (opts.maxLength !== undefined && out.length >= opts.maxLength) {
      return out.slice(0, opts.maxLength);
    }
  }
  return out;
}

/** True when the text would pass through `sanitize` unchanged (cheap check for hot paths). */
export function isTerminalSafe(s: string): boolean {
  return !UNSAFE.test(s);
}
