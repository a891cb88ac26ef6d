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


/**
 * The clock's time, re-rendering only when `textOf(now)` changes: for a component whose every second gives the same
 * text (a data age that reads "just now" until a poll is late), where a render a second that changes nothing was
 * React's work for nothing. `textOf` is what the component shows of the time; the component reads the time itself
 * from the return value.
 */
export function useNowText(intervalMs: number, textOf: (now: number) => string): number {
  const subscribe = useCallback((notify: () => void) => subscribeTick(intervalMs, notify), [intervalMs]);
  // Stable while `textOf` is: React then asks for the text once a render, not again after each commit.
  const getSnapshot = useCallback(() => textOf(tickNow(intervalMs)), [textOf, intervalMs]);
  useSyncExternalStore(subscribe, getSnapshot);
  return tickNow(intervalMs);
}

/**
 * `textOf(now)`, made again only once the wall clock is in another window of `windowMs` than the text's (or while it
 * is empty), at whatever render comes: a figure that moves a little at every render (a rate per minute) is drawn
 * again at most once a window, with a frame that draws something else anyway, and no timer of its own.
 */
export function useTextHeldFor(windowMs: number, textOf: (now: number) => string): string {
  const held = useRef<{ window: number; text: string }>(undefined);
  const now = Date.now();
  const window = Math.floor(now / windowMs);
  if (held.current === undefined || held.current.window !== window || held.current.text === '') held.current = { window, text: textOf(now) };
  return held.current.text;
}
