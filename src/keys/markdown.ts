// The README's key table, generated from the command table (a test compares the README with this output).
import { COMMANDS, SCOPE_ORDER, SCOPE_TITLES } from './commands';
import { keyLabel } from './keymatch';

function cell(s: string): string {
  return s.replace(/\|/g, '\\|');
}

export function keyTableMarkdown(): string {
  const lines = ['| Keys | Command | What it does | Where |', '|---|---|---|---|'];
  for (const scope of SCOPE_ORDER) {
    for (const c of COMMANDS) {
      if (c.scope !== scope) continue;
      const keys = c.keys.map((k) => `\`${cell(keyLabel(k))}\``).join(', ');
      lines.push(`| ${keys} | \`${c.name}\` | ${cell(c.description)} | ${SCOPE_TITLES[scope]} |`);
    }
  }
  return lines.join('\n') + '\n';
}
