// The fault matrix against the store and scheduler: the real client over loopback HTTP to the simulated node, the
// scheduler on a manual clock so "within one interval" is exact (requests and client timeouts still run in real time).
import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, backoffDelay } from '../../src/poll/backoff';
import { createManualClock } from '../../src/poll/clock';
import { createScheduler } from '../../src/poll/scheduler';
import { createClient } from '../../src/rpc/client';
import { ResponseTooLargeError } from '../../src/rpc/errors';
import { createSimNode, type SimNode } from '../../src/sim/index';
import type { Resource } from '../../src/state/resource';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { quiesce, runFor } from '../helpers/poll-drive';
import { freePort } from '../helpers/ports';
import { FAULT_CASES, MATRIX_MAX_BYTES, MATRIX_TIMEOUT_MS, expectWords, watchUnhandledRejections } from './helpers';
import { track } from '../helpers/track';

const START = Date.UTC(2026, 10, 1);
const INTERVAL = 2_000;
const SIM = { validators: 60, peers: 20, utxos: 30, subnets: 2, autoAdvance: false, startTimeMs: START } as const;

const rejections = watchUnhandledRejections();
/**
 * How long after a fault clears the header's next poll can be: one interval, or the backoff of its failure count
 * if longer (the height probe backs off when its failures are expensive: huge bodies, stalls past the timeout).
 */
const retryBound = (failures: number) => Math.max(INTERVAL, backoffDelay(failures, DEFAULT_BACKOFF, () => 0.5)) + 500;
/** Every resource has retried by then: the slow cadence (30 s) or the backoff cap (30 s), whichever is due. */
const ALL_RETRIED_MS = 32_000;

function monitor(url: string, sim: () => SimNode | undefined, opts: { maxBytes?: number; timeoutMs?: number } = {}) {
  const client = createClient({ url, timeoutMs: opts.timeoutMs ?? MATRIX_TIMEOUT_MS, maxBytes: opts.maxBytes ?? MATRIX_MAX_BYTES });
  const clock = createManualClock(START);
  const store = createAvatopStore({ now: START });
  const scheduler = createScheduler({ client, store, clock, intervalMs: INTERVAL, random: () => 0.5 });
  track(client);
  track(scheduler, (sc) => sc.stop());
  scheduler.start();
  const run = (ms: number) => runFor(clock, scheduler, store, ms, { stepMs: 500, onStep: (d) => sim()?.tick(d) });
  return { client, store, scheduler, run, settle: () => quiesce(scheduler, store) };
}

/** Every Resource in the store (found by shape), with where it sits. */
function resources(store: AvatopStore): [string, Resource<unknown>][] {
  const out: [string, Resource<unknown>][] = [];
  const walk = (v: unknown, path: string) => {
    if (!v || typeof v !== 'object') return;
    if ('status' in v && 'stale' in v && 'failures' in v) {
      out.push([path, v as Resource<unknown>]);
      return;
    }
    if (path.split('.').length > 4) return;
    for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(store.getState(), '');
  return out.filter(([p]) => !p.startsWith('ui'));
}

/** What the header needs: P-chain height, node ID and version. */
const header = (store: AvatopStore) => {
  const s = store.getState();
  return { height: s.pchain.height, nodeId: s.node.id, version: s.node.version };
};

describe('fault matrix: store and scheduler', () => {
  for (const c of FAULT_CASES) {
    it(`${c.name}: words, last data kept and marked stale, recovery within one interval`, async () => {
      const sim = track(await createSimNode({ ...SIM, seed: 3 }));
      const m = monitor(c.hostname ? sim.url.replace('127.0.0.1', 'localhost') : sim.url, () => sim);
      await m.settle();
      const good = header(m.store);
      expect(good.height.status).toBe('ok');
      expect(good.nodeId.status).toBe('ok');
      const h0 = good.height.data!;

      sim.faults.add(c.fault);
      // Several intervals of failures: backoff has grown by the time the fault clears.
      await m.run(INTERVAL * 6);
      const bad = header(m.store).height;
      expect(bad.status).toBe('error');
      expect(bad.data).toBe(h0);
      expect(bad.stale).toBe(true);
      expect(bad.bootstrapping).toBe(c.bootstrapping === true);
      expectWords(bad.error?.short, c.words);
      expect(bad.failures).toBeGreaterThanOrEqual(3);
      // Nothing that had data lost it.
      for (const [path, r] of resources(m.store)) {
        if (r.updatedAt !== undefined) expect(r.data, path).toBeDefined();
      }

      sim.faults.clear();
      await m.run(retryBound(bad.failures));
      const after = header(m.store);
      expect(after.height.status).toBe('ok');
      expect(after.height.stale).toBe(false);
      expect(after.height.data! > h0).toBe(true);
      await m.run(ALL_RETRIED_MS);
      const failing = resources(m.store).filter(([, r]) => r.status === 'error' || r.stale);
      expect(failing.map(([p, r]) => `${p}: ${r.error?.short}`)).toEqual([]);
    });
  }

  it('a node that is down at start: "connection refused" in words, then data one interval after it comes up', async () => {
    const port = await freePort();
    let sim: SimNode | undefined;
    const m = monitor(`http://127.0.0.1:${port}`, () => sim);
    await m.settle();
    await m.run(INTERVAL * 6);
    const down = header(m.store).height;
    expect(down.status).toBe('error');
    expect(down.data).toBeUndefined();
    expectWords(down.error?.short, /connection refused/);
    expect(down.failures).toBeGreaterThanOrEqual(3);

    sim = track(await createSimNode({ ...SIM, seed: 4, port }));
    await m.run(retryBound(down.failures));
    expect(header(m.store).height.status).toBe('ok');
    await m.run(ALL_RETRIED_MS);
    const up = header(m.store);
    expect(up.height.status).toBe('ok');
    expect(up.nodeId.status).toBe('ok');
    expect(up.version.status).toBe('ok');
  });

  it('a restart mid-session: refused while down, the last data kept stale, back within one interval', async () => {
    const sim = track(await createSimNode({ ...SIM, seed: 5 }));
    const m = monitor(sim.url, () => sim);
    await m.settle();
    const h0 = header(m.store).height.data!;
    const restarted = sim.faults.restart(60_000);
    await m.run(INTERVAL * 6);
    const down = header(m.store).height;
    expect(down.status).toBe('error');
    expect(down.data).toBe(h0);
    expect(down.stale).toBe(true);
    expectWords(down.error?.short, /connection refused|reset|network error/);
    // Bring it back now rather than after the minute.
    const back = sim.faults.restart(0);
    await Promise.race([restarted, back]);
    await back;
    await m.run(retryBound(down.failures));
    const up = header(m.store).height;
    expect(up.status).toBe('ok');
    expect(up.stale).toBe(false);
  });

  it('a 100 MB body is cut at the default 32 MiB cap, not buffered whole', async () => {
    const sim = track(await createSimNode({ ...SIM, seed: 6 }));
    const client = track(createClient({ url: sim.url, timeoutMs: 60_000 }));
    sim.faults.add({ kind: 'huge', bytes: 100 * 1024 * 1024, times: 1 });
    let peak = 0;
    const base = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss - base)), 2);
    let caught: unknown;
    try {
      await client.info.getNodeID();
    } catch (err) {
      caught = err;
    } finally {
      clearInterval(sampler);
    }
    expect(caught).toBeInstanceOf(ResponseTooLargeError);
    expectWords((caught as ResponseTooLargeError).short, /\w+ \w+/);
    // Both ends live in this process; 100 MB held anywhere would show. The cap itself is 32 MiB.
    expect(peak).toBeLessThan(90 * 1024 * 1024);
    await expect(client.info.getNodeID()).resolves.toBeDefined();
  });

  // Issue 8: recovery within one interval after the fault clears, however long it lasted. The height probe keeps
  // the normal pace while its failures are cheap (refused, a status line, a short error body), so after six failed
  // intervals the screen is fresh again one interval after the node is.
  it('issue 8 target: recovery within one interval after six failed intervals', async () => {
    const sim = track(await createSimNode({ ...SIM, seed: 7 }));
    const m = monitor(sim.url, () => sim);
    await m.settle();
    sim.faults.add({ kind: 'http-error', status: 502 });
    await m.run(INTERVAL * 6);
    sim.faults.clear();
    await m.run(INTERVAL);
    expect(header(m.store).height.status).toBe('ok');
    expect(header(m.store).height.stale).toBe(false);
  });

  it('no unhandled rejections so far', () => {
    expect(rejections.list).toEqual([]);
  });
});
