// The one set of tolerant readers, for values no schema checked (the codec's decoded records, JSON blocks).
import { describe, expect, it } from 'vitest';
import { big, date, num, obj, str } from '../../src/format/fields';

describe('format/fields readers', () => {
  it('read integers from bigints, numbers and decimal strings only', () => {
    expect(big(5n)).toBe(5n);
    expect(big(7)).toBe(7n);
    expect(big(' 21681094 ')).toBe(21681094n);
    expect(big('1.5')).toBeUndefined();
    expect(big(null)).toBeUndefined();
    expect(num('2.5')).toBe(2.5);
    expect(num(3n)).toBe(3);
    expect(num(Number.NaN)).toBeUndefined();
    expect(num('')).toBeUndefined();
  });

  it('read times as milliseconds: Dates, RFC 3339, and Unix seconds (numbers, bigints, digit strings)', () => {
    expect(date(new Date(1_700_000_000_000))).toBe(1_700_000_000_000);
    expect(date('1700000000')).toBe(1_700_000_000_000);
    expect(date(1_700_000_000n)).toBe(1_700_000_000_000);
    expect(date('2026-11-22T02:00:00-04:00')).toBe(Date.parse('2026-11-22T06:00:00Z'));
    expect(date('not a time')).toBeUndefined();
    expect(date(new Date(Number.NaN))).toBeUndefined();
  });

  it('never throw on a shape, and print nothing the terminal would run', () => {
    expect(obj([1])).toEqual({});
    expect(obj(null)).toEqual({});
    expect(str(undefined)).toBe('—');
    expect(str(12n)).toBe('12');
    expect(str('\x1b[2Jx')).not.toContain('\x1b');
  });
});
