// The README's table of exported metrics, from the series table itself.
import { SERIES } from './node-series';

export function metricTableMarkdown(): string {
  const rows = SERIES.map((s) => `| \`${s.name}\` | ${s.type} | ${s.help.replace(/\|/g, '\\|')} |`);
  return ['| metric | type | meaning |', '|---|---|---|', ...rows, ''].join('\n');
}
