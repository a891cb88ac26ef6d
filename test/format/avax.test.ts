import { describe, expect, it } from 'vitest';
import { formatAvax, formatAvaxCompact, shareOf } from '../../src/format/avax';

describe('formatAvax', () => {
  it('converts nAVAX to AVAX exactly, beyond 2^53', () => {
    expect(formatAvax(1_000_000_000n)).toBe('1');
    expect(formatAvax(2_000_000_000_000n, { unit: true })).toBe('2,000 AVAX');
    // 720,000,000 AVAX + 1 nAVAX: a float would lose the last digit.
    expect(formatAvax(720_000_000_000_000_001n, { decimals: 9 })).toBe('720,000,000.000000001');
    expect(formatAvax(18446744073709551615n, { decimals: 9, group: false })).toBe('18446744073.709551615');
  });
  it('rounds half-up at the chosen precision and trims zeros unless fixed', () => {
    expect(formatAvax(1_234_500_000n, { decimals: 3 })).toBe('1.235');
    expect(formatAvax(1_234_499_999n, { decimals: 3 })).toBe('1.234');
    expect(formatAvax(1_500_000_000n, { decimals: 3 })).toBe('1.5');
    expect(formatAvax(1_500_000_000n, { decimals: 3, fixed: true })).toBe('1.500');
    expect(formatAvax(999_999_999n, { decimals: 2 })).toBe('1');
    expect(formatAvax(0n)).toBe('0');
    expect(formatAvax(1n, { decimals: 9 })).toBe('0.000000001');
    expect(formatAvax(-2_500_000_000n, { decimals: 1 })).toBe('-2.5');
  });
  it('shows a dash for missing values', () => {
    expect(formatAvax(undefined)).toBe('—');
    expect(formatAvaxCompact(null)).toBe('—');
  });
  it('compacts large amounts', () => {
    expect(formatAvaxCompact(1_234_567n * 1_000_000_000n)).toBe('1.23M');
    expect(formatAvaxCompact(45_600n * 1_000_000_000n)).toBe('45.60K');
    expect(formatAvaxCompact(2_000_000_000n)).toBe('2');
  });
  it('computes shares', () => {
    expect(shareOf(1n, 4n)).toBe(25);
    expect(shareOf(5n, 0n)).toBe(0);
  });
});

describe('amounts in columns', () => {
  it('line up on the decimal point when right-aligned, two decimals each', async () => {
    const { formatAvaxColumn } = await import('../../src/format/avax');
    const values = [1_234_567n, 45_600n, 789n, 5n, 0n].map((a) => a * 1_000_000_000n).concat([1_500_000_000n]);
    const cells = values.map((v) => formatAvaxColumn(v).padStart(9));
    const points = new Set(cells.map((c) => c.indexOf('.')));
    expect(points.size).toBe(1);
    expect(cells.map((c) => c.trim())).toEqual(['1.23M', '45.60K', '789.00', '5.00', '0.00', '1.50']);
  });
  it('one-shot output keeps every nAVAX digit', async () => {
    const { formatAvaxExact } = await import('../../src/format/avax');
    expect(formatAvaxExact(1_167_010n)).toBe('0.001167010');
    expect(formatAvaxExact(1_000_000n)).toBe('0.001000000');
    expect(formatAvaxExact(2_000_000_000_000n)).toBe('2,000.000000000');
  });
});
