// What the screens ask of the event log, as an interface: the Events pane, the header's "3 new since 09:12", the
// fleet's column and the History view read it; the I/O behind it (src/events/) is handed in by the command that
// runs, or absent (a screen test, the log turned off and nothing tracked).
import type { EventLine, NodeRef } from './record';
import type { HistorySample } from './history';

export interface EventBook {
  /** Every event known, folded and newest first (the same array until something changes). */
  events(): readonly EventLine[];
  /** Called after every change (new events, the seen mark, history loaded). */
  subscribe(listener: () => void): () => void;
  /** When the Events pane was last opened (remembered across runs); undefined: never. */
  seenAt(): number | undefined;
  /** The Events pane was opened now. */
  markSeen(now: number): void;
  /** What the log could not do or read, in words (a full disk, lines skipped). */
  notes(): readonly string[];
  /** Where the log is kept, or undefined when it is off (events are then kept for this run only). */
  readonly dir: string | undefined;
  /** A node's samples since `sinceMs`, oldest first; loaded on first asking (then `subscribe` hears it). */
  history(node: Pick<NodeRef, 'network' | 'nodeId'>, sinceMs: number): readonly HistorySample[];
}

/** The key a node's events and history are kept under. */
export function nodeKey(n: Pick<NodeRef, 'network' | 'nodeId'>): string {
  return `${n.network}/${n.nodeId}`;
}
