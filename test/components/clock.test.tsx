// The clocks: a component on useNowText renders again when what it shows of the time changes, not every tick.
import { describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { useNowText, useTextHeldFor } from '../../src/components/Clock';

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

describe('useTextHeldFor', () => {
  it('makes the text again at a render in another window of the wall clock, and not before', async () => {
    vi.useFakeTimers({ now: 2_000_000 });
    try {
      let made = 0;
      function Rate({ n }: { n: number }) {
        const text = useTextHeldFor(10_000, () => {
          made++;
          return `${n} req/min`;
        });
        return <Text>{text}</Text>;
      }
      const r = render(<Rate n={1} />);
      expect(r.lastFrame()).toBe('1 req/min');
      // Renders within the same ten seconds (a block every 2 s) keep the text the window began with.
      for (const n of [2, 3, 4]) {
        vi.setSystemTime(Date.now() + 2_000);
        r.rerender(<Rate n={n} />);
        expect(r.lastFrame()).toBe('1 req/min');
      }
      expect(made).toBe(1);
      vi.setSystemTime(2_010_000);
      r.rerender(<Rate n={5} />);
      expect(r.lastFrame()).toBe('5 req/min');
      expect(made).toBe(2);
      r.unmount();
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes an empty text again at every render, so what appears is not held back a window', () => {
    vi.useFakeTimers({ now: 3_000_000 });
    try {
      function Rate({ n }: { n: number }) {
        return <Text>{useTextHeldFor(10_000, () => (n === 0 ? '' : `${n} req/min`))}</Text>;
      }
      const r = render(<Rate n={0} />);
      expect(r.lastFrame()).toBe('');
      vi.setSystemTime(3_001_000);
      r.rerender(<Rate n={7} />);
      expect(r.lastFrame()).toBe('7 req/min');
      r.unmount();
    } finally {
      vi.useRealTimers();
    }
  });
});
