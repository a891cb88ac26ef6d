// Time as the pollers see it. Injectable so tests and the poll benchmark can drive minutes of schedule in
// milliseconds of real time; the monitor uses the system clock.

export interface Clock {
  now(): number;
  /** Run `fn` after `ms`; returns a function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const t = setTimeout(fn, Math.max(0, ms));
    // Timers must not keep a CLI (`avatop status`) alive after its work is done.
    t.unref?.();
    return () => clearTimeout(t);
  },
};

export interface ManualClock extends Clock {
  /** Move time forward, firing due timers in order; awaits pending promise callbacks between timers. */
  advance(ms: number): Promise<void>;
  /** Number of timers waiting. */
  pending(): number;
  /** When the next timer fires, or undefined. */
  nextAt(): number | undefined;
}

/** A clock that only moves when told to: for tests and for the simulated-time poll benchmark. */
export function createManualClock(start = 0): ManualClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; seq: number; fn: () => void }>();
  const settle = async () => {
    // Let promise chains woken by a timer run (and schedule their next timers) before time moves on.
    for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
  };
  return {
    now: () => now,
    setTimer(ms, fn) {
      const id = ++seq;
      timers.set(id, { at: now + Math.max(0, ms), seq: id, fn });
      return () => void timers.delete(id);
    },
    pending: () => timers.size,
    nextAt() {
      let best: number | undefined;
      for (const t of timers.values()) if (best === undefined || t.at < best) best = t.at;
      return best;
    },
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        let next: { at: number; seq: number; fn: () => void } | undefined;
        let nextId = 0;
        for (const [id, t] of timers) {
          if (t.at <= until && (!next || t.at < next.at || (t.at === next.at && t.seq < next.seq))) {
            next = t;
            nextId = id;
          }
        }
        if (!next) break;
        timers.delete(nextId);
        now = Math.max(now, next.at);
        next.fn();
        await settle();
      }
      now = until;
      await settle();
    },
  };
}
