// The header's health segment and the connected-stake note beside the peer count, from the node's own health
// checks (domain/health judges them; this only picks words and styles). Pure, so the header stays a few lines.
import { formatConnected, healthSummaryOf, type HealthTone } from '../domain/health/health-summary';
import { sanitize } from '../format/sanitize';
import type { Resource } from '../state/resource';
import type { Health } from '../state/types';
import type { Style, Theme } from '../theme/schema';

export interface HeaderPart {
  readonly text: string;
  readonly style: Style;
}

function toneStyle(tone: HealthTone, theme: Theme): Style {
  return tone === 'ok' ? theme.status.ok : tone === 'warn' ? theme.status.warn : tone === 'error' ? theme.status.error : theme.text.muted;
}

/** "  health 4 failing: network": the node's word on itself; stale or unknown when it cannot be had. */
export function healthParts(r: Resource<Health>, theme: Theme): HeaderPart[] {
  const label = { text: '  health ', style: theme.header.label };
  if (r.status === 'unsupported' || (r.data === undefined && r.status === 'error' && /404/.test(r.error?.short ?? ''))) {
    return [label, { text: 'API off', style: theme.text.muted }];
  }
  if (r.data === undefined) return [label, { text: r.status === 'error' ? '?' : '…', style: theme.text.muted }];
  const s = healthSummaryOf(r.data);
  const text = sanitize(s.text, { maxLength: 40 });
  return [label, { text: r.stale ? `${text} (stale)` : text, style: r.stale ? theme.status.stale : toneStyle(s.tone, theme) }];
}

/** " (20% stake)" after the peer count, when the node is connected to less stake than it needs. */
export function connectedParts(r: Resource<Health>, theme: Theme): HeaderPart[] {
  const s = healthSummaryOf(r.data);
  if (!s.stakeLow || s.percentConnected === undefined) return [];
  return [{ text: ` (${formatConnected(s.percentConnected)} stake)`, style: r.stale ? theme.status.stale : theme.status.warn }];
}
