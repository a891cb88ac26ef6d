// The event log of one avatop process: a watch per node (node-watch.ts) and the book the screens read (every event
// of the watched nodes, folded, newest first; each node's history; when the Events pane was last opened). The
// monitor and the exporter make one; `--no-state` makes one without a folder, which tracks events for the run only.
import { join } from 'node:path';
import type { AvatopStore } from '../state/store';
import type { EventBook } from '../domain/events/book';
import { nodeKey } from '../domain/events/book';
import { mergeLine, newestFirst } from '../domain/events/fold';
import type { EventLine, NodeRef } from '../domain/events/record';
import { HISTORY_MAX_AGE_MS, type HistorySample } from '../domain/events/history';
import { nodeFs, readJsonFile, writeFileAtomic, type FsOps } from './fs-ops';
import { NodeJournal, type JournalOptions } from './node-journal';
import { nodeLastAt } from './read-all';
import { rememberTarget } from './keep-budgets';
import { TOP_FILES } from './paths';
import { secretsOf } from './redact';
import { watchNode, type NodeWatch, type RewardAnswer } from './node-watch';

/** What is on disk is read this long after a node is known: the first frame does not wait for the log. */
export const LOAD_DELAY_MS = 1_500;
/**
 * Lines of a node's log the screens keep (the newest): a full log (10 MB, 30 000 lines) would cost a quarter of a
 * second and 60 MB of heap to hold; `avatop events` reads all of it.
 */
export const BOOK_LINES = 5_000;
const MAX_NOTES = 20;

export interface KeeperOptions {
  /** undefined: --no-state (events of this run only, nothing read or written). */
  readonly stateDir: string | undefined;
  readonly fs?: FsOps;
  readonly journal?: JournalOptions;
  readonly now?: () => number;
  readonly flushEveryMs?: number;
  readonly sampleEveryMs?: number;
  readonly loadDelayMs?: number;
}

export interface WatchTarget {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Keeper extends EventBook {
  watch(store: AvatopStore, target: WatchTarget, opts?: { override?: number; rewards?: (txId: string) => Promise<RewardAnswer> }): NodeWatch;
  /** Writes every watch's pending lines now. */
  flush(): void;
  /** Stops every watch (a last flush, locks given back). */
  close(): void;
  /** Reads what is scheduled to be read, now (tests, and `status`). */
  loadNow(): void;
}

export function createKeeper(opts: KeeperOptions): Keeper {
  const fs = opts.fs ?? nodeFs;
  const now = opts.now ?? Date.now;
  const dir = opts.stateDir;
  const byNode = new Map<string, Map<string, EventLine>>();
  const histories = new Map<string, { samples: HistorySample[]; from: number | undefined; ref: NodeRef }>();
  const listeners = new Set<() => void>();
  const watches: NodeWatch[] = [];
  const loads = new Map<string, () => void>();
  let sorted: EventLine[] | undefined;
  let notes: string[] = [];
  let seen = dir ? numberField(readJsonFile(fs, join(dir, TOP_FILES.seen)), 'eventsOpenedAt') : undefined;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;

  const notify = () => {
    for (const l of [...listeners]) l();
  };

  const fold = (lines: readonly EventLine[]): boolean => {
    let changed = false;
    for (const l of lines) {
      const key = nodeKey(l);
      let m = byNode.get(key);
      if (!m) byNode.set(key, (m = new Map()));
      const prev = m.get(l.id);
      if (prev && prev.at >= l.at && prev.start <= l.start && (prev.firstAt ?? prev.at) <= l.at) continue;
      const next = prev ? mergeLine(prev, l) : l;
      m.set(l.id, next);
      changed = true;
    }
    if (changed) sorted = undefined;
    return changed;
  };

  const note = (text: string) => {
    notes = [...notes, text].slice(-MAX_NOTES);
    notify();
  };

  const runLoads = () => {
    loadTimer = undefined;
    const pending = [...loads.values()];
    loads.clear();
    for (const load of pending) load();
  };

  const scheduleLoad = (key: string, load: () => void) => {
    loads.set(key, load);
    if (!loadTimer) {
      loadTimer = setTimeout(runLoads, opts.loadDelayMs ?? LOAD_DELAY_MS);
      loadTimer.unref?.();
    }
  };
  /** A read someone on screen is waiting for (the History view opened): at once, but not inside a render. */
  const loadSoon = (load: () => void) => {
    const t = setTimeout(load, 0);
    t.unref?.();
  };


  const book: Keeper = {
    dir,
    events() {
      if (!sorted) sorted = newestFirst([...byNode.values()].flatMap((m) => [...m.values()]));
      return sorted;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seenAt: () => seen,
    markSeen(at) {
      seen = at;
      if (dir) {
        try {
          fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
          writeFileAtomic(fs, join(dir, TOP_FILES.seen), `${JSON.stringify({ eventsOpenedAt: at })}\n`);
        } catch {
          // remembered for this run only
        }
      }
      notify();
    },
    notes: () => notes,
    history(node, sinceMs) {
      const key = nodeKey(node);
      const h = histories.get(key);
      if (!h) return [];
      if (dir && (h.from === undefined || sinceMs < h.from)) {
        const from = Math.max(sinceMs, now() - HISTORY_MAX_AGE_MS);
        h.from = from;
        loadSoon(() => {
          const read = new NodeJournal(dir, h.ref, { ...opts.journal, fs }).readHistory(from);
          const last = read[read.length - 1]?.t ?? -Infinity;
          const first = read[0]?.t ?? Infinity;
          h.samples = [...h.samples.filter((x) => x.t < first), ...read, ...h.samples.filter((x) => x.t > last)];
          notify();
        });
      }
      return h.samples.filter((x) => x.t >= sinceMs);
    },
    watch(store, target, wopts = {}) {
      const w = watchNode(
        store,
        {
          known(ref, journal) {
            const key = nodeKey(ref);
            if (!histories.has(key)) histories.set(key, { samples: [], from: dir ? undefined : 0, ref });
            if (!journal) return;
            scheduleLoad(`events:${key}`, () => {
              const r = journal.readNewestEvents(BOOK_LINES);
              const changed = fold(r.events);
              if (r.skipped > 0) note(`${r.skipped} line${r.skipped === 1 ? '' : 's'} of ${ref.name}'s event log skipped (${r.notes[0] ?? 'unreadable'})`);
              else if (changed) notify();
            });
          },
          add(lines) {
            if (fold(lines)) notify();
          },
          merge(lines) {
            if (fold(lines)) notify();
          },
          sample(ref, s) {
            const key = nodeKey(ref);
            const h = histories.get(key) ?? { samples: [], from: dir ? undefined : 0, ref };
            const cutoff = s.t - HISTORY_MAX_AGE_MS;
            h.samples = [...h.samples.filter((x) => x.t >= cutoff), s];
            histories.set(key, h);
            notify();
          },
          note,
          remembered: () => {
            const r = dir ? nodeLastAt(dir, target.url, fs) : undefined;
            return r && { ...r, name: target.name };
          },
          remember(ref) {
            // A node down at the next start is otherwise only known once it answers.
            if (dir) rememberTarget(dir, target.url, ref, fs);
          },
        },
        {
          name: target.name,
          stateDir: dir,
          secrets: secretsOf(target.url, target.headers),
          override: wopts.override,
          rewards: wopts.rewards,
          journal: { ...opts.journal, fs },
          flushEveryMs: opts.flushEveryMs,
          sampleEveryMs: opts.sampleEveryMs,
          now,
        },
      );
      watches.push(w);
      return w;
    },
    flush() {
      for (const w of watches) w.flush();
    },
    close() {
      if (loadTimer) clearTimeout(loadTimer);
      loadTimer = undefined;
      loads.clear();
      for (const w of watches.splice(0)) w.stop();
    },
    loadNow() {
      if (loadTimer) clearTimeout(loadTimer);
      runLoads();
    },
  };
  return book;
}

function numberField(v: unknown, key: string): number | undefined {
  const n = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
