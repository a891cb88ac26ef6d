// The file calls the state folder makes, as one small interface: node:fs by default, and a test can hand in one
// whose writes fail (ENOSPC, EIO) to walk the same error path a full disk takes. Synchronous on purpose: every
// write is a few hundred bytes on a timer, away from the poll and render path, and a synchronous append is one
// write(2) that no other part of the process can interleave with.
import * as fs from 'node:fs';

export interface FsOps {
  openSync(path: string, flags: string, mode?: number): number;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null): number;
  fsyncSync(fd: number): void;
  ftruncateSync(fd: number, len: number): void;
  fstatSync(fd: number): { size: number };
  closeSync(fd: number): void;
  readFileSync(path: string): Buffer;
  readdirSync(path: string): string[];
  statSync(path: string): { size: number; mtimeMs: number; isDirectory(): boolean };
  mkdirSync(path: string, opts: { recursive: true; mode?: number }): unknown;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
  linkSync(existing: string, path: string): void;
}

export const nodeFs: FsOps = {
  openSync: (p, f, m) => fs.openSync(p, f, m),
  writeSync: (fd, b, o, l, p) => fs.writeSync(fd, b, o, l, p),
  readSync: (fd, b, o, l, p) => fs.readSync(fd, b, o, l, p),
  fsyncSync: (fd) => fs.fsyncSync(fd),
  ftruncateSync: (fd, l) => fs.ftruncateSync(fd, l),
  fstatSync: (fd) => fs.fstatSync(fd),
  closeSync: (fd) => fs.closeSync(fd),
  readFileSync: (p) => fs.readFileSync(p),
  readdirSync: (p) => fs.readdirSync(p),
  statSync: (p) => fs.statSync(p),
  mkdirSync: (p, o) => fs.mkdirSync(p, o),
  renameSync: (a, b) => fs.renameSync(a, b),
  unlinkSync: (p) => fs.unlinkSync(p),
  linkSync: (a, b) => fs.linkSync(a, b),
};

/** The error code of a failed call ("ENOSPC"), or its message when it has none. */
export function errorCode(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
}

/** Writes all of `data` at the end of `fd`; a short write is continued, an error thrown. */
export function writeAll(ops: FsOps, fd: number, data: Uint8Array): void {
  let off = 0;
  while (off < data.length) {
    const n = ops.writeSync(fd, data, off, data.length - off, null);
    if (n <= 0) throw Object.assign(new Error('write made no progress'), { code: 'EIO' });
    off += n;
  }
}

/**
 * A small file replaced whole: written beside it, synced, then renamed over it, so a reader (or a crash) sees the
 * old contents or the new, never half of either.
 */
export function writeFileAtomic(ops: FsOps, path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = ops.openSync(tmp, 'w', 0o600);
  try {
    writeAll(ops, fd, Buffer.from(text, 'utf8'));
    ops.fsyncSync(fd);
  } catch (err) {
    ops.closeSync(fd);
    try {
      ops.unlinkSync(tmp);
    } catch {
      // gone already
    }
    throw err;
  }
  ops.closeSync(fd);
  ops.renameSync(tmp, path);
}

/** A small JSON file, or undefined when it is missing or not JSON (a bad file is as good as none). */
export function readJsonFile(ops: FsOps, path: string): unknown {
  try {
    return JSON.parse(ops.readFileSync(path).toString('utf8'));
  } catch {
    return undefined;
  }
}
