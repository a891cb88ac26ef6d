#!/usr/bin/env node
// Soak: an hour of simulated activity at speed (client, store, scheduler and the rendered App against `avatop sim`
// in another process, both clocks driven fast), then heap after GC within 10% of the heap after warm-up, and no more
// sockets, timers or listeners than after warm-up. Runs from source through tsx on a fresh clone:
//   node --expose-gc scripts/soak.mjs [--minutes 60] [--validators 1500]
import { register } from 'tsx/esm/api';

// As in the bundle: React's development build keeps a PerformanceMeasure per render, which is not avatop's memory.
process.env.NODE_ENV ??= 'production';
register();
// The Ink the bundle ships (scripts/ink-patch): its text caches bounded, as they are in the bundle.
await import('./ink-patch/register.mjs');
const { runSoak, soakProblems, mb } = await import('./soak-driver.tsx');

const flag = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const minutes = flag('minutes', 60);
const durationMs = Math.max(15, Math.round(minutes / 3) * 3) * 60_000;
// Twelve minutes: by then V8 has compiled the hot paths and the bounded caches (retained pollers, block headers)
// have filled, so what grows afterwards is growth.
const warmupMs = 12 * 60_000;
const started = performance.now();
const r = await runSoak({
  durationMs,
  warmupMs,
  stepMs: 1_000,
  validators: flag('validators', 1_500),
  peers: flag('peers', 300),
  utxos: flag('utxos', 5_000),
  onProgress: (t) => process.stderr.write(`\r[soak] ${Math.round(t / 60_000)} of ${durationMs / 60_000} simulated minutes`),
});
process.stderr.write('\n');
const wall = (performance.now() - started) / 1000;
const res = (s) => Object.entries(s.resources).map(([k, v]) => `${k} ${v}`).join(', ');
console.log(`soak: ${durationMs / 60_000} simulated minutes in ${wall.toFixed(0)} s of wall time; ${r.requests} requests, ${mb(r.bytes)} received+sent, ${r.renders} store updates, ${r.frames} frames written`);
console.log(`after warm-up (${warmupMs / 60_000} min): heap ${mb(r.warm.heapUsed)}, rss ${mb(r.warm.rss)}, scheduler timers ${r.warm.clockTimers}, process listeners ${r.warm.processListeners}; ${res(r.warm)}`);
console.log(`at the end:                heap ${mb(r.end.heapUsed)}, rss ${mb(r.end.rss)}, scheduler timers ${r.end.clockTimers}, process listeners ${r.end.processListeners}; ${res(r.end)}`);
const grown = Object.entries(r.end.storeBytes)
  .map(([k, n]) => [k, n - (r.warm.storeBytes[k] ?? 0)])
  .filter(([, d]) => d > 64 * 1024)
  .map(([k, d]) => `${k} +${mb(d)}`);
console.log(`store slices grown by more than 64 KiB (serialized): ${grown.join(', ') || 'none'}`);
const problems = soakProblems(r);
console.log(problems.length ? `FAIL:\n  ${problems.join('\n  ')}` : `ok: heap ${((r.end.heapUsed / r.warm.heapUsed - 1) * 100).toFixed(1)}% vs warm-up (limit 10%), no growth in sockets, timers or listeners`);
process.exitCode = problems.length ? 1 : 0;
