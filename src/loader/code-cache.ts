// Where V8's compiled code for the bundle is kept between runs, and how it is read and written. Node 20 has no
// compile cache of its own for ES modules, and compiling the bundle (then each function it runs, lazily) took about
// a quarter of the start-up (docs/performance.md). Every step here is best-effort: any failure means "no cache",
// never an error, since the cache only saves time.
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** Files kept per cache folder: one per bundle version, Node version, set of Node flags and command. */
export const KEEP_FILES = 10;
const SUFFIX = '.v8cache';

/**
 * `$XDG_CACHE_HOME/avatop/code` (or `~/.cache/avatop/code`); undefined when AVATOP_NO_CODE_CACHE is set or there
 * is no home to put it in.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv, home: () => string = homedir): string | undefined {
  if (env.AVATOP_NO_CODE_CACHE) return undefined;
  // The XDG spec ignores a relative XDG_CACHE_HOME; taken as it is, it would put the cache wherever avatop starts.
  let base = env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : undefined;
  if (!base) {
    try {
      const h = home();
      if (!h) return undefined;
      base = join(h, '.cache');
    } catch {
      return undefined;
    }
  }
  return join(base, 'avatop', 'code');
}

/** The subcommands of src/cli.tsx (kept in step by test/loader/code-cache.test.ts); anything else is the monitor. */
export const SUBCOMMANDS = ['decode', 'sim', 'status', 'get', 'exporter', 'events'] as const;

/** Which command an argv runs, for the cache's name. */
export function commandOf(argv: readonly string[]): string {
  const first = argv[2] ?? '';
  return (SUBCOMMANDS as readonly string[]).includes(first) ? first : 'monitor';
}

/**
 * What the cached code depends on: V8 refuses data made by another V8 or under other flags, but it only checks the
 * source's length, so the name carries a hash of the whole source. The command is part of it because the cache
 * holds what that command ran: `avatop status` run first would otherwise leave the monitor a cache without its UI,
 * which V8 takes and which is then never replaced.
 */
export function cacheFileName(source: string, runtime: { version: string; arch: string; execArgv: readonly string[]; command?: string }): string {
  const h = createHash('sha256');
  h.update(source);
  h.update(`\0${runtime.version}\0${runtime.arch}\0${runtime.command ?? ''}\0${runtime.execArgv.join('\0')}`);
  return h.digest('hex').slice(0, 32) + SUFFIX;
}

/** This user's, and writable by no one else: what is read from the cache is run as code. */
function mine(st: Stats): boolean {
  const uid = process.getuid?.();
  return (uid === undefined || st.uid === uid) && (st.mode & 0o022) === 0;
}

/** The folder, created if missing (and `create`), when it is this user's alone. */
export function ownedDir(dir: string, create = true): boolean {
  try {
    if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    return st.isDirectory() && mine(st);
  } catch {
    return false;
  }
}

/** The cached code, when the folder and the file are this user's alone. */
export function readCache(dir: string, name: string): Buffer | undefined {
  if (!ownedDir(dir, false)) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(join(dir, name), 'r');
    const st = fstatSync(fd);
    return st.isFile() && mine(st) ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Written whole or not at all (two avatops may start at once), then older files beyond KEEP_FILES removed. */
export function writeCache(dir: string, name: string, data: Buffer): boolean {
  if (!ownedDir(dir)) return false;
  const file = join(dir, name);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data, { mode: 0o600 });
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // never written
    }
    return false;
  }
  prune(dir, name);
  return true;
}

function prune(dir: string, keep: string): void {
  try {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(SUFFIX) && f !== keep)
      .map((f) => ({ f, t: statSync(join(dir, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    for (const { f } of files.slice(KEEP_FILES - 1)) unlinkSync(join(dir, f));
  } catch {
    // another process pruned it first, or the folder went away: nothing to do
  }
}
