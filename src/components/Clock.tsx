// Leaf components that tick: only they re-render every second, not the frame around them.
import { useEffect, useState } from 'react';
import { Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';

export function useNow(intervalMs = 1000, enabled = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!enabled) return;
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
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
