// Reading the log back: lines with the same id are one incident (the last line written says how it stands, its
// start stays the first's and its severity the worst it reached); a line that does not parse is skipped and
// counted. Then the questions the Events pane and `avatop events` ask: a window, a node, a severity, the worst.
import { parseEventLine, SEVERITY_RANK, type EventLine, type Severity } from './record';

export interface FoldedEvents {
  /** Newest first (by start, then by when written). */
  readonly events: readonly EventLine[];
  /** Lines skipped, and why (the first few). */
  readonly skipped: number;
  readonly notes: readonly string[];
}

const MAX_NOTES = 5;

/** Folds parsed lines by id, in the order they were written. */
export function foldLines(lines: Iterable<EventLine>): EventLine[] {
  const byId = new Map<string, EventLine>();
  for (const l of lines) foldInto(byId, l);
  return newestFirst([...byId.values()]);
}

function foldInto(byId: Map<string, EventLine>, l: EventLine): void {
  const key = `${l.network}/${l.nodeId}/${l.id}`;
  const prev = byId.get(key);
  byId.set(key, prev ? mergeLine(prev, l) : l);
}

/**
 * Two lines of one incident as one: the later's state, the first's start, the worst severity, the first record.
 * Object.assign, not a spread with a property the line lacks (firstAt): V8 11 (Node 20) gave each object so made a
 * hidden class of its own, and the screens keep up to 5,000 folded lines (BOOK_LINES): a month's log was 2,000 maps
 * and their descriptors, 0.8 MiB (heap snapshot), where Object.assign makes them share one.
 */
export function mergeLine(prev: EventLine, l: EventLine): EventLine {
  const later = l.at >= prev.at ? l : prev;
  const severity = SEVERITY_RANK[l.severity] > SEVERITY_RANK[prev.severity] ? l.severity : prev.severity;
  const firstAt = Math.min(prev.firstAt ?? prev.at, l.firstAt ?? l.at);
  return Object.assign({}, later, { start: Math.min(prev.start, l.start), time: prev.start <= l.start ? prev.time : l.time, severity, firstAt });
}

export function newestFirst(events: EventLine[]): EventLine[] {
  return events.sort((a, b) => b.start - a.start || b.at - a.at);
}

/** Parses and folds raw lines; `where` names the source in the notes ("events-20261126-000.jsonl line 7"). */
export function foldText(lines: Iterable<string>, where = 'log'): FoldedEvents {
  const folder = new TextFolder(where);
  for (const text of lines) folder.add(text);
  return folder.done();
}

/**
 * `foldText` a line at a time, for a reader that streams the log: only the folded events stay, and the strings that
 * repeat on every line of a node's log (its name, NodeID and network, a check's words) are kept once.
 */
export class TextFolder {
  private readonly byId = new Map<string, EventLine>();
  private readonly shared = new Map<string, string>();
  private readonly notes: string[] = [];
  private skipped = 0;
  private n = 0;

  constructor(private readonly where: string) {}

  add(text: string): void {
    this.n++;
    const r = parseEventLine(text, this.share);
    if (r.ok) foldInto(this.byId, r.line);
    else {
      this.skipped++;
      if (this.notes.length < MAX_NOTES) this.notes.push(`${this.where} line ${this.n} skipped: ${r.why}`);
    }
  }

  done(): FoldedEvents {
    return { events: newestFirst([...this.byId.values()]), skipped: this.skipped, notes: this.notes };
  }

  private readonly share = (s: string): string => {
    const had = this.shared.get(s);
    if (had !== undefined) return had;
    this.shared.set(s, s);
    return s;
  };
}

export interface EventFilter {
  /** Only events that started, or are still going on, at or after this. */
  readonly sinceMs?: number;
  /** A node's name, NodeID, or a prefix of either (any case). */
  readonly node?: string;
  /** At least this severe. */
  readonly minSeverity?: Severity;
}

export function matchesNode(e: EventLine, node: string): boolean {
  const n = node.toLowerCase();
  return e.node.toLowerCase() === n || e.nodeId.toLowerCase() === n || e.node.toLowerCase().startsWith(n) || e.nodeId.toLowerCase().startsWith(n);
}

export function filterEvents(events: readonly EventLine[], f: EventFilter): EventLine[] {
  return events.filter(
    (e) =>
      (f.sinceMs === undefined || e.start >= f.sinceMs || (e.end ?? Infinity) >= f.sinceMs) &&
      (f.node === undefined || matchesNode(e, f.node)) &&
      (f.minSeverity === undefined || SEVERITY_RANK[e.severity] >= SEVERITY_RANK[f.minSeverity]),
  );
}

export function worstSeverity(events: readonly EventLine[]): Severity | undefined {
  let worst: Severity | undefined;
  for (const e of events) if (worst === undefined || SEVERITY_RANK[e.severity] > SEVERITY_RANK[worst]) worst = e.severity;
  return worst;
}

/**
 * Warnings and critical events avatop recorded after `sinceMs`: the header's "3 new since 09:12". By when they were
 * recorded, not when they started (a node dates a check's failure by its own clock, and a restart is dated by the
 * process start, both of which can be before the pane was last opened).
 */
export function newWarnings(events: readonly EventLine[], sinceMs: number | undefined): EventLine[] {
  return events.filter((e) => SEVERITY_RANK[e.severity] >= SEVERITY_RANK.warning && (sinceMs === undefined || (e.firstAt ?? e.at) > sinceMs));
}
