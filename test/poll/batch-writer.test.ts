// Writes that refresh what is on screen wait for the clock's next tick, so they share its frame; first answers do not.
import { describe, expect, it } from 'vitest';
import { createBatchWriter } from '../../src/poll/batch-writer';
import { createManualClock } from '../../src/poll/clock';
import { createAvatopStore } from '../../src/state/store';
import { settledTick, SETTLE_MS } from '../../src/poll/scheduler';

function setup(withTick: boolean, tickGapMs?: number) {
  const store = createAvatopStore();
  const clock = createManualClock();
  let ticks: (() => void)[] = [];
  const nextTick = (fn: () => void) => {
    ticks.push(fn);
    return () => void (ticks = ticks.filter((t) => t !== fn));
  };
  const writer = createBatchWriter({ store, clock, batchMs: 100, ...(withTick ? { nextTick } : {}), ...(tickGapMs !== undefined ? { tickGapMs: () => tickGapMs } : {}) });
  let commits = 0;
  store.subscribe(() => commits++);
  const tick = () => {
    const due = ticks;
    ticks = [];
    for (const t of due) t();
  };
  const setPeers = (n: number) => (s: ReturnType<typeof store.getState>) => ({ ...s, marker: n }) as typeof s;
  return { store, clock, writer, tick, pendingTicks: () => ticks.length, commits: () => commits, setPeers };
}

describe('batch writer', () => {
  it('applies an urgent write within batchMs, without waiting for a tick', async () => {
    const t = setup(true);
    t.writer.enqueue(t.setPeers(1));
    await t.clock.advance(100);
    expect(t.commits()).toBe(1);
  });

  it('holds writes that are not urgent until the tick, and applies them all in one commit', async () => {
    const t = setup(true);
    t.writer.enqueue(t.setPeers(1), false);
    t.writer.record({ method: 'info.peers', bytes: 10, latencyMs: 1, ok: true });
    t.writer.enqueue(t.setPeers(2), false);
    await t.clock.advance(5_000);
    expect(t.commits()).toBe(0);
    expect(t.pendingTicks()).toBe(1);
    t.tick();
    expect(t.commits()).toBe(1);
    expect((t.store.getState() as unknown as { marker: number }).marker).toBe(2);
    expect(t.store.getState().accounting.byMethod['info.peers']?.requests).toBe(1);
  });

  it('lets an urgent write take the waiting ones along, and forgets the tick', async () => {
    const t = setup(true);
    t.writer.enqueue(t.setPeers(1), false);
    t.writer.enqueue(t.setPeers(2), true);
    await t.clock.advance(100);
    expect(t.commits()).toBe(1);
    expect(t.pendingTicks()).toBe(0);
  });

  it('without a tick source treats every write as urgent', async () => {
    const t = setup(false);
    t.writer.enqueue(t.setPeers(1), false);
    await t.clock.advance(100);
    expect(t.commits()).toBe(1);
  });

  it('flushes the writes that wait for a tick at most once a poll interval, so they share the block\'s frame', async () => {
    // A 2 s interval: the block's refresh at one tick, a slow resource's the next second, the next block's after.
    const t = setup(true, 1_500);
    t.writer.enqueue(t.setPeers(1), false);
    await t.clock.advance(1_000);
    t.tick();
    expect(t.commits()).toBe(1);
    t.writer.enqueue(t.setPeers(2), false);
    await t.clock.advance(1_000);
    t.tick();
    // One second after the last flush: held for the next tick.
    expect(t.commits()).toBe(1);
    expect(t.pendingTicks()).toBe(1);
    t.writer.enqueue(t.setPeers(3), false);
    await t.clock.advance(1_000);
    t.tick();
    expect(t.commits()).toBe(2);
    expect((t.store.getState() as unknown as { marker: number }).marker).toBe(3);
  });

  it('still applies an urgent write at once between two such flushes', async () => {
    const t = setup(true, 1_500);
    t.writer.enqueue(t.setPeers(1), false);
    t.tick();
    t.writer.enqueue(t.setPeers(2), true);
    await t.clock.advance(100);
    expect(t.commits()).toBe(2);
  });
});

describe('settledTick', () => {
  function setup() {
    const clock = createManualClock();
    let ticks: (() => void)[] = [];
    const nextTick = (fn: () => void) => {
      ticks.push(fn);
      return () => void (ticks = ticks.filter((t) => t !== fn));
    };
    let inFlight = 0;
    let idle: (() => void)[] = [];
    const whenIdle = (fn: () => void) => {
      idle.push(fn);
      return () => void (idle = idle.filter((f) => f !== fn));
    };
    const tick = () => {
      const due = ticks;
      ticks = [];
      for (const t of due) t();
    };
    const settle = () => {
      inFlight = 0;
      const due = idle;
      idle = [];
      for (const f of due) f();
    };
    const next = settledTick(nextTick, clock, () => inFlight, whenIdle);
    return { clock, next, tick, settle, waiting: () => idle.length, setInFlight: (n: number) => void (inFlight = n) };
  }

  it('calls back at the tick when nothing is in flight', () => {
    const t = setup();
    let called = 0;
    t.next(() => called++);
    t.tick();
    expect(called).toBe(1);
  });

  it('waits at the tick for the replies in flight (the block after its height), once', async () => {
    const t = setup();
    let called = 0;
    t.setInFlight(1);
    t.next(() => called++);
    t.tick();
    expect(called).toBe(0);
    await t.clock.advance(20);
    t.settle();
    expect(called).toBe(1);
    await t.clock.advance(SETTLE_MS);
    expect(called).toBe(1);
  });

  it('waits at most SETTLE_MS for a slow reply, and leaves no waiter behind', async () => {
    const t = setup();
    let called = 0;
    t.setInFlight(1);
    t.next(() => called++);
    t.tick();
    await t.clock.advance(SETTLE_MS);
    expect(called).toBe(1);
    expect(t.waiting()).toBe(0);
    t.settle();
    expect(called).toBe(1);
  });

  it('can be cancelled before or after the tick', async () => {
    const t = setup();
    let called = 0;
    t.next(() => called++)();
    t.tick();
    t.setInFlight(1);
    const cancel = t.next(() => called++);
    t.tick();
    cancel();
    expect(t.waiting()).toBe(0);
    await t.clock.advance(SETTLE_MS);
    t.settle();
    expect(called).toBe(0);
  });
});
