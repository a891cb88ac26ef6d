// The status line: the flash message, PAUSED, the active filter and the node's URL on the left; request and byte
// rates on the right.
import { useAvatop } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { StatusBar } from '../components/StatusBar';
import { sanitize } from '../format/sanitize';
import { formatBytes } from '../format/number';
import { ratesPerMinute } from '../state/accounting';
import type { PaneId } from '../state/ui';

export function StatusLine({ width, pane }: { width: number; pane: PaneId }) {
  const { url } = useAppConfig();
  const filter = useAvatop((s) => s.ui.panes[pane].filter);
  const accounting = useAvatop((s) => s.accounting);
  const paused = useAvatop((s) => s.ui.paused);
  const flash = useFlash().message;
  const rates = ratesPerMinute(accounting, Date.now());
  const left = `${flash ? `${sanitize(flash)} · ` : ''}${paused ? 'PAUSED (p resumes) · ' : ''}${filter ? `filter "${filter}" (Esc clears) · ` : ''}${sanitize(url)}`;
  const right = accounting.requests > 0 ? `${rates.requests.toFixed(0)} req/min · ${formatBytes(rates.bytes)}/min` : '';
  return <StatusBar left={left} right={right} width={width} />;
}
