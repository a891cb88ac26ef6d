import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { DataTable, rowMarker } from '../../src/components/DataTable';
import { loadTheme, ThemeProvider } from '../../src/theme';
import { layoutColumns, windowStart } from '../../src/components/table-layout';
import { nextSortKey, sortRows, type TableRow } from '../../src/components/table-model';
import { filterRows } from '../../src/columns/filter';
import type { Column } from '../../src/columns/column';

type R = { id: string; n: number; big: bigint; note: string };
const columns: Column<R>[] = [
  { key: 'id', title: 'ID', width: 8, priority: 0, render: (r) => r.id, sortValue: (r) => r.id },
  { key: 'n', title: 'N', width: 6, align: 'right', priority: 1, render: (r) => String(r.n), sortValue: (r) => r.n },
  { key: 'big', title: 'BIG', width: 10, align: 'right', priority: 2, render: (r) => r.big.toString(), sortValue: (r) => r.big },
  { key: 'note', title: 'NOTE', width: 10, grow: true, priority: 3, render: (r) => r.note },
];
const rows: TableRow<R>[] = Array.from({ length: 10_000 }, (_, i) => ({
  key: `row${i}`,
  value: { id: `row${i}`, n: (i * 7919) % 10_000, big: BigInt(i) * 10n ** 18n, note: i % 2 ? 'odd' : 'even' },
}));

describe('layoutColumns', () => {
  it('drops low-priority columns first when narrow and grows flexible ones when wide', () => {
    expect(layoutColumns(columns, 80).map((c) => c.column.key)).toEqual(['id', 'n', 'big', 'note']);
    expect(layoutColumns(columns, 80).find((c) => c.column.key === 'note')!.width).toBe(80 - 1 - 8 - 6 - 10 - 3);
    expect(layoutColumns(columns, 28).map((c) => c.column.key)).toEqual(['id', 'n', 'big']);
    expect(layoutColumns(columns, 17).map((c) => c.column.key)).toEqual(['id', 'n']);
    expect(layoutColumns(columns, 5).map((c) => c.column.key)).toEqual(['id']);
  });
  it('gives the sorted column room for its whole title and the arrow', async () => {
    const { renderHeader } = await import('../../src/components/table-layout');
    const narrow: Column<R>[] = [
      { key: 'id', title: 'ID', width: 8, render: (r) => r.id },
      { key: 'del', title: 'DELEGATORS', width: 5, align: 'right', priority: 1, render: (r) => String(r.n), sortValue: (r) => r.n },
      { key: 'note', title: 'NOTE', width: 10, grow: true, priority: 2, render: (r) => r.note },
    ];
    expect(renderHeader(layoutColumns(narrow, 80, 'del'), 'del', 'desc')).toContain('DELEGATORS▼');
    expect(renderHeader(layoutColumns(narrow, 80), 'del', 'desc')).not.toContain('DELEGATORS▼');
  });
  it('keeps the cursor inside the window', () => {
    expect(windowStart(0, 0, 10, 100)).toBe(0);
    expect(windowStart(15, 0, 10, 100)).toBe(6);
    expect(windowStart(3, 6, 10, 100)).toBe(3);
    expect(windowStart(99, 0, 10, 100)).toBe(90);
    expect(windowStart(0, 50, 10, 5)).toBe(0);
  });
});

describe('table model', () => {
  it('sorts by number, bigint and string in both directions, missing values last', () => {
    const s = sortRows(rows.slice(0, 50), columns, 'big', 'desc');
    expect(s[0]!.key).toBe('row49');
    const byN = sortRows(rows.slice(0, 50), columns, 'n', 'asc');
    expect(byN.map((r) => r.value.n)).toEqual([...byN.map((r) => r.value.n)].sort((a, b) => a - b));
    expect(nextSortKey(columns, undefined)).toBe('id');
    expect(nextSortKey(columns, 'big')).toBe('id');
  });
  it('filters on any column, case-insensitively', () => {
    expect(filterRows(rows.slice(0, 10), columns, 'ODD').length).toBe(5);
    expect(filterRows(rows.slice(0, 10), columns, '').length).toBe(10);
  });
});

describe('DataTable', () => {
  it('renders only the visible window of 10,000 rows, with cursor and sort arrow', () => {
    const { lastFrame } = render(
      <DataTable rows={rows} columns={columns} width={60} height={11} cursor={5000} scroll={0} sortKey="n" sortDir="desc" />,
    );
    const lines = lastFrame()!.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toContain('N▼');
    expect(lines.at(-1)).toMatch(/^› ?row5000/);
    expect(lastFrame()).not.toContain('row4990 ');
    expect(lines.every((l) => l.length <= 60)).toBe(true);
  });
  it('marks added, changed and removed rows', () => {
    const few: TableRow<R>[] = [
      { key: 'a', value: rows[1]!.value, change: 'added' },
      { key: 'b', value: rows[2]!.value, change: 'changed' },
      { key: 'c', value: rows[3]!.value, change: 'removed' },
    ];
    const frame = render(<DataTable rows={few} columns={columns} width={60} height={5} cursor={0} showCursor={false} />).lastFrame()!;
    expect(frame).toMatch(/^\+row1/m);
    expect(frame).toMatch(/^~row2/m);
    expect(frame).toMatch(/^-row3/m);
  });
  it('lets risk outrank change in the marker column, as NO_COLOR leaves only the marker', () => {
    const noColor = loadTheme(undefined, { env: { NO_COLOR: '1' } });
    const few: TableRow<R>[] = [
      { key: 'a', value: rows[1]!.value, change: 'changed' },
      { key: 'b', value: rows[2]!.value, change: 'added' },
      { key: 'c', value: rows[3]!.value, change: 'removed' },
      { key: 'd', value: rows[4]!.value, change: 'changed' },
    ];
    const tone = (r: R) => (r.id === 'row4' ? undefined : r.id === 'row2' ? ('error' as const) : ('warn' as const));
    const frame = render(
      <ThemeProvider theme={noColor}>
        <DataTable rows={few} columns={columns} width={60} height={6} cursor={0} showCursor={false} tone={tone} />
      </ThemeProvider>,
    ).lastFrame()!;
    expect(frame).toMatch(/^!row1/m); // at risk and changed: risk
    expect(frame).toMatch(/^!row2/m);
    expect(frame).toMatch(/^-row3/m); // gone: a removed row is not at risk any more
    expect(frame).toMatch(/^~row4/m);
    expect(rowMarker(true, 'changed', 'warn')).toBe('›');
    expect(rowMarker(false, 'changed', 'own')).toBe('*');
  });
  it('marks a row changed only when a cell it shows changed, not when an unshown field drifted', async () => {
    const { diffRows } = await import('../../src/state/rows');
    // A record as a node returns it: `drift` moves on every poll (as a validator's raw uptime does) and no column
    // draws it; `seen` moves every poll too, in a column declared volatile (a peer's last-message age).
    type Rec = { id: string; n: number; drift: number; seen: number };
    const cols: Column<Rec>[] = [
      { key: 'id', title: 'ID', width: 6, render: (r) => r.id },
      { key: 'n', title: 'N', width: 6, align: 'right', render: (r) => `${r.n.toFixed(1)}%` },
      { key: 'seen', title: 'SEEN', width: 6, align: 'right', volatile: true, render: (r) => `${r.seen}s` },
    ];
    const poll1 = [1, 2, 3, 4].map((i) => ({ id: `r${i}`, n: 90 + i, drift: 0.001 * i, seen: 1 }));
    // Every record differs from the last poll; only r3's shown figure moves (and r4's by less than a shown digit).
    const poll2 = poll1.map((r) => ({ ...r, drift: r.drift + 0.0007, seen: r.seen + 3, n: r.id === 'r3' ? 50 : r.id === 'r4' ? r.n + 0.01 : r.n }));
    const first = diffRows(undefined, poll1, (r) => r.id);
    const second = diffRows(first, poll2, (r) => r.id);
    expect(second.rows.map((r) => r.change)).toEqual(['changed', 'changed', 'changed', 'changed']);
    const frame = render(<DataTable rows={second.rows} columns={cols} width={30} height={6} cursor={0} showCursor={false} />).lastFrame()!;
    expect(frame).toMatch(/^ r1 /m);
    expect(frame).toMatch(/^ r2 /m);
    expect(frame).toMatch(/^~r3 /m);
    expect(frame).toMatch(/^ r4 /m);
    // The cells are compared as drawn: a column too narrow to show the difference shows none.
    const narrow: Column<Rec>[] = [{ key: 'id', title: 'ID', width: 6, render: (r) => `${r.id}-long-name-${r.n}` }];
    const moved = diffRows(diffRows(undefined, [{ id: 'r1', n: 1, drift: 0, seen: 0 }], (r) => r.id), [{ id: 'r1', n: 2, drift: 0, seen: 0 }], (r) => r.id);
    expect(render(<DataTable rows={moved.rows} columns={narrow} width={8} height={2} cursor={0} showCursor={false} />).lastFrame()).toMatch(/^ r1-lo/m);
    expect(render(<DataTable rows={moved.rows} columns={cols} width={30} height={2} cursor={0} showCursor={false} />).lastFrame()).toMatch(/^~r1 /m);
  });
  it('says when there are no rows', () => {
    expect(render(<DataTable rows={[]} columns={columns} width={40} height={3} cursor={0} emptyText="no peers" />).lastFrame()).toContain(
      'no peers',
    );
  });
});
