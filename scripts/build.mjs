// Bundles avatop into single files in dist/: the CLI (fast cold start) and the library entry.
// Ink optionally imports react-devtools-core; it is aliased to an empty stub so the bundle neither needs it nor
// pays for it at start. NODE_ENV=production drops React's development checks.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inkPatchEsbuild } from './ink-patch/patch.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stubDir = join(root, 'node_modules', '.avatop-build');
mkdirSync(stubDir, { recursive: true });
const stub = join(stubDir, 'devtools-stub.js');
writeFileSync(stub, 'export default {};\nexport const connectToDevTools = () => {};\n');

// Some dependencies are CommonJS and call require(); give the ESM bundle a require of its own.
const banner = [
  "import { createRequire as __avatopCreateRequire } from 'node:module';",
  'const require = __avatopCreateRequire(import.meta.url);',
].join('\n');

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
await build({ ...common, entryPoints: [join(root, 'src', 'cli.tsx')], outfile: join(root, 'dist', 'avatop.js'), minify: true });
if (existsSync(join(root, 'src', 'index.ts'))) {
  await build({ ...common, entryPoints: [join(root, 'src', 'index.ts')], outfile: join(root, 'dist', 'lib.js') });
}
chmodSync(join(root, 'dist', 'avatop.js'), 0o755);
// Type declarations for the library entry (`import { createClient } from 'avatop'`); skipped with --no-types.
if (!process.argv.includes('--no-types') && existsSync(join(root, 'src', 'index.ts'))) {
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
}
process.stdout.write(`built dist/ in ${Math.round(performance.now() - started)} ms\n`);
