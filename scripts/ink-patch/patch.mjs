// Build-time and load-time patches to Ink 6.8's modules, to yoga-layout's loader, to terminal-size's import and to the
// text-measuring modules under Ink, applied as text edits so no code is copied or forked: output.js keeps its text
// caches across frames, shares one blank cell and reuses unchanged rows; render-node-to-output.js repeats the writes
// of a subtree that did not change (marked in dom.js and reconciler.js); measure-text.js and wrap-text.js get bounded
// caches instead of ones that grow for the life of the process; yoga decodes its embedded wasm directly instead of
// fetching it as a data: URL, which made Node load its own undici (with http2, tls, zlib and worker_threads) at every
// start; string-width, slice-ansi and ansi-tokenize segment and measure plain text without building ICU's segmenter
// at import (graphemes.mjs).
// Measured effects are in docs/performance.md. Each edit names the exact text it replaces. Every patched package is
// pinned to an exact version in package.json (ink in devDependencies, as it is bundled; the rest in overrides); how
// to move a pin is in docs/ink-upgrade.md. A patch that no longer applies is an error wherever it is applied: the build fails
// (inkPatchEsbuild), the tests fail naming the patch and file (vitest's plugin, test/ink-patch/patch.test.ts), and
// a start from source refuses to run (hooks.mjs), so an upgrade cannot silently ship stock Ink.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RUNTIME_PATH = join(dirname(fileURLToPath(import.meta.url)), 'runtime.mjs');

const imports = (names) => (from) => `import { ${names} } from ${JSON.stringify(from)};\n`;
// graphemes.mjs sits beside runtime.mjs; the specifier is a path or a file URL, whichever the caller gave.
const graphemeImports = (names) => (from) => imports(names)(from.replace(/runtime\.mjs$/, 'graphemes.mjs'));
const LAZY_SEGMENTER = graphemeImports('lazySegmenter as __avatopLazySegmenter');
// The screen writer (screen-log.mjs) beside runtime.mjs, and ansi-tokenize resolved from Ink's own folder, as Ink's
// output.js resolves it.
const SCREEN_LOG = (from) =>
  imports('createScreenLog as __avatopScreenLog')(from.replace(/runtime\.mjs$/, 'screen-log.mjs')) +
  imports('rowCells as __avatopRowCells')(from) +
  "import { tokenize as __avatopTokenize, styledCharsFromTokens as __avatopFromTokens } from '@alcalzone/ansi-tokenize';\n" +
  'const __avatopAnsiCodec = { tokenize: __avatopTokenize, styledCharsFromTokens: __avatopFromTokens, rowCells: __avatopRowCells };\n';
// Host-config methods of Ink's reconciler that change what is on screen: each notes that it did (runtime.mjs).
const MUTATING_METHODS = ['commitTextUpdate(node, _oldText, newText) {', 'removeChild(node, removeNode) {', 'removeChildFromContainer(node, removeNode) {', 'hideTextInstance(node) {', 'unhideTextInstance(node, text) {'];
const markMutated = (signature) => [signature, `${signature}\n        __avatopMarkMutated();`];

/**
 * Patch id → the package and file it edits, the import it needs and its edits, [find (string or RegExp), replace].
 * A module is known by its package's name (and major version, where two are installed) and its path inside the
 * package, never by where npm put the package: `via` is the chain of packages that import it, from avatop down, so
 * `installedModules` finds it with Node's own resolution.
 */
const PATCHES = {
  'ink/build/output.js': {
    pkg: 'ink',
    file: 'build/output.js',
    via: [],
    header: imports(
      'GenerationalMap as __AvatopGenMap, STYLED_LINE_LIMIT as __avatopLineLimit, lineLength as __avatopLineLength, cachedSlice as __avatopSlice, BLANK_CELL as __avatopBlank, rowString as __avatopRowString, rowText as __avatopRowText, trimRowMemo as __avatopTrimRows, dirtyRows as __avatopDirtyRows, CLEAN_ROW as __avatopCleanRow, cleanRowText as __avatopCleanText',
    ),
    edits: [
      ['widths = new Map();', 'widths = new __AvatopGenMap();'],
      ['blockWidths = new Map();', 'blockWidths = new __AvatopGenMap();'],
      ['styledChars = new Map();', 'styledChars = new __AvatopGenMap(__avatopLineLimit, __avatopLineLength);'],
      ['return sliceAnsi(line, from, to);', 'return __avatopSlice(line, from, to, sliceAnsi);'],
      ['export default class Output {', 'const __avatopSharedCaches = new OutputCaches();\nexport default class Output {'],
      ['caches = new OutputCaches();', 'caches = __avatopSharedCaches;'],
      // Only the rows whose writes changed since the last frame are built (runtime.mjs dirtyRows); the others keep
      // their last text. A row built is one array of the shared blank, made whole rather than grown cell by cell, and
      // handed on as it is when it has no holes (it never has) rather than copied by filter.
      ['const output = [];', 'const output = [];\n        const __avatopDirty = __avatopDirtyRows(this.operations, this.width, this.height);'],
      [
        /const row = \[\];\s*for \(let x = 0; x < this\.width; x\+\+\) \{\s*row\.push\(\{\s*type: 'char',\s*value: ' ',\s*fullWidth: false,\s*styles: \[\],\s*\}\);\s*\}/,
        'const row = __avatopDirty.rows[y] ? new Array(this.width).fill(__avatopBlank) : __avatopCleanRow;',
      ],
      ["if (operation.type === 'write') {", "if (operation.type === 'write') {\n                if (!__avatopDirty.writes[__avatopOp]) {\n                    continue;\n                }"],
      ['if (!currentLine) {', 'if (currentLine === __avatopCleanRow) {\n                        offsetY++;\n                        continue;\n                    }\n                    if (!currentLine) {'],
      // The grid's loops by index: run 30 times a minute, the function stays in V8's unoptimised tiers, where each
      // for-of step allocates an iterator result (and `entries()` a pair): a cell's worth of garbage for every cell of
      // every text of every frame, 5 MiB a minute at idle (V8's sampling heap profiler).
      ['for (const operation of this.operations) {', 'for (let __avatopOp = 0; __avatopOp < this.operations.length; __avatopOp++) {\n            const operation = this.operations[__avatopOp];'],
      ['for (let [index, line] of lines.entries()) {', 'for (let index = 0; index < lines.length; index++) {\n                    let line = lines[index];'],
      ['for (const transformer of transformers) {', 'for (let __avatopT = 0; __avatopT < transformers.length; __avatopT++) {\n                        const transformer = transformers[__avatopT];'],
      ['for (const character of characters) {', 'for (let __avatopC = 0; __avatopC < characters.length; __avatopC++) {\n                        const character = characters[__avatopC];'],
      ['const lineWithoutEmptyItems = line.filter(item => item !== undefined);', 'const lineWithoutEmptyItems = line.includes(undefined) ? line.filter(item => item !== undefined) : line;'],
      [
        /const generatedOutput = output\s*\.map\(line => \{/,
        '__avatopTrimRows(output.length);\n        const generatedOutput = output.map((line, __avatopY) => {\n            if (line === __avatopCleanRow) {\n                return __avatopCleanText(__avatopY);\n            }',
      ],
      [
        'return styledCharsToString(lineWithoutEmptyItems).trimEnd();',
        'return __avatopRowString(lineWithoutEmptyItems, __avatopY, (cells) => __avatopRowText(cells, __avatopAnsi));',
      ],
      // What rowText needs of ansi-tokenize, resolved where Ink resolves it.
      [
        "import { styledCharsFromTokens, styledCharsToString, tokenize, } from '@alcalzone/ansi-tokenize';",
        "import { styledCharsFromTokens, styledCharsToString, tokenize, diffAnsiCodes as __avatopDiffCodes, ansiCodesToString as __avatopCodesToString, } from '@alcalzone/ansi-tokenize';\nconst __avatopAnsi = { diffAnsiCodes: __avatopDiffCodes, ansiCodesToString: __avatopCodesToString };",
      ],
    ],
  },
  // `incrementalRendering` draws with the screen writer (screen-log.mjs): absolute cursor moves and only the
  // changed cells. Stock Ink's incremental mode is one row off when frames keep their height.
  'ink/build/log-update.js': {
    pkg: 'ink',
    file: 'build/log-update.js',
    via: [],
    header: SCREEN_LOG,
    edits: [['return createIncremental(stream, { showCursor });', 'return __avatopScreenLog(stream, { showCursor }, __avatopAnsiCodec);']],
  },
  // A commit that changed nothing on screen (a clock whose text stayed the same, a store write of equal data) ends
  // there: without this every React commit laid out, rendered and serialised the whole frame, only for Ink to find
  // the output unchanged.
  'ink/build/reconciler.js': {
    pkg: 'ink',
    file: 'build/reconciler.js',
    via: [],
    header: imports('markMutated as __avatopMarkMutated, markIfChanged as __avatopMarkIfChanged, takeMutated as __avatopTakeMutated, markNode as __avatopMarkNode'),
    edits: [
      ['resetAfterCommit(rootNode) {', 'resetAfterCommit(rootNode) {\n        if (!__avatopTakeMutated() && !rootNode.isStaticDirty) {\n            return;\n        }'],
      ['appendChild: appendChildNode,', 'appendChild: (parent, child) => {\n        __avatopMarkMutated();\n        appendChildNode(parent, child);\n    },'],
      ['insertBefore: insertBeforeNode,', 'insertBefore: (parent, child, before) => {\n        __avatopMarkMutated();\n        insertBeforeNode(parent, child, before);\n    },'],
      ['appendChildToContainer: appendChildNode,', 'appendChildToContainer: (parent, child) => {\n        __avatopMarkMutated();\n        appendChildNode(parent, child);\n    },'],
      ['insertInContainerBefore: insertBeforeNode,', 'insertInContainerBefore: (parent, child, before) => {\n        __avatopMarkMutated();\n        insertBeforeNode(parent, child, before);\n    },'],
      [/(\n {4}hideInstance\(node\) \{)/, '$1\n        __avatopMarkMutated();\n        __avatopMarkNode(node);'],
      [/(\n {4}unhideInstance\(node\) \{)/, '$1\n        __avatopMarkMutated();\n        __avatopMarkNode(node);'],
      // Box and Text make a new style object (and Box a new accessibility object) every render: judged by value.
      [/(if \(!props && !style\) \{\s*return;\s*\})/, '$1\n        __avatopMarkIfChanged(props, style, oldProps, newProps, node);'],
      ...MUTATING_METHODS.map(markMutated),
    ],
  },
  // Text made its colour function afresh every render, so every re-rendered Text looked changed to the reconciler
  // (above); the same colours now give the very same function.
  'ink/build/components/Text.js': {
    pkg: 'ink',
    file: 'build/components/Text.js',
    via: [],
    header: imports('stableTransform as __avatopStableTransform'),
    edits: [
      [
        'const transform = (children) => {',
        'const transform = __avatopStableTransform(`${dimColor}|${color}|${backgroundColor}|${inheritedBackgroundColor}|${bold}|${italic}|${underline}|${strikethrough}|${inverse}`, (children) => {',
      ],
      [/(return children;\n {4}\});(\n {4}if \(isScreenReaderEnabled && ariaHidden\))/, 'return children;\n    });$2'],
    ],
  },
  // Every text node's squashed text was sanitised and measured again on every frame: the same strings, from
  // caches that keep them across frames (runtime.mjs cachedByText).
  'ink/build/sanitize-ansi.js': {
    pkg: 'ink',
    file: 'build/sanitize-ansi.js',
    via: [],
    header: imports('cachedByText as __avatopCachedByText'),
    edits: [['export default sanitizeAnsi;', 'export default __avatopCachedByText(sanitizeAnsi);']],
  },
  // A subtree that did not change repeats last frame's writes instead of being walked, measured and written again
  // (runtime.mjs replaying); the changes that make it paint again are marked where Ink's tree changes (dom.js,
  // reconciler.js).
  'ink/build/render-node-to-output.js': {
    pkg: 'ink',
    file: 'build/render-node-to-output.js',
    via: [],
    header: imports('cachedByText as __avatopCachedByText, replaying as __avatopReplaying'),
    edits: [
      ["import widestLine from 'widest-line';", "import widestLine from 'widest-line';\nconst __avatopWidestLine = __avatopCachedByText(widestLine);"],
      ['const currentWidth = widestLine(text);', 'const currentWidth = __avatopWidestLine(text);'],
      ['                renderNodeToOutput(childNode, output, {', '                __avatopReplay(childNode, output, {'],
      ['export default renderNodeToOutput;', 'const __avatopReplay = __avatopReplaying(renderNodeToOutput);\nexport default renderNodeToOutput;'],
    ],
  },
  // The layout settles the texts that changed first (runtime.mjs settleTextLayout): a new figure of the same size
  // leaves yoga's tree clean, and its layout is the last one.
  'ink/build/ink.js': {
    pkg: 'ink',
    file: 'build/ink.js',
    via: [],
    header: imports('settleTextLayout as __avatopSettleTextLayout'),
    edits: [
      [
        'this.rootNode.yogaNode.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);',
        '__avatopSettleTextLayout(this.rootNode, dom.__avatopMeasureElement);\n        this.rootNode.yogaNode.calculateLayout(undefined, undefined, Yoga.DIRECTION_LTR);',
      ],
    ],
  },
  'ink/build/dom.js': {
    pkg: 'ink',
    file: 'build/dom.js',
    via: [],
    header: imports('markNode as __avatopMarkNode, deferTextLayout as __avatopDeferTextLayout'),
    edits: [
      // A text's new value is laid out only if its size moved (runtime.mjs settleTextLayout, from ink.js's layout).
      ['    node.nodeValue = text;\n    markNodeAsDirty(node);', '    node.nodeValue = text;\n    __avatopDeferTextLayout(node, markNodeAsDirty);'],
      ['export const setTextNodeValue = (node, text) => {', 'export const __avatopMeasureElement = (node) => measureText(squashTextNodes(node));\nexport const setTextNodeValue = (node, text) => {'],
      ['export const appendChildNode = (node, childNode) => {', 'export const appendChildNode = (node, childNode) => {\n    __avatopMarkNode(node);'],
      ['export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {', 'export const insertBeforeNode = (node, newChildNode, beforeChildNode) => {\n    __avatopMarkNode(node);'],
      ['export const removeChildNode = (node, removeNode) => {', 'export const removeChildNode = (node, removeNode) => {\n    __avatopMarkNode(node);'],
      ['export const setTextNodeValue = (node, text) => {', 'export const setTextNodeValue = (node, text) => {\n    __avatopMarkNode(node);'],
    ],
  },
  'ink/build/measure-text.js': {
    pkg: 'ink',
    file: 'build/measure-text.js',
    via: [],
    header: imports('GenerationalMap as __AvatopGenMap'),
    edits: [['const cache = new Map();', 'const cache = new __AvatopGenMap();']],
  },
  'ink/build/wrap-text.js': {
    pkg: 'ink',
    file: 'build/wrap-text.js',
    via: [],
    header: imports('GenerationalMap as __AvatopGenMap'),
    edits: [
      ['const cache = {};', 'const cache = new __AvatopGenMap();'],
      ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
      ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
    ],
  },
  'string-width@8/index.js': {
    pkg: 'string-width',
    major: 8,
    file: 'index.js',
    via: ['ink'],
    header: graphemeImports('lazySegmenter as __avatopLazySegmenter, lazyRegExp as __avatopLazyRegExp, narrowText as __avatopNarrow'),
    edits: [
      ['const segmenter = new Intl.Segmenter();', 'const segmenter = __avatopLazySegmenter();'],
      ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', "const rgiEmojiRegex = __avatopLazyRegExp('^\\\\p{RGI_Emoji}$', 'v');"],
      // The other property expressions too, compiled when a cluster that is not narrow first needs them (graphemes.mjs).
      [
        '/[^\\p{Default_Ignorable_Code_Point}\\p{Control}\\p{Format}\\p{Nonspacing_Mark}\\p{Enclosing_Mark}\\p{Surrogate}]/v;',
        "__avatopLazyRegExp('[^\\\\p{Default_Ignorable_Code_Point}\\\\p{Control}\\\\p{Format}\\\\p{Nonspacing_Mark}\\\\p{Enclosing_Mark}\\\\p{Surrogate}]', 'v');",
      ],
      ['const spacingMarkRegex = /\\p{Spacing_Mark}/v;', "const spacingMarkRegex = __avatopLazyRegExp('\\\\p{Spacing_Mark}', 'v');"],
      ['const extendedPictographicRegex = /\\p{Extended_Pictographic}/gu;', "const extendedPictographicRegex = __avatopLazyRegExp('\\\\p{Extended_Pictographic}', 'gu');"],
      ['if (/^[\\u0020-\\u007E]*$/.test(string)) {', 'if (__avatopNarrow(string)) {'],
    ],
  },
  // wrap-ansi's own, older string-width (7.x), which has no fast path of its own.
  'string-width@7/index.js': {
    pkg: 'string-width',
    major: 7,
    file: 'index.js',
    via: ['ink', 'wrap-ansi'],
    header: graphemeImports('lazySegmenter as __avatopLazySegmenter, lazyRegExp as __avatopLazyRegExp, narrowPlainText as __avatopNarrow'),
    edits: [
      ['const segmenter = new Intl.Segmenter();', 'const segmenter = __avatopLazySegmenter();'],
      [
        'const defaultIgnorableCodePointRegex = /^\\p{Default_Ignorable_Code_Point}$/u;',
        "const defaultIgnorableCodePointRegex = __avatopLazyRegExp('^\\\\p{Default_Ignorable_Code_Point}$', 'u');",
      ],
      [/(\n\tlet width = 0;\n\tconst eastAsianWidthOptions)/, '\n\tif (__avatopNarrow(string)) {\n\t\treturn string.length;\n\t}\n$1'],
    ],
  },
  'slice-ansi/tokenize-ansi.js': {
    pkg: 'slice-ansi',
    file: 'tokenize-ansi.js',
    via: ['ink'],
    header: graphemeImports('lazySegmenter as __avatopLazySegmenter, lazyRegExp as __avatopLazyRegExp, narrowText as __avatopNarrow'),
    edits: [
      ["new Intl.Segmenter(undefined, {granularity: 'grapheme'});", "__avatopLazySegmenter(undefined, {granularity: 'grapheme'});"],
      // Asked of every grapheme Ink slices (about 150 a second at idle); no narrow character is an emoji.
      ['const EMOJI_PRESENTATION_GRAPHEME_REGEX = /\\p{Emoji_Presentation}/u;', "const EMOJI_PRESENTATION_GRAPHEME_REGEX = __avatopLazyRegExp('\\\\p{Emoji_Presentation}', 'u', __avatopNarrow);"],
    ],
  },
  // Each character was its own object spread from its token, with its own copy of the styles: a hidden class per
  // character in V8 (about 300 bytes each, 15 MiB for a few screens in a heap snapshot) and most of what a frame
  // allocated. One literal shape, and one styles array shared by a run of equally styled characters.
  '@alcalzone/ansi-tokenize/build/styledChars.js': {
    pkg: '@alcalzone/ansi-tokenize',
    file: 'build/styledChars.js',
    via: ['ink'],
    header: () => '',
    edits: [
      ['let codes = [];\n    const ret = [];', 'let codes = [];\n    let styles;\n    const ret = [];'],
      ['codes = reduceAnsiCodesIncremental(codes, [token]);', 'codes = reduceAnsiCodesIncremental(codes, [token]);\n            styles = undefined;'],
      [/ret\.push\(\{\s*\.\.\.token,\s*styles: \[\.\.\.codes\],\s*\}\);/, 'ret.push({ type: token.type, value: token.value, fullWidth: token.fullWidth, styles: (styles ??= [...codes]) });'],
    ],
  },
  '@alcalzone/ansi-tokenize/build/tokenize.js': {
    pkg: '@alcalzone/ansi-tokenize',
    file: 'build/tokenize.js',
    via: ['ink'],
    header: LAZY_SEGMENTER,
    edits: [['new Intl.Segmenter(undefined, { granularity: "grapheme" });', '__avatopLazySegmenter(undefined, { granularity: "grapheme" });']],
  },
  // Ink's fallback for a terminal width its stdout does not give (never the monitor's case: it needs a TTY). Its
  // top-level import loaded node:child_process, and with it node:dgram, in every process: about 0.3 MiB of the
  // monitor's resident memory for nothing (docs/performance.md, branch rss36). Taken when the fallback runs.
  'terminal-size/index.js': {
    pkg: 'terminal-size',
    file: 'index.js',
    via: ['ink'],
    header: () => '',
    edits: [["import {execFileSync} from 'node:child_process';", "const execFileSync = (...args) => process.getBuiltinModule('node:child_process').execFileSync(...args);"]],
  },
  'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js': {
    pkg: 'yoga-layout',
    file: 'dist/binaries/yoga-wasm-base64-esm.js',
    via: ['ink'],
    header: () => '',
    // Minified: the function's and the flag's names change from build to build, so the edit matches neither.
    edits: [[/function ([\w$]+)\(\)\{return [\w$]+\|\|"function"!=typeof fetch\?/, 'function $1(){return true?']],
  },
};

export const PATCH_IDS = Object.keys(PATCHES);
const PATCHED_FILES = new Set(Object.values(PATCHES).map((p) => `${p.pkg}/${p.file}`));
// esbuild's filter (Go's regular expressions, no lookahead): the patched files' names; patchedModule decides.
const FILE_NAMES = new RegExp(`[\\\\/](${[...new Set(Object.values(PATCHES).map((p) => p.file.split('/').pop()))].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
// A path's package major versions, read once per package folder.
const majors = new Map();
function majorOf(pkgDir) {
  if (!majors.has(pkgDir)) {
    const manifest = join(pkgDir, 'package.json');
    majors.set(pkgDir, existsSync(manifest) ? Number(JSON.parse(readFileSync(manifest, 'utf8')).version.split('.')[0]) : NaN);
  }
  return majors.get(pkgDir);
}
/** What vitest must inline (transform) for the patches to reach the screen tests: Ink and the modules patched under it. */
export const VITEST_INLINE = ['ink', 'string-width', 'wrap-ansi', 'widest-line', 'cli-truncate', 'slice-ansi', '@alcalzone/ansi-tokenize'];
const INLINED = new RegExp(`[\\\\/]node_modules[\\\\/](ink-testing-library|${VITEST_INLINE.join('|')})[\\\\/].*\\.js$`);

/** The patch id for a file's path, when it is a file this patches. */
export function patchedModule(path) {
  // Hoisted, nested or in pnpm's store, the last node_modules folder in the path is the one holding the package.
  const norm = path.replace(/\\/g, '/');
  const at = norm.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const parts = norm.slice(at + '/node_modules/'.length).split('/');
  const scoped = parts[0].startsWith('@') ? 2 : 1;
  const pkg = parts.slice(0, scoped).join('/');
  const file = parts.slice(scoped).join('/');
  if (!PATCHED_FILES.has(`${pkg}/${file}`)) return undefined;
  const candidates = Object.entries(PATCHES).filter(([, p]) => p.pkg === pkg && p.file === file);
  if (candidates.length === 1 && candidates[0][1].major === undefined) return candidates[0][0];
  const major = majorOf(norm.slice(0, norm.length - file.length - 1));
  return candidates.find(([, p]) => p.major === major)?.[0];
}

/** A package's folder, found by Node's resolution from `fromDir` (its package.json when exported, else its entry). */
function packageDir(pkg, fromDir) {
  const require = createRequire(join(fromDir, 'package.json'));
  try {
    return dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    let dir = dirname(require.resolve(pkg));
    while (!existsSync(join(dir, 'package.json')) || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== pkg) {
      if (dirname(dir) === dir) throw new Error(`no package.json for ${pkg} above ${require.resolve(pkg)}`);
      dir = dirname(dir);
    }
    return dir;
  }
}

/**
 * Every patch with the installed file it applies to and that package's version, each resolved as Node resolves it
 * from the package that imports it (`via`), starting at `root` (avatop's folder).
 */
export function installedModules(root) {
  return Object.entries(PATCHES).map(([id, p]) => {
    const dir = [...p.via, p.pkg].reduce((from, pkg) => packageDir(pkg, from), root);
    const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return { id, pkg: p.pkg, via: p.via, dir, path: join(dir, ...p.file.split('/')), version };
  });
}

/**
 * The patched source of an Ink module, or `{ error }` when an edit's text is missing (another Ink version).
 * `runtimeSpecifier` is how the patched module imports runtime.mjs: a path for bundlers, a file URL for Node.
 */
export function patchInk(module, source, runtimeSpecifier = RUNTIME_PATH) {
  const patch = PATCHES[module];
  if (!patch) return { error: `no patch for ${module}` };
  let out = source;
  for (const [i, [find, replace]] of patch.edits.entries()) {
    const found = typeof find === 'string' ? out.includes(find) : find.test(out);
    if (!found) return { error: `ink patch ${module}, edit ${i + 1} of ${patch.edits.length}: expected text not found: ${String(find)}` };
    // A string edit is taken literally ("$'" in one is text, not a replacement pattern); a RegExp edit may use $1.
    out = typeof find === 'string' ? out.replace(find, () => replace) : out.replace(find, replace);
  }
  return { source: patch.header(runtimeSpecifier) + out };
}

/**
 * esbuild plugin for scripts/build.mjs: a missing edit fails the build rather than ship stock Ink unnoticed. With
 * `all`, a build that never loaded one of the patched files fails too (a file moved or renamed by an upgrade).
 */
export function inkPatchEsbuild({ all = false } = {}) {
  return {
    name: 'avatop-ink-patch',
    setup(build) {
      const applied = new Set();
      build.onStart(() => applied.clear());
      build.onLoad({ filter: FILE_NAMES }, (args) => {
        const module = patchedModule(args.path);
        if (!module) return undefined;
        const r = patchInk(module, readFileSync(args.path, 'utf8'));
        if (r.error) return { errors: [{ text: `${r.error} (in ${args.path})` }] };
        applied.add(module);
        return { contents: r.source, loader: 'js', resolveDir: dirname(args.path) };
      });
      build.onEnd((result) => {
        if (!all || result.errors.length) return undefined;
        const missing = PATCH_IDS.filter((id) => !applied.has(id));
        if (missing.length) return { errors: [{ text: `ink patch: the bundle never loaded ${missing.join(', ')}; see docs/ink-upgrade.md` }] };
        return undefined;
      });
    },
  };
}

/** Vite/Vitest plugin: the screen tests render with the same Ink the bundle ships (needs ink inlined). */
export function inkPatchVite() {
  return {
    name: 'avatop-ink-patch',
    enforce: 'pre',
    // Loaded here rather than by Vite: Ink ships source maps to sources it does not ship, and each inlined module
    // would print a warning about them.
    load(id) {
      const path = id.split('?')[0];
      if (!INLINED.test(path)) return undefined;
      return { code: readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map: null };
    },
    transform(code, id) {
      const module = patchedModule(id.split('?')[0]);
      if (!module) return undefined;
      const r = patchInk(module, code);
      if (r.error) throw new Error(`${r.error} (in ${id}); see docs/ink-upgrade.md`);
      return { code: r.source, map: null };
    },
  };
}

export const RUNTIME_URL = pathToFileURL(RUNTIME_PATH).href;
