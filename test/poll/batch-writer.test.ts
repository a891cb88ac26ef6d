// Writes that refresh what is on screen wait for the clock's next tick, so they share its frame; first answers do not.
import { describe, expect, it } from 'vitest';
import { createBatchWriter } from '../../src/poll/batch-writer';
import { createManualClock } from '../../src/poll/clock';
import { createAvatopStore } from '../../src/state/store';

function setup(withTick: boolean) {
  const store = createAvatopStore();
  const clock = createManualClock();
  let ticks: (() => void)[] = [];
  const nextTick = (fn: () => void) => {
    ticks.push(fn);
    return () => void (ticks = ticks.filter((t) => t !== fn));
  };
  const writer = createBatchWriter({ store, clock, batchMs: 100, ...(withTick ? { nextTick } : {}) });
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
});
