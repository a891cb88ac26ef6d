// The status line: the flash message, PAUSED, the active filter and the node's URL on the left; request and byte
// rates on the right, made again at most every RATES_EVERY_MS: made at every render they moved in their last digit
// at every block, and the line was drawn again with it (docs/performance.md, lite48).
import { useAvatop } from '../ui/store-context';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { StatusBar } from '../components/StatusBar';
import { sanitize } from '../format/sanitize';
import { formatBytes } from '../format/number';
import { ratesPerMinute, type Accounting } from '../state/accounting';
import { useTextHeldFor } from '../components/Clock';
import type { PaneId } from '../state/ui';

export function StatusLine({ width, pane }: { width: number; pane: PaneId }) {
  const { url } = useAppConfig();
  const filter = useAvatop((s) => s.ui.panes[pane].filter);
  const accounting = useAvatop((s) => s.accounting);
  const paused = useAvatop((s) => s.ui.paused);
  const flash = useFlash().message;
  const left = `${flash ? `${sanitize(flash)} · ` : ''}${paused ? 'PAUSED (p resumes) · ' : ''}${filter ? `filter "${filter}" (Esc clears) · ` : ''}${sanitize(url)}`;
  const right = useTextHeldFor(RATES_EVERY_MS, (now) => ratesText(accounting, now));
  return <StatusBar left={left} right={right} width={width} />;
}

/** How often the rates on the right are made again. */
export const RATES_EVERY_MS = 10_000;

/** "87 req/min · 1.2MiB/min" since accounting began; nothing before the first request. */
export function ratesText(accounting: Accounting, now: number): string {
  if (accounting.requests === 0) return '';
  const rates = ratesPerMinute(accounting, now);
  return `${rates.requests.toFixed(0)} req/min · ${formatBytes(rates.bytes)}/min`;
}
