// Bundles avatop into dist/: the CLI and the library entry.
// The CLI is two files. dist/avatop-main.js is all of avatop as one classic script, an async function taking
// `require` and its own URL, so dist/avatop.cjs (src/loader/) can compile it through node:vm with V8's code cache
// from the previous run; an ES module cannot use that cache on Node 20. Node's built-in modules become small
// modules that call that `require`, which leaves the bundle with no import statements to wrap.
// Ink optionally imports react-devtools-core, and its reconciler imports its devtools module when DEV=true; both
// are an empty stub, so the bundle neither needs them nor pays for them at start. NODE_ENV=production drops React's
// development checks.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, chmodSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inkPatchEsbuild } from './ink-patch/patch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --bundle-only=DIR writes just the bundle (avatop-main.js) into DIR: what `npm run build:binary` embeds, built
// apart so it never rewrites dist/ under a test or an `npm pack` reading it.
const bundleOnly = process.argv.find((a) => a.startsWith('--bundle-only='))?.slice('--bundle-only='.length);
const outDir = bundleOnly ?? join(root, 'dist');
// --no-minify keeps the names, for reading a CPU profile or a heap snapshot of the bundle (docs/performance.md).
const minify = !process.argv.includes('--no-minify');
const stubDir = join(root, 'node_modules', '.avatop-build');
mkdirSync(stubDir, { recursive: true });
const stub = join(stubDir, 'devtools-stub.js');
writeFileSync(stub, 'export default {};\nexport const connectToDevTools = () => {};\n');

// Some dependencies are CommonJS and call require(); give the ESM bundle a require of its own.
const banner = [
  "import { createRequire as __avatopCreateRequire } from 'node:module';",
  'const require = __avatopCreateRequire(import.meta.url);',
].join('\n');

const BUILTINS = new Set(builtinModules);

/** `node:fs` and the like as modules that take the built-in from the wrapper's `require`. */
const builtinsFromRequire = {
  name: 'avatop-builtins-from-require',
  setup(b) {
    b.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      return BUILTINS.has(name) ? { path: name, namespace: 'node-builtin' } : undefined;
    });
    // CommonJS, so each use reads the property when it runs: copying every export at load would touch getters
    // that newer Nodes deprecate (fs.F_OK warns on Node 24) and print a warning at every start.
    b.onLoad({ filter: /.*/, namespace: 'node-builtin' }, (args) => ({
      contents: `module.exports = __avatopRequire(${JSON.stringify(`node:${args.path}`)});\n`,
      loader: 'js',
    }));
  },
};

/** Ink's devtools module (imported when DEV=true) is the stub too: it pulls in ws and a top-level await. */
const noInkDevtools = {
  name: 'avatop-no-ink-devtools',
  setup(b) {
    b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]build$/.test(args.resolveDir) ? { path: stub } : undefined));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  banner: { js: banner },
  alias: { 'react-devtools-core': stub },
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'warning',
  // Ink's text caches kept across frames and bounded (scripts/ink-patch/patch.mjs, docs/performance.md).
  plugins: [inkPatchEsbuild()],
};

const started = performance.now();
const main = await build({
  ...common,
  banner: undefined,
  entryPoints: [join(root, 'src', 'cli.tsx')],
  outfile: join(outDir, 'avatop-main.js'),
  minify,
  write: false,
  metafile: true,
  define: { ...common.define, 'import.meta.url': '__avatopMetaUrl' },
  // Every patch must reach the CLI's bundle: a patched file an upgrade moved fails the build (docs/ink-upgrade.md).
  plugins: [inkPatchEsbuild({ all: true }), builtinsFromRequire, noInkDevtools],
});
// An import left in the output could not run inside the wrapper: fail here rather than at a user's start.
const leftover = Object.values(main.metafile.outputs).flatMap((o) => o.imports).filter((i) => i.external);
if (leftover.length) throw new Error(`dist/avatop-main.js would import ${leftover.map((i) => i.path).join(', ')}: not possible in the wrapper`);
// ASCII only: V8 keeps a source with any other character two bytes a character (2.1 instead of 1.06 MiB of the heap,
// for as long as avatop runs). esbuild escapes strings but not regular expression literals (`/\s+…$/`); a \u escape
// means the same character in a string, a template, a regular expression and an identifier.
const body = main.outputFiles[0].text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
mkdirSync(outDir, { recursive: true });
// `require` too: esbuild's shim for a bundled CommonJS module's require() of a built-in looks for one.
writeFileSync(
  join(outDir, 'avatop-main.js'),
  `(async function (__avatopRequire, __avatopMetaUrl) {\n'use strict';\nconst require = __avatopRequire;\n${body}\n})\n`,
);
if (!bundleOnly) {
  await build({ ...common, banner: undefined, format: 'cjs', entryPoints: [join(root, 'src', 'loader', 'main.ts')], outfile: join(root, 'dist', 'avatop.cjs'), minify: true });
  if (existsSync(join(root, 'src', 'index.ts'))) {
    await build({ ...common, entryPoints: [join(root, 'src', 'index.ts')], outfile: join(root, 'dist', 'lib.js') });
  }
  chmodSync(join(root, 'dist', 'avatop.cjs'), 0o755);
  // Left by builds before the loader was CommonJS; bin/avatop.cjs would not run it, a stale copy only confuses.
  rmSync(join(root, 'dist', 'avatop.js'), { force: true });
  // Type declarations for the library entry (`import { createClient } from 'avatop'`); skipped with --no-types.
  if (!process.argv.includes('--no-types') && existsSync(join(root, 'src', 'index.ts'))) {
    execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  }
}
process.stdout.write(`built ${bundleOnly ? `${bundleOnly}/avatop-main.js` : 'dist/'} in ${Math.round(performance.now() - started)} ms\n`);
