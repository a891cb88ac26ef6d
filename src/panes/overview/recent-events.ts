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

/**
 * An ended event's line, per event and local day: it depends on the time only through the day (its clock gains the
 * date once the day is over), and the overview's clock asks for the card every second; an event still open says how
 * long it has lasted, and is made again each time.
 */
const endedItems = new WeakMap<EventLine, { day: number; item: KeyValueItem }>();

function itemOf(e: EventLine, now: number, day: number): KeyValueItem {
  if (e.end === undefined) return makeItem(e, now);
  const held = endedItems.get(e);
  if (held?.day === day) return held.item;
  const item = makeItem(e, now);
  endedItems.set(e, { day, item });
  return item;
}

function makeItem(e: EventLine, now: number): KeyValueItem {
  const lasted = durationText(e, now);
  const open = e.end === undefined && e.severity !== 'info';
  return {
    label: formatLocalClock(e.start, now, true),
    value: `${sanitize(e.text)}${e.count && e.count > 1 ? ` (×${e.count})` : ''}${lasted ? ` · ${lasted}` : ''}`,
    tone: e.severity === 'critical' && open ? 'error' : e.severity !== 'info' && open ? 'warn' : e.severity === 'info' ? 'muted' : undefined,
  };
}

/** Up to `rows` lines (its title included) of `nodeId`'s events, newest first; none when `rows` is too few or there is no log. */
export function recentEventItems(events: readonly EventLine[] | undefined, nodeId: string | undefined, rows: number, now: number): KeyValueItem[] {
  if (events === undefined || rows < RECENT_EVENTS_MIN_ROWS || nodeId === undefined) return [];
  const mine = mineNewestFirst(events, nodeId);
  const items: KeyValueItem[] = [{ section: 'Recent events (e: all)' }];
  if (mine.length === 0) return [...items, { label: '', value: 'none recorded yet', tone: 'muted' }];
  const day = localDay(now);
  const n = Math.min(mine.length, rows - 1);
  for (let i = 0; i < n; i++) items.push(itemOf(mine[i]!, now, day));
  return items;
}

/** The local calendar day of `ms`, as a number (formatLocalClock's "same day"). */
function localDay(ms: number): number {
  const d = new Date(ms);
  return d.getFullYear() * 10_000 + d.getMonth() * 100 + d.getDate();
}
