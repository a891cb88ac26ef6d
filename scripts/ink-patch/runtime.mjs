// What the patched Ink modules call (see patch.mjs). Ink 6.8 keeps its text caches either for one frame (output.js:
// every frame re-tokenises and re-serialises every line) or for ever (measure-text.js, wrap-text.js: every string
// ever laid out, a soak's +14 % heap an hour). These keep them across frames but bounded.

/**
 * A Map bounded by generations: when the current generation's weight reaches `limit` it becomes the old one and the
 * one before is dropped. A hit in the old generation is carried into the current one, so what every frame uses stays
 * cached while what scrolled away is forgotten within two generations. At most 2 × limit in weight. The default,
 * 1,024 entries, holds a frame's lines and characters several times over; larger generations only made the heap's
 * sawtooth taller (the soak). The weight of an
 * entry is 1 unless `weigh` says otherwise (a styled line costs about 100 bytes a character, so it is weighed by
 * its length).
 */
export class GenerationalMap {
  constructor(limit = 1024, weigh = undefined) {
    this.limit = limit;
    this.weigh = weigh;
    this.weight = 0;
    this.current = new Map();
    this.previous = new Map();
  }

  get(key) {
    const hit = this.current.get(key);
    if (hit !== undefined) return hit;
    const old = this.previous.get(key);
    if (old !== undefined) this.set(key, old);
    return old;
  }

  set(key, value) {
    if (!this.current.has(key)) this.weight += this.weigh ? this.weigh(key) : 1;
    this.current.set(key, value);
    if (this.weight >= this.limit) {
      this.previous = this.current;
      this.current = new Map();
      this.weight = 0;
    }
    return this;
  }

  get size() {
    return this.current.size + this.previous.size;
  }
}

/**
 * One blank cell for every empty position of every frame, instead of width × height new objects a frame. Ink only
 * ever replaces cells in its grid, never mutates one, so sharing is safe; frozen so a future Ink that did would fail
 * loudly in the tests rather than paint garbage.
 */
export const BLANK_CELL = Object.freeze({ type: 'char', value: ' ', fullWidth: false, styles: Object.freeze([]) });

/** Weight of a styled line: its length, so the styled-characters cache holds at most about 2 × 16k characters. */
export const STYLED_LINE_LIMIT = 16_384;
export const lineLength = (line) => line.length;

// By index: every() made a closure at each call, for each character of each changed row (screen-log.mjs says more).
const sameStyles = (a, b) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && a[i].code !== b[i].code) return false;
  return true;
};

const slices = new GenerationalMap(STYLED_LINE_LIMIT, (key) => key.length);

/**
 * A line cut to a clip region, cached: Ink cuts every line inside an overflow-hidden box on every frame, and the
 * monitor's frame is one, so the same cuts of the same lines were a sixth of idle CPU.
 */
export function cachedSlice(line, from, to, slice) {
  const key = `${from}:${to}:${line}`;
  let cut = slices.get(key);
  if (cut === undefined) {
    cut = slice(line, from, to);
    slices.set(key, cut);
  }
  return cut;
}

const rowMemo = [];

/**
 * A row's string, reused from the last frame when the row holds the very same cell objects. Cells come from the
 * styled-characters cache, so an unchanged line gives identical objects frame after frame, and most rows of a
 * monitor do not change between two frames. The check is exact (object identity of every cell), so a miss only
 * costs the serialisation Ink always did.
 */
export function rowString(cells, y, serialise) {
  const memo = rowMemo[y];
  if (memo !== undefined && memo.cells.length === cells.length) {
    let same = true;
    for (let i = 0; i < cells.length; i++) {
      if (memo.cells[i] !== cells[i]) {
        same = false;
        break;
      }
    }
    if (same) return memo.text;
  }
  const text = serialise(cells).trimEnd();
  rowMemo[y] = { cells, text };
  return text;
}

/** The cells row `y` of the last frame was serialised from, when its text is `text`; undefined otherwise. */
export function rowCells(y, text) {
  const memo = rowMemo[y];
  return memo !== undefined && memo.text === text ? memo.cells : undefined;
}

/**
 * A row's text from its cells, the same text ansi-tokenize's styledCharsToString gives, without working out the
 * difference between two characters' styles when they have the very same ones: it built three Sets and two arrays
 * for every character of every changed row (a third of everything the monitor allocated at idle).
 */
export function rowText(chars, ansi) {
  let out = '';
  let styles;
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (i === 0) out += ansi.ansiCodesToString(c.styles);
    else if (c.styles !== styles && !sameStyles(styles, c.styles)) out += ansi.ansiCodesToString(ansi.diffAnsiCodes(styles, c.styles));
    styles = c.styles;
    out += c.value;
  }
  if (styles !== undefined) out += ansi.ansiCodesToString(ansi.diffAnsiCodes(styles, []));
  return out;
}

/** Drops memoised rows below the frame, so a terminal made shorter does not keep them. */
export function trimRowMemo(height) {
  if (rowMemo.length > height) rowMemo.length = height;
  if (rowWrites.length > height) rowWrites.length = height;
}

/**
 * The row a frame does not build, because it paints what it painted last frame (`dirtyRows`). Frozen and empty, so a
 * write into it would throw in the tests rather than paint garbage.
 */
export const CLEAN_ROW = Object.freeze([]);

/** The text row `y` had in the last frame: the text of a row `dirtyRows` found clean. */
export function cleanRowText(y) {
  return rowMemo[y].text;
}

// For each row, the writes of the last frame that could touch it, each followed by its clip: [write, clip, ...].
const rowWrites = [];
let rowsWidth = -1;

const sameTransformers = (a, b) => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};
const sameClip = (a, b) => a === b || (a !== undefined && b !== undefined && a.x1 === b.x1 && a.x2 === b.x2 && a.y1 === b.y1 && a.y2 === b.y2);
const sameWrites = (a, b) => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 2) {
    const p = a[i];
    const q = b[i];
    if (p.x !== q.x || p.y !== q.y || p.text !== q.text || !sameTransformers(p.transformers, q.transformers) || !sameClip(a[i + 1], b[i + 1])) return false;
  }
  return true;
};
const lineCount = (text) => {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
};

/**
 * Which rows of a frame paint something else than last frame, and which writes reach one of them. A row of Ink's
 * grid is what the writes that cover its line paint on a blank row, in order, each cut to its clip: the same writes
 * (position, text, colour functions, clip) paint the same row, so such a row is not built again and its last text is
 * reused. Most of a monitor's rows do not change between frames, and building them (colouring, tokenising and
 * placing every character of every line) was the largest part of Ink's frame. The colour functions are compared by
 * identity: Text's are one function per set of colours (`stableTransform`), any other is new each render and so
 * never matches. `rows[y]` is true for a row to build; `writes[i]` for an operation that reaches one.
 */
export function dirtyRows(operations, width, height) {
  const fresh = width !== rowsWidth;
  rowsWidth = width;
  const perRow = new Array(height);
  const clips = [];
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i];
    if (op.type === 'clip') clips.push(op.clip);
    else if (op.type === 'unclip') clips.pop();
    else if (op.type === 'write') {
      const clip = clips.at(-1);
      const last = Math.min(height - 1, op.y + lineCount(op.text) - 1);
      for (let y = Math.max(0, op.y); y <= last; y++) (perRow[y] ??= []).push(op, clip);
    }
  }
  const rows = new Array(height);
  for (let y = 0; y < height; y++) {
    const writes = perRow[y] ?? [];
    const before = rowWrites[y];
    rows[y] = fresh || before === undefined || rowMemo[y] === undefined || !sameWrites(before, writes);
    rowWrites[y] = writes;
  }
  const writes = new Array(operations.length).fill(false);
  for (let i = 0; i < operations.length; i++) {
    const op = operations[i];
    if (op.type !== 'write') continue;
    const last = Math.min(height - 1, op.y + lineCount(op.text) - 1);
    for (let y = Math.max(0, op.y); y <= last && !writes[i]; y++) writes[i] = rows[y];
  }
  return { rows, writes };
}

// Whether the commit under way changed Ink's tree (patch.mjs, reconciler.js). React calls the mutating host methods
// of one root and then that root's resetAfterCommit, with nothing in between, so one flag serves every root.
let mutated = false;

export function markMutated() {
  mutated = true;
}

/** Whether anything changed since the last call; resets. */
export function takeMutated() {
  const was = mutated;
  mutated = false;
  return was;
}

const shallowEqual = (a, b) => {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/**
 * commitUpdate's verdict by value: `props` is Ink's diff of the props by identity, `style` its diff of the style by
 * value. A new but equal style or accessibility object changes nothing on screen.
 */
export function markIfChanged(props, style, oldProps, newProps, node) {
  if (style) return changed(node);
  for (const key of Object.keys(props ?? {})) {
    // The children show through their own updates (text updates, insertions, removals), never through this one.
    if (key === 'style' || key === 'children') continue;
    if (key === 'internal_accessibility' && shallowEqual(oldProps[key], newProps[key])) continue;
    return changed(node);
  }
}

const changed = (node) => {
  markMutated();
  if (node !== undefined) markNode(node);
};

/**
 * Marks a node of Ink's tree, and every node above it, as painting something new (`replaying` paints it again
 * rather than repeating its last writes). Called where Ink's tree changes: a child added, moved or removed, a text's
 * value, props or style that differ by value, a node hidden or shown.
 */
export function markNode(node) {
  for (let n = node; n !== undefined && n !== null; n = n.parentNode) n.__avatopDirty = true;
}

/** On by default; the tests turn it off to paint the same frames without it and compare, and count the replays. */
export const subtreeReplay = { enabled: true, replayed: 0 };

/**
 * Ink's renderNodeToOutput for a node below the root, repeating the writes the node's subtree made last frame when
 * nothing in it changed (`markNode`) and it sits where it sat, at the same size, under the same colour functions.
 * Ink walked the whole tree every frame, asking yoga (through its wasm bindings) for every node's position and
 * measuring and writing every text, while a monitor's frame changes a few nodes: the header's figures at each block
 * (docs/performance.md). Unchanged content at the same size has the same layout inside (yoga lays out a subtree from
 * its styles, its content and its own size), so its writes, placed absolutely, are the same writes.
 */
export function replaying(render) {
  return (node, output, options) => {
    const yoga = node.yogaNode;
    if (!subtreeReplay.enabled || yoga === undefined || (options.skipStaticElements && node.internal_static)) return render(node, output, options);
    const transformers = options.transformers ?? [];
    const skip = options.skipStaticElements === true;
    const memo = node.__avatopOps;
    let x;
    let y;
    let w;
    let h;
    let display;
    if (memo !== undefined && node.__avatopDirty === false) {
      x = (options.offsetX ?? 0) + yoga.getComputedLeft();
      y = (options.offsetY ?? 0) + yoga.getComputedTop();
      w = yoga.getComputedWidth();
      h = yoga.getComputedHeight();
      display = yoga.getDisplay();
      if (memo.x === x && memo.y === y && memo.w === w && memo.h === h && memo.display === display && memo.skip === skip && sameTransformers(memo.transformers, transformers)) {
        const ops = output.operations;
        for (let i = 0; i < memo.ops.length; i++) ops.push(memo.ops[i]);
        subtreeReplay.replayed++;
        return;
      }
    }
    const start = output.operations.length;
    render(node, output, options);
    if (x === undefined) {
      x = (options.offsetX ?? 0) + yoga.getComputedLeft();
      y = (options.offsetY ?? 0) + yoga.getComputedTop();
      w = yoga.getComputedWidth();
      h = yoga.getComputedHeight();
      display = yoga.getDisplay();
    }
    node.__avatopOps = { x, y, w, h, display, skip, transformers, ops: output.operations.slice(start) };
    node.__avatopDirty = false;
  };
}

// Text's colour functions by the colours they apply: a few dozen in a theme. Bounded all the same.
const transforms = new GenerationalMap(256);

/** The function made for these colours before, or `make`'s, which is then kept: one function per set of colours. */
export function stableTransform(key, made) {
  const known = transforms.get(key);
  if (known !== undefined) return known;
  transforms.set(key, made);
  return made;
}

/**
 * `fn` of a string, remembered across frames (bounded like the caches above). Ink sanitises every text node's
 * squashed text and measures its widest line on every frame, though most of a frame's text is the last frame's:
 * sanitising tokenised every coloured text again, a seventh of Ink's render at idle (CPU profile).
 */
export function cachedByText(fn) {
  const results = new GenerationalMap(STYLED_LINE_LIMIT, lineLength);
  return (text) => {
    let result = results.get(text);
    if (result === undefined) {
      result = fn(text);
      results.set(text, result);
    }
    return result;
  };
}

/** On by default; the tests turn it off to lay out the same frames without it and compare. */
export const textLayoutDeferral = { enabled: true, skipped: 0 };

// Ink's text elements (the closest node with a yoga node above a changed text) whose text changed since the last
// layout, and those left clean in yoga although their text changed (see settleTextLayout).
const textChanged = new Set();
const cleanButChanged = new Set();

/**
 * Ink's setTextNodeValue marked the text's element dirty in yoga at once, so every new figure (the height at each
 * block) made yoga lay out the frame again from the root, measuring through its wasm bindings. The element is noted
 * instead, and settleTextLayout decides before the layout.
 */
export function deferTextLayout(node, markDirty) {
  let el = node.parentNode;
  while (el !== undefined && el !== null && el.yogaNode === undefined) el = el.parentNode;
  if (!textLayoutDeferral.enabled || el === undefined || el === null) return markDirty(node);
  textChanged.add(el);
}

// The root of Ink's tree a node is in: Ink's root, or the top of a subtree taken away (yoga freed its nodes).
const topOf = (node) => {
  let n = node;
  while (n.parentNode !== undefined && n.parentNode !== null) n = n.parentNode;
  return n;
};

/**
 * Before Ink's layout: an element whose new text measures what its box already is (the same width and lines as yoga
 * laid it out, so it fitted unwrapped and still does) is left clean: with nothing else changed, yoga would ask its
 * measure function under the same constraints and get the same size, and the layout is the last one. Any other
 * element is marked dirty as Ink would have. Yoga keeps measurements of other constraints in its cache, which no
 * longer hold for the new text: once anything else makes the layout run (a dirty node, a new terminal width), every
 * element left clean is marked dirty too, so yoga measures it afresh before it uses them. Elements of another Ink
 * root wait for that root's layout; those taken away are forgotten.
 */
export function settleTextLayout(root, measure) {
  for (const el of textChanged) {
    const top = topOf(el);
    if (top !== root) {
      if (top.nodeName !== 'ink-root') textChanged.delete(el);
      continue;
    }
    textChanged.delete(el);
    const yoga = el.yogaNode;
    const size = measure(el);
    if (!yoga.isDirty() && size.width === yoga.getComputedWidth() && size.height === yoga.getComputedHeight()) {
      cleanButChanged.add(el);
      textLayoutDeferral.skipped++;
    } else yoga.markDirty();
  }
  if (cleanButChanged.size > 0 && root.yogaNode.isDirty()) {
    for (const el of cleanButChanged) {
      const top = topOf(el);
      if (top === root) el.yogaNode.markDirty();
      if (top === root || top.nodeName !== 'ink-root') cleanButChanged.delete(el);
    }
  }
}
