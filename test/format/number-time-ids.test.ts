import { describe, expect, it } from 'vitest';
import { formatCount, formatLatency, formatPercent } from '../../src/format/number';
import { formatAge, formatAgeShort, formatDataAge, formatBehind, formatClock, formatCountdown, formatDate, formatDuration, formatLocalClock, formatTimestamp, MONTHS } from '../../src/format/time';
import { shortenHex, shortenId } from '../../src/format/ids';
import { displayWidth, fit, truncate, wrapWords } from '../../src/format/width';

describe('numbers', () => {
  it('formats percentages, counts and latency', () => {
    expect(formatPercent(99.123)).toBe('99.12%');
    expect(formatPercent(NaN)).toBe('—');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(10n ** 12n)).toBe('1,000,000,000,000');
    expect(formatLatency(3.21)).toBe('3.2ms');
    expect(formatLatency(250)).toBe('250ms');
    expect(formatLatency(2500)).toBe('2.50s');
  });
});

describe('time', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('formats durations with two units', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(42_000)).toBe('42s');
    // Floating-point noise never costs a whole unit: 10% of 30 days is 3d 0h.
    expect(formatDuration((1 - 0.9) * 30 * 86_400_000)).toBe('3d 0h');
    expect(formatDuration(0.1 * 30 * 86_400_000)).toBe('3d 0h');
    expect(formatDuration(-0.2)).toBe('0ms');
    expect(formatDuration(5 * 60_000 + 7_000)).toBe('5m 07s');
    expect(formatDuration(4 * 3_600_000 + 5 * 60_000)).toBe('4h 05m');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000)).toBe('3d 4h');
  });
  it('formats ages and countdowns relative to the given clock', () => {
    expect(formatAge(now - 12_000, now)).toBe('12s ago');
    expect(formatAge(new Date(now - 200), now)).toBe('just now');
    expect(formatAge(now + 5_000, now)).toBe('in 5s');
    // The header's data age: "just now" for as long as the next poll is not late (the interval and a second).
    expect(formatDataAge(now - 1_900, now, 2_000)).toBe('just now');
    expect(formatDataAge(now - 2_999, now, 2_000)).toBe('just now');
    expect(formatDataAge(now - 3_000, now, 2_000)).toBe('3s ago');
    expect(formatDataAge(now - 1_500, now, 0)).toBe('1s ago');
    expect(formatDataAge(now + 5_000, now, 2_000)).toBe('in 5s');
    expect(formatDataAge(undefined, now, 2_000)).toBe('—');
    expect(formatAgeShort(now - 3 * 3_600_000, now)).toBe('3h');
    expect(formatCountdown(now + 90_000, now)).toBe('1m 30s');
    expect(formatCountdown(now - 1, now)).toBe('ended');
    expect(formatCountdown(undefined, now)).toBe('—');
    // One way to write an instant, on screens and in status: UTC, seconds only when there are any.
    expect(formatTimestamp(now)).toBe('2026-01-01 00:00Z');
    expect(formatTimestamp(now + 12_345)).toBe('2026-01-01 00:00:12Z');
    expect(formatTimestamp(new Date(now + 3_600_000))).toBe('2026-01-01 01:00Z');
    expect(formatClock(now - 5_000, now)).toBe('23:59:55Z');
    expect(formatClock(now - 60_000, now)).toBe('23:59:00Z');
    expect(formatClock(now - 2 * 86_400_000, now)).toBe('2025-12-30 00:00Z');
    expect(formatDate(now - 1)).toBe('2025-12-31');
  });
  it('writes instants as Date would, without its string methods (format/utc.ts)', () => {
    for (const ms of [now, now - 1, now + 12_345, Date.UTC(1969, 6, 20, 20, 17, 40), Date.UTC(2028, 1, 29, 23, 59, 59, 999)]) {
      const iso = new Date(ms).toISOString();
      const secs = iso.slice(17, 19) === '00' ? '' : `:${iso.slice(17, 19)}`;
      expect(formatTimestamp(ms)).toBe(`${iso.slice(0, 10)} ${iso.slice(11, 16)}${secs}Z`);
      expect(formatDate(ms)).toBe(iso.slice(0, 10));
      expect(formatClock(ms, ms + 1000)).toBe(`${iso.slice(11, 19)}Z`);
    }
  });
  it("names another day's month as toLocaleString('en-US') does, without building ICU's date formatter", () => {
    for (let m = 0; m < 12; m++) {
      const d = new Date(2026, m, 15, 9, 12, 5);
      expect(MONTHS[m]).toBe(d.toLocaleString('en-US', { month: 'short' }));
      expect(formatLocalClock(d.getTime(), d.getTime() + 3 * 86_400_000)).toBe(`${d.toLocaleString('en-US', { month: 'short' })} 15 09:12`);
    }
    expect(formatBehind(400)).toBe('in sync');
    expect(formatBehind(4_200)).toBe('4s behind');
    expect(formatBehind(-130_000)).toBe('2m 10s ahead');
  });
});

describe('ids and widths', () => {
  it('shortens IDs keeping the prefix and both ends', () => {
    expect(shortenId('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')).toBe('NodeID-7Xhw2m…St3Lg');
    expect(shortenId('short')).toBe('short');
    expect(shortenHex('0x' + 'ab'.repeat(48))).toBe('0xababab…ababab');
  });
  it('measures display width with wide and combining characters', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('e\u0301')).toBe(1);
  });
  it('pads and truncates by display width', () => {
    expect(fit('abc', 5)).toBe('abc  ');
    expect(fit('abc', 5, 'right')).toBe('  abc');
    expect(fit('abcdef', 4)).toBe('abc…');
    expect(truncate('日本語', 4)).toBe('日…');
    expect(displayWidth(fit('日本語テキスト', 7))).toBe(7);
  });
  it('wraps words to a width, cutting only a word longer than a line', () => {
    expect(wrapWords('upgrade before 2026-09-22 15:00 UTC (in 5d 0h)', 16)).toEqual(['upgrade before', '2026-09-22 15:00', 'UTC (in 5d 0h)']);
    // Never inside a figure: "4d 23h" and a date with its time stay on one line.
    expect(wrapWords('upgrade within (in 4d 23h) now', 18)).toEqual(['upgrade within (in', '4d 23h) now']);
    expect(wrapWords('at 2026-09-22 15:00 UTC', 12)).toEqual(['at', '2026-09-22…', 'UTC']);
    expect(wrapWords('a NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg b', 10)).toEqual(['a', 'NodeID-7X…', 'b']);
    expect(wrapWords('日本 語', 4)).toEqual(['日本', '語']);
    expect(wrapWords('x', 0)).toEqual([]);
  });
});
