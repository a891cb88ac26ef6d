// The single executable's entry (scripts/build-binary.mjs): the bundle is an asset inside the binary, run as
// dist/avatop.cjs runs dist/avatop-main.js, with the same code cache under ~/.cache. Nothing is read from beside the
// binary: a validator host gets one file.
// The heap flags of bin/avatop.cjs are in the executable's own argv (the SEA config's execArgv). The simulator is
// not what they are for, so `sim` runs again with larger limits given after them (later flags win); the executable
// takes Node options only from its --node-options argument, never from NODE_OPTIONS.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { getAsset } from 'node:sea';
import { codeCacheDir, commandOf } from './code-cache';
import { runBundleSource } from './run-bundle';
import { applyHeapGrowing } from './heap-growing';
import { applyTiering } from './tiering';

/** The asset's name in the executable, shared with scripts/build-binary.mjs. */
export const BUNDLE_ASSET = 'avatop-main.js';
const SIM_HEAP = '--max-old-space-size=4096';
const SIM_NODE_OPTIONS = `${SIM_HEAP} --max-semi-space-size=16`;

const command = commandOf(process.argv);
if (command === 'sim' && !process.execArgv.includes(SIM_HEAP)) {
  // argv[1] is the executable again in a single executable; the user's arguments follow it.
  const child = spawn(process.execPath, [`--node-options=${SIM_NODE_OPTIONS}`, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)));
} else {
  // A name beside the executable, for stack traces and the bundle's `require`; no file is read from there.
  const bundlePath = join(process.execPath, '..', BUNDLE_ASSET);
  applyTiering(command);
  applyHeapGrowing(command);
  void runBundleSource(getAsset(BUNDLE_ASSET, 'utf8'), bundlePath, { cacheDir: codeCacheDir(process.env), command }).done;
}
