// The bundle loader (src/loader/): where V8's cached code goes, that V8 takes it on the next run, that a damaged
// or foreign cache is refused and replaced, and that nothing about the cache can stop the bundle from running.
import { describe, expect, it } from 'vitest';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEEP_FILES, SUBCOMMANDS, cacheFileName, codeCacheDir, commandOf, ownedDir, readCache, sourceHash, writeCache } from '../../src/loader/code-cache';
import { runBundle } from '../../src/loader/run-bundle';
import { tempDir } from '../helpers/temp-dir';

/**
 * A bundle as scripts/build.mjs writes one: an async function of `require` and its URL, with some code to cache.
 * Each call writes a new file: V8 keeps what it compiled per source and file name for the life of the process, so
 * the same file again would never consult the cache; the cache itself goes by the source alone.
 */
let bundleCount = 0;
const BODY = 'return [typeof __avatopRequire("node:fs").readFileSync, __avatopMetaUrl.startsWith("file://"), fib(15)];';
const RESULT = ['function', true, 610];
function writeBundle(dir: string, body = BODY): string {
  const path = join(dir, `avatop-main-${++bundleCount}.js`);
  writeFileSync(
    path,
    `(async function (__avatopRequire, __avatopMetaUrl) {\n'use strict';\nfunction fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }\nawait null;\n${body}\n})\n`,
  );
  return path;
}

const cacheFiles = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.v8cache')) : []);

describe('codeCacheDir', () => {
  it('is under XDG_CACHE_HOME, else ~/.cache, and off on request', () => {
    expect(codeCacheDir({ XDG_CACHE_HOME: '/x/cache' }, () => '/home/op')).toBe(join('/x/cache', 'avatop', 'code'));
    expect(codeCacheDir({}, () => '/home/op')).toBe(join('/home/op', '.cache', 'avatop', 'code'));
    expect(codeCacheDir({ XDG_CACHE_HOME: 'relative/cache' }, () => '/home/op')).toBe(join('/home/op', '.cache', 'avatop', 'code'));
    expect(codeCacheDir({ AVATOP_NO_CODE_CACHE: '1', XDG_CACHE_HOME: '/x' })).toBeUndefined();
    expect(codeCacheDir({}, () => '')).toBeUndefined();
    expect(
      codeCacheDir({}, () => {
        throw new Error('no home');
      }),
    ).toBeUndefined();
  });
});

describe('commandOf', () => {
  it('names each subcommand of src/cli.tsx, and the monitor for anything else', () => {
    const cli = readFileSync(new URL('../../src/cli.tsx', import.meta.url), 'utf8');
    const table = /const commands[^{]*\{([^}]*)\}/.exec(cli)?.[1] ?? '';
    expect([...table.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).sort()).toEqual([...SUBCOMMANDS].sort());
    expect(commandOf(['node', 'avatop', 'status', '--url', 'x'])).toBe('status');
    expect(commandOf(['node', 'avatop', '--url', 'x'])).toBe('monitor');
    expect(commandOf(['node', 'avatop'])).toBe('monitor');
  });
});

describe('cacheFileName', () => {
  const runtime = { version: 'v20.20.2', arch: 'x64', execArgv: ['--max-old-space-size=128'] };
  it('changes with the source, even at the same length, with Node, its flags and the command', () => {
    const a = cacheFileName('let a = 1;', runtime);
    expect(a).toMatch(/^[0-9a-f]{32}\.v8cache$/);
    expect(cacheFileName('let a = 1;', runtime)).toBe(a);
    expect(cacheFileName('let b = 1;', runtime)).not.toBe(a);
    expect(cacheFileName('let a = 1;', { ...runtime, version: 'v22.12.0' })).not.toBe(a);
    expect(cacheFileName('let a = 1;', { ...runtime, execArgv: [] })).not.toBe(a);
    expect(cacheFileName('let a = 1;', { ...runtime, command: 'status' })).not.toBe(cacheFileName('let a = 1;', { ...runtime, command: 'monitor' }));
  });
});

describe('sourceHash', () => {
  it('changes with any one byte or character of a text, wherever it is, and with its length', () => {
    const base = 'x'.repeat(1027);
    const seen = new Set([sourceHash(base)]);
    // Every position of a text whose length is not a multiple of 4 (the last bytes are hashed one by one), a few values each.
    for (let i = 0; i < base.length; i++) {
      for (const c of ['y', '\u0000', 'é']) seen.add(sourceHash(base.slice(0, i) + c + base.slice(i + 1)));
    }
    expect(seen.size).toBe(1 + base.length * 3);
    expect(sourceHash('x'.repeat(1026))).not.toBe(sourceHash(base));
    expect(sourceHash('')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('is the same for the same text, however its bytes lie in memory', () => {
    // Short texts come from Buffer's shared pool at any offset.
    for (let n = 0; n < 40; n++) {
      Buffer.from('z'.repeat(n % 7));
      expect(sourceHash('abcdefghijk'.slice(0, 5 + (n % 6)))).toBe(sourceHash('abcdefghijk'.slice(0, 5 + (n % 6))));
    }
    expect(sourceHash('the same bundle')).toBe(sourceHash(['the', 'same', 'bundle'].join(' ')));
  });

  it('swaps of two characters change it (not a sum)', () => {
    expect(sourceHash('abcd1234')).not.toBe(sourceHash('1234abcd'));
    expect(sourceHash('ab')).not.toBe(sourceHash('ba'));
  });
});

describe('the cache folder', () => {
  it('is used only when it is this user’s alone', () => {
    const base = tempDir('code-cache');
    const mine = join(base, 'a', 'code');
    expect(ownedDir(mine)).toBe(true);
    expect(statSync(mine).mode & 0o777).toBe(0o700);
    chmodSync(mine, 0o777);
    expect(ownedDir(mine)).toBe(false);
    expect(writeCache(mine, 'x.v8cache', Buffer.from('data'))).toBe(false);
    writeFileSync(join(base, 'file'), '');
    expect(ownedDir(join(base, 'file'))).toBe(false);
  });

  it('is not read when the folder or the file could have been written by someone else', () => {
    const dir = join(tempDir('code-cache'), 'code');
    expect(writeCache(dir, 'f.v8cache', Buffer.from('code'))).toBe(true);
    expect(readCache(dir, 'f.v8cache')?.toString()).toBe('code');
    chmodSync(join(dir, 'f.v8cache'), 0o666);
    expect(readCache(dir, 'f.v8cache')).toBeUndefined();
    chmodSync(join(dir, 'f.v8cache'), 0o600);
    chmodSync(dir, 0o777);
    expect(readCache(dir, 'f.v8cache')).toBeUndefined();
    chmodSync(dir, 0o700);
    expect(readCache(dir, 'missing.v8cache')).toBeUndefined();
    expect(readCache(join(dir, 'nowhere'), 'f.v8cache')).toBeUndefined();
  });

  it(`keeps the newest ${KEEP_FILES} files`, () => {
    const dir = join(tempDir('code-cache'), 'code');
    for (let i = 0; i < KEEP_FILES + 3; i++) {
      expect(writeCache(dir, `f${i}.v8cache`, Buffer.from([i]))).toBe(true);
      const t = new Date(Date.now() - (100 - i) * 1000);
      utimesSync(join(dir, `f${i}.v8cache`), t, t);
    }
    const left = cacheFiles(dir).sort();
    expect(left).toHaveLength(KEEP_FILES);
    expect(left).toContain(`f${KEEP_FILES + 2}.v8cache`);
    expect(left).not.toContain('f0.v8cache');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

describe('runBundle', () => {
  it('runs the bundle, saves its code, and V8 takes that code on the next run', async () => {
    const dir = tempDir('code-cache');
    const bundle = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    const first = runBundle(bundle, { cacheDir, saveAfterMs: 60_000 });
    expect(first.status).toBe('none');
    expect(await first.done).toEqual(RESULT);
    expect(cacheFiles(cacheDir)).toEqual([]);
    expect(first.save()).toBe(true);
    expect(first.save()).toBe(false);
    const [file] = cacheFiles(cacheDir);
    expect(file).toBeDefined();
    const written = statSync(join(cacheDir, file)).mtimeMs;

    const second = runBundle(writeBundle(dir), { cacheDir, saveAfterMs: 60_000 });
    expect(second.status).toBe('accepted');
    expect(await second.done).toEqual(RESULT);
    // Taken as it is: nothing to save, so nothing rewritten.
    expect(second.save()).toBe(false);
    expect(statSync(join(cacheDir, file)).mtimeMs).toBe(written);
  });

  it('refuses a damaged cache, still runs, and replaces it', async () => {
    const dir = tempDir('code-cache');
    const bundle = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    runBundle(bundle, { cacheDir, saveAfterMs: 60_000 }).save();
    const [file] = cacheFiles(cacheDir);
    writeFileSync(join(cacheDir, file), Buffer.alloc(4096, 7));
    const run = runBundle(writeBundle(dir), { cacheDir, saveAfterMs: 60_000 });
    expect(run.status).toBe('rejected');
    expect(await run.done).toEqual(RESULT);
    expect(run.save()).toBe(true);
    expect(runBundle(writeBundle(dir), { cacheDir, saveAfterMs: 60_000 }).status).toBe('accepted');
  });

  it('saves by itself after saveAfterMs', async () => {
    const dir = tempDir('code-cache');
    const bundle = writeBundle(dir);
    const cacheDir = join(dir, 'cache');
    await runBundle(bundle, { cacheDir, saveAfterMs: 20 }).done;
    await new Promise((r) => setTimeout(r, 200));
    expect(cacheFiles(cacheDir)).toHaveLength(1);
  });

  it('runs with no cache folder, and with one it cannot write', async () => {
    const dir = tempDir('code-cache');
    const bundle = writeBundle(dir);
    const off = runBundle(bundle, { cacheDir: undefined });
    expect(off.status).toBe('off');
    expect(await off.done).toEqual(RESULT);
    expect(off.save()).toBe(false);
    const blocked = join(dir, 'blocked');
    mkdirSync(blocked, { mode: 0o777 });
    chmodSync(blocked, 0o777);
    const run = runBundle(bundle, { cacheDir: blocked, saveAfterMs: 60_000 });
    expect(await run.done).toHaveLength(3);
    expect(run.save()).toBe(false);
    expect(cacheFiles(blocked)).toEqual([]);
  });

  it('passes on what the bundle throws', async () => {
    const dir = tempDir('code-cache');
    const bundle = writeBundle(dir, 'throw new Error("boom");');
    await expect(runBundle(bundle, { cacheDir: undefined }).done).rejects.toThrow('boom');
  });
});
