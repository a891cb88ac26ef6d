// Display width for column layout: East Asian wide and emoji take two cells, combining marks none.
// Our own small table (instead of a dependency) because only column padding needs it, and text passing through
// here has already been sanitized, so controls need no special case.

function isCombining(cp: number): boolean {
  return (
    (cp >= 0x0300 && cp <= 0x036f) ||
    (cp >= 0x0483 && cp <= 0x0489) ||
    (cp >= 0x0591 && cp <= 0x05bd) ||
    (cp >= 0x0610 && cp <= 0x061a) ||
    (cp >= 0x064b && cp <= 0x065f) ||
    (cp >= 0x0e31 && cp <= 0x0e3a && cp !== 0x0e32 && cp !== 0x0e33) ||
    (cp >= 0x1ab0 && cp <= 0x1aff) ||
    (cp >= 0x1dc0 && cp <= 0x1dff) ||
    (cp >= 0x20d0 && cp <= 0x20ff) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) || // variation selectors
    (cp >= 0xfe20 && cp <= 0xfe2f) ||
    (cp >= 0xe0100 && cp <= 0xe01ef) ||
    cp === 0x200d
  );
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x1f300 && cp <= 0x1f64f) ||
    (cp >= 0x1f900 && cp <= 0x1f9ff) ||
    (cp >= 0x1f680 && cp <= 0x1f6ff) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

export function charWidth(cp: number): number {
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (isCombining(cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

export function displayWidth(s: string): number {
  // ASCII fast path: most cells are plain.
  if (/^[\x20-\x7e]*$/.test(s)) return s.length;
  // By index, not for-of: the header's sparkline and marks are measured at every frame, in V8's interpreter, where each
  // for-of step allocates an iterator result (allocation sampling of the monitor at idle).
  let w = 0;
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i)!;
    if (cp > 0xffff) i++;
    w += charWidth(cp);
  }
  return w;
}

/** Cut to at most `width` cells, ending with "…" when something was cut. */
export function truncate(s: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = charWidth(ch.codePointAt(0)!);
    if (w + cw > width - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

/**
 * Where a sentence may be cut: at a space, but never inside a figure ("2d 2h", "1h 05m", "12 AVAX", "90 %"). A cut
 * that kept "… (2d 0h over the 2d 2…" told the reader a number that was not the node's.
 */
function breakableAt(before: string, after: string): boolean {
  if (/\d[a-z\u00b5%]*$/i.test(before) && /^\d/.test(after)) return false;
  if (/\d$/.test(before) && /^(%|n?AVAX\b|ms\b|[smhd]\b|blocks?\b|days?\b|hours?\b|minutes?\b)/.test(after)) return false;
  return true;
}

/** Cut to at most `width` cells at a word boundary that splits no figure, ending with "…"; one long word is cut. */
export function truncateWords(s: string, width: number): string {
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  for (let i = s.lastIndexOf(' '); i > 0; i = s.lastIndexOf(' ', i - 1)) {
    const head = s.slice(0, i).trimEnd();
    if (head === '' || !breakableAt(head, s.slice(i + 1).trimStart())) continue;
    if (displayWidth(head) + 1 <= width) return `${head}…`;
  }
  return truncate(s, width);
}

export type Align = 'left' | 'right';

/** Exactly `width` cells: truncated with "…" or padded with spaces. */
export function fit(s: string, width: number, align: Align = 'left'): string {
  return pad(truncate(s, width), width, align);
}

/** Exactly `width` cells of a sentence: cut at a word boundary that splits no figure (truncateWords), or padded. */
export function fitWords(s: string, width: number, align: Align = 'left'): string {
  return pad(truncateWords(s, width), width, align);
}

function pad(cut: string, width: number, align: Align): string {
  const room = Math.max(0, width - displayWidth(cut));
  return align === 'right' ? ' '.repeat(room) + cut : cut + ' '.repeat(room);
}

/**
 * Lines of at most `width` cells, broken at spaces but never inside a figure (breakableAt: "4d 23h", a date and its
 * time); what is longer than a line on its own is cut with "…".
 */
export function wrapWords(s: string, width: number): string[] {
  if (width <= 0) return [];
  const units: string[] = [];
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const last = units[units.length - 1];
    if (last !== undefined && !breakableAt(last, word)) units[units.length - 1] = `${last} ${word}`;
    else units.push(word);
  }
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const next = line ? `${line} ${unit}` : unit;
    if (displayWidth(next) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = displayWidth(unit) <= width ? unit : truncate(unit, width).replace(/\s+…$/, '…');
  }
  if (line) lines.push(line);
  return lines;
}
