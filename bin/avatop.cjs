#!/usr/bin/env -S MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=32768 node --max-old-space-size=128 --max-semi-space-size=1
// The heap flags keep avatop small on the host it watches: without them V8 let garbage reach 250 MiB between
// collections while 40-60 MiB was live (docs/performance.md). They must be on Node's command line, hence `env -S`;
// replies that would not fit are refused before parsing (src/rpc/value-budget.ts) rather than end the process.
// MALLOC_ARENA_MAX=1: glibc gave each of V8's and libuv's threads an arena of its own and kept what they freed,
// about 5 MiB of the monitor's resident memory at idle (docs/performance.md); one arena is plenty for one JS thread.
// MALLOC_MMAP_THRESHOLD_=32768: V8's optimizing compiler takes its scratch memory from malloc in 32 KiB segments, all
// the time at idle (it keeps optimizing), and the heap kept the pages freed (13 MiB free of 17, gdb's mallinfo2); at
// this threshold each segment is its own mapping, returned when freed: 7-9 MiB less resident, the same CPU
// (docs/performance.md). It also turns off glibc's sliding threshold, which had put freed replies in the heap too.
// The line stays under 127 bytes (older kernels cut it).
// Runs the bundle when it has been built (fast start), the TypeScript sources otherwise.
// In a source checkout a bundle older than any source file is ignored, so a forgotten `npm run build` never runs
// stale code; AVATOP_FROM_SOURCE=1 forces the sources.
// CommonJS, as is dist/avatop.cjs: Node then never starts its ES module loader, 10-15 ms of every start here.
'use strict';
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');

const root = join(__dirname, '..');
// dist/avatop.cjs runs dist/avatop-main.js with V8's code cache (src/loader/); both come from one build.
const bundle = join(root, 'dist', 'avatop.cjs');
const bundleMain = join(root, 'dist', 'avatop-main.js');
const src = join(root, 'src');

// The simulated node holds whole networks (10,000 validators, 100,000 UTXOs) and is not what the heap flags are
// for: it runs again without them. Its start is not a hot path, so the second Node start does not matter.
const HEAP_FLAG = /^--max-(old|semi)-space-size=/;

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

async function fromSource() {
  // As the bundle does: React's development build records a PerformanceMeasure for every render and never drops
  // them, so a monitor left running from source grew by about 25 KB a frame (found by scripts/soak.mjs).
  process.env.NODE_ENV ??= 'production';
  const { register } = await import('tsx/esm/api');
  register();
  // The Ink the bundle ships: text caches kept across frames and bounded (scripts/ink-patch/patch.mjs).
  await import(pathToFileURL(join(root, 'scripts', 'ink-patch', 'register.mjs')).href);
  await import(pathToFileURL(join(src, 'cli.tsx')).href);
}

if (process.argv[2] === 'sim' && process.execArgv.some((a) => HEAP_FLAG.test(a))) {
  const { spawn } = require('node:child_process');
  const { constants } = require('node:os');
  const child = spawn(process.execPath, [...process.execArgv.filter((a) => !HEAP_FLAG.test(a)), __filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
} else if (bundleIsCurrent()) {
  require(bundle);
} else {
  // A failure to load the sources ends the process with its stack, as an uncaught error would.
  fromSource().catch((err) => process.nextTick(() => {
    throw err;
  }));
}
