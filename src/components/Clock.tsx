// Leaf components that tick: only they re-render every second, not the frame around them.
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { subscribeTick, tickNow } from '../runtime/ticker';

// One timer per interval shared by every ticking component (runtime/ticker.ts): their updates land in the same
// task, React batches them, and Ink draws one frame per tick instead of one per component.
export function useNow(intervalMs = 1000, enabled = true): number {
  // An external store rather than state: with the store writes that wait for the same tick (poll/batch-writer.ts)
  // it is one synchronous update, so React renders once and Ink paints one frame a second.
  const subscribe = useCallback((notify: () => void) => (enabled ? subscribeTick(intervalMs, notify) : () => {}), [intervalMs, enabled]);
  const frozen = useRef(Date.now());
  return useSyncExternalStore(subscribe, () => (enabled ? tickNow(intervalMs) : frozen.current));
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
