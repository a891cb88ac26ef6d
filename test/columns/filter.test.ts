// The `/` filter that can name a column (issue 30, item 6): `/conn:no`, `/uptime<90`, and plain words as before.
import { describe, expect, it } from 'vitest';
import { columnNamed, filterRows, numberInCell, parseFilter } from '../../src/columns/filter';
import type { Column } from '../../src/columns/column';

type V = { nodeID: string; uptime: number | undefined; connected: boolean; weight: bigint; ip: string };
const columns: Column<V>[] = [
  { key: 'nodeID', title: 'NODE', width: 20, render: (v) => v.nodeID },
  { key: 'weight', title: 'WEIGHT', width: 9, render: (v) => (Number(v.weight) / 1e9).toLocaleString('en-US', { minimumFractionDigits: 3 }) },
  { key: 'uptime', title: 'UPTIME', width: 7, render: (v) => (v.uptime === undefined ? '—' : `${v.uptime.toFixed(1)}%`) },
  { key: 'connected', title: 'CONN', width: 5, render: (v) => (v.connected ? 'yes' : 'NO') },
  { key: 'ip', title: 'IP', width: 21, render: (v) => v.ip },
];
const v = (n: number, uptime: number | undefined, connected: boolean, avax: number): { key: string; value: V } => ({
  key: `NodeID-${n}`,
  value: { nodeID: `NodeID-${n}Abc`, uptime, connected, weight: BigInt(avax) * 10n ** 9n, ip: `10.0.0.${n}:9651` },
});
const rows = [v(1, 99.5, true, 2000), v(2, 89.9, false, 2500), v(3, 90, true, 1_000_000), v(4, undefined, false, 25), v(5, 12.25, true, 2000)];
const keys = (filter: string) => filterRows(rows, columns, filter).map((r) => r.key.slice(7));

describe('the column filter', () => {
  it('plain words match any cell, as before: /NO matches every row through "NodeID-"', () => {
    expect(keys('NO')).toEqual(['1', '2', '3', '4', '5']);
    expect(keys('10.0.0.2:9651')).toEqual(['2']);
    expect(keys('')).toHaveLength(5);
  });

  it('/conn:no keeps the rows whose CONN cell holds "no"; /conn=yes the ones that are exactly "yes"', () => {
    expect(keys('conn:no')).toEqual(['2', '4']);
    expect(keys('CONN:No')).toEqual(['2', '4']);
    expect(keys('connected=yes')).toEqual(['1', '3', '5']);
  });

  it('/uptime<90 compares the number in the cell as shown; a cell without one never matches', () => {
    expect(keys('uptime<90')).toEqual(['2', '5']);
    expect(keys('uptime<=90')).toEqual(['2', '3', '5']);
    expect(keys('uptime>=90')).toEqual(['1', '3']);
    expect(keys('uptime>99')).toEqual(['1']);
    // Thousands separators in the cell and in the bound.
    expect(keys('weight>2,000')).toEqual(['2', '3']);
    expect(keys('weight>999999')).toEqual(['3']);
  });

  it('column words and plain words together: every one must hold', () => {
    expect(keys('conn:no uptime<90')).toEqual(['2']);
    expect(keys('conn:yes 2,000.')).toEqual(['1', '5']);
  });

  it('a word that names no column, or compares with no number, stays a plain word', () => {
    expect(parseFilter('10.0.0.2:9651', columns)).toEqual({ text: '10.0.0.2:9651', terms: [] });
    expect(parseFilter('bogus:x', columns).terms).toEqual([]);
    expect(parseFilter('uptime<high', columns).terms).toEqual([]);
    expect(parseFilter('conn:', columns).terms).toEqual([]);
    const f = parseFilter('  conn:NO   abc  ', columns);
    expect(f.text).toBe('abc');
    expect(f.terms.map((t) => [t.column.key, t.op, t.text])).toEqual([['connected', ':', 'no']]);
  });

  it('names a column by key or title, whole first, then by its beginning', () => {
    expect(columnNamed(columns, 'conn')?.key).toBe('connected');
    expect(columnNamed(columns, 'CONNECTED')?.key).toBe('connected');
    expect(columnNamed(columns, 'up')?.key).toBe('uptime');
    expect(columnNamed(columns, 'node')?.key).toBe('nodeID');
    expect(columnNamed(columns, 'x')).toBeUndefined();
  });

  it('reads the number a cell shows', () => {
    expect(numberInCell('89.5%')).toBe(89.5);
    expect(numberInCell('  2,000.500')).toBe(2000.5);
    expect(numberInCell('-3 d')).toBe(-3);
    expect(numberInCell('—')).toBeUndefined();
  });

  it('uses a column’s own filter text and number when it has them', () => {
    const own: Column<V>[] = [
      { key: 'subnets', title: 'SUBNETS', width: 7, render: () => '2', filterText: (x) => `subnet-of-${x.ip}` },
      { key: 'weight', title: 'WEIGHT', width: 9, render: () => 'lots', filterNumber: (x) => Number(x.weight / 10n ** 9n) },
    ];
    expect(filterRows(rows, own, 'subnets:0.0.3').map((r) => r.key)).toEqual(['NodeID-3']);
    expect(filterRows(rows, own, 'weight<100').map((r) => r.key)).toEqual(['NodeID-4']);
  });
});
