// The event log on disk: one JSON object a line, segments within their bounds, and what a crash or a full disk
// leaves (never a half record among the lines, a bad line skipped with a note, never a failure).
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SegmentLog } from '../../src/events/segment-log';
import { nodeFs, type FsOps } from '../../src/events/fs-ops';
import { NodeJournal } from '../../src/events/node-journal';
import { eventLineSchema, formatEventLine, parseEventLine, type EventLine } from '../../src/domain/events/record';
import { foldText } from '../../src/domain/events/fold';
import { tempDir } from '../helpers/temp-dir';

const temp = () => tempDir('seglog');

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const event = (i: number, more: Partial<EventLine> = {}): EventLine => ({
  time: new Date(T0 + i).toISOString(),
  severity: 'warning',
  node: 'validator-1',
  text: `event number ${i}`,
  kind: 'check',
  id: `check:n${i}:${T0 + i}`,
  network: 'mainnet',
  nodeId: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  start: T0 + i,
  subject: `n${i}`,
  at: T0 + i,
  v: 1,
  ...more,
});

describe('format', () => {
  it('is one JSON object a line, time, severity, node and words first', () => {
    const dir = temp();
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 86_400_000, maxBytes: 1 << 20 });
    expect(log.append([formatEventLine(event(1, { open: { view: 'health' } })), formatEventLine(event(2))], T0)).toMatchObject({ ok: true });
    const files = readdirSync(dir);
    expect(files).toEqual(['events-20261126-000.jsonl']);
    const text = readFileSync(join(dir, files[0]!), 'utf8');
    const lines = text.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
    expect(lines[0]).toMatch(/^\{"time":"2026-11-26T09:00:00\.001Z","severity":"warning","node":"validator-1","text":"event number 1","kind":"check",/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ open: { view: 'health' }, v: 1 });
    expect(foldText(log.read()).events.map((e) => e.text)).toEqual(['event number 2', 'event number 1']);
    // A file only this user may read, in a folder only this user may enter.
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
  });

  it('a later line of an incident replaces it when read; its start and worst severity stay', () => {
    const open = event(1, { id: 'unreachable::1', kind: 'unreachable', severity: 'critical', text: 'unreachable: x', at: T0 + 10 });
    const closed = { ...open, severity: 'critical' as const, end: T0 + 5000, text: 'unreachable for 5s', at: T0 + 5000 };
    const f = foldText([formatEventLine(open), formatEventLine(closed)]);
    expect(f.events).toHaveLength(1);
    expect(f.events[0]).toMatchObject({ text: 'unreachable for 5s', end: T0 + 5000, start: open.start, severity: 'critical' });
  });
});

describe('bounds', () => {
  it('starts a new segment each day and when one is full, and drops the oldest past the size bound', () => {
    const dir = temp();
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 30 * 86_400_000, maxBytes: 40_000 });
    const line = formatEventLine(event(0, { text: 'x'.repeat(300) }));
    for (let i = 0; i < 400; i++) expect(log.append([line], T0 + i * 1000).ok).toBe(true);
    log.append([line], T0 + 86_400_000);
    const before = log.segments();
    expect(before.length).toBeGreaterThan(10);
    expect(before[before.length - 1]!.name).toBe('events-20261127-000.jsonl');
    expect(before.every((s) => s.size <= 4096 + line.length + 1)).toBe(true);
    expect(log.prune(T0 + 86_400_000)).toBeGreaterThan(0);
    const after = log.segments();
    expect(after.reduce((n, s) => n + s.size, 0)).toBeLessThanOrEqual(40_000);
    // The newest stay.
    expect(after[after.length - 1]!.name).toBe('events-20261127-000.jsonl');
  });

  it('drops segments last written longer ago than the age bound', () => {
    const dir = temp();
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 30 * 86_400_000, maxBytes: 1 << 20 });
    log.append([formatEventLine(event(1))], T0 - 40 * 86_400_000);
    log.append([formatEventLine(event(2))], T0);
    const old = join(dir, 'events-20261017-000.jsonl');
    const t = (T0 - 40 * 86_400_000) / 1000;
    utimesSync(old, t, t);
    expect(log.prune(T0)).toBe(1);
    expect(readdirSync(dir)).toEqual(['events-20261126-000.jsonl']);
  });

  it('the journal keeps 30 days and 10 MB of events, 7 days and 4 MB of history by default', () => {
    const j = new NodeJournal(temp(), { network: 'mainnet', nodeId: 'NodeID-x', name: 'n' });
    expect(j.events.opts).toMatchObject({ maxAgeMs: 30 * 86_400_000, maxBytes: 10 * 1024 * 1024 });
    expect(j.history.opts).toMatchObject({ maxAgeMs: 7 * 86_400_000, maxBytes: 4 * 1024 * 1024 });
  });
});

describe('a crash and a full disk', () => {
  it('a torn last line is skipped with a note, and the next record starts on a line of its own', () => {
    const dir = temp();
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 86_400_000, maxBytes: 1 << 20 });
    log.append([formatEventLine(event(1))], T0);
    // What a process killed in the middle of its write leaves behind.
    const path = join(dir, 'events-20261126-000.jsonl');
    writeFileSync(path, readFileSync(path, 'utf8') + formatEventLine(event(2)).slice(0, 40), 'utf8');
    log.append([formatEventLine(event(3))], T0);
    const f = foldText(log.read(), 'events');
    expect(f.events.map((e) => e.text)).toEqual(['event number 3', 'event number 1']);
    expect(f.skipped).toBe(1);
    expect(f.notes[0]).toMatch(/line 2 skipped: not JSON/);
  });

  it('a write the disk refuses half way is taken back whole (an injected ENOSPC through the fs layer)', () => {
    const dir = temp();
    let full = false;
    const fs: FsOps = {
      ...nodeFs,
      writeSync(fd, buf, off, len, pos) {
        if (!full) return nodeFs.writeSync(fd, buf, off, len, pos);
        // The kernel takes what fits, then refuses the rest.
        if (len > 10) return nodeFs.writeSync(fd, buf, off, 10, pos);
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
      },
    };
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 86_400_000, maxBytes: 1 << 20, fs });
    expect(log.append([formatEventLine(event(1))], T0).ok).toBe(true);
    const size = statSync(join(dir, 'events-20261126-000.jsonl')).size;
    full = true;
    expect(log.append([formatEventLine(event(2))], T0)).toEqual({ ok: false, code: 'ENOSPC' });
    expect(statSync(join(dir, 'events-20261126-000.jsonl')).size).toBe(size);
    full = false;
    expect(log.append([formatEventLine(event(3))], T0).ok).toBe(true);
    const f = foldText(log.read());
    expect(f.skipped).toBe(0);
    expect(f.events.map((e) => e.text)).toEqual(['event number 3', 'event number 1']);
  });

  it('a real full file system (a 64 KiB tmpfs): every line written is whole, the rest is refused', (ctx) => {
    const mnt = temp();
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      return ctx.skip('cannot mount a tmpfs here (needs root and a kernel that allows it)');
    }
    try {
      const dir = join(mnt, 'node');
      mkdirSync(dir);
      const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 86_400_000, maxBytes: 1 << 30 });
      const refused: string[] = [];
      for (let i = 0; i < 2000; i++) {
        const r = log.append([formatEventLine(event(i, { text: `event number ${i} ${'y'.repeat(200)}` }))], T0);
        if (!r.ok) refused.push(r.code);
      }
      expect(refused.length).toBeGreaterThan(0);
      expect(new Set(refused)).toEqual(new Set(['ENOSPC']));
      const text = readdirSync(dir).map((n) => readFileSync(join(dir, n), 'utf8')).join('');
      expect(text.endsWith('\n')).toBe(true);
      const f = foldText(log.read());
      expect(f.skipped).toBe(0);
      expect(f.events.length).toBe(2000 - refused.length);
    } finally {
      execFileSync('umount', [mnt], { stdio: 'ignore' });
    }
  });
});

describe('history on disk', () => {
  it('reads back the samples written, oldest first, skipping a line cut short and anything not a sample', () => {
    const dir = temp();
    const j = new NodeJournal(dir, { network: 'mainnet', nodeId: 'NodeID-x', name: 'n' });
    j.appendSamples([{ t: T0, up: true, uptime: 99.5, peers: 40 }, { t: T0 + 60_000, up: false }], T0);
    const file = join(j.dir, readdirSync(j.dir).find((n) => n.startsWith('history-'))!);
    writeFileSync(file, `${readFileSync(file, 'utf8')}{"t":${T0 + 120_000},"up":tr\n{"t":"x","up":true}\n`);
    j.appendSamples([{ t: T0 + 180_000, up: true, latencyMs: 3.5, extra: 1 } as never], T0);
    expect(j.readHistory(T0 + 1)).toEqual([
      { t: T0 + 60_000, up: false },
      { t: T0 + 180_000, up: true, latencyMs: 3.5 },
    ]);
  });
});

describe('reading back', () => {
  it('the hand-written reader and the schema agree on what is an event', () => {
    const good = formatEventLine(event(1, { end: T0 + 5, count: 2, open: { view: 'validator', nodeId: 'NodeID-A', subnetId: 'S' } }));
    const cases = [
      good,
      formatEventLine(event(2)),
      good.replace('"severity":"warning"', '"severity":"loud"'),
      good.replace('"kind":"check"', '"kind":"nope"'),
      good.replace(/"start":\d+/, '"start":"x"'),
      good.replace('"v":1', '"v":2'),
      good.replace('"count":2', '"count":0'),
      good.replace(/"end":\d+/, '"end":null'),
      '[]',
      '"text"',
      good.slice(0, 30),
    ];
    for (const c of cases) {
      const mine = parseEventLine(c);
      let json: unknown;
      try {
        json = JSON.parse(c);
      } catch {
        json = Symbol('not json');
      }
      const schema = eventLineSchema.safeParse(json);
      expect(mine.ok, c).toBe(schema.success);
      if (mine.ok && schema.success) expect(mine.line).toEqual(schema.data);
    }
  });

  it('the newest lines only, reading back from the newest segment as far as needed', () => {
    const dir = temp();
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 30 * 86_400_000, maxBytes: 40_000 });
    for (let i = 0; i < 300; i++) log.append([formatEventLine(event(i, { text: `n${i} ${'z'.repeat(100)}` }))], T0 + i);
    expect(log.segments().length).toBeGreaterThan(3);
    const newest = log.readNewest(25);
    expect(newest).toHaveLength(25);
    expect(JSON.parse(newest[0]!).text).toMatch(/^n275 /);
    expect(JSON.parse(newest[24]!).text).toMatch(/^n299 /);
  });
  it('reads segments in chunks: every line as written, across chunk edges, long lines, UTF-8 cut anywhere, blanks and a last line without its newline', () => {
    const dir = temp();
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pieces = ['a', 'é', '—', '🦊', '"', '\\', ' '];
    const lineOf = (len: number) => Array.from({ length: len }, () => pieces[rnd(pieces.length)]).join('');
    const written: string[] = [];
    for (let seg = 0; seg < 4; seg++) {
      const lines: string[] = [];
      for (let i = 0; i < 40 + rnd(40); i++) {
        // Mostly short, some past a 64 KiB chunk, some empty (skipped by readers).
        const len = rnd(10) === 0 ? 30_000 + rnd(120_000) : rnd(6) === 0 ? 0 : 1 + rnd(400);
        lines.push(lineOf(len));
      }
      const last = seg === 3 ? '' : '\n'; // the newest segment's last line was cut short by a crash
      writeFileSync(join(dir, `events-2026112${seg}-000.jsonl`), lines.join('\n') + last);
      written.push(...lines.filter((l) => l.length > 0));
    }
    const calls: string[] = [];
    const counted = { ...nodeFs, readFileSync: (p: string) => (calls.push('readFileSync'), nodeFs.readFileSync(p)), readSync: (fd: number, b: Uint8Array, o: number, l: number, pos: number | null) => (calls.push(`readSync ${l}`), nodeFs.readSync(fd, b, o, l, pos)) } as FsOps;
    const log = new SegmentLog({ dir, prefix: 'events', maxAgeMs: 30 * 86_400_000, maxBytes: 100 * 1024 * 1024, fs: counted });
    expect(log.read()).toEqual(written);
    for (const n of [0, 1, 7, 40, 81, written.length - 1, written.length, written.length + 5]) expect(log.readNewest(n)).toEqual(n === 0 ? [] : written.slice(-n));
    // Never a whole file in memory: chunks of 64 KiB.
    expect(calls.filter((c) => c === 'readFileSync')).toEqual([]);
    expect(new Set(calls)).toEqual(new Set(['readSync 65536']));
  });
});
