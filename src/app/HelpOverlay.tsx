// The help overlay, generated from the command table.
import { COMMANDS, SCOPE_ORDER, SCOPE_TITLES } from '../keys/commands';
import { keyLabel } from '../keys/keymatch';
import type { KeyValueItem } from '../components/KeyValue';
import { DocumentPane } from '../ui/DocumentPane';
import { MARKER_MEANINGS } from '../components/DataTable';

export function helpItems(): KeyValueItem[] {
  const items: KeyValueItem[] = [];
  for (const scope of SCOPE_ORDER) {
    items.push({ section: SCOPE_TITLES[scope] });
    for (const c of COMMANDS.filter((x) => x.scope === scope)) {
      items.push({ label: c.keys.map(keyLabel).join(' '), value: c.description });
    }
  }
  // The one character left of each table row: without colour (NO_COLOR) it is all that tells rows apart.
  items.push({ section: 'Row markers (left of each table row; the first that applies is shown)' });
  for (const m of MARKER_MEANINGS) items.push({ label: m.marker, value: m.meaning });
  items.push({ section: '' }, { label: 'Esc or ?', value: 'close this help', tone: 'muted' });
  return items;
}

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  return <DocumentPane id="help" items={helpItems()} width={width} height={height} active layer="overlay" />;
}
