// The header's word on a network upgrade this node's release does not schedule (domain/upgrades decides; this only
// styles it): "upgrade to v1.15.0 in 4d 3h", "LEFT BEHIND since 2026-09-22: upgrade to v1.15.0".
import type { UpgradeVerdict } from '../domain/upgrades/deadline';
import { sanitize } from '../format/sanitize';
import type { Style, Theme } from '../theme/schema';
import type { HeaderPart } from './header-fit';

export function upgradeBadgeParts(v: UpgradeVerdict, theme: Theme, stale: boolean): Array<HeaderPart<Style>> {
  if (!v.badge || v.severity === 'ok') return [];
  const style = stale ? theme.status.stale : v.severity === 'critical' ? theme.status.error : v.severity === 'warning' ? theme.status.warn : theme.status.info;
  // More than a week ahead it gives way to the height on a narrow terminal; from a week on it stays.
  return [{ text: `  ${sanitize(v.badge)}`, style, ...(v.severity === 'notice' ? { drop: 2 } : {}) }];
}
