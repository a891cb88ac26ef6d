// Leaf components that tick: only they re-render every second, not the frame around them.
import { useEffect, useState } from 'react';
import { Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';

// One timer per interval shared by every ticking component: their updates land in the same task, React batches
// them, and Ink draws one frame per tick instead of one per component.
const tickers = new Map<number, { timer: ReturnType<typeof setInterval>; listeners: Set<(now: number) => void> }>();

function subscribe(intervalMs: number, listener: (now: number) => void): () => void {
  let t = tickers.get(intervalMs);
  if (!t) {
    const listeners = new Set<(now: number) => void>();
    const timer = setInterval(() => {
      const now = Date.now();
      for (const l of listeners) l(now);
    }, intervalMs);
    timer.unref?.();
    t = { timer, listeners };
    tickers.set(intervalMs, t);
  }
  t.listeners.add(listener);
  return () => {
    const cur = tickers.get(intervalMs);
    if (!cur) return;
    cur.listeners.delete(listener);
    if (cur.listeners.size === 0) {
      clearInterval(cur.timer);
      tickers.delete(intervalMs);
    }
  };
}

export function useNow(intervalMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    setNow(Date.now());
    return subscribe(intervalMs, setNow);
  }, [intervalMs, enabled]);
  return now;
}

/** Renders `render(now)` and re-renders itself once a second. */
export function Ticking({ render, style, intervalMs = 1000 }: { render: (now: number) => string; style?: Style; intervalMs?: number }) {
  const now = useNow(intervalMs);
  return <Text {...textProps(style)}>{render(now)}</Text>;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner({ active }: { active: boolean }) {
  const theme = useTheme();
  const now = useNow(120, active);
  if (!active) return <Text> </Text>;
  return <Text {...textProps(theme.chrome.spinner)}>{FRAMES[Math.floor(now / 120) % FRAMES.length]}</Text>;
}
