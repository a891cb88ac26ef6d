// The CLI's early collection (runtime/heap-governor.ts) and V8's gc without --expose-gc (runtime/gc.ts).
import { describe, expect, it } from 'vitest';
import { collectBeforeLargeRead, createHeapGovernor, LARGE_READ_GAP_MS, LARGE_READ_WAIT_MS, paceChecks, startHeapGovernor } from '../../src/runtime/heap-governor';
import { collectGarbage, exposeGc } from '../../src/runtime/gc';

describe('heap governor', () => {
  const MiB = 1024 * 1024;
  /** A governor whose collections are incremental: each one settles when the test says so. */
  const pending = (start: number) => {
    const heap = { used: start, collections: 0, finish: () => {} };
    const g = createHeapGovernor(() => heap.used, () => {
      heap.collections++;
      return new Promise<void>((resolve) => (heap.finish = resolve));
    }, { headroomBytes: 4 * MiB, headroomRatio: 0.15 });
    return { g, heap };
  };
  it('collects once garbage passes the headroom, and takes what is left as the new floor', () => {
    let used = 40 * MiB;
    let collections = 0;
    const g = createHeapGovernor(() => used, () => { collections++; used = 45 * MiB; }, { headroomBytes: 16 * MiB, headroomRatio: 0.25 });
    used = 55 * MiB;
    expect(g.check()).toBe(false);
    used = 57 * MiB;
    expect(g.check()).toBe(true);
    expect(collections).toBe(1);
    expect(g.liveBytes).toBe(45 * MiB);
  });

  it('grows the headroom with a bigger live set', () => {
    let used = 200 * MiB;
    const g = createHeapGovernor(() => used, () => {}, { headroomBytes: 16 * MiB, headroomRatio: 0.25 });
    used = 240 * MiB;
    expect(g.check()).toBe(false);
    used = 251 * MiB;
    expect(g.check()).toBe(true);
  });

  it('follows collections V8 made by itself', () => {
    let used = 60 * MiB;
    const g = createHeapGovernor(() => used, () => {}, { headroomBytes: 16 * MiB, headroomRatio: 0 });
    used = 30 * MiB;
    g.check();
    expect(g.liveBytes).toBe(30 * MiB);
  });

  it('starts no collection while an incremental one runs, and takes what it left as the floor once it settles', async () => {
    const { g, heap } = pending(40 * MiB);
    heap.used = 47 * MiB;
    expect(g.check()).toBe(true);
    heap.used = 60 * MiB;
    expect(g.check()).toBe(false);
    expect(heap.collections).toBe(1);
    heap.used = 42 * MiB;
    heap.finish();
    await Promise.resolve();
    expect(g.liveBytes).toBe(42 * MiB);
    // 15% of 42 MiB is 6.3 MiB: 48 is within it, 49 is not.
    heap.used = 48 * MiB;
    expect(g.check()).toBe(false);
    heap.used = 49 * MiB;
    expect(g.check()).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it('collects when told, whatever the headroom, but not while a collection runs; what it left is the floor', async () => {
    const { g, heap } = pending(40 * MiB);
    heap.used = 42 * MiB;
    expect(g.check()).toBe(false);
    expect(g.collect()).toBe(true);
    expect(g.collect()).toBe(false);
    expect(g.check()).toBe(false);
    expect(heap.collections).toBe(1);
    heap.used = 37 * MiB;
    heap.finish();
    await Promise.resolve();
    expect(g.liveBytes).toBe(37 * MiB);
    expect(g.collect()).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it('before a large read, collects when the garbage passes what it is told, and hands over the collection under way', async () => {
    const { g, heap } = pending(40 * MiB);
    heap.used = 40.5 * MiB;
    expect(g.prepare(MiB)).toBeUndefined();
    expect(heap.collections).toBe(0);
    heap.used = 41.5 * MiB;
    const first = g.prepare(MiB);
    expect(first).toBeDefined();
    expect(heap.collections).toBe(1);
    // One under way: that one, not a second.
    expect(g.prepare(0)).toBe(first);
    expect(heap.collections).toBe(1);
    heap.used = 39 * MiB;
    heap.finish();
    await first;
    expect(g.liveBytes).toBe(39 * MiB);
    heap.used = 39.9 * MiB;
    expect(g.prepare(MiB)).toBeUndefined();
  });

  it("makes a large read wait for the started governor's collection, for at most the time given, and not at all without one", async () => {
    // Settled before any timer can fire: the read did not wait.
    const atOnce = (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 0))]);
    // More than a MiB of garbage (held, so no collection of V8's own takes it first).
    const kept: unknown[] = [];
    const garbage = () => kept.push(Array.from({ length: 100_000 }, (_, i) => ({ i, s: `junk ${kept.length} ${i}`.repeat(2) })));
    // No governor (the exporter, a library user).
    expect(await atOnce(collectBeforeLargeRead(60_000, 0))).toBe(true);
    // A governor whose collections settle when told: the read waits for it.
    const finishers: Array<() => void> = [];
    const stop = startHeapGovernor({ headroomBytes: 1024 * MiB, headroomRatio: 0 }, undefined, () => new Promise<void>((r) => finishers.push(r)));
    try {
      garbage();
      let done = false;
      const read = collectBeforeLargeRead(60_000, 0).then(() => (done = true));
      expect(finishers).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 20));
      expect(done).toBe(false);
      finishers[0]!();
      await read;
      // A collection that never settles holds the read for the time given at most (the monitor's: a quarter second).
      garbage();
      const t = performance.now();
      await collectBeforeLargeRead(100, 0);
      expect(finishers).toHaveLength(2);
      expect(performance.now() - t).toBeGreaterThanOrEqual(95);
      expect(LARGE_READ_WAIT_MS).toBe(250);
      // Within the gap after the last one (a fleet's lists a few seconds apart): none, at once.
      finishers[1]!();
      await new Promise((r) => setTimeout(r, 0));
      garbage();
      expect(await atOnce(collectBeforeLargeRead(60_000, 10_000))).toBe(true);
      expect(finishers).toHaveLength(2);
      expect(LARGE_READ_GAP_MS).toBe(50_000);
    } finally {
      stop();
    }
  });

  it('makes one incremental full collection at the time it is given, and none without it below the headroom', async () => {
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const run = async (collectAtMs: number | undefined) => {
      const calls: Array<{ at: number; options: unknown }> = [];
      const started = performance.now();
      const stop = startHeapGovernor(undefined, collectAtMs, (options) => {
        calls.push({ at: performance.now() - started, options });
        return Promise.resolve();
      });
      await wait(300);
      stop();
      return calls;
    };
    const told = await run(100);
    expect(told).toHaveLength(1);
    expect(told[0]!.options).toEqual({ type: 'major', execution: 'async' });
    expect(told[0]!.at).toBeGreaterThanOrEqual(95);
    expect(await run(undefined)).toEqual([]);
    // Stopped before its time, it makes none.
    const calls: unknown[] = [];
    const stop = startHeapGovernor(undefined, 100, () => void calls.push(1));
    stop();
    await wait(200);
    expect(calls).toEqual([]);
  });

  it('has V8\'s incremental collection, which the governor starts: a promise, the old space\'s garbage freed once it settles', async () => {
    const { getHeapStatistics } = await import('node:v8');
    const gc = exposeGc() as (options?: { type: 'major'; execution: 'async' }) => unknown;
    let junk: unknown[] | undefined = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `x${i}` }));
    // A full collection first, so the objects live in the old space, where only a major collection frees them.
    gc();
    const high = getHeapStatistics().used_heap_size;
    expect((junk as unknown[]).length).toBe(200_000);
    junk = undefined;
    const pending = gc({ type: 'major', execution: 'async' });
    expect(typeof (pending as PromiseLike<unknown>)?.then).toBe('function');
    await pending;
    expect(getHeapStatistics().used_heap_size).toBeLessThan(high - 8 * 1024 * 1024);
  });

  it('gets a real gc without --expose-gc, and starts and stops its timer', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    expect(exposeGc()).toBe(gc);
    expect(() => collectGarbage()).not.toThrow();
    const stop = startHeapGovernor();
    stop();
  });

  it('checks at each tick, faster while the heap grows by more than a burst between checks, and back to the tick after', async () => {
    let used = 10_000_000;
    let checks = 0;
    let tick: (() => void) | undefined;
    const stop = paceChecks(
      () => checks++,
      () => used,
      (listener) => {
        tick = listener;
        return () => (tick = undefined);
      },
      { burstBytes: 1_000_000, burstMs: 5 },
    );
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    // Calm ticks: one check each, no timer of its own.
    tick!();
    tick!();
    await wait(40);
    expect(checks).toBe(2);
    // A burst: the next check sees it and checks come every 5 ms while it lasts.
    used += 3_000_000;
    tick!();
    const grow = setInterval(() => (used += 2_000_000), 2);
    await wait(60);
    clearInterval(grow);
    expect(checks).toBeGreaterThan(6);
    // Calm again: the fast checks stop after the first one that sees no growth.
    await wait(20);
    const settled = checks;
    await wait(60);
    expect(checks).toBe(settled);
    stop();
    expect(tick).toBeUndefined();
  });
});
