#!/usr/bin/env node
// Runs the single-file bundle when it has been built (fast start), the TypeScript sources otherwise.
// In a source checkout a bundle older than any source file is ignored, so a forgotten `npm run build` never runs
// stale code; AVATOP_FROM_SOURCE=1 forces the sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'avatop.js');
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
  if (!existsSync(bundle) || process.env.AVATOP_FROM_SOURCE) return false;
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
  await import(pathToFileURL(join(root, 'src', 'cli.tsx')).href);
}
