// Durations, relative ages, countdowns and instants: the one way avatop writes a time, on every screen, in `status`
// and in the exporter's words. Instants are UTC ("2026-11-30 16:38:12Z"), durations two units ("3d 4h", "4h 05m",
// "5m 07s"). `now` is always passed in so callers (and tests) own the clock.

import { isoUtc } from './utc';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3d 4h", "4h 05m", "5m 07s", "42s", "850ms" — two most significant units. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  // To the millisecond first: (1 - 0.9) × 30 days is 259199999.99999997 ms in floating point, and flooring that
  // showed 10% of 30 days as "2d 23h".
  const abs = Math.round(Math.abs(ms));
  const negative = ms < 0 && abs > 0;
  let text: string;
  if (abs < SECOND) text = `${Math.round(abs)}ms`;
  else if (abs < MINUTE) text = `${Math.floor(abs / SECOND)}s`;
  else if (abs < HOUR) {
    const m = Math.floor(abs / MINUTE);
    const s = Math.floor((abs % MINUTE) / SECOND);
    text = `${m}m ${String(s).padStart(2, '0')}s`;
  } else if (abs < DAY) {
    const h = Math.floor(abs / HOUR);
    const m = Math.floor((abs % HOUR) / MINUTE);
    text = `${h}h ${String(m).padStart(2, '0')}m`;
  } else {
    const d = Math.floor(abs / DAY);
    const h = Math.floor((abs % DAY) / HOUR);
    text = `${d}d ${h}h`;
  }
  return negative ? `-${text}` : text;
}

function toMs(t: Date | number | null | undefined): number | null {
  if (t === null || t === undefined) return null;
  const ms = typeof t === 'number' ? t : t.getTime();
  return Number.isFinite(ms) ? ms : null;
}

/** How long ago: "12s ago", "3m 02s ago", "just now"; future times read "in 5s". */
export function formatAge(t: Date | number | null | undefined, now: number): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  const delta = now - ms;
  if (Math.abs(delta) < SECOND) return 'just now';
  return delta >= 0 ? `${formatDuration(delta)} ago` : `in ${formatDuration(-delta)}`;
}

/**
 * How old the data on screen is: "just now" until a poll is late (younger than `intervalMs` and a second), then as
 * formatAge. At a 2 s interval the second-by-second "1s ago" / "just now" of formatAge told nothing, and redrew the
 * header every second at idle.
 */
export function formatDataAge(t: Date | number | null | undefined, now: number, intervalMs: number): string {
  const ms = toMs(t);
  if (ms !== null && now - ms >= 0 && now - ms < intervalMs + SECOND) return 'just now';
  return formatAge(t, now);
}

/** Short age for table cells: "12s", "3m", "4h", "2d". */
export function formatAgeShort(t: Date | number | null | undefined, now: number): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  const delta = Math.max(0, now - ms);
  if (delta < MINUTE) return `${Math.floor(delta / SECOND)}s`;
  if (delta < HOUR) return `${Math.floor(delta / MINUTE)}m`;
  if (delta < DAY) return `${Math.floor(delta / HOUR)}h`;
  return `${Math.floor(delta / DAY)}d`;
}

/** Time left until `t`: "3d 4h", or "ended" once passed. */
export function formatCountdown(t: Date | number | null | undefined, now: number): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  const left = ms - now;
  if (left <= 0) return 'ended';
  return formatDuration(left);
}

/**
 * "2026-11-24 12:00:05Z", "2026-09-22 15:00Z": an instant, in cells and in sentences alike; the seconds only when
 * there are any (a scheduled time reads as scheduled).
 */
export function formatTimestamp(t: Date | number | null | undefined): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  const iso = isoUtc(ms);
  return `${iso.slice(0, 10)} ${clockOf(iso)}`;
}

/** "12:00:05Z", "15:00Z" of an ISO string. */
function clockOf(iso: string): string {
  const secs = iso.slice(17, 19);
  return `${iso.slice(11, 16)}${secs === '00' ? '' : `:${secs}`}Z`;
}

/** "2026-11-24" */
export function formatDate(t: Date | number | null | undefined): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  return isoUtc(ms).slice(0, 10);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * English short month names, as `toLocaleString('en-US', { month: 'short' })` writes them: that call builds ICU's
 * date formatter, about 6 MiB more of Node's binary resident for the rest of the process.
 */
export const MONTHS: readonly string[] = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "09:12" today, "Nov 25 09:12" another day: local time, as the operator's own clock shows it. */
export function formatLocalClock(ms: number, now: number, seconds = false): string {
  const d = new Date(ms);
  const n = new Date(now);
  const time = `${pad2(d.getHours())}:${pad2(d.getMinutes())}${seconds ? `:${pad2(d.getSeconds())}` : ''}`;
  if (d.getFullYear() === n.getFullYear() && d.getMonth() === n.getMonth() && d.getDate() === n.getDate()) return time;
  return `${MONTHS[d.getMonth()]} ${d.getDate()} ${time}`;
}

/** "2026-11-26 09:12:05": local time in full, for one-shot output. */
export function formatLocalTimestamp(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/**
 * "14:05:09Z" within a day of `now` (a clock, read to the second, so its width never jumps), else the whole
 * timestamp: the chain's clock, when a reading was taken.
 */
export function formatClock(t: Date | number | null | undefined, now: number): string {
  const ms = toMs(t);
  if (ms === null) return '—';
  return Math.abs(now - ms) < DAY ? `${isoUtc(ms).slice(11, 19)}Z` : formatTimestamp(ms);
}

/** How far a clock (the chain's) is behind the reader's: "in sync" under a second, "4s behind", "2m 10s ahead". */
export function formatBehind(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (Math.abs(ms) < SECOND) return 'in sync';
  return ms > 0 ? `${formatDuration(ms)} behind` : `${formatDuration(-ms)} ahead`;
}
