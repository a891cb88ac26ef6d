// The Events pane as pure functions: the rows a filter leaves, the words of each column, and what Enter opens.
import { SEVERITY_RANK, type EventLine, type EventTarget, type Severity } from '../../domain/events/record';
import { newWarnings } from '../../domain/events/fold';
import { formatLocalClock } from '../../format/time';
import type { NavView, PaneId } from '../../state/ui';

/** The severity filter's steps (`l` cycles them): everything, warnings and worse, critical only. */
export const LEVELS: readonly Severity[] = ['info', 'warning', 'critical'];

export interface EventsFilter {
  readonly level: Severity;
  /** A node's key (network/NodeID), or undefined for every node. */
  readonly node: string | undefined;
}

export const eventNodeKey = (e: Pick<EventLine, 'network' | 'nodeId'>): string => `${e.network}/${e.nodeId}`;

export function filterEventRows(events: readonly EventLine[], f: EventsFilter): EventLine[] {
  return events.filter((e) => SEVERITY_RANK[e.severity] >= SEVERITY_RANK[f.level] && (f.node === undefined || eventNodeKey(e) === f.node));
}

/** The nodes the log has events of, by key, with the name last seen for each, in order of first appearance. */
export function eventNodes(events: readonly EventLine[]): Array<{ key: string; name: string }> {
  const out = new Map<string, string>();
  for (const e of events) if (!out.has(eventNodeKey(e))) out.set(eventNodeKey(e), e.node);
  return [...out].map(([key, name]) => ({ key, name }));
}

export function nextLevel(l: Severity): Severity {
  return LEVELS[(LEVELS.indexOf(l) + 1) % LEVELS.length]!;
}

/** All nodes, then each in turn. */
export function nextNode(cur: string | undefined, nodes: readonly { key: string }[]): string | undefined {
  if (nodes.length === 0) return undefined;
  const i = cur === undefined ? -1 : nodes.findIndex((n) => n.key === cur);
  return i + 1 >= nodes.length ? undefined : nodes[i + 1]!.key;
}

/** The header's count: warnings and worse since the pane was last opened, and whether any is critical. */
export function newWarningCount(events: readonly EventLine[], seenAt: number | undefined, node?: string): { count: number; critical: boolean } {
  const fresh = newWarnings(events, seenAt).filter((e) => node === undefined || eventNodeKey(e) === node);
  return { count: fresh.length, critical: fresh.some((e) => e.severity === 'critical') };
}

/** "3 new since 09:12", "1 new" (never opened): the header's words. */
export function newWarningsText(count: number, seenAt: number | undefined, now: number): string {
  return seenAt === undefined ? `${count} new event${count === 1 ? '' : 's'}` : `${count} new since ${formatLocalClock(seenAt, now)}`;
}

/** What Enter opens for an event: a pane, or a view pushed over the Events pane. */
export type EventOpen = { readonly pane: PaneId } | { readonly view: NavView };

export function openOf(t: EventTarget | undefined, e: Pick<EventLine, 'start'>): EventOpen | undefined {
  if (!t) return undefined;
  if ('pane' in t) return { pane: t.pane };
  switch (t.view) {
    case 'health':
      return { view: { kind: 'health' } };
    case 'history':
      return { view: { kind: 'history', at: e.start } };
    case 'validator':
      return { view: { kind: 'validator', nodeId: t.nodeId, ...(t.subnetId ? { subnetId: t.subnetId } : {}) } };
  }
}
