// Runs the bundle (dist/avatop-main.js) as a classic script through node:vm, which, unlike an ES module on Node 20,
// takes V8's compiled code from a previous run. scripts/build.mjs wraps the bundle in
// `(async function (__avatopRequire, __avatopMetaUrl) { … })` so it needs no imports and may still await.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { cacheFileName, readCache, writeCache } from './code-cache';

/** none: no cache yet; accepted: V8 used it; rejected: V8 refused it (it is rewritten); off: no cache folder. */
export type CodeCacheStatus = 'none' | 'accepted' | 'rejected' | 'off';

export interface RunBundleOptions {
  /** Where the cached code lives; undefined turns caching off. */
  cacheDir: string | undefined;
  /** Which command runs (monitor, status, get …): each keeps its own cache. */
  command?: string;
  /**
   * When to save the cache if it was not used: by then the start-up's functions are compiled and go into it.
   * It is also saved at exit, so a one-shot command that ends sooner gets one too.
   */
  saveAfterMs?: number;
}

export interface BundleRun {
  status: CodeCacheStatus;
  /** Saves the cache now, once, unless V8 took the one there was; true when a file was written. */
  save(): boolean;
  /** The bundle's own promise: it settles when its top level has run. */
  done: Promise<unknown>;
}

type BundleFunction = (require: NodeJS.Require, metaUrl: string) => Promise<unknown>;

export const SAVE_AFTER_MS = 2_000;

export function runBundle(bundlePath: string, options: RunBundleOptions): BundleRun {
  return runBundleSource(readFileSync(bundlePath, 'utf8'), bundlePath, options);
}

/**
 * The same for a bundle that is not a file of its own (the single executable carries it as an asset): `bundlePath`
 * names it in stack traces, and is where its `require` and `import.meta.url` are anchored.
 */
export function runBundleSource(source: string, bundlePath: string, options: RunBundleOptions): BundleRun {
  const runtime = { version: process.version, arch: process.arch, execArgv: process.execArgv, command: options.command };
  const name = options.cacheDir ? cacheFileName(source, runtime) : '';
  const cachedData = options.cacheDir ? readCache(options.cacheDir, name) : undefined;
  const script = new Script(source, { filename: bundlePath, cachedData });
  const status: CodeCacheStatus = !options.cacheDir ? 'off' : !cachedData ? 'none' : script.cachedDataRejected ? 'rejected' : 'accepted';

  let saved = false;
  const save = (): boolean => {
    if (saved || !options.cacheDir || status === 'accepted') return false;
    saved = true;
    clearTimeout(timer);
    process.off('exit', save);
    try {
      return writeCache(options.cacheDir, name, script.createCachedData());
    } catch {
      return false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  if (status === 'none' || status === 'rejected') {
    timer = setTimeout(save, options.saveAfterMs ?? SAVE_AFTER_MS);
    timer.unref();
    process.once('exit', save);
  }

  const fn = script.runInThisContext() as BundleFunction;
  const done = fn(createRequire(bundlePath), pathToFileURL(bundlePath).href);
  return { status, save, done };
}
