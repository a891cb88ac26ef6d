import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { Column } from '../../columns/column';
import { mapRow, type TableRow } from '../../components/table-model';
import { formatAvaxColumn } from '../../format/avax';
import { formatPercent } from '../../format/number';
import { formatAge, formatCountdown, formatDate } from '../../format/time';
import { str } from '../../format/fields';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import { idleResource } from '../../state/resource';
import type { PendingStaker, Validator } from '../../state/types';
import { Box, Text } from 'ink';
import { textProps, useTheme } from '../../theme/ThemeContext';

type PendingRow = { kind: 'validator' | 'delegator'; staker: PendingStaker };
type RecentRow = { event: 'started' | 'ends'; at: number; v: Validator };

const DAY = 86_400_000;

/** Delegators carry no fee. */
const feeOf = (s: PendingStaker): number | undefined => ('delegationFee' in s ? s.delegationFee : undefined);

export const PENDING_REMOVED_NOTE =
  'This node has no platform.getPendingValidators: it was removed in avalanchego v1.11.3 (ACP-41), since stakers now start as soon as their tx is accepted. Showing stakers that started recently or end soonest instead.';

function pendingColumns(now: number): Column<PendingRow>[] {
  return [
    { key: 'kind', title: 'KIND', width: 9, priority: 1, render: (r) => r.kind, sortValue: (r) => r.kind },
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (r) => str(r.staker.nodeID), sortValue: (r) => r.staker.nodeID },
    { key: 'weight', title: 'WEIGHT', width: 9, align: 'right', priority: 0, render: (r) => formatAvaxColumn(r.staker.weight), sortValue: (r) => r.staker.weight },
    { key: 'starts', title: 'STARTS', width: 9, align: 'right', priority: 1, render: (r) => formatCountdown(r.staker.startTime?.getTime(), now), sortValue: (r) => r.staker.startTime?.getTime() },
    { key: 'start', title: 'START', width: 10, priority: 3, render: (r) => formatDate(r.staker.startTime?.getTime()), sortValue: (r) => r.staker.startTime?.getTime() },
    { key: 'end', title: 'END', width: 10, priority: 2, render: (r) => formatDate(r.staker.endTime?.getTime()), sortValue: (r) => r.staker.endTime?.getTime() },
    { key: 'fee', title: 'FEE', width: 6, align: 'right', priority: 4, render: (r) => formatPercent(feeOf(r.staker), 1), sortValue: (r) => feeOf(r.staker) },
    { key: 'txID', cut: 'middle', title: 'TX', width: 12, priority: 5, render: (r) => str(r.staker.txID), sortValue: (r) => r.staker.txID ?? '' },
  ];
}

function recentColumns(now: number): Column<RecentRow>[] {
  return [
    { key: 'event', title: 'EVENT', width: 7, priority: 1, render: (r) => r.event, sortValue: (r) => r.event },
    { key: 'when', title: 'WHEN', width: 12, align: 'right', priority: 0, render: (r) => (r.event === 'started' ? formatAge(r.at, now) : `in ${formatCountdown(r.at, now)}`), sortValue: (r) => Math.abs(r.at - now) },
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (r) => str(r.v.nodeID), sortValue: (r) => r.v.nodeID },
    { key: 'weight', title: 'WEIGHT', width: 9, align: 'right', priority: 1, render: (r) => formatAvaxColumn(r.v.weight), sortValue: (r) => r.v.weight },
    { key: 'start', title: 'START', width: 10, priority: 3, render: (r) => formatDate(r.v.startTime?.getTime()), sortValue: (r) => r.v.startTime?.getTime() },
    { key: 'end', title: 'END', width: 10, priority: 2, render: (r) => formatDate(r.v.endTime?.getTime()), sortValue: (r) => r.v.endTime?.getTime() },
  ];
}

export function PendingPane(props: PaneProps) {
  const resource = useAvatop((s) => s.pending.bySubnet[PRIMARY_NETWORK_ID]) ?? idleResource();
  if (resource.status === 'unsupported') return <RecentStakers {...props} />;
  return <PendingTable {...props} />;
}

function PendingTable(props: PaneProps) {
  const resource = useAvatop((s) => s.pending.bySubnet[PRIMARY_NETWORK_ID]) ?? idleResource();
  const now = useNow(1000, props.active);
  const columns = useMemo(() => pendingColumns(now), [now]);
  const rows = useMemo<TableRow<PendingRow>[]>(() => {
    const d = resource.data;
    if (!d) return [];
    return [
      ...d.validators.rows.map((r) => mapRow(r, `v:${r.key}`, (staker): PendingRow => ({ kind: 'validator', staker }))),
      ...d.delegators.rows.map((r) => mapRow(r, `d:${r.key}`, (staker): PendingRow => ({ kind: 'delegator', staker }))),
    ];
  }, [resource.data]);
  return (
    <TablePane {...props} pane="pending" what="Pending stakers" resource={resource} rows={rows} columns={columns}
      defaultSort={{ key: 'starts', dir: 'asc' }} emptyText="no pending stakers"
      open={(r) => ({ kind: 'tx', id: r.staker.txID ?? '' })}
    />
  );
}

function RecentStakers({ width, height, active }: PaneProps) {
  const resource = useAvatop((s) => s.validators.bySubnet[PRIMARY_NETWORK_ID]) ?? idleResource();
  const now = useNow(1000, active);
  const columns = useMemo(() => recentColumns(now), [now]);
  const rows = useMemo<TableRow<RecentRow>[]>(() => {
    const out: TableRow<RecentRow>[] = [];
    for (const r of resource.data?.rows ?? []) {
      if (r.change === 'removed') continue;
      const start = r.value.startTime?.getTime();
      const end = r.value.endTime?.getTime();
      // Each event row is the record as of its time (the previous poll's derived alike, for the "~" marker).
      if (start !== undefined && now - start < 7 * DAY && start <= now) out.push(mapRow(r, `s:${r.key}`, (v): RecentRow => ({ event: 'started', at: v.startTime?.getTime() ?? start, v })));
      if (end !== undefined && end - now < 7 * DAY && end >= now) out.push(mapRow(r, `e:${r.key}`, (v): RecentRow => ({ event: 'ends', at: v.endTime?.getTime() ?? end, v })));
    }
    return out;
    // Recomputed when the list changes, not every second: membership of the 7-day windows drifts slowly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource.data]);
  const theme = useTheme();
  // Enough lines for the note at this width (it wraps at word boundaries, hence the +1), at most 5.
  const noteLines = Math.min(5, Math.ceil(PENDING_REMOVED_NOTE.length / Math.max(20, width)) + (width < 100 ? 1 : 0));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box height={noteLines} width={width} overflow="hidden">
        <Text {...textProps(theme.status.info)} wrap="wrap">
          {PENDING_REMOVED_NOTE}
        </Text>
      </Box>
      <TablePane width={width} height={height - noteLines} active={active} pane="pending" resource={resource} rows={rows} columns={columns}
        what="Stakers started in the last 7 days or ending in the next 7" emptyText="no staker started in the last 7 days or ends in the next 7"
        defaultSort={{ key: 'when', dir: 'asc' }} open={(r) => ({ kind: 'validator', nodeId: r.v.nodeID })}
      />
    </Box>
  );
}
