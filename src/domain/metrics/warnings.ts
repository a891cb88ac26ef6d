// When the node's host is running out of something avatop can see in its metrics. The thresholds live here only;
// the header, the metrics pane and any other surface ask this module.
import { latest, type MetricsSeries } from '../../metrics/series';

/** Disk is low below either mark: a share of the volume, or an absolute amount (a big volume at 10% still has room). */
export const DISK_MIN_PERCENT = 10;
export const DISK_MIN_BYTES = 20 * 1024 ** 3;
/** Open file descriptors near the process limit: avalanchego fails to accept peers and open databases past it. */
export const FD_WARN_SHARE = 0.9;

export type ResourceWarning =
  | { readonly kind: 'disk'; readonly availableBytes: number | undefined; readonly availablePercent: number | undefined }
  | { readonly kind: 'fds'; readonly open: number; readonly max: number };

export function diskLow(availableBytes: number | undefined, availablePercent: number | undefined): boolean {
  if (availableBytes !== undefined && availableBytes < DISK_MIN_BYTES) return true;
  return availablePercent !== undefined && availablePercent < DISK_MIN_PERCENT;
}

export function fdsNearLimit(open: number | undefined, max: number | undefined): boolean {
  return open !== undefined && max !== undefined && max > 0 && open >= FD_WARN_SHARE * max;
}

export function resourceWarnings(s: MetricsSeries | undefined): ResourceWarning[] {
  const out: ResourceWarning[] = [];
  const bytes = latest(s, 'diskAvailableBytes');
  const percent = latest(s, 'diskAvailablePercent');
  if (diskLow(bytes, percent)) out.push({ kind: 'disk', availableBytes: bytes, availablePercent: percent });
  const open = latest(s, 'openFds');
  const max = latest(s, 'maxFds');
  if (fdsNearLimit(open, max)) out.push({ kind: 'fds', open: open!, max: max! });
  return out;
}
