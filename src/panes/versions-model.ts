// The version rules live in domain/ (the exporter asks them too); the versions pane's own table model is here.
import { sanitize } from '../format/sanitize';
import { formatCountdown, formatTimestamp } from '../format/time';

export * from '../domain/upgrades/versions';

export interface UpgradeRow {
  readonly upgrade: string;
  readonly time: string;
  readonly state: string;
  /** Scheduled and still ahead: worth a look before it activates. */
  readonly upcoming: boolean;
}

/** info.upgrades as rows of a table: upgrade, its time, and whether it is active (or when it will be). */
export function upgradeRows(times: ReadonlyArray<{ name: string; time: Date; scheduled: boolean }>, now: number): UpgradeRow[] {
  return times.map((u) => {
    const t = u.time.getTime();
    const upcoming = u.scheduled && t > now;
    return {
      upgrade: sanitize(u.name),
      time: u.scheduled ? formatTimestamp(t) : '—',
      state: !u.scheduled ? "not scheduled by this node's release" : upcoming ? `in ${formatCountdown(t, now)}` : 'active',
      upcoming,
    };
  });
}
