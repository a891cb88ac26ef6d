// Sentences are cut at a word, never inside the figure that matters: "… (2d 0h over the 2d 2…" read as a number.
import { describe, expect, it } from 'vitest';
import { fitWords, truncateWords } from '../../src/format/width';

describe('truncateWords', () => {
  const lost = 'reward lost for this period (2d 0h over the 2d 2h allowed)';

  it('keeps what fits, and cuts at a word boundary with an ellipsis', () => {
    expect(truncateWords(lost, 80)).toBe(lost);
    expect(truncateWords('can be offline 23h 10m more this period', 30)).toBe('can be offline 23h 10m more…');
  });

  it('never splits a duration, an amount or a percentage', () => {
    for (let w = 10; w < lost.length; w++) {
      const cut = truncateWords(lost, w);
      expect(cut.length).toBeLessThanOrEqual(w);
      // Whatever is kept of a figure is all of it: a day count always with its hours.
      expect(cut).not.toMatch(/\d+d…$|\d+d $|\d…$/);
      for (const days of cut.matchAll(/\d+d(?= |…|$)/g)) expect(cut.slice(days.index)).toMatch(/^\d+d \d+h/);
    }
    expect(truncateWords('balance 12 AVAX left for 3 days', 20)).toBe('balance 12 AVAX…');
    expect(truncateWords('uptime at 89.5 % of the 90 % needed', 17)).toBe('uptime at 89.5 %…');
    expect(truncateWords('uptime at 89.5 % of the 90 % needed', 16)).toBe('uptime at…');
  });

  it('cuts one long word by characters, and pads to the width', () => {
    expect(truncateWords('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 12)).toBe('NodeID-7Xhw…');
    expect(fitWords('a b', 5)).toBe('a b  ');
    expect(fitWords(lost, 0)).toBe('');
  });
});
