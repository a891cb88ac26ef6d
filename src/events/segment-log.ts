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
    for (const seg of this.segments()) {
      if (sinceMs !== undefined && seg.mtimeMs < sinceMs) continue;
      let text: string;
      try {
        text = this.fs.readFileSync(join(this.opts.dir, seg.name)).toString('utf8');
      } catch {
        continue;
      }
      for (const line of text.split('\n')) if (line.length > 0) out.push(line);
    }
    return out;
  }

  /**
   * The newest `maxLines` lines, oldest first, reading segments from the newest back only as far as needed: what the
   * screens keep of a log that may hold a month.
   */
  readNewest(maxLines: number): string[] {
    const segs = this.segments();
    let out: string[] = [];
    for (let i = segs.length - 1; i >= 0 && out.length < maxLines; i--) {
      let text: string;
      try {
        text = this.fs.readFileSync(join(this.opts.dir, segs[i]!.name)).toString('utf8');
      } catch {
        continue;
      }
      out = [...text.split('\n').filter((l) => l.length > 0), ...out];
    }
    return out.length > maxLines ? out.slice(out.length - maxLines) : out;
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
