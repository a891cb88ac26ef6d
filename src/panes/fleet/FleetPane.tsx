// The fleet pane: one row per node, worst first, read from every node's own store once a second. Enter puts the
// node under the cursor on screen (every pane, view and the console follow); f comes back here.
import { useMemo } from 'react';
import { Text } from 'ink';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { useNow } from '../../components/Clock';
import { useFleet } from '../../fleet/fleet-context';
import { fleetRows } from '../../fleet/fleet';
import { useAppConfig } from '../../ui/config';
import type { FleetRow } from '../../domain/fleet/row';
import type { TableRow } from '../../components/table-model';
import type { KeyEvent } from '../../input';
import { fleetColumns, rowTone } from './fleet-columns';
import { resolveOk, idleResource } from '../../state/resource';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { fit } from '../../format/width';
import { useBookEvents, useEventBook, useSeenAt } from '../../ui/use-events';
import { newWarnings } from '../../domain/events/fold';

/** The table's own notice stays quiet: each row says what is wrong with its node. */
const OK = resolveOk(idleResource<unknown>(), true, { at: 0 });

export function FleetPane(props: PaneProps) {
  const fleet = useFleet();
  const theme = useTheme();
  const { rewardThreshold } = useAppConfig();
  const now = useNow(1000);
  const rows = useMemo(
    () => (fleet ? fleetRows(fleet, now, { override: rewardThreshold.override }) : []).map((r) => ({ key: r.name, value: r, change: 'same' as const })),
    [fleet, now, rewardThreshold.override],
  );
  // Each node's warnings since the Events pane was last opened.
  const book = useEventBook();
  const events = useBookEvents(book);
  const seenAt = useSeenAt(book);
  const fresh = useMemo(() => {
    const by = new Map<string, number>();
    for (const e of newWarnings(events, seenAt)) by.set(e.node, (by.get(e.node) ?? 0) + 1);
    return by;
  }, [events, seenAt]);
  const columns = useMemo(() => fleetColumns(now, book ? (name) => fresh.get(name) ?? 0 : undefined), [now, book, fresh]);
  const onKey = (ev: KeyEvent, rowAtCursor: () => TableRow<FleetRow> | undefined): boolean => {
    if (!ev.is('open') || !fleet) return false;
    const row = rowAtCursor();
    if (!row) return false;
    const target = fleet.sessions.find((s) => s.name === row.value.name);
    // The node comes up where it was left; one left on this pane comes up on its overview.
    if (target && target.store.getState().ui.pane === 'fleet') {
      const s = target.store.getState();
      target.store.setState({ ...s, ui: { ...s.ui, pane: 'overview', nav: [] } }, true);
    }
    fleet.view(row.value.name);
    return true;
  };
  if (!fleet) return <Text {...textProps(theme.text.muted)}>{fit('one node: start avatop with several --url or --node NAME=URL to watch a fleet', props.width)}</Text>;
  const viewed = fleet.viewed().name;
  const bad = rows.filter((r) => r.value.severity > 0).length;
  return (
    <TablePane {...props} pane="fleet" what="Nodes" resource={OK} rows={rows} columns={columns} onKey={onKey} tone={rowTone}
      summary={`viewing ${viewed} · ${bad === 0 ? 'all well' : `${bad} need attention`} · Enter views a node, f returns here · others poll every ${Math.round(fleet.light.tickMs / 1000)} s`}
    />
  );
}
