import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { Column } from '../../components/table-layout';
import { formatAgeShort } from '../../format/time';
import { formatPercent } from '../../format/number';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import { TableBody, tableBodyHeight, type PaneProps } from '../common';
import { useTablePane } from '../use-table-pane';
import { isOutdated, newestVersion, shortVersion, versionBreakdown } from '../versions-model';
import type { Peer } from '../../state/types';
import type { TableRow } from '../../components/table-model';

export function peerColumns(now: number): Column<Peer>[] {
  return [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (p) => str(p.nodeID), sortValue: (p) => String(p.nodeID) },
    { key: 'ip', title: 'IP', width: 21, priority: 2, render: (p) => str(p.ip), sortValue: (p) => p.ip },
    { key: 'version', title: 'VERSION', width: 9, priority: 1, render: (p) => shortVersion(p.version), sortValue: (p) => versionKey(p.version) },
    { key: 'lastSent', title: 'SENT', width: 5, align: 'right', priority: 4, render: (p) => formatAgeShort(p.lastSent.getTime(), now), sortValue: (p) => -p.lastSent.getTime() },
    { key: 'lastReceived', title: 'RECV', width: 5, align: 'right', priority: 3, render: (p) => formatAgeShort(p.lastReceived.getTime(), now), sortValue: (p) => -p.lastReceived.getTime() },
    { key: 'observedUptime', title: 'UPTIME', width: 7, align: 'right', priority: 2, render: (p) => formatPercent(p.observedUptime, 0), sortValue: (p) => p.observedUptime },
    { key: 'benched', title: 'BENCHED', width: 8, priority: 3, render: (p) => p.benched.map((b) => sanitize(b)).join(',') || '-', sortValue: (p) => p.benched.length },
    { key: 'subnets', title: 'SUBNETS', width: 7, align: 'right', priority: 5, render: (p) => String(p.trackedSubnets.length), sortValue: (p) => p.trackedSubnets.length, filterText: (p) => p.trackedSubnets.join(' ') },
  ];
}

function versionKey(v: unknown): string {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(String(v ?? ''));
  return m ? m.slice(1).map((x) => x.padStart(5, '0')).join('.') : '';
}

export function PeersPane({ width, height, active }: PaneProps) {
  const resource = useAvatop((s) => s.peers.list);
  const now = useNow(1000, active);
  const columns = useMemo(() => peerColumns(now), [now]);
  // Every poll changes every peer's last-sent/received times, so "changed" would mark every row: show only
  // peers that connected or dropped.
  const rows = useMemo(
    () => (resource.data?.rows ?? []).map((r) => (r.change === 'changed' ? { ...r, change: 'same' as const } : r)) as readonly TableRow<Peer>[],
    [resource.data],
  );
  const newest = useMemo(() => newestVersion(rows.map((r) => String(r.value.version ?? ''))), [rows]);
  const breakdown = useMemo(() => versionBreakdown(rows.filter((r) => r.change !== 'removed').map((r) => ({ version: String(r.value.version ?? '') }))), [rows]);
  const bodyHeight = tableBodyHeight(height, resource);
  const table = useTablePane({
    pane: 'peers',
    rows,
    columns,
    bodyHeight,
    active,
    defaultSort: { key: 'nodeID', dir: 'asc' },
    open: (p) => ({ kind: 'peer', nodeId: String(p.nodeID) }),
  });
  const summary = breakdown
    .slice(0, 4)
    .map((b) => `${b.version} ${b.count} (${b.share.toFixed(0)}%)`)
    .join(' · ');
  return (
    <TableBody
      width={width}
      height={height}
      resource={resource}
      what="Peers"
      table={table}
      columns={columns}
      active={active}
      summary={summary}
      emptyText="no peers connected"
      tone={(p) => (p.benched.length > 0 ? 'error' : isOutdated(p.version, newest) ? 'warn' : undefined)}
    />
  );
}

