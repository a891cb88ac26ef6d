// The Events pane's pure parts: the filters, the words of its columns and the header's, what Enter opens.
import { describe, expect, it } from 'vitest';
import { eventNodes, filterEventRows, newWarningCount, newWarningsText, nextLevel, nextNode, openOf } from '../../src/panes/events/events-model';
import type { EventLine } from '../../src/domain/events/record';
import { durationText } from '../../src/columns/events';
import { formatLocalClock } from '../../src/format/time';

const T0 = new Date(2026, 10, 26, 9, 12, 5).getTime();
const ev = (more: Partial<EventLine>): EventLine => ({
  time: '',
  severity: 'info',
  node: 'a',
  text: 't',
  kind: 'version',
  id: String(Math.random()),
  network: 'mainnet',
  nodeId: 'NodeID-A',
  start: T0,
  at: T0,
  v: 1,
  ...more,
});

describe('the Events pane model', () => {
  it('filters by level and node, and cycles both', () => {
    const list = [ev({ severity: 'info' }), ev({ severity: 'warning', node: 'b', nodeId: 'NodeID-B' }), ev({ severity: 'critical' })];
    expect(filterEventRows(list, { level: 'warning', node: undefined }).map((e) => e.severity)).toEqual(['warning', 'critical']);
    expect(filterEventRows(list, { level: 'info', node: 'mainnet/NodeID-B' })).toHaveLength(1);
    expect(nextLevel('info')).toBe('warning');
    expect(nextLevel('critical')).toBe('info');
    const nodes = eventNodes(list);
    expect(nodes).toEqual([
      { key: 'mainnet/NodeID-A', name: 'a' },
      { key: 'mainnet/NodeID-B', name: 'b' },
    ]);
    expect(nextNode(undefined, nodes)).toBe('mainnet/NodeID-A');
    expect(nextNode('mainnet/NodeID-A', nodes)).toBe('mainnet/NodeID-B');
    expect(nextNode('mainnet/NodeID-B', nodes)).toBeUndefined();
  });

  it('says the time as the clock shows it, and how long an incident lasted or lasts', () => {
    expect(formatLocalClock(T0, T0 + 1000)).toBe('09:12');
    expect(formatLocalClock(T0, T0 + 1000, true)).toBe('09:12:05');
    expect(formatLocalClock(T0, T0 + 86_400_000, true)).toBe('Nov 26 09:12:05');
    expect(durationText(ev({ kind: 'unreachable', end: T0 + 62_000 }), T0 + 100_000)).toBe('1m 02s');
    expect(durationText(ev({ kind: 'unreachable' }), T0 + 100_000)).toBe('ongoing 1m 40s');
    expect(durationText(ev({ kind: 'version' }), T0 + 100_000)).toBe('');
  });

  it('counts warnings recorded since the pane was opened, per node too', () => {
    const list = [ev({ severity: 'warning', at: T0 + 10 }), ev({ severity: 'critical', at: T0 - 10 }), ev({ severity: 'info', at: T0 + 20 }), ev({ severity: 'critical', at: T0 + 30, nodeId: 'NodeID-B' })];
    expect(newWarningCount(list, T0)).toEqual({ count: 2, critical: true });
    expect(newWarningCount(list, T0, 'mainnet/NodeID-A')).toEqual({ count: 1, critical: false });
    expect(newWarningCount(list, undefined).count).toBe(3);
    expect(newWarningsText(3, T0, T0 + 60_000)).toBe('3 new since 09:12');
    expect(newWarningsText(1, undefined, T0)).toBe('1 new event');
  });

  it('opens a pane, or the view an event is about', () => {
    expect(openOf({ pane: 'versions' }, ev({}))).toEqual({ pane: 'versions' });
    expect(openOf({ view: 'health' }, ev({}))).toEqual({ view: { kind: 'health' } });
    expect(openOf({ view: 'history' }, ev({ start: 5 }))).toEqual({ view: { kind: 'history', at: 5 } });
    expect(openOf({ view: 'validator', nodeId: 'NodeID-A', subnetId: 'S' }, ev({}))).toEqual({ view: { kind: 'validator', nodeId: 'NodeID-A', subnetId: 'S' } });
    expect(openOf(undefined, ev({}))).toBeUndefined();
  });
});
