// The versions pane's account of the upgrade deadline (domain/upgrades decides; this lays it out): the verdict in
// words above the document, and in it what the node and its peers announce.
import type { KeyValueItem, Tone } from '../../components/KeyValue';
import type { UpgradeView } from '../../domain/upgrades/facts';
import { upgradeLine, type UpgradeSeverity } from '../../domain/upgrades/deadline';
import { groupShare } from '../../domain/upgrades/announcements';
import type { UpgradeAnnouncement } from '../../state/upgrade-announcements';
import { formatAge, formatTimestamp } from '../../format/time';
import { formatCount } from '../../format/number';
import { sanitize } from '../../format/sanitize';
import { wrapWords } from '../../format/width';

export const SEVERITY_TONE: Record<UpgradeSeverity, Tone> = { ok: 'ok', notice: 'info', warning: 'warn', critical: 'error' };

/** The verdict's sentence wrapped to the pane, for above the scrolling part; none when nothing is announced. */
export function deadlineLines(view: UpgradeView, width: number): { lines: string[]; tone: Tone } {
  const text = upgradeLine(view.verdict);
  if (!text) return { lines: [], tone: 'ok' };
  return { lines: wrapWords(text, width), tone: SEVERITY_TONE[view.verdict.severity] };
}

function pct(p: number): string {
  return `${p >= 10 ? p.toFixed(0) : p.toFixed(1)}%`;
}

/** What the node's futureupgrade check says, what each announced time has behind it, and what avatop remembers. */
export function upgradeItems(view: UpgradeView, remembered: UpgradeAnnouncement | undefined, now: number): KeyValueItem[] {
  const { facts } = view;
  const items: KeyValueItem[] = [];
  const own = facts.ownUpgradeMs;
  items.push({ label: 'This node schedules', value: own === undefined ? '— (no futureupgrade check, no info.upgrades)' : `its newest upgrade at ${formatTimestamp(own)}` });
  const c = facts.check;
  if (c?.pending) items.push({ label: 'futureupgrade', value: 'not run yet since the node started', tone: 'muted' });
  else if (c) {
    const mode = c.modeMs !== undefined && c.modeMs > 0 ? `mode ${formatTimestamp(c.modeMs)}, ${c.modePercent === undefined ? '?' : pct(c.modePercent)} of stake` : 'no validator connected';
    const counted = c.counts ? 'counted: an upgrade this node lacks' : 'nothing to do';
    items.push({ label: 'futureupgrade', value: `${mode}; ${counted}${c.error ? `; failing: ${sanitize(c.error)}` : ''}`, tone: c.error ? 'error' : c.counts ? 'warn' : undefined });
  } else items.push({ label: 'futureupgrade', value: '— (the node has no such check: before v1.13, or /ext/health unreachable)', tone: 'muted' });
  const a = facts.announcements;
  if (!a) items.push({ label: 'Peers announce', value: '… (info.peers not read yet)', tone: 'muted' });
  else if (a.groups.length === 0) items.push({ label: 'Peers announce', value: 'nothing (peers before v1.14.1 send no upgradeTime)', tone: 'muted' });
  for (const g of a?.groups ?? []) {
    const later = own !== undefined && Math.floor(g.upgradeTimeMs / 1000) > Math.floor(own / 1000);
    const share = `${pct(groupShare(a!, g))} of ${a!.weighted ? 'stake' : 'peers'}`;
    const versions = g.versions.map((v) => `${v.version} (${formatCount(v.peers)})`).join(', ');
    items.push({
      label: formatTimestamp(g.upgradeTimeMs),
      value: `${share} · ${formatCount(g.peers)} peer${g.peers === 1 ? '' : 's'}: ${versions}${later ? ' · not scheduled by this node' : ''}`,
      tone: later ? 'warn' : undefined,
    });
  }
  if (remembered) {
    const release = remembered.release ? ` on ${remembered.release}` : '';
    items.push({
      label: 'Remembered',
      value: `${pct(remembered.sharePercent)} of ${remembered.shareOf} announced ${formatTimestamp(remembered.upgradeTimeMs)}${release}; first seen ${formatAge(remembered.firstSeenMs, now)}, last ${formatAge(remembered.lastSeenMs, now)}`,
      tone: 'muted',
    });
  }
  return items;
}
