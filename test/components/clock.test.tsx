// The clocks: a component on useNowText renders again when what it shows of the time changes, not every tick.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { useNowText } from '../../src/components/Clock';

describe('useNowText', () => {
  it('re-renders on a tick only when the text it shows of the time changes', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      let renders = 0;
      const start = Date.now();
      // "just now" for five seconds, then the seconds since.
      const age = (t: number) => (t - start < 5_000 ? 'just now' : `${Math.floor((t - start) / 1000)}s ago`);
      function Age() {
        renders++;
        const now = useNowText(1000, age);
        return <Text>{age(now)}</Text>;
      }
      const r = render(<Age />);
      const first = renders;
      await vi.advanceTimersByTimeAsync(3_000);
      expect(renders).toBe(first);
      expect(r.lastFrame()).toBe('just now');
      await vi.advanceTimersByTimeAsync(3_000);
      expect(r.lastFrame()).toBe('6s ago');
      const later = renders;
      await vi.advanceTimersByTimeAsync(2_000);
      expect(r.lastFrame()).toBe('8s ago');
      expect(renders).toBe(later + 2);
      r.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
