import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { peerColumns } from '../../columns/peers';
import { stakeByNode } from '../../domain/stake';
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import { isOutdated, newestVersion, versionBreakdown } from '../versions-model';
import type { Peer } from '../../state/types';
import type { TableRow } from '../../components/table-model';

const NO_ROWS: readonly TableRow<Peer>[] = [];

export function PeersPane(props: PaneProps) {
  const resource = useAvatop((s) => s.peers.list);
  const now = useNow(1000, props.active);
  // Which peers validate and their stake: the primary network's validator list (polled with this pane, refreshed
  // when the P-chain height moves); "?" until it arrives, so no peer is called a non-validator too early.
  const validators = useAvatop((s) => s.validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows);
  const stakes = useMemo(() => (validators ? stakeByNode(validators.filter((r) => r.change !== 'removed').map((r) => r.value)) : undefined), [validators]);
  const columns = useMemo(() => peerColumns(now, stakes), [now, stakes]);
  // Every poll moves every peer's last-sent/received times: those columns are volatile, so "~" marks a peer only
  // when another cell of it changed (components/DataTable.tsx).
  const rows = (resource.data?.rows ?? NO_ROWS) as readonly TableRow<Peer>[];
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
