// One writer per node: a monitor and an exporter on the same host may both watch a node, and its log must get one
// line per transition, not one from each. The first process to create the node's `writer.lock` (link(2) of a file
// naming it: atomic, fails when the lock exists) writes; the other only reads, and takes over when the writer is gone
// (its process no longer exists). Every flush checks the lock still names this process first, so two processes that
// both broke a stale lock at once settle on the one whose rename came last.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { errorCode, nodeFs, readJsonFile, writeAll, type FsOps } from './fs-ops';

export const LOCK_FILE = 'writer.lock';

export interface LockOwner {
  readonly pid: number;
  readonly host: string;
  /** Unique per holder: a pid can be reused, a token is not. */
  readonly token: string;
  readonly since: number;
}

export interface WriterLockOptions {
  readonly fs?: FsOps;
  readonly pid?: number;
  readonly host?: string;
  /** Is that process alive? (default: signal 0 to it). */
  readonly alive?: (pid: number) => boolean;
  readonly now?: () => number;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The locks this process holds, by file system and lock file: another session of this process for the same node (an
 * exporter given one node under two names) is a reader at once, without a file made, linked, read and removed at each
 * of its flushes (the bench's 20-name exporter: 250 such attempts a minute, 2,500 system calls).
 */
const heldHere = new WeakMap<FsOps, Map<string, WriterLock>>();

function heldIn(fs: FsOps): Map<string, WriterLock> {
  let m = heldHere.get(fs);
  if (!m) heldHere.set(fs, (m = new Map()));
  return m;
}

export class WriterLock {
  private readonly fs: FsOps;
  private readonly me: LockOwner;
  private readonly alive: (pid: number) => boolean;
  private readonly path: string;
  /** This process's (or a test's pid's) entry in heldHere. */
  private readonly key: string;
  private held = false;
  /** Why the last attempt could not even ask (the folder cannot be created or written: EACCES, EROFS, ENOSPC). */
  error: string | undefined;

  constructor(
    readonly dir: string,
    opts: WriterLockOptions = {},
  ) {
    this.fs = opts.fs ?? nodeFs;
    this.alive = opts.alive ?? processAlive;
    this.path = join(dir, LOCK_FILE);
    const pid = opts.pid ?? process.pid;
    // A test's locks of other pids stand for other processes: they meet through the files.
    this.key = `${pid}\0${this.path}`;
    this.me = { pid, host: opts.host ?? hostname(), token: `${pid}-${Math.random().toString(36).slice(2, 10)}`, since: (opts.now ?? Date.now)() };
  }

  /** Who holds the lock now, as its file says. */
  owner(): LockOwner | undefined {
    const v = readJsonFile(this.fs, this.path) as Partial<LockOwner> | undefined;
    return v && typeof v.pid === 'number' && typeof v.token === 'string' ? (v as LockOwner) : undefined;
  }

  /**
   * True when this process may write the node's log now: it holds the lock, or just took it (free, or left by a
   * process that is gone). Cheap enough to ask before every flush.
   */
  acquire(): boolean {
    const fs = this.fs;
    const here = heldIn(fs);
    if (this.held) {
      if (this.owner()?.token === this.me.token) return true;
      this.held = false; // another process broke it: it writes from now on
      if (here.get(this.key) === this) here.delete(this.key);
    }
    this.error = undefined;
    const other = here.get(this.key);
    if (other && other.held) return false;
    try {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const mine = `${this.path}.${this.me.token}`;
      const fd = fs.openSync(mine, 'w', 0o600);
      try {
        writeAll(fs, fd, Buffer.from(JSON.stringify(this.me), 'utf8'));
      } finally {
        fs.closeSync(fd);
      }
      try {
        fs.linkSync(mine, this.path);
        this.held = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        const cur = this.owner();
        // A lock from another host (a shared home directory) is never judged stale by a pid from this one.
        const stale = !cur || (cur.host === this.me.host && !this.alive(cur.pid));
        if (stale) {
          fs.renameSync(mine, this.path);
          this.held = this.owner()?.token === this.me.token;
        }
      }
      try {
        fs.unlinkSync(mine);
      } catch {
        // renamed into place
      }
    } catch (err) {
      this.held = false;
      this.error = errorCode(err);
    }
    if (this.held) here.set(this.key, this);
    return this.held;
  }

  /** Gives the lock up (on exit), if this process still holds it. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    const here = heldIn(this.fs);
    if (here.get(this.key) === this) here.delete(this.key);
    try {
      if (this.owner()?.token === this.me.token) this.fs.unlinkSync(this.path);
    } catch {
      // gone already
    }
  }

  get holds(): boolean {
    return this.held;
  }
}
