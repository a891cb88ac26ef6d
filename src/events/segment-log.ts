// An append-only log of text lines in segments: `<prefix>-YYYYMMDD-NNN.jsonl` in one folder, a new segment each UTC
// day and whenever one grows past a tenth of the log's size bound, so the bounds (age, bytes) drop whole old segments
// and never rewrite a live one.
//
// What a crash or a full disk can leave, and what is done about it:
// - a batch is one buffer written at the end of the segment; when the write fails (ENOSPC, EIO) the segment is cut
//   back to its size before the batch, so no half record stays behind;
// - a process killed in the middle of a write can still leave a partial last line: the next append sees that the
//   segment does not end in a newline and starts on a fresh line, and readers skip a line that does not parse.
import { join } from 'node:path';
import { isoUtc } from '../format/utc';
import { errorCode, nodeFs, writeAll, type FsOps } from './fs-ops';

export interface SegmentLogOptions {
  readonly dir: string;
  /** `events`, `history`: the file names' first word. */
  readonly prefix: string;
  /** Segments last written longer ago than this are deleted. */
  readonly maxAgeMs: number;
  /** The log's size bound: the oldest segments go until it fits. */
  readonly maxBytes: number;
  /** A segment is closed past this size (default a tenth of maxBytes). */
  readonly segmentBytes?: number;
  readonly fs?: FsOps;
}

export type AppendOutcome = { readonly ok: true; readonly bytes: number } | { readonly ok: false; readonly code: string };

export interface Segment {
  readonly name: string;
  readonly size: number;
  readonly mtimeMs: number;
}

/** What a segment is read in: a month's log never lies in the heap whole. */
const READ_CHUNK = 64 * 1024;

const NAME = /^([a-z]+)-(\d{8})-(\d{3,})\.jsonl$/;

function day(ms: number): string {
  return isoUtc(ms).slice(0, 10).replace(/-/g, '');
}

export class SegmentLog {
  private readonly fs: FsOps;
  private readonly segmentBytes: number;

  constructor(readonly opts: SegmentLogOptions) {
    this.fs = opts.fs ?? nodeFs;
    this.segmentBytes = opts.segmentBytes ?? Math.max(4096, Math.floor(opts.maxBytes / 10));
  }

  /** This log's segments, oldest first. */
  segments(): Segment[] {
    let names: string[];
    try {
      names = this.fs.readdirSync(this.opts.dir);
    } catch {
      return [];
    }
    const out: Segment[] = [];
    for (const name of names) {
      const m = NAME.exec(name);
      if (!m || m[1] !== this.opts.prefix) continue;
      try {
        const st = this.fs.statSync(join(this.opts.dir, name));
        out.push({ name, size: st.size, mtimeMs: st.mtimeMs });
      } catch {
        // deleted meanwhile
      }
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** The segment a batch written now goes to: today's newest while it has room, else a new one. */
  private target(now: number, segs: readonly Segment[]): string {
    const today = day(now);
    const last = segs[segs.length - 1];
    const m = last && NAME.exec(last.name);
    if (last && m && m[2] === today && last.size < this.segmentBytes) return last.name;
    const seq = m && m[2] === today ? Number(m[3]) + 1 : 0;
    return `${this.opts.prefix}-${today}-${String(seq).padStart(3, '0')}.jsonl`;
  }

  /** Appends whole lines (without their newlines) as one write. Never throws: a failure comes back as its code. */
  append(lines: readonly string[], now: number): AppendOutcome {
    if (lines.length === 0) return { ok: true, bytes: 0 };
    const fs = this.fs;
    let fd: number | undefined;
    let before = 0;
    try {
      fs.mkdirSync(this.opts.dir, { recursive: true, mode: 0o700 });
      const path = join(this.opts.dir, this.target(now, this.segments()));
      fd = fs.openSync(path, 'a+', 0o600);
      before = fs.fstatSync(fd).size;
      // A segment that does not end in a newline holds a line a crash cut short: start on a line of our own.
      let lead = '';
      if (before > 0) {
        const last = Buffer.alloc(1);
        fs.readSync(fd, last, 0, 1, before - 1);
        if (last[0] !== 0x0a) lead = '\n';
      }
      const data = Buffer.from(`${lead}${lines.join('\n')}\n`, 'utf8');
      try {
        writeAll(fs, fd, data);
      } catch (err) {
        // Take back what part of the batch got in, so the segment ends where it did.
        try {
          fs.ftruncateSync(fd, before);
        } catch {
          // The next append starts on a fresh line, and readers skip the piece.
        }
        return { ok: false, code: errorCode(err) };
      }
      return { ok: true, bytes: data.length };
    } catch (err) {
      return { ok: false, code: errorCode(err) };
    } finally {
      if (fd !== undefined) {
        try {
          fs.closeSync(fd);
        } catch {
          // nothing left to do with it
        }
      }
    }
  }

  /** Every line of the segments written at or after `sinceMs` (all of them without it), oldest first. */
  read(sinceMs?: number): string[] {
    const out: string[] = [];
    this.eachLine(sinceMs, (line) => out.push(line));
    return out;
  }

  /** `read`, a line at a time: nothing holds the whole log (a busy node's month is megabytes). */
  eachLine(sinceMs: number | undefined, each: (line: string) => void): void {
    for (const seg of this.segments()) {
      if (sinceMs !== undefined && seg.mtimeMs < sinceMs) continue;
      this.scan(seg.name, 0, each);
    }
  }

  /**
   * The newest `maxLines` lines, oldest first, reading segments from the newest back only as far as needed: what the
   * screens keep of a log that may hold a month.
   */
  readNewest(maxLines: number): string[] {
    const out: string[] = [];
    this.eachNewest(maxLines, (line) => out.push(line));
    return out;
  }

  /**
   * `readNewest`, a line at a time. The segments are counted first (bytes only, no strings), so the lines that are
   * not kept are never decoded: reading a month's log at the start left 4 MiB of garbage at once (the file's text,
   * its lines, each line parsed) that the heap grew for and kept.
   */
  eachNewest(maxLines: number, each: (line: string) => void): void {
    if (maxLines <= 0) return;
    const segs = this.segments();
    let from = segs.length;
    let skip = 0;
    let total = 0;
    while (from > 0 && total < maxLines) {
      const n = this.scan(segs[from - 1]!.name, Infinity, () => {});
      from--;
      total += n;
      skip = Math.max(0, total - maxLines);
    }
    for (let i = from; i < segs.length; i++) this.scan(segs[i]!.name, i === from ? skip : 0, each);
  }

  /**
   * Reads a segment in chunks and hands on its non-empty lines after the first `skip` (none decoded when skip is
   * Infinity); returns how many non-empty lines it holds. An unreadable segment holds none.
   */
  private scan(name: string, skip: number, each: (line: string) => void): number {
    const fs = this.fs;
    let fd: number | undefined;
    let lines = 0;
    try {
      fd = fs.openSync(join(this.opts.dir, name), 'r');
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      // The part of a line that a chunk cut off, and the chunks after it until its newline.
      let carry: Buffer[] = [];
      const line = (b: Buffer, start: number, end: number) => {
        if (carry.length === 0 && end === start) return;
        if (lines++ < skip) {
          carry = [];
          return;
        }
        if (carry.length === 0) each(b.toString('utf8', start, end));
        else {
          carry.push(b.subarray(start, end));
          each(Buffer.concat(carry).toString('utf8'));
          carry = [];
        }
      };
      for (;;) {
        const n = fs.readSync(fd, chunk, 0, READ_CHUNK, null);
        if (n <= 0) break;
        const read = n === READ_CHUNK ? chunk : chunk.subarray(0, n);
        let start = 0;
        for (let nl = read.indexOf(0x0a); nl >= 0; nl = read.indexOf(0x0a, start)) {
          line(read, start, nl);
          start = nl + 1;
        }
        // A copy: the chunk is read into again.
        if (start < n) carry.push(Buffer.from(read.subarray(start, n)));
      }
      if (carry.length > 0) line(chunk, 0, 0);
    } catch {
      // deleted or unreadable meanwhile: what was read stands
    } finally {
      if (fd !== undefined) {
        try {
          fs.closeSync(fd);
        } catch {
          // nothing left to do with it
        }
      }
    }
    return lines;
  }

  /** Deletes segments past the age bound, then the oldest until the size bound holds. Returns how many went. */
  prune(now: number): number {
    const segs = this.segments();
    let removed = 0;
    const keep: Segment[] = [];
    for (const s of segs) {
      if (now - s.mtimeMs > this.opts.maxAgeMs && this.remove(s)) removed++;
      else keep.push(s);
    }
    let total = keep.reduce((n, s) => n + s.size, 0);
    // The newest segment stays whatever its size: it is the one being written.
    while (total > this.opts.maxBytes && keep.length > 1) {
      const s = keep.shift()!;
      if (this.remove(s)) removed++;
      total -= s.size;
    }
    return removed;
  }

  private remove(s: Segment): boolean {
    try {
      this.fs.unlinkSync(join(this.opts.dir, s.name));
      return true;
    } catch {
      return false;
    }
  }
}
