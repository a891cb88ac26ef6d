import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useNow } from '../../components/Clock';
import type { Column } from '../../columns/column';
import type { TableRow } from '../../components/table-model';
import { formatBytes, formatCount } from '../../format/number';
import { formatAgeShort, formatTimestamp } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import type { BlockHeader } from '../../state/types';

function blockColumns(now: number): Column<BlockHeader>[] {
  return [
    { key: 'height', title: 'HEIGHT', width: 10, align: 'right', priority: 0, render: (b) => formatCount(b.height), sortValue: (b) => b.height },
    { key: 'age', title: 'AGE', width: 5, align: 'right', priority: 1, render: (b) => (b.time ? formatAgeShort(b.time, now) : '—'), sortValue: (b) => b.time?.getTime() },
    { key: 'type', title: 'TYPE', width: 19, priority: 1, render: (b) => (b.decodeError ? 'undecodable' : str(b.type)), sortValue: (b) => b.type ?? '' },
    { key: 'txs', title: 'TXS', width: 4, align: 'right', priority: 1, render: (b) => formatCount(b.txCount), sortValue: (b) => b.txCount },
    { key: 'bytes', title: 'SIZE', width: 8, align: 'right', priority: 3, render: (b) => formatBytes(b.bytes), sortValue: (b) => b.bytes },
    { key: 'id', cut: 'middle', title: 'BLOCK ID', width: 20, maxWidth: 52, grow: true, priority: 2, render: (b) => str(b.id), sortValue: (b) => b.id ?? '' },
    { key: 'time', title: 'TIME', width: 20, priority: 4, render: (b) => (b.time ? formatTimestamp(b.time) : '—'), sortValue: (b) => b.time?.getTime() },
    { key: 'txIds', title: 'FIRST TX', width: 14, priority: 5, render: (b) => (b.txIds[0] ? sanitize(b.txIds[0]) : b.decodeError ? sanitize(b.decodeError) : ''), filterText: (b) => b.txIds.join(' ') },
  ];
}

export function BlocksPane(props: PaneProps) {
  const resource = useAvatop((s) => s.blocks.recent);
  const now = useNow(1000, props.active);
  const columns = useMemo(() => blockColumns(now), [now]);
  return (
    <TablePane {...props} pane="blocks" what="Blocks" resource={resource} rows={(resource.data?.rows ?? []) as readonly TableRow<BlockHeader>[]} columns={columns}
      defaultSort={{ key: 'height', dir: 'desc' }} emptyText="no blocks yet" summary="latest accepted P-chain blocks, live"
      open={(b) => (b.id ? { kind: 'block', id: b.id, height: b.height } : { kind: 'block', height: b.height })}
    />
  );
}
