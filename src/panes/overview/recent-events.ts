// The overview's "Recent events" card: on a tall terminal the rows its two columns leave empty show this node's
// newest events from the event log (the Events pane, `e`, has them all). Pure: the pane and its tests read the same.
import type { KeyValueItem } from '../../components/KeyValue';
import type { EventLine } from '../../domain/events/record';
import { formatLocalClock } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { durationText } from '../../columns/events';

/** Fewer spare rows than this and the card is left out: a title and one event say too little. */
export const RECENT_EVENTS_MIN_ROWS = 4;

/**
 * This node's events newest first, per log and node: the overview's clock asks for the card every second, and
 * filtering and sorting a month's log each time was most of what the card cost; the list depends on no time.
 */
const newestFirst = new WeakMap<readonly EventLine[], { nodeId: string; mine: readonly EventLine[] }>();

function mineNewestFirst(events: readonly EventLine[], nodeId: string): readonly EventLine[] {
  const held = newestFirst.get(events);
  if (held?.nodeId === nodeId) return held.mine;
  const mine = events.filter((e) => e.nodeId === nodeId).sort((a, b) => b.start - a.start);
  newestFirst.set(events, { nodeId, mine });
  return mine;
}

/** Up to `rows` lines (its title included) of `nodeId`'s events, newest first; none when `rows` is too few or there is no log. */
export function recentEventItems(events: readonly EventLine[] | undefined, nodeId: string | undefined, rows: number, now: number): KeyValueItem[] {
  if (events === undefined || rows < RECENT_EVENTS_MIN_ROWS || nodeId === undefined) return [];
  const mine = mineNewestFirst(events, nodeId);
  const items: KeyValueItem[] = [{ section: 'Recent events (e: all)' }];
  if (mine.length === 0) return [...items, { label: '', value: 'none recorded yet', tone: 'muted' }];
  for (const e of mine.slice(0, rows - 1)) {
    const lasted = durationText(e, now);
    const open = e.end === undefined && e.severity !== 'info';
    items.push({
      label: formatLocalClock(e.start, now, true),
      value: `${sanitize(e.text)}${e.count && e.count > 1 ? ` (×${e.count})` : ''}${lasted ? ` · ${lasted}` : ''}`,
      tone: e.severity === 'critical' && open ? 'error' : e.severity !== 'info' && open ? 'warn' : e.severity === 'info' ? 'muted' : undefined,
    });
  }
  return items;
}
