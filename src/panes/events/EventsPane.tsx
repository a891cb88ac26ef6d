// The Events pane: what happened to the watched nodes, newest first, from the event log (src/events). `l` narrows it
// to warnings or critical events, `n` to one node, `/` filters the words; Enter opens what the event is about (a
// fleet node's event puts that node on screen first). Opening the pane marks every event seen: the header's count
// of new warnings starts again from here.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Text } from 'ink';
import type { PaneProps } from '../common';
import { TableBody } from '../common';
import { useTablePane, type TablePane } from '../use-table-pane';
import { useNow } from '../../components/Clock';
import type { Column } from '../../components/table-layout';
import type { RowTone } from '../../components/DataTable';
import { useAvatopStore } from '../../ui/store-context';
import { useBookEvents, useBookNotes, useEventBook } from '../../ui/use-events';
import { useFleet } from '../../fleet/fleet-context';
import { resolveOk, idleResource } from '../../state/resource';
import { pushView, setPane } from '../../state/ui';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { fit } from '../../format/width';
import { sanitize } from '../../format/sanitize';
import type { EventLine, Severity } from '../../domain/events/record';
import { clockText, durationText, eventNodeKey, eventNodes, filterEventRows, nextLevel, nextNode, openOf, SEVERITY_LABEL, type EventsFilter } from './events-model';

const OK = resolveOk(idleResource<unknown>(), true, { at: 0 });

export function eventColumns(now: number, several: boolean): Column<EventLine>[] {
  return [
    { key: 'time', title: 'TIME', width: 15, priority: 0, render: (e) => clockText(e.start, now, true), sortValue: (e) => e.start },
    { key: 'severity', title: 'SEV', width: 4, priority: 0, render: (e) => SEVERITY_LABEL[e.severity], sortValue: (e) => ['info', 'warning', 'critical'].indexOf(e.severity) },
    ...(several ? [{ key: 'node', title: 'NODE', width: 12, maxWidth: 20, priority: 1, render: (e: EventLine) => sanitize(e.node), sortValue: (e: EventLine) => e.node }] : []),
    { key: 'text', title: 'EVENT', width: 30, grow: true, priority: 0, render: (e) => sanitize(e.text), filterText: (e) => `${e.text} ${e.node} ${e.kind} ${e.subject ?? ''}` },
    { key: 'length', title: 'LASTED', width: 12, priority: 2, render: (e) => durationText(e, now), sortValue: (e) => (e.end ?? now) - e.start },
  ];
}

function tone(e: EventLine): RowTone {
  return e.severity === 'critical' && e.end === undefined ? 'error' : e.severity === 'critical' ? 'warn' : e.severity === 'warning' && e.end === undefined ? 'warn' : undefined;
}

const LEVEL_WORDS: Readonly<Record<Severity, string>> = { info: 'every event', warning: 'warnings and worse', critical: 'critical only' };

export function EventsPane({ width, height, active }: PaneProps) {
  const book = useEventBook();
  const events = useBookEvents(book);
  const notes = useBookNotes(book);
  const fleet = useFleet();
  const store = useAvatopStore();
  const theme = useTheme();
  const now = useNow(1000, active);
  const [filter, setFilter] = useState<EventsFilter>({ level: 'info', node: undefined });
  const nodes = useMemo(() => eventNodes(events), [events]);
  const several = nodes.length > 1 || (fleet?.sessions.length ?? 0) > 1;
  const rows = useMemo(() => filterEventRows(events, filter).map((e) => ({ key: `${eventNodeKey(e)}/${e.id}`, value: e, change: 'same' as const })), [events, filter]);
  const columns = useMemo(() => eventColumns(now, several), [now, several]);

  // Seen while on screen: what arrives as it is watched is not "new" on the next pane.
  useEffect(() => {
    if (active && book) book.markSeen(Date.now());
  }, [active, book, events]);

  const shownRef = useRef<TablePane<EventLine> | undefined>(undefined);
  const noteLines = Math.min(2, notes.length);
  const bodyHeight = Math.max(1, height - noteLines - 2);
  const table = useTablePane<EventLine>({
    pane: 'events',
    rows,
    columns,
    bodyHeight,
    active,
    defaultSort: { key: 'time', dir: 'desc' },
    onKey: (ev) => {
      if (ev.is('events.level')) {
        setFilter((f) => ({ ...f, level: nextLevel(f.level) }));
        return true;
      }
      if (ev.is('events.node')) {
        setFilter((f) => ({ ...f, node: nextNode(f.node, nodes) }));
        return true;
      }
      if (!ev.is('open')) return false;
      const t = shownRef.current;
      const cursor = store.getState().ui.panes.events.cursor;
      const row = t?.shown[Math.min(cursor, t.shown.length - 1)];
      const target = row && openOf(row.value.open, row.value);
      if (!row || !target) return false;
      // A fleet node's event: that node on screen first, then what the event is about, over its Events pane.
      const session = fleet?.sessions.find((s) => s.name === row.value.node);
      const into = session && fleet && fleet.viewed() !== session ? session.store : store;
      const s = into.getState();
      const ui = 'pane' in target ? setPane(s.ui, target.pane) : pushView(setPane(s.ui, 'events'), target.view);
      into.setState({ ...s, ui }, true);
      if (into !== store) fleet!.view(session!.name);
      return true;
    },
  });
  shownRef.current = table;

  if (!book) return <Text {...textProps(theme.text.muted)}>{fit('no event log in this view', width)}</Text>;
  const where = book.dir ? 'kept in the event log' : 'this run only (--no-state)';
  const nodeName = filter.node === undefined ? 'every node' : (nodes.find((n) => n.key === filter.node)?.name ?? filter.node);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {notes.slice(-noteLines).map((n, i) => (
        <Text key={i} {...textProps(theme.status.warn)}>
          {fit(`event log: ${sanitize(n)}`, width)}
        </Text>
      ))}
      <TableBody
        width={width}
        height={height - noteLines}
        resource={OK}
        what="Events"
        table={table}
        columns={columns}
        tone={tone}
        active={active}
        summary={`${LEVEL_WORDS[filter.level]} · ${sanitize(nodeName)} · ${where} · l level, n node, Enter opens`}
        emptyText={events.length === 0 ? 'nothing has happened yet: events appear here as avatop sees them' : 'no event matches'}
      />
    </Box>
  );
}
