#!/usr/bin/env -S node --max-old-space-size=128 --max-semi-space-size=1
// The heap flags keep avatop small on the host it watches: without them V8 let garbage reach 250 MiB between
// collections while 40-60 MiB was live (docs/performance.md). They must be on Node's command line, hence `env -S`;
// replies that would not fit are refused before parsing (src/rpc/value-budget.ts) rather than end the process.
// Runs the single-file bundle when it has been built (fast start), the TypeScript sources otherwise.
// In a source checkout a bundle older than any source file is ignored, so a forgotten `npm run build` never runs
// stale code; AVATOP_FROM_SOURCE=1 forces the sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The simulated node holds whole networks (10,000 validators, 100,000 UTXOs) and is not what the heap flags are
// for: it runs again without them. Its start is not a hot path, so the second Node start does not matter.
const HEAP_FLAG = /^--max-(old|semi)-space-size=/;
if (process.argv[2] === 'sim' && process.execArgv.some((a) => HEAP_FLAG.test(a))) {
  const [{ spawn }, { constants }] = await Promise.all([import('node:child_process'), import('node:os')]);
  const child = spawn(
    process.execPath,
    [...process.execArgv.filter((a) => !HEAP_FLAG.test(a)), fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? 128 + (constants.signals[signal] ?? 0))));
  process.exit(code);
}
// dist/avatop.js runs dist/avatop-main.js with V8's code cache (src/loader/); both come from one build.
const bundle = join(root, 'dist', 'avatop.js');
const bundleMain = join(root, 'dist', 'avatop-main.js');
const src = join(root, 'src');

function newestSourceMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsCurrent() {
  if (!existsSync(bundle) || !existsSync(bundleMain) || process.env.AVATOP_FROM_SOURCE) return false;
  return !existsSync(src) || statSync(bundle).mtimeMs >= newestSourceMtime(src);
}

if (bundleIsCurrent()) {
  await import(pathToFileURL(bundle).href);
} else {
  // As the bundle does: React's development build records a PerformanceMeasure for every render and never drops
  // them, so a monitor left running from source grew by about 25 KB a frame (found by scripts/soak.mjs).
  process.env.NODE_ENV ??= 'production';
  const { register } = await import('tsx/esm/api');
  register();
  // The Ink the bundle ships: text caches kept across frames and bounded (scripts/ink-patch/patch.mjs).
  await import(pathToFileURL(join(root, 'scripts', 'ink-patch', 'register.mjs')).href);
  await import(pathToFileURL(join(root, 'src', 'cli.tsx')).href);
}
