import { describe, expect, it } from 'vitest';
import { sparkline } from '../../src/components/Sparkline';

describe('sparkline', () => {
  it('scales between the window min and max', () => {
    expect(sparkline([0, 7], 2)).toBe('▁█');
    expect(sparkline([1, 2, 3, 4, 5, 6, 7, 8, 9], 3)).toBe('▁▅█');
  });

  it('draws a flat zero on the floor, not at mid-height where it reads as a value', () => {
    expect(sparkline([0, 0, 0], 3)).toBe('▁▁▁');
    expect(sparkline([5, 5], 2)).toBe('▄▄');
  });

  it('draws nothing without finite values or width', () => {
    expect(sparkline([], 5)).toBe('');
    expect(sparkline([Number.NaN], 5)).toBe('');
    expect(sparkline([1, 2], 0)).toBe('');
  });
});
