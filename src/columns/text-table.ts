// Plain-text tables for one-shot output: aligned columns, every cell sanitized, no colour (scripts read it).
import { fit, displayWidth, sanitize } from '../format';
import type { TextColumn } from './column';

export function renderTextTable<Row>(columns: readonly TextColumn<Row>[], rows: readonly Row[]): string {
  const cells = rows.map((row) => columns.map((c) => sanitize(c.value(row))));
  const widths = columns.map((c, i) => Math.max(displayWidth(c.title), ...cells.map((r) => displayWidth(r[i] as string))));
  const line = (values: readonly string[]): string =>
    values
      .map((v, i) => fit(v, widths[i] as number, columns[i]?.align ?? 'left'))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.title)), ...cells.map(line)].join('\n');
}
