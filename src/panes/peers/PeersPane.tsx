import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { peerColumns } from '../../columns/peers';
import { isOutdated, newestVersion, versionBreakdown } from '../versions-model';
import type { Peer } from '../../state/types';
import type { TableRow } from '../../components/table-model';

export function PeersPane(props: PaneProps) {
  const resource = useAvatop((s) => s.peers.list);
  const now = useNow(1000, props.active);
  const columns = useMemo(() => peerColumns(now), [now]);
  // Every poll changes every peer's last-sent/received times, so "changed" would mark every row: show only
  // peers that connected or dropped.
  const rows = useMemo(
    () => (resource.data?.rows ?? []).map((r) => (r.change === 'changed' ? { ...r, change: 'same' as const } : r)) as readonly TableRow<Peer>[],
    [resource.data],
  );
  const newest = useMemo(() => newestVersion(rows.map((r) => String(r.value.version ?? ''))), [rows]);
  const breakdown = useMemo(() => versionBreakdown(rows.filter((r) => r.change !== 'removed').map((r) => ({ version: String(r.value.version ?? '') }))), [rows]);
  const summary = breakdown
    .slice(0, 4)
    .map((b) => `${b.version} ${b.count} (${b.share.toFixed(0)}%)`)
    .join(' · ');
  return (
    <TablePane {...props} pane="peers" what="Peers" resource={resource} rows={rows} columns={columns}
      defaultSort={{ key: 'nodeID', dir: 'asc' }} emptyText="no peers connected"
      open={(p) => ({ kind: 'peer', nodeId: String(p.nodeID) })}
      summary={summary}
      tone={(p) => (p.benched.length > 0 ? 'error' : isOutdated(p.version, newest) ? 'warn' : undefined)}
    />
  );
}
