// The CLI's early collection (runtime/heap-governor.ts) and V8's gc without --expose-gc (runtime/gc.ts).
import { describe, expect, it } from 'vitest';
import { createHeapGovernor, startHeapGovernor } from '../../src/runtime/heap-governor';
import { collectGarbage, exposeGc } from '../../src/runtime/gc';

describe('heap governor', () => {
  const MiB = 1024 * 1024;
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

  it('gets a real gc without --expose-gc, and starts and stops its timer', () => {
    const gc = exposeGc();
    expect(typeof gc).toBe('function');
    expect(exposeGc()).toBe(gc);
    expect(() => collectGarbage()).not.toThrow();
    const stop = startHeapGovernor(10);
    stop();
  });
});
