// dist/avatop.cjs: runs the bundle next to it (dist/avatop-main.js) with V8's code cache (run-bundle.ts).
// CommonJS, as is bin/avatop.cjs: Node then never starts its ES module loader, 10-15 ms of every start here.
import { join } from 'node:path';
import { codeCacheDir, commandOf } from './code-cache';
import { runBundle } from './run-bundle';
import { applyHeapGrowing } from './heap-growing';
import { applyTiering } from './tiering';

// A bundle that fails to start rejects `done`; unhandled, that ends the process with its stack.
const command = commandOf(process.argv);
applyTiering(command);
applyHeapGrowing(command);
void runBundle(join(__dirname, 'avatop-main.js'), { cacheDir: codeCacheDir(process.env), command }).done;
