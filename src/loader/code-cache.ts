// Where V8's compiled code for the bundle is kept between runs, and how it is read and written. Node 20 has no
// compile cache of its own for ES modules, and compiling the bundle (then each function it runs, lazily) took about
// a quarter of the start-up (docs/performance.md). Every step here is best-effort: any failure means "no cache",
// never an error, since the cache only saves time.
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
  const about = `\0${runtime.version}\0${runtime.arch}\0${runtime.command ?? ''}\0${runtime.execArgv.join('\0')}`;
  return sourceHash(source) + sourceHash(about) + SUFFIX;
}

/**
 * 64 bits of the text, as 16 hex digits: two 32-bit lanes over its UTF-8 bytes taken four at a time, each a
 * multiply-rotate chain (MurmurHash3's mixing, with different constants per lane) finished with its avalanche and the
 * length. Only a name for a cache, where an accidental match of two sources is what matters, not an adversary: not
 * SHA-256 through node:crypto, which cost about 0.85 MiB of resident memory for the rest of the run (OpenSSL
 * started) and, loaded and run over the 1.2 MB bundle, about 10 ms of every start against 3-4 here
 * (docs/performance.md, branch rss36).
 */
export function sourceHash(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  // A copy when the bytes do not start on a word (a short text in Buffer's shared pool).
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Buffer.from(new Uint8Array(bytes));
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
  let a = 0x9747b28c;
  let b = 0x1b873593 ^ aligned.length;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    let k = Math.imul(word, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    a ^= Math.imul(k, 0x1b873593);
    a = (Math.imul((a << 13) | (a >>> 19), 5) + 0xe6546b64) | 0;
    let m = Math.imul(word, 0x85ebca6b);
    m = (m << 17) | (m >>> 15);
    b ^= Math.imul(m, 0xc2b2ae35);
    b = (Math.imul((b << 11) | (b >>> 21), 9) + 0x52dce729) | 0;
  }
  for (let i = words.length * 4; i < aligned.length; i++) {
    a = Math.imul(a ^ aligned[i]!, 0xcc9e2d51);
    b = Math.imul(b ^ aligned[i]!, 0x85ebca6b);
  }
  return hex8(avalanche(a ^ aligned.length)) + hex8(avalanche(b ^ Math.imul(aligned.length, 31)));
}

/** MurmurHash3's finalizer: every input bit moves about half of the output bits. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const hex8 = (n: number): string => n.toString(16).padStart(8, '0');

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
