// An instant's UTC text by arithmetic, the same string as `new Date(ms).toISOString()`. Node 20's V8 looks up the
// local time zone and its display name through ICU in toISOString (and toUTCString, toJSON) although the answer is
// UTC: the first call maps about 0.9 MiB more of Node's binary (ICU's time-zone code and data) into the monitor,
// which formats UTC instants many times a minute and local ones only beside recent events (docs/performance.md).

const DAY_MS = 86_400_000;
/** The ECMAScript time value's range (±100,000,000 days around 1970). */
const MAX_MS = 8.64e15;

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Year, month (1-12) and day of the proleptic Gregorian calendar for a count of days since 1970-01-01. */
function civilFromDays(days: number): { year: number; month: number; day: number } {
  // Days from 0000-03-01, so a leap day ends its 400-year era's year; eras of 146,097 days.
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/**
 * "2026-11-27T10:15:01.123Z": `new Date(ms).toISOString()`, with its year forms ("+012345", "-000001") and its
 * RangeError outside Date's range; a fractional `ms` is cut toward zero as Date does.
 */
export function isoUtc(ms: number): string {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) throw new RangeError('Invalid time value');
  const t = Math.trunc(ms) + 0;
  const days = Math.floor(t / DAY_MS);
  let rest = t - days * DAY_MS;
  const { year, month, day } = civilFromDays(days);
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const y =
    year >= 0 && year <= 9999 ? String(year).padStart(4, '0') : `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`;
  return `${y}-${pad2(month)}-${pad2(day)}T${pad2(h)}:${pad2(m)}:${pad2(s)}.${pad3(rest - s * 1000)}Z`;
}
