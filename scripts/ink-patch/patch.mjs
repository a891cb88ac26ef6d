// Build-time and load-time patches to three of Ink 6.8's modules, to yoga-layout's loader and to the text-measuring
// modules under Ink, applied as text edits so no code is copied or forked: output.js keeps its text caches across
// frames, shares one blank cell and reuses unchanged rows; measure-text.js and wrap-text.js get bounded caches
// instead of ones that grow for the life of the process; yoga decodes its embedded wasm directly instead of
// fetching it as a data: URL, which made Node load its own undici (with http2, tls, zlib and worker_threads) at
// every start; string-width, slice-ansi and ansi-tokenize segment and measure plain text without building ICU's
// segmenter at import (graphemes.mjs).
// Measured effects are in docs/performance.md. Each edit names the exact text it replaces; if a module changes and
// one is not found, the module is left as its authors wrote it (`patchInk` returns undefined with the reason) and
// test/ink-patch/patch.test.ts fails, so an upgrade cannot silently drop or garble a patch.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const RUNTIME_PATH = join(dirname(fileURLToPath(import.meta.url)), 'runtime.mjs');

const imports = (names) => (from) => `import { ${names} } from ${JSON.stringify(from)};\n`;
// graphemes.mjs sits beside runtime.mjs; the specifier is a path or a file URL, whichever the caller gave.
const graphemeImports = (names) => (from) => imports(names)(from.replace(/runtime\.mjs$/, 'graphemes.mjs'));
const LAZY_SEGMENTER = graphemeImports('lazySegmenter as __avatopLazySegmenter');

/** Module (path under node_modules) → the import it needs and its edits, [find (string or RegExp), replace]. */
const PATCHES = {
  'ink/build/output.js': {
    header: imports(
      'GenerationalMap as __AvatopGenMap, STYLED_LINE_LIMIT as __avatopLineLimit, lineLength as __avatopLineLength, compactStyledChars as __avatopCompact, cachedSlice as __avatopSlice, BLANK_CELL as __avatopBlank, rowString as __avatopRowString, trimRowMemo as __avatopTrimRows',
    ),
    edits: [
      ['widths = new Map();', 'widths = new __AvatopGenMap();'],
      ['blockWidths = new Map();', 'blockWidths = new __AvatopGenMap();'],
      ['styledChars = new Map();', 'styledChars = new __AvatopGenMap(__avatopLineLimit, __avatopLineLength);'],
      ['cached = styledCharsFromTokens(tokenize(line));', 'cached = __avatopCompact(styledCharsFromTokens(tokenize(line)));'],
      ['return sliceAnsi(line, from, to);', 'return __avatopSlice(line, from, to, sliceAnsi);'],
      ['export default class Output {', 'const __avatopSharedCaches = new OutputCaches();\nexport default class Output {'],
      ['caches = new OutputCaches();', 'caches = __avatopSharedCaches;'],
      [/row\.push\(\{\s*type: 'char',\s*value: ' ',\s*fullWidth: false,\s*styles: \[\],\s*\}\);/, 'row.push(__avatopBlank);'],
      [
        /const generatedOutput = output\s*\.map\(line => \{/,
        '__avatopTrimRows(output.length);\n        const generatedOutput = output.map((line, __avatopY) => {',
      ],
      [
        'return styledCharsToString(lineWithoutEmptyItems).trimEnd();',
        'return __avatopRowString(lineWithoutEmptyItems, __avatopY, styledCharsToString);',
      ],
    ],
  },
  'ink/build/measure-text.js': {
    header: imports('GenerationalMap as __AvatopGenMap'),
    edits: [['const cache = new Map();', 'const cache = new __AvatopGenMap();']],
  },
  'ink/build/wrap-text.js': {
    header: imports('GenerationalMap as __AvatopGenMap'),
    edits: [
      ['const cache = {};', 'const cache = new __AvatopGenMap();'],
      ['const cachedText = cache[cacheKey];', 'const cachedText = cache.get(cacheKey);'],
      ['cache[cacheKey] = wrappedText;', 'cache.set(cacheKey, wrappedText);'],
    ],
  },
  'string-width/index.js': {
    header: graphemeImports('lazySegmenter as __avatopLazySegmenter, lazyRegExp as __avatopLazyRegExp, narrowText as __avatopNarrow'),
    edits: [
      ['const segmenter = new Intl.Segmenter();', 'const segmenter = __avatopLazySegmenter();'],
      ['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', "const rgiEmojiRegex = __avatopLazyRegExp('^\\\\p{RGI_Emoji}$', 'v');"],
      ['if (/^[\\u0020-\\u007E]*$/.test(string)) {', 'if (__avatopNarrow(string)) {'],
    ],
  },
  // wrap-ansi's own, older string-width (7.x), which has no fast path of its own.
  'wrap-ansi/node_modules/string-width/index.js': {
    header: graphemeImports('lazySegmenter as __avatopLazySegmenter, narrowPlainText as __avatopNarrow'),
    edits: [
      ['const segmenter = new Intl.Segmenter();', 'const segmenter = __avatopLazySegmenter();'],
      [/(\n\tlet width = 0;\n\tconst eastAsianWidthOptions)/, '\n\tif (__avatopNarrow(string)) {\n\t\treturn string.length;\n\t}\n$1'],
    ],
  },
  'slice-ansi/tokenize-ansi.js': {
    header: LAZY_SEGMENTER,
    edits: [["new Intl.Segmenter(undefined, {granularity: 'grapheme'});", "__avatopLazySegmenter(undefined, {granularity: 'grapheme'});"]],
  },
  '@alcalzone/ansi-tokenize/build/tokenize.js': {
    header: LAZY_SEGMENTER,
    edits: [['new Intl.Segmenter(undefined, { granularity: "grapheme" });', '__avatopLazySegmenter(undefined, { granularity: "grapheme" });']],
  },
  'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js': {
    header: () => '',
    edits: [['function ya(){return w||"function"!=typeof fetch?', 'function ya(){return true?']],
  },
};

// Any of PATCHES' paths after a node_modules folder, either separator. The leftmost match wins, so wrap-ansi's own
// string-width is taken for that key and not for the top-level one.
const PATCHED_MODULE = new RegExp(
  `[\\\\/]node_modules[\\\\/](${Object.keys(PATCHES)
    .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\//g, '[\\\\/]'))
    .join('|')})$`,
);
/** What vitest must inline (transform) for the patches to reach the screen tests: Ink and the modules patched under it. */
export const VITEST_INLINE = ['ink', 'string-width', 'wrap-ansi', 'widest-line', 'cli-truncate', 'slice-ansi', '@alcalzone/ansi-tokenize'];
const INLINED = new RegExp(`[\\\\/]node_modules[\\\\/](ink-testing-library|${VITEST_INLINE.join('|')})[\\\\/].*\\.js$`);

/** The module (path under node_modules) a path names, when it is one this patches. */
export function patchedModule(path) {
  const m = PATCHED_MODULE.exec(path);
  const module = m?.[1].replace(/\\/g, '/');
  return module && PATCHES[module] ? module : undefined;
}

/**
 * The patched source of an Ink module, or `{ error }` when an edit's text is missing (another Ink version).
 * `runtimeSpecifier` is how the patched module imports runtime.mjs: a path for bundlers, a file URL for Node.
 */
export function patchInk(module, source, runtimeSpecifier = RUNTIME_PATH) {
  const patch = PATCHES[module];
  if (!patch) return { error: `no patch for ${module}` };
  let out = source;
  for (const [find, replace] of patch.edits) {
    const found = typeof find === 'string' ? out.includes(find) : find.test(out);
    if (!found) return { error: `${module}: expected text not found: ${String(find)}` };
    // A string edit is taken literally ("$'" in one is text, not a replacement pattern); a RegExp edit may use $1.
    out = typeof find === 'string' ? out.replace(find, () => replace) : out.replace(find, replace);
  }
  return { source: patch.header(runtimeSpecifier) + out };
}

/** esbuild plugin for scripts/build.mjs: a missing edit fails the build rather than ship stock Ink unnoticed. */
export function inkPatchEsbuild() {
  return {
    name: 'avatop-ink-patch',
    setup(build) {
      build.onLoad({ filter: PATCHED_MODULE }, (args) => {
        const module = patchedModule(args.path);
        if (!module) return undefined;
        const r = patchInk(module, readFileSync(args.path, 'utf8'));
        if (r.error) return { errors: [{ text: r.error }] };
        return { contents: r.source, loader: 'js', resolveDir: dirname(args.path) };
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
      if (r.error) throw new Error(r.error);
      return { code: r.source, map: null };
    },
  };
}

export const RUNTIME_URL = pathToFileURL(RUNTIME_PATH).href;
