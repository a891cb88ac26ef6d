// The simulator's /ext/metrics: avalanchego's names per profile, values that move, bootstrap counters, restarts,
// and the metrics API turned off. Read through avatop's own source (readMetrics over the real transport).
import { describe, expect, it } from 'vitest';
import type { SimNode } from '../../src/sim/index';
import { createTransport } from '../../src/rpc/transport';
import { readMetrics, MetricsUnavailableError } from '../../src/metrics/fetch';
import { parseExposition } from '../../src/metrics/exposition';
import { QUANTITIES } from '../../src/metrics/names';
import { goFloat } from '../../src/sim/handlers/metrics';
import { raw } from '../helpers/rpc';
import { startSim } from './helpers';
import { track } from '../helpers/track';

async function read(node: SimNode) {
  const t = createTransport({ url: node.url, timeoutMs: 5_000 });
  try {
    return await readMetrics(t);
  } finally {
    await t.close();
  }
}

describe('simulated /ext/metrics', () => {
  it('serves Prometheus text with every name avatop reads (v1.14: today\'s names)', async () => {
    const sim = track(await startSim());
    const r = await raw(sim.url, '/ext/metrics', { method: 'GET', headers: {} });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(parseExposition(r.text).stats.skipped).toBe(0);
    const m = await read(sim);
    expect(QUANTITIES.map((q) => q.key).filter((k) => !(k in m.values))).toEqual([]);
    expect(m.from.residentBytes).toBe('avalanche_process_process_resident_memory_bytes');
    expect(m.values.peers).toBe(sim.network.peers.size);
  });

  it('v1.11 writes the names from before v1.11.8 (no disk percentage yet)', async () => {
    const sim = track(await startSim({ profile: 'v1.11' }));
    const m = await read(sim);
    expect(QUANTITIES.map((q) => q.key).filter((k) => !(k in m.values))).toEqual(['diskAvailablePercent', 'upgradeTimeUntil']);
    expect(m.from.residentBytes).toBe('avalanche_process_resident_memory_bytes');
    expect(m.from['accepted:P']).toBe('avalanche_P_blks_accepted_count');
  });

  it('counters grow with time and blocks; a restart of the node starts them from zero', async () => {
    const sim = track(await startSim());
    const a = await read(sim);
    sim.tick(30_000);
    const b = await read(sim);
    expect(b.values.cpuSeconds!).toBeGreaterThan(a.values.cpuSeconds!);
    expect(b.values['accepted:P']!).toBeGreaterThan(a.values['accepted:P']!);
    await sim.faults.restart(10);
    const c = await read(sim);
    expect(c.values.cpuSeconds!).toBeLessThan(b.values.cpuSeconds!);
    expect(c.values['accepted:P']).toBe(0);
  });

  it('latency sums are counters: they never go down while blocks are accepted', async () => {
    const sim = track(await startSim());
    let prev = await read(sim);
    for (let i = 0; i < 20; i++) {
      sim.tick(3_000);
      const next = await read(sim);
      for (const c of ['P', 'X', 'C']) {
        expect(next.values[`acceptedLatencyNs:${c}`]!, `${c} at step ${i}`).toBeGreaterThanOrEqual(prev.values[`acceptedLatencyNs:${c}`]!);
      }
      prev = next;
    }
    expect(prev.values['acceptedLatencyNs:P']! / prev.values['accepted:P']!).toBeGreaterThan(1e9);
  });

  it('while bootstrapping, fetched climbs first and accepted follows, never past fetched', async () => {
    const sim = track(await startSim());
    sim.faults.setBootstrapping(true);
    const first = await read(sim);
    expect(first.values['bsFetched:P']).toBe(0);
    sim.tick(10_000);
    const fetching = await read(sim);
    expect(fetching.values['bsFetched:P']!).toBeGreaterThan(0);
    expect(fetching.values['bsAccepted:P']).toBe(0);
    sim.tick(40_000);
    const executing = await read(sim);
    expect(executing.values['bsAccepted:P']!).toBeGreaterThan(0);
    expect(executing.values['bsAccepted:P']!).toBeLessThanOrEqual(executing.values['bsFetched:P']!);
  });

  it('answers 404 when the metrics API is off, which avatop reads as "not served"', async () => {
    const sim = track(await startSim({ metricsApi: false }));
    const r = await raw(sim.url, '/ext/metrics', { method: 'GET', headers: {} });
    expect(r.status).toBe(404);
    await expect(read(sim)).rejects.toBeInstanceOf(MetricsUnavailableError);
  });

  it('a page cut short loses its last, partial line rather than misreading it', async () => {
    const sim = track(await startSim());
    const full = await raw(sim.url, '/ext/metrics', { method: 'GET', headers: {} });
    // Cut inside the goroutines value: "avalanche_process_go_goroutines 2" of "... 2xxx".
    const at = full.text.indexOf('avalanche_process_go_goroutines ') + 'avalanche_process_go_goroutines '.length + 1;
    sim.faults.add({ kind: 'truncate', path: '/ext/metrics', bytes: at, times: 1 });
    await expect(read(sim)).rejects.toThrow(/no avalanchego metrics|not Prometheus text/);
    sim.faults.add({ kind: 'truncate', path: '/ext/metrics', bytes: full.text.indexOf('avalanche_resource_tracker_disk_available_space') + 60, times: 1 });
    const m = await read(sim);
    expect(m.skipped).toBe(1);
    expect(m.values.goroutines).toBeGreaterThan(100);
  });

  it('writes floats as Go does', () => {
    expect(goFloat(4)).toBe('4');
    expect(goFloat(0.5)).toBe('0.5');
    expect(goFloat(189459824640)).toBe('1.8945982464e+11');
    expect(goFloat(1e6)).toBe('1e+06');
    expect(goFloat(95211520)).toBe('9.521152e+07');
    expect(goFloat(Infinity)).toBe('+Inf');
  });
});
