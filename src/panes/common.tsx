// Pieces every pane uses: its props, the resource status line, and a table with its status banner.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { DataTable, type RowTone } from '../components/DataTable';
import { ErrorBanner } from '../components/ErrorBanner';
import type { Column } from '../components/table-layout';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { formatCount } from '../format/number';
import type { Resource } from '../state/resource';
import type { TablePane } from './use-table-pane';
import { tableCounts } from '../components/table-model';

export interface PaneProps {
  readonly width: number;
  readonly height: number;
  /** False while a view or overlay covers the pane: it must not take keys then. */
  readonly active: boolean;
}

/** Loading, failed, unsupported or bootstrapping, in words; nothing when the data is fine. */
export function ResourceNotice({ resource, width, what }: { resource: Resource<unknown>; width: number; what: string }) {
  const theme = useTheme();
  if (resource.status === 'unsupported') {
    return <Text {...textProps(theme.status.info)}>{fit(`${what}: ${resource.reason ?? 'not available on this node'}`, width)}</Text>;
  }
  if (resource.bootstrapping) {
    return (
      <ErrorBanner
        width={width}
        tone="warn"
        error={{ short: `${what}: the node is still bootstrapping the P-chain`, hint: 'P-chain data appears once bootstrapping finishes; Info API data is shown meanwhile.' }}
      />
    );
  }
  if (resource.status === 'error') {
    return <ErrorBanner width={width} title={what} error={resource.error} staleSince={resource.stale ? resource.updatedAt : undefined} now={Date.now()} />;
  }
  if (resource.status === 'idle' || resource.status === 'loading') {
    return <Text {...textProps(theme.text.muted)}>{fit(`${what}: loading…`, width)}</Text>;
  }
  return null;
}

export function noticeHeight(resource: Resource<unknown>): number {
  if (resource.status === 'ok') return 0;
  if (resource.status === 'error' || resource.bootstrapping) return resource.error?.hint || resource.bootstrapping ? 2 : 1;
  return 1;
}

/** A pane that is one table: notice line(s), a summary line, then the windowed table. */
export function TableBody<T>({
  width,
  height,
  resource,
  what,
  table,
  columns,
  tone,
  summary,
  emptyText,
  active,
  above,
}: {
  width: number;
  height: number;
  resource: Resource<unknown>;
  what: string;
  table: TablePane<T>;
  columns: readonly Column<T>[];
  tone?: (row: T) => RowTone;
  summary?: string;
  emptyText?: string;
  active: boolean;
  above?: ReactNode;
}) {
  const theme = useTheme();
  const noticeLines = noticeHeight(resource);
  const { shown, ui, cursor } = table;
  // A row kept for one more update to show it went away is marked "-" and never counted, here or anywhere.
  const counts = tableCounts(shown, cursor);
  const count = `${formatCount(counts.live)}${ui.filter ? ` matching "${ui.filter}"` : ''} ${what.toLowerCase()}`;
  const position =
    shown.length === 0 ? '' : counts.position === undefined ? ' · on a removed row' : ` · ${formatCount(counts.position)}/${formatCount(counts.live)}`;
  const gone = counts.removed > 0 ? ` · ${formatCount(counts.removed)} removed (-)` : '';
  const tableHeight = Math.max(2, height - noticeLines - 1);
  return (
    <Box flexDirection="column" width={width} height={height}>
      {above}
      <ResourceNotice resource={resource} width={width} what={what} />
      <Text {...textProps(theme.text.muted)}>{fit(`${count}${position}${gone}${summary ? `  ${summary}` : ''}`, width)}</Text>
      <DataTable
        rows={shown}
        columns={columns}
        width={width}
        height={tableHeight}
        cursor={cursor}
        scroll={ui.scroll}
        sortKey={table.sortKey}
        sortDir={table.sortDir}
        tone={tone}
        showCursor={active}
        emptyText={resource.status === 'ok' ? (ui.filter ? `nothing matches "${ui.filter}"` : (emptyText ?? 'none')) : ' '}
      />
    </Box>
  );
}

export function tableBodyHeight(height: number, resource: Resource<unknown>): number {
  return Math.max(1, height - noticeHeight(resource) - 2);
}
