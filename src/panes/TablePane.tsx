// The one table pane: a resource's notice, a count-and-summary line, then the windowed table with its keys
// (cursor, page, sort, filter, Enter, y). A pane gives it rows and columns (columns/ for tables `avatop get` prints
// too) and what its rows are; everything else is here once.
import { Box, Text } from 'ink';
import { DataTable, type RowTone } from '../components/DataTable';
import { tableCounts, type TableRow } from '../components/table-model';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { formatCount } from '../format/number';
import type { Resource } from '../state/resource';
import { ResourceNotice, noticeHeight, type PaneProps } from './common';
import { useTablePane, type TablePaneOptions } from './use-table-pane';

export interface TablePaneProps<T> extends PaneProps, Omit<TablePaneOptions<T>, 'bodyHeight' | 'active'> {
  /** Where the rows come from: its loading, failure or bootstrapping notice shows above the table. */
  readonly resource: Resource<unknown>;
  /** What the rows are ("Peers"): the count line and the notices say it. */
  readonly what: string;
  /** Said after the count. */
  readonly summary?: string;
  readonly emptyText?: string;
  readonly tone?: (row: T) => RowTone;
}

export function TablePane<T>(p: TablePaneProps<T>) {
  const theme = useTheme();
  const { width, height, resource, what, columns } = p;
  const noticeLines = noticeHeight(resource);
  const tableHeight = Math.max(2, height - noticeLines - 1);
  const table = useTablePane<T>({ ...p, bodyHeight: tableHeight - 1 });
  const { shown, ui, cursor } = table;
  // A row kept for one more update to show it went away is marked "-" and never counted, here or anywhere.
  const counts = tableCounts(shown, cursor);
  const count = `${formatCount(counts.live)}${ui.filter ? ` matching "${ui.filter}"` : ''} ${what.toLowerCase()}`;
  const position =
    shown.length === 0 ? '' : counts.position === undefined ? ' · on a removed row' : ` · ${formatCount(counts.position)}/${formatCount(counts.live)}`;
  const gone = counts.removed > 0 ? ` · ${formatCount(counts.removed)} removed (-)` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ResourceNotice resource={resource} width={width} what={what} />
      <Text {...textProps(theme.text.muted)}>{fit(`${count}${position}${gone}${p.summary ? `  ${p.summary}` : ''}`, width)}</Text>
      <DataTable
        rows={shown as readonly TableRow<T>[]}
        columns={columns}
        width={width}
        height={tableHeight}
        cursor={cursor}
        scroll={ui.scroll}
        sortKey={table.sortKey}
        sortDir={table.sortDir}
        tone={p.tone}
        showCursor={p.active}
        emptyText={resource.status === 'ok' ? (ui.filter ? `nothing matches "${ui.filter}"` : (p.emptyText ?? 'none')) : ' '}
      />
    </Box>
  );
}
