// One node's folder in the state directory: its event log and history (segment-log.ts), the tracker's state and last
// budgets (node.json), and the lock that makes one process its writer. Reading needs no lock.
import { join } from 'node:path';
import { TextFolder, type FoldedEvents } from '../domain/events/fold';
import { formatEventLine, type EventLine, type NodeRef } from '../domain/events/record';
import { asSample, HISTORY_MAX_AGE_MS, HISTORY_MAX_BYTES, type HistorySample } from '../domain/events/history';
import { isLastBudget } from '../domain/reward/projection';
import type { LastBudget } from '../state/reward-memory';
import { trackerFrom, type TrackerState } from '../domain/events/tracker';
import { errorCode, nodeFs, readJsonFile, writeFileAtomic, type FsOps } from './fs-ops';
import { nodeDir, NODE_STATE_FILE } from './paths';
import { SegmentLog, type AppendOutcome } from './segment-log';
import { WriterLock, type WriterLockOptions } from './writer-lock';

export const EVENTS_MAX_AGE_MS = 30 * 24 * 3_600_000;
export const EVENTS_MAX_BYTES = 10 * 1024 * 1024;

export interface LogBounds {
  readonly eventsMaxAgeMs?: number;
  readonly eventsMaxBytes?: number;
  readonly historyMaxAgeMs?: number;
  readonly historyMaxBytes?: number;
}

export interface JournalOptions extends LogBounds {
  readonly fs?: FsOps;
  readonly lock?: WriterLockOptions;
}

/** What node.json holds. */
export interface NodeState {
  readonly v: 1;
  readonly name: string;
  readonly network: string;
  readonly nodeId: string;
  readonly savedAt: number;
  readonly tracker: TrackerState;
  /** The last trustworthy budget of each validation ('primary' or the subnet's ID): the reward guard's memory. */
  readonly budgets: Readonly<Record<string, LastBudget>>;
}

export class NodeJournal {
  readonly dir: string;
  readonly lock: WriterLock;
  readonly events: SegmentLog;
  readonly history: SegmentLog;
  private readonly fs: FsOps;

  constructor(
    stateDir: string,
    readonly node: NodeRef,
    opts: JournalOptions = {},
  ) {
    this.fs = opts.fs ?? nodeFs;
    this.dir = nodeDir(stateDir, node);
    this.lock = new WriterLock(this.dir, { fs: this.fs, ...opts.lock });
    this.events = new SegmentLog({ dir: this.dir, prefix: 'events', maxAgeMs: opts.eventsMaxAgeMs ?? EVENTS_MAX_AGE_MS, maxBytes: opts.eventsMaxBytes ?? EVENTS_MAX_BYTES, fs: this.fs });
    this.history = new SegmentLog({ dir: this.dir, prefix: 'history', maxAgeMs: opts.historyMaxAgeMs ?? HISTORY_MAX_AGE_MS, maxBytes: opts.historyMaxBytes ?? HISTORY_MAX_BYTES, fs: this.fs });
  }

  appendEvents(lines: readonly EventLine[], now: number): AppendOutcome {
    return this.events.append(lines.map(formatEventLine), now);
  }

  appendSamples(samples: readonly HistorySample[], now: number): AppendOutcome {
    return this.history.append(
      samples.map((s) => JSON.stringify(s)),
      now,
    );
  }

  /** The newest `maxLines` lines of the log, folded: what the screens keep. */
  readNewestEvents(maxLines: number): FoldedEvents {
    const folder = new TextFolder(`${this.node.network}/${this.node.nodeId}`);
    this.events.eachNewest(maxLines, (line) => folder.add(line));
    return folder.done();
  }

  readEvents(sinceMs?: number): FoldedEvents {
    const folder = new TextFolder(`${this.node.network}/${this.node.nodeId}`);
    this.events.eachLine(sinceMs, (line) => folder.add(line));
    return folder.done();
  }

  readHistory(sinceMs: number): HistorySample[] {
    const out: HistorySample[] = [];
    this.history.eachLine(sinceMs, (line) => {
      // A week is ten thousand lines: checked by hand, not by a schema per line.
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        return; // a line cut short
      }
      const x = asSample(v);
      if (x && x.t >= sinceMs) out.push(x);
    });
    return out.sort((a, b) => a.t - b.t);
  }

  readState(): NodeState | undefined {
    const v = readJsonFile(this.fs, join(this.dir, NODE_STATE_FILE)) as Partial<NodeState> | undefined;
    if (!v || v.v !== 1) return undefined;
    const budgets: Record<string, LastBudget> = {};
    // A file is input too: a record off the shape, or filed under another validation's key, is dropped.
    for (const [k, b] of Object.entries(v.budgets ?? {})) if (isLastBudget(b) && b.validation === k) budgets[k] = b;
    return {
      v: 1,
      name: typeof v.name === 'string' ? v.name : this.node.name,
      network: this.node.network,
      nodeId: this.node.nodeId,
      savedAt: typeof v.savedAt === 'number' ? v.savedAt : 0,
      tracker: trackerFrom(v.tracker),
      budgets,
    };
  }

  /** Replaces node.json whole; a failure comes back as its code. */
  writeState(s: NodeState): AppendOutcome {
    try {
      this.fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const text = `${JSON.stringify(s)}\n`;
      writeFileAtomic(this.fs, join(this.dir, NODE_STATE_FILE), text);
      return { ok: true, bytes: text.length };
    } catch (err) {
      return { ok: false, code: errorCode(err) };
    }
  }

  prune(now: number): void {
    this.events.prune(now);
    this.history.prune(now);
  }
}
