// The remembered announcement (state/upgrade-announcements.ts `UpgradeAnnouncement`) read back from JSON: what a
// later run (the event log) hands the rule. Anything off the shape is dropped, not trusted: a file is input too.
import type { UpgradeAnnouncement } from '../../state/upgrade-announcements';
import { parseVersion, shortVersion } from './versions';

type Obj = Record<string, unknown>;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `value` as an UpgradeAnnouncement, or undefined when it is not one. */
export function parseUpgradeAnnouncement(value: unknown): UpgradeAnnouncement | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const o = value as Obj;
  if (o.version !== 1 || !finite(o.upgradeTimeMs) || !finite(o.sharePercent) || !finite(o.firstSeenMs) || !finite(o.lastSeenMs)) return undefined;
  if (o.shareOf !== 'stake' && o.shareOf !== 'peers') return undefined;
  if (o.sharePercent < 0 || o.sharePercent > 100) return undefined;
  const release = typeof o.release === 'string' && parseVersion(o.release) ? shortVersion(o.release) : undefined;
  const nodeVersion = typeof o.nodeVersion === 'string' && parseVersion(o.nodeVersion) ? o.nodeVersion.slice(0, 64) : undefined;
  return {
    version: 1,
    upgradeTimeMs: Math.floor(o.upgradeTimeMs / 1000) * 1000,
    ...(release ? { release } : {}),
    sharePercent: o.sharePercent,
    shareOf: o.shareOf,
    ...(nodeVersion ? { nodeVersion } : {}),
    ...(finite(o.ownUpgradeTimeMs) ? { ownUpgradeTimeMs: o.ownUpgradeTimeMs } : {}),
    ...(finite(o.connectedPercent) && o.connectedPercent >= 0 && o.connectedPercent <= 100 ? { connectedPercent: o.connectedPercent } : {}),
    ...(finite(o.networkId) ? { networkId: o.networkId } : {}),
    firstSeenMs: o.firstSeenMs,
    lastSeenMs: o.lastSeenMs,
  };
}
