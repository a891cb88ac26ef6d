// The README's flag tables, generated from the same specs the parser uses (a test compares the README with this).
import type { FlagSpec } from './flags';
import { COMMON_FLAGS, MONITOR_FLAGS, OUTPUT_FLAGS } from './settings';

function rows(specs: readonly FlagSpec[]): string[] {
  return specs.map((s) => {
    const long = `${s.shownAs ?? `--${s.name}`}${s.value ? ` ${s.value}` : ''}`.replace(/\|/g, '\\|');
    const names = [`\`${long}\``, s.short ? `\`-${s.short}\`` : ''].filter(Boolean).join(', ');
    return `| ${names} | ${s.description.replace(/\|/g, '\\|')} |`;
  });
}

export function flagTableMarkdown(): string {
  return [
    '| Flag | What it does |',
    '|---|---|',
    ...rows(COMMON_FLAGS),
    ...rows(MONITOR_FLAGS),
    '| **one-shot commands** (`status`, `get`) | |',
    ...rows(OUTPUT_FLAGS),
  ].join('\n') + '\n';
}
