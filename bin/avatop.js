#!/usr/bin/env node
// Runs the single-file bundle when it has been built (fast start), the TypeScript sources otherwise.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = join(root, 'dist', 'avatop.js');
// AVATOP_FROM_SOURCE=1 forces the sources (tests use it so a stale dist/ cannot hide a change).
if (existsSync(bundle) && !process.env.AVATOP_FROM_SOURCE) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli.tsx')).href);
}
