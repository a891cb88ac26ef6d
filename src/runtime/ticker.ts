// One timer per interval for everything that ticks: the clocks on screen (components/Clock.tsx) and the store writes
// that may wait for the next second (poll/batch-writer.ts). Called in the same task, their updates make one React
// render and one Ink frame, where two timers a few milliseconds apart made two.

type Listener = (now: number) => void;

const tickers = new Map<number, { timer: ReturnType<typeof setInterval>; listeners: Set<Listener> }>();
const lastTick = new Map<number, number>();

/** The time of the interval's last tick: a snapshot that stays put between ticks, as React needs. */
export function tickNow(intervalMs: number): number {
  let now = lastTick.get(intervalMs);
  if (now === undefined) {
    now = Date.now();
    lastTick.set(intervalMs, now);
  }
  return now;
}

export function subscribeTick(intervalMs: number, listener: Listener): () => void {
  let t = tickers.get(intervalMs);
  if (!t) {
    const listeners = new Set<Listener>();
    const timer = setInterval(() => {
      const now = Date.now();
      lastTick.set(intervalMs, now);
      for (const l of [...listeners]) l(now);
    }, intervalMs);
    timer.unref?.();
    // A ticker that starts afresh starts from now, not from when the last one stopped.
    lastTick.set(intervalMs, Date.now());
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

/** Calls `fn` once, on the next tick of the one-second timer; returns a cancel function. */
export function onNextSecond(fn: () => void): () => void {
  const off = subscribeTick(1000, () => {
    off();
    fn();
  });
  return off;
}
