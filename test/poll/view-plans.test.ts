// The view plan's weight sampling: aligned heights, so each new block costs at most one getValidatorsAt.
import { describe, expect, it } from 'vitest';
import { weightHeights, WEIGHT_SAMPLES } from '../../src/poll/view-plans';

describe('weightHeights', () => {
  it('samples multiples of the step, newest first', () => {
    expect(weightHeights(1234n, 4, 10n)).toEqual([1230n, 1220n, 1210n, 1200n]);
    expect(weightHeights(15n, 4, 10n)).toEqual([10n, 0n]);
    expect(weightHeights(100_000n)).toHaveLength(WEIGHT_SAMPLES);
  });
  it('shares all but at most one sample between consecutive heights', () => {
    for (let h = 1000n; h < 1100n; h++) {
      const a = new Set(weightHeights(h));
      const fresh = weightHeights(h + 1n).filter((x) => !a.has(x));
      expect(fresh.length).toBeLessThanOrEqual(1);
    }
  });
});
