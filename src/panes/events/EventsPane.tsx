// The Events pane: what happened to the watched nodes, newest first, from the event log (src/events). `l` narrows it
// to warnings or critical events, `n` to one node, `/` filters the words; Enter opens what the event is about (a
// fleet node's event puts that node on screen first). Opening the pane marks every event seen: the header's count
// of new warnings starts again from here.
import { useEffect, useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { useNow } from '../../components/Clock';
import type { RowTone } from '../../components/DataTable';
import type { TableRow } from '../../components/table-model';
import type { KeyEvent } from '../../input';
import { useAvatopStore } from '../../ui/store-context';
import { useBookEvents, useBookNotes, useEventBook } from '../../ui/use-events';
import { useFleet } from '../../fleet/fleet-context';
import { resolveOk, idleResource } from '../../state/resource';
import { pushView, setPane } from '../../state/ui';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { fit } from '../../format/width';
import { sanitize } from '../../format/sanitize';
import { eventColumns } from '../../columns/events';
import type { EventLine, Severity } from '../../domain/events/record';
import { eventNodeKey, eventNodes, filterEventRows, nextLevel, nextNode, openOf, type EventsFilter } from './events-model';

const OK = resolveOk(idleResource<unknown>(), true, { at: 0 });

function tone(e: EventLine): RowTone {
  return e.severity === 'critical' && e.end === undefined ? 'error' : e.severity === 'critical' ? 'warn' : e.severity === 'warning' && e.end === undefined ? 'warn' : undefined;
}

const LEVEL_WORDS: Readonly<Record<Severity, string>> = { info: 'every event', warning: 'warnings and worse', critical: 'critical only' };

export function EventsPane(props: PaneProps) {
  const { width, height, active } = props;
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
  const columns = useMemo(() => eventColumns(now, { node: several }), [now, several]);

  // Seen while on screen: what arrives as it is watched is not "new" on the next pane.
  useEffect(() => {
    if (active && book) book.markSeen(Date.now());
  }, [active, book, events]);

  const onKey = (ev: KeyEvent, rowAtCursor: () => TableRow<EventLine> | undefined): boolean => {
    if (ev.is('events.level')) {
      setFilter((f) => ({ ...f, level: nextLevel(f.level) }));
      return true;
    }
    if (ev.is('events.node')) {
      setFilter((f) => ({ ...f, node: nextNode(f.node, nodes) }));
      return true;
    }
    if (!ev.is('open')) return false;
    const row = rowAtCursor();
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
  };

  if (!book) return <Text {...textProps(theme.text.muted)}>{fit('no event log in this view', width)}</Text>;
  const noteLines = Math.min(2, notes.length);
  const where = book.dir ? 'kept in the event log' : 'this run only (--no-state)';
  const nodeName = filter.node === undefined ? 'every node' : (nodes.find((n) => n.key === filter.node)?.name ?? filter.node);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {notes.slice(-noteLines).map((n, i) => (
        <Text key={i} {...textProps(theme.status.warn)}>
          {fit(`event log: ${sanitize(n)}`, width)}
        </Text>
      ))}
      <TablePane
        {...props}
        height={height - noteLines}
        pane="events"
        what="Events"
        resource={OK}
        rows={rows}
        columns={columns}
        tone={tone}
        onKey={onKey}
        defaultSort={{ key: 'time', dir: 'desc' }}
        summary={`${LEVEL_WORDS[filter.level]} · ${sanitize(nodeName)} · ${where} · l level, n node, Enter opens`}
        emptyText={events.length === 0 ? 'nothing has happened yet: events appear here as avatop sees them' : 'no event matches'}
      />
    </Box>
  );
}
