// A windowed table: only the rows that fit are handed to Ink, one pre-padded <Text> per row, so a 10,000-row
// list costs what a screenful costs (Ink redraws the whole frame on every commit).
import { memo, useMemo } from 'react';
import { Box, Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { fit } from '../format/width';
import { cellsDiffer, layoutColumns, renderCells, renderHeader, windowStart, type LaidOutColumn } from './table-layout';
import type { Column } from '../columns/column';
import type { TableRow } from './table-model';

export type RowTone = 'warn' | 'own' | 'error' | undefined;

export interface DataTableProps<T> {
  readonly rows: readonly TableRow<T>[];
  readonly columns: readonly Column<T>[];
  /** Width in cells and height in lines, header included. */
  readonly width: number;
  readonly height: number;
  readonly cursor: number;
  readonly scroll?: number;
  readonly sortKey?: string;
  readonly sortDir?: 'asc' | 'desc';
  readonly tone?: (row: T) => RowTone;
  readonly emptyText?: string;
  /** Draw the cursor (off when the table is not focused, e.g. under a view). */
  readonly showCursor?: boolean;
}

const MARKERS = { cursor: '›', added: '+', changed: '~', removed: '-', warn: '!', own: '*', error: '!' } as const;

/** What each marker says, in the order one wins over another (rowMarker): the help overlay lists them. */
export const MARKER_MEANINGS: readonly { readonly marker: string; readonly meaning: string }[] = [
  { marker: MARKERS.cursor, meaning: 'the cursor: the row Enter opens and y copies' },
  { marker: MARKERS.removed, meaning: 'gone from the node since the last refresh; shown once more, never counted' },
  { marker: MARKERS.warn, meaning: 'needs a look: a validator offline or below its uptime threshold, a benched or outdated peer, a fleet node in trouble' },
  { marker: MARKERS.own, meaning: "this node's own row" },
  { marker: MARKERS.added, meaning: 'new since the last refresh' },
  { marker: MARKERS.changed, meaning: 'a value shown on the row changed at the last refresh' },
];

/**
 * The one-character marker column. Without colour (NO_COLOR) it is all that tells rows apart, so what matters
 * most wins: the cursor, then a row that is gone, then risk (a validator below its threshold, a benched peer),
 * then this node's own row, and only then what changed since the last poll. Change came first once, and a
 * validator at 60% uptime flipped between "!" and "~" on every poll.
 */
export function rowMarker(isCursor: boolean, change: 'added' | 'changed' | 'removed' | undefined, tone: RowTone): string {
  if (isCursor) return MARKERS.cursor;
  if (change === 'removed') return MARKERS.removed;
  if (tone) return MARKERS[tone];
  return change ? MARKERS[change] : ' ';
}

/**
 * The change a row is marked with: "changed" only when the cells on screen differ from the previous poll's (the
 * store flags a row whose record moved in any field), so a refresh marks only the rows whose shown values moved.
 */
export function shownChange<T>(row: TableRow<T>, cols: readonly LaidOutColumn<T>[]): 'added' | 'changed' | 'removed' | undefined {
  const c = row.change;
  if (c === undefined || c === 'same') return undefined;
  if (c === 'changed' && row.before !== undefined && !cellsDiffer(row.before, row.value, cols)) return undefined;
  return c;
}

interface RowLineProps {
  readonly text: string;
  readonly style: Style | undefined;
}

// Rows re-render only when their text or style changes (memo compares two props).
const RowLine = memo(function RowLine({ text, style }: RowLineProps) {
  return <Text {...textProps(style)}>{text}</Text>;
});

export function DataTable<T>(props: DataTableProps<T>) {
  const theme = useTheme();
  const { rows, columns, width, height, cursor, sortKey, sortDir = 'asc', tone, showCursor = true } = props;
  const cols = useMemo(() => layoutColumns(columns, width, sortKey), [columns, width, sortKey]);
  const bodyHeight = Math.max(0, height - 1);
  const start = windowStart(cursor, props.scroll ?? 0, bodyHeight, rows.length);
  const visible = rows.slice(start, start + bodyHeight);
  const header = ' ' + renderHeader(cols, sortKey, sortDir);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...textProps(theme.row.header)}>{fit(header, width)}</Text>
      {rows.length === 0 ? (
        <Text {...textProps(theme.text.muted)}>{fit(` ${props.emptyText ?? 'no rows'}`, width)}</Text>
      ) : (
        visible.map((r, k) => {
          const index = start + k;
          const isCursor = showCursor && index === cursor;
          const t = tone?.(r.value);
          const change = shownChange(r, cols);
          const marker = rowMarker(isCursor, change, t);
          const text = fit(marker + renderCells(r.value, cols), width);
          const style = isCursor
            ? theme.row.cursor
            : change === 'removed'
              ? theme.row.removed
              : t === 'error'
                ? theme.status.error
                : t
                  ? theme.row[t]
                  : change
                    ? theme.row[change]
                    : undefined;
          return <RowLine key={r.key} text={text} style={style} />;
        })
      )}
    </Box>
  );
}
