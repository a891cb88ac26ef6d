// The overview's "Recent events" card as data: this node's events only, newest first, as many as the spare rows
// hold, an ongoing warning in colour, nothing on a short terminal or without an event log.
import { describe, expect, it } from 'vitest';
import { recentEventItems, RECENT_EVENTS_MIN_ROWS } from '../../src/panes/overview/recent-events';
import type { EventLine } from '../../src/domain/events/record';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const ME = 'NodeID-me';

function ev(start: number, text: string, o: Partial<EventLine> = {}): EventLine {
  return { time: new Date(start).toISOString(), severity: 'info', node: 'n', text, kind: 'version', id: `${text}:${start}`, network: 'mainnet', nodeId: ME, start, at: start, v: 1, ...o };
}

describe('recent events on the overview', () => {
  const events = [
    ev(NOW - 3_600_000, 'upgraded to v1.15.0'),
    ev(NOW - 600_000, 'unreachable: connection refused', { severity: 'warning', kind: 'unreachable', end: NOW - 590_000, count: 3 }),
    ev(NOW - 60_000, 'health check P failing', { severity: 'critical', kind: 'check' }),
    ev(NOW - 30_000, 'another node restarted', { nodeId: 'NodeID-other' }),
  ];

  it("lists this node's events newest first, as many as fit, with their length and count", () => {
    expect(recentEventItems(events, ME, RECENT_EVENTS_MIN_ROWS - 1, NOW)).toEqual([]);
    const all = recentEventItems(events, ME, 10, NOW);
    expect(all[0]).toEqual({ section: 'Recent events (e: all)' });
    const values = all.slice(1).map((i) => ('value' in i ? i.value : ''));
    expect(values).toEqual(['health check P failing · ongoing 1m 00s', 'unreachable: connection refused (×3) · 10s', 'upgraded to v1.15.0']);
    expect(all.slice(1).map((i) => ('tone' in i ? i.tone : undefined))).toEqual(['error', undefined, 'muted']);
    expect(recentEventItems(events, ME, RECENT_EVENTS_MIN_ROWS, NOW)).toHaveLength(RECENT_EVENTS_MIN_ROWS);
  });

  it('says when nothing is recorded, and shows nothing without a log or a node ID', () => {
    expect(recentEventItems([], ME, 10, NOW)).toEqual([{ section: 'Recent events (e: all)' }, { label: '', value: 'none recorded yet', tone: 'muted' }]);
    expect(recentEventItems(undefined, ME, 10, NOW)).toEqual([]);
    expect(recentEventItems(events, undefined, 10, NOW)).toEqual([]);
  });

  it('reads a new log again, and gives the same card from a log it has read before', () => {
    const first = recentEventItems(events, ME, 10, NOW);
    // The event keeper makes a new list when an event arrives; the card follows it at the next ask.
    const more = [ev(NOW - 5_000, 'node process restarted'), ...events];
    expect(recentEventItems(more, ME, 10, NOW)[1]).toMatchObject({ value: 'node process restarted' });
    expect(recentEventItems(events, ME, 10, NOW)).toEqual(first);
    // Another node's events from the same log.
    expect(recentEventItems(events, 'NodeID-other', 10, NOW).slice(1).map((i) => ('value' in i ? i.value : ''))).toEqual(['another node restarted']);
    expect(recentEventItems(events, ME, 10, NOW)).toEqual(first);
  });

  it("an ended event's clock gains its date once the local day is over; an open one's length follows the time", () => {
    const today = recentEventItems(events, ME, 10, NOW);
    const unreachable = (items: ReturnType<typeof recentEventItems>) => items.find((i) => 'value' in i && i.value.startsWith('unreachable'));
    const open = (items: ReturnType<typeof recentEventItems>) => items.find((i) => 'value' in i && i.value.startsWith('health check'));
    expect(unreachable(today)).toMatchObject({ label: expect.stringMatching(/^\d\d:\d\d:\d\d$/) });
    // A second later the same day: the ended line as it was, the open one a second longer.
    const later = recentEventItems(events, ME, 10, NOW + 1_000);
    expect(unreachable(later)).toEqual(unreachable(today));
    expect(open(later)).toMatchObject({ value: 'health check P failing · ongoing 1m 01s' });
    // Two days on, whatever the local time zone: the ended line's clock names its day.
    const after = recentEventItems(events, ME, 10, NOW + 2 * 86_400_000);
    expect(unreachable(after)).toMatchObject({ label: expect.stringMatching(/^[A-Z][a-z]{2} \d+ \d\d:\d\d:\d\d$/) });
  });
});
