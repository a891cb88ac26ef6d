// The clock for components that tick: only they re-render every second, not the frame around them.
import { useCallback, useRef, useSyncExternalStore } from 'react';
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

