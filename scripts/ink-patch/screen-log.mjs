// What Ink's log-update becomes when the monitor asks for `incrementalRendering` (patch.mjs): a writer for a frame
// that owns the whole alternate screen, drawn from its top-left corner. Stock Ink erases and rewrites every line of
// every frame (about 5 KB for a 140×45 overview, once a second), and its own incremental mode moves the cursor up
// relative to where it believes the frame ends, which is one row off when frames keep the same height (the garbling
// shared/design.md records). This one places the cursor absolutely (CUP), so no frame depends on where the last one
// left the cursor, and writes only the cells that changed: a line's changed runs, each from its first changed
// column, with the styles it needs and nothing after it. A full repaint (clear, then every line) happens on the first
// frame, after a resize and when asked (REPAINT_EVENT on the stream: the monitor's Ctrl-L).
//
// The interface is log-update's: render(str) → whether anything was written, clear(), done(), sync(str),
// setCursorPosition, isCursorDirty, willRender. Ink wraps each render in synchronized output (DEC mode 2026) itself.

/** Emitted on the output stream to ask for a full repaint of the last frame (src/terminal/repaint.ts). */
export const REPAINT_EVENT = 'avatop:repaint';

const CSI = '\u001B[';
const HIDE_CURSOR = '\u001B[?25l';
const SHOW_CURSOR = '\u001B[?25h';
const ERASE_LINE_END = '\u001B[K';
const CLEAR_SCREEN = '\u001B[H\u001B[2J';
const cup = (row, col) => (col === 0 ? `${CSI}${row + 1}H` : `${CSI}${row + 1};${col + 1}H`);

/** Two runs of changes closer than this are written as one: a cursor move costs about as many bytes. */
const MERGE_GAP = 6;

// A line is diffed as Ink's own cells: one per column, { value, styles }, a wide character followed by a cell whose
// value is '' (Ink's placeholder); past the end of a line, BLANK (Ink trims trailing unstyled spaces, and the
// terminal's erase leaves blanks).
const BLANK = Object.freeze({ value: ' ', styles: Object.freeze([]) });

/**
 * `codec` is ansi-tokenize as Ink has it (tokenize, styledCharsFromTokens), handed over by the patched log-update.js
 * so it resolves where Ink's own import does, and `rowCells(y, text)`: the cells Ink serialised row y from, when that
 * row's text is `text` (runtime.mjs keeps them), so a line Ink drew is never tokenised again.
 */
export function createScreenLog(stream, { showCursor = false } = {}, codec) {
  let previous = [];
  let previousOutput = '';
  let full = true;
  let cursorHidden = false;
  // useCursor's position: set before a render, used by that render only (as Ink's own log-update does).
  let cursorPosition;
  let cursorDirty = false;
  let cursorShownAt;
  // The cells of the lines now on screen, by row; only the current frame's are kept.
  let cellsOnScreen = [];

  const hideCursorOnce = () => {
    if (showCursor || cursorHidden || !stream.isTTY) return '';
    cursorHidden = true;
    return HIDE_CURSOR;
  };
  const activeCursor = () => (cursorDirty ? cursorPosition : undefined);
  const cursorMoved = (active) => active?.x !== cursorShownAt?.x || active?.y !== cursorShownAt?.y;
  const paintAll = (lines) => {
    let out = CLEAR_SCREEN;
    for (let i = 0; i < lines.length; i++) if (lines[i]) out += cup(i, 0) + lines[i];
    return out;
  };
  const placeCursor = (at) => (at ? cup(at.y, at.x) + SHOW_CURSOR : '');

  const render = (str) => {
    const active = activeCursor();
    cursorDirty = false;
    if (!full && str === previousOutput && !cursorMoved(active)) return false;
    const lines = visibleLines(str);
    let out = hideCursorOnce() + (cursorShownAt ? HIDE_CURSOR : '');
    const nextCells = [];
    if (full) {
      out += paintAll(lines);
      full = false;
    } else {
      for (let i = 0; i < lines.length; i++) {
        const now = lines[i];
        const before = previous[i];
        if (now === before) {
          nextCells[i] = cellsOnScreen[i] ?? codec.rowCells?.(i, now);
          continue;
        }
        if (before === undefined || before === '') {
          if (now) out += cup(i, 0) + now;
        } else if (now === '') {
          out += cup(i, 0) + ERASE_LINE_END;
        } else {
          const cells = codec.rowCells?.(i, now) ?? toCells(now, codec);
          nextCells[i] = cells;
          out += diffLine(i, cellsOnScreen[i] ?? toCells(before, codec), cells, now);
        }
      }
      // Rows the frame no longer reaches.
      if (previous.length > lines.length) out += cup(lines.length, 0) + `${CSI}J`;
    }
    out += placeCursor(active);
    cursorShownAt = active;
    previous = lines;
    previousOutput = str;
    cellsOnScreen = nextCells;
    stream.write(out);
    return true;
  };

  const repaint = () => {
    if (previous.length === 0) return;
    stream.write(hideCursorOnce() + paintAll(previous) + placeCursor(cursorShownAt));
  };
  const onResize = () => {
    full = true;
  };
  if (typeof stream.on === 'function') {
    stream.on('resize', onResize);
    stream.on(REPAINT_EVENT, repaint);
  }
  const forget = () => {
    previous = [];
    previousOutput = '';
    cellsOnScreen = [];
    full = true;
  };

  // Nothing is erased here: the next frame repaints the whole screen.
  render.clear = forget;
  render.done = () => {
    forget();
    cursorShownAt = undefined;
    if (typeof stream.off === 'function') {
      stream.off('resize', onResize);
      stream.off(REPAINT_EVENT, repaint);
    }
    if (cursorHidden) {
      stream.write(SHOW_CURSOR);
      cursorHidden = false;
    }
  };
  // Ink wrote the frame itself (after clearing the terminal): it is what the screen shows now.
  render.sync = (str) => {
    forget();
    previous = visibleLines(str);
    previousOutput = str;
    full = false;
  };
  render.setCursorPosition = (position) => {
    cursorPosition = position;
    cursorDirty = true;
  };
  render.isCursorDirty = () => cursorDirty;
  render.willRender = (str) => full || str !== previousOutput || cursorMoved(activeCursor());
  return render;
}

/** The lines of a frame as Ink hands it over (a trailing newline when it is shorter than the terminal). */
function visibleLines(str) {
  const lines = str.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A line as cells, when Ink has none for it: ansi-tokenize's characters, a placeholder after each wide one. */
export function toCells(line, codec) {
  const cells = [];
  for (const c of codec.styledCharsFromTokens(codec.tokenize(line))) {
    cells.push(c);
    if (c.fullWidth) cells.push({ value: '', styles: c.styles });
  }
  return cells;
}

// By index, not with every(): it runs for each cell of each changed row, and in V8's unoptimised tiers every call of
// every() made a closure (a megabyte a minute at idle, V8's sampling heap profiler).
const sameStyles = (a, b) => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].code !== b[i].code) return false;
  return true;
};
// An unstyled space is what the terminal shows where nothing was written.
const blank = (c) => c.value === ' ' && c.styles.length === 0;
const same = (a, b) => a === b || (a.value === b.value && (sameStyles(a.styles, b.styles) || (blank(a) && blank(b))));

/** The bytes that turn row `row` from `before` into `now` (both as cells): each changed run, written in place. */
export function diffLine(row, before, now, nowText) {
  // OSC 8 links and anything else that is not a plain styled character: the whole line, as Ink wrote it.
  if (nowText.includes('\u001B]')) return cup(row, 0) + nowText + ERASE_LINE_END;
  const width = Math.max(before.length, now.length);
  const at = (cells, i) => (i < cells.length ? cells[i] : BLANK);
  // Where `now` is blank to its end: a run reaching that far stops there and erases the rest.
  let blankFrom = now.length;
  while (blankFrom > 0 && blank(now[blankFrom - 1])) blankFrom--;
  const runs = [];
  for (let i = 0; i < width; i++) {
    if (same(at(before, i), at(now, i))) continue;
    // A run never starts or ends inside a wide character: the placeholder after an equal wide character is equal
    // too, and after an unequal one the run goes on unless the placeholders happen to match, which the write of
    // the wide character then covers.
    const start = i;
    let end = i + 1;
    while (end < width && !same(at(before, end), at(now, end))) end++;
    const last = runs[runs.length - 1];
    if (last && start - last.end <= MERGE_GAP) last.end = end;
    else runs.push({ start, end });
    i = end - 1;
  }
  let out = '';
  for (const { start, end } of runs) {
    out += cup(row, start);
    const stop = Math.min(end, blankFrom);
    const chars = [];
    for (let i = start; i < stop; i++) if (now[i].value !== '') chars.push(now[i]);
    if (chars.length) out += styledRun(chars);
    if (end > blankFrom) out += ERASE_LINE_END;
  }
  return out;
}

const codesOf = (styles) => styles.map((s) => s.code);

/**
 * Styled characters as text, from and back to the terminal's default style. ansi-tokenize's styledCharsToString
 * ends bold-and-dim with 22m (normal intensity) going to bold alone and never turns bold on again; here every style
 * an end code also ends (22m ends both intensities, 39m every foreground) is started again when it continues.
 */
export function styledRun(chars) {
  let out = '';
  let current = [];
  for (const c of chars) {
    const next = c.styles;
    if (next !== current) {
      const before = new Set(codesOf(current));
      const after = new Set(codesOf(next));
      const ended = new Set();
      for (const s of current) if (!after.has(s.code) && !ended.has(s.endCode)) ended.add(s.endCode);
      for (const e of ended) out += e;
      for (const s of next) if (!before.has(s.code) || ended.has(s.endCode)) out += s.code;
      current = next;
    }
    out += c.value;
  }
  const ended = new Set(current.map((s) => s.endCode));
  for (const e of ended) out += e;
  return out;
}
