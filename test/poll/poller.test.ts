// Poller scheduling with a manual clock. `run` here is plain async work the test completes by hand: the HTTP side
// is covered in scheduler.test.ts against a real loopback server.
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/poll/backoff';
import { createManualClock } from '../../src/poll/clock';
import { createPoller } from '../../src/poll/poller';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A run function whose calls the test settles one by one. */
function scripted() {
  const calls: { d: ReturnType<typeof deferred<number>>; signal: AbortSignal; at: number }[] = [];
  let open = 0;
  let maxOpen = 0;
  return {
    calls,
    get maxOpen() {
      return maxOpen;
    },
    run(clockNow: () => number) {
      return (signal: AbortSignal) => {
        const d = deferred<number>();
        calls.push({ d, signal, at: clockNow() });
        open++;
        maxOpen = Math.max(maxOpen, open);
        return d.promise.finally(() => open--);
      };
    },
  };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((r) => setImmediate(r));
};

describe('backoffDelay', () => {
  it('doubles from the base and stops at the cap, jitter staying in the upper half', () => {
    const top = (n: number) => backoffDelay(n, { baseMs: 1000, maxMs: 30_000 }, () => 1);
    const bottom = (n: number) => backoffDelay(n, { baseMs: 1000, maxMs: 30_000 }, () => 0);
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect([1, 2, 6, 50].map(bottom)).toEqual([500, 1000, 15000, 15000]);
  });
});

describe('createPoller', () => {
  it('chains: never two in flight, even when refreshed or when a call outlasts the interval', async () => {
    const clock = createManualClock();
    const s = scripted();
    const p = createPoller({ run: s.run(clock.now), intervalMs: 1000, clock });
    p.start();
    expect(s.calls).toHaveLength(1);
    await clock.advance(5000); // the call hangs well past the interval
    p.refresh({ force: true });
    p.refresh();
    expect(s.calls).toHaveLength(1);
    s.calls[0]!.d.resolve(1);
    await settle();
    // the refresh asked during the call runs right after it, not in parallel
    expect(s.calls).toHaveLength(2);
    s.calls[1]!.d.resolve(2);
    await settle();
    expect(s.calls).toHaveLength(2);
    await clock.advance(999);
    expect(s.calls).toHaveLength(2);
    await clock.advance(1);
    expect(s.calls).toHaveLength(3);
    expect(s.maxOpen).toBe(1);
    p.stop();
  });

  it('backs off exponentially with a cap on failure, and recovers to the normal interval', async () => {
    const clock = createManualClock();
    const s = scripted();
    const failures: number[] = [];
    const delays: number[] = [];
    let ok = 0;
    const p = createPoller({
      run: s.run(clock.now),
      intervalMs: 500,
      clock,
      random: () => 1,
      backoff: { baseMs: 1000, maxMs: 8000 },
      onFailure: (_e, i) => {
        failures.push(i.failures);
        delays.push(i.retryInMs);
      },
      onSuccess: () => ok++,
    });
    p.start();
    for (let i = 0; i < 6; i++) {
      s.calls[i]!.d.reject(new Error('down'));
      await settle();
      await clock.advance(clock.nextAt()! - clock.now());
    }
    expect(failures).toEqual([1, 2, 3, 4, 5, 6]);
    expect(delays).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    const gaps = s.calls.slice(1).map((c, i) => c.at - s.calls[i]!.at);
    expect(gaps).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(p.failures).toBe(6);
    s.calls[6]!.d.resolve(7);
    await settle();
    expect(ok).toBe(1);
    expect(p.failures).toBe(0);
    await clock.advance(500);
    expect(s.calls).toHaveLength(8);
    p.stop();
  });

  it('does not retry an unsupported method every tick: only after the long re-probe delay or a forced refresh', async () => {
    const clock = createManualClock();
    const s = scripted();
    const unsupported = Object.assign(new Error("rpc: can't find method"), { unsupported: true });
    const p = createPoller({
      run: s.run(clock.now),
      intervalMs: 1000,
      clock,
      isUnsupported: (e) => (e as { unsupported?: boolean }).unsupported === true,
      unsupportedRetryMs: 600_000,
    });
    p.start();
    s.calls[0]!.d.reject(unsupported);
    await settle();
    expect(p.unsupported).toBe(true);
    await clock.advance(300_000);
    p.refresh(); // a height change does not wake it
    await settle();
    expect(s.calls).toHaveLength(1);
    await clock.advance(300_000);
    expect(s.calls).toHaveLength(2);
    s.calls[1]!.d.reject(unsupported);
    await settle();
    p.refresh({ force: true }); // the user asked
    await settle();
    expect(s.calls).toHaveLength(3);
    p.stop();
  });

  it('stop aborts the request in flight and drops its answer; start again begins a fresh chain', async () => {
    const clock = createManualClock();
    const s = scripted();
    const got: number[] = [];
    let cancelled = 0;
    const p = createPoller({ run: s.run(clock.now), intervalMs: 1000, clock, onSuccess: (d) => got.push(d), onCancel: () => cancelled++ });
    p.start();
    p.stop();
    expect(s.calls[0]!.signal.aborted).toBe(true);
    expect(cancelled).toBe(1);
    s.calls[0]!.d.resolve(1);
    await settle();
    expect(got).toEqual([]);
    await clock.advance(10_000);
    expect(s.calls).toHaveLength(1);
    p.start(2000);
    await clock.advance(1999);
    expect(s.calls).toHaveLength(1);
    await clock.advance(1);
    expect(s.calls).toHaveLength(2);
    s.calls[1]!.d.resolve(2);
    await settle();
    expect(got).toEqual([2]);
    p.stop();
  });

  it('keeps one signal across polls, and makes a new one only after stop aborted the one in flight', async () => {
    const clock = createManualClock();
    const s = scripted();
    let throwOnce = false;
    const p = createPoller({
      run: s.run(clock.now),
      intervalMs: 1000,
      clock,
      random: () => 1,
      onFailure: () => {
        if (throwOnce) {
          throwOnce = false;
          throw new Error('a callback failed');
        }
      },
    });
    p.start();
    s.calls[0]!.d.resolve(1);
    await settle();
    await clock.advance(1000);
    s.calls[1]!.d.reject(new Error('down')); // a failed poll does not abort either
    await settle();
    await clock.advance(clock.nextAt()! - clock.now());
    expect(s.calls).toHaveLength(3);
    const first = s.calls[0]!.signal;
    expect(s.calls.map((c) => c.signal)).toEqual([first, first, first]);
    // Stopped between polls: no request to abort, so the signal goes on.
    s.calls[2]!.d.resolve(3);
    await settle();
    p.stop();
    p.start();
    expect(s.calls[3]!.signal).toBe(first);
    // A callback that throws stops the chain without aborting anything: the signal goes on too.
    throwOnce = true;
    s.calls[3]!.d.reject(new Error('down'));
    await settle();
    expect(p.running).toBe(false);
    p.start();
    expect(s.calls[4]!.signal).toBe(first);
    expect(first.aborted).toBe(false);
    // Stopped in mid-request: that request's signal is aborted, and the next chain never sees it.
    p.stop();
    expect(first.aborted).toBe(true);
    p.start();
    const second = s.calls[5]!.signal;
    expect(second).not.toBe(first);
    expect(second.aborted).toBe(false);
    s.calls[5]!.d.resolve(6);
    await settle();
    await clock.advance(1000);
    expect(s.calls[6]!.signal).toBe(second);
    p.stop();
    expect(second.aborted).toBe(true);
  });

  it('once: stops after the first success, retries until then, and runs again on a forced refresh', async () => {
    const clock = createManualClock();
    const s = scripted();
    const p = createPoller({ run: s.run(clock.now), intervalMs: 1000, clock, once: true, random: () => 0 });
    p.start();
    s.calls[0]!.d.reject(new Error('x'));
    await settle();
    await clock.advance(clock.nextAt()! - clock.now());
    expect(s.calls).toHaveLength(2);
    s.calls[1]!.d.resolve(1);
    await settle();
    expect(p.running).toBe(false);
    await clock.advance(60_000);
    expect(s.calls).toHaveLength(2);
    p.refresh({ force: true });
    expect(s.calls).toHaveLength(3);
    s.calls[2]!.d.resolve(1);
    await settle();
  });
});
