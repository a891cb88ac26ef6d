// dist/avatop.js: runs the bundle next to it (dist/avatop-main.js) with V8's code cache (run-bundle.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeCacheDir } from './code-cache';
import { runBundle } from './run-bundle';

const bundle = join(dirname(fileURLToPath(import.meta.url)), 'avatop-main.js');
await runBundle(bundle, { cacheDir: codeCacheDir(process.env) }).done;
