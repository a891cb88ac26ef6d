// A short soak (three simulated minutes after three of warm-up, at speed): the same driver as scripts/soak.mjs.
import { expect, it } from 'vitest';
import { runSoak, soakProblems } from '../../scripts/soak-driver';

it('six simulated minutes: heap within 10% of warm-up, no growth in sockets, timers or listeners', async () => {
  const r = await runSoak({
    durationMs: 360_000,
    warmupMs: 180_000,
    stepMs: 5_000,
    validators: 300,
    peers: 60,
    utxos: 500,
    // Vitest runs React's development build (its JSX transform needs it), which keeps a PerformanceMeasure per
    // render; users run the production build (bundle, or bin/avatop.cjs from source), which does not.
    dropPerformanceEntries: true,
  });
  expect(r.requests).toBeGreaterThan(200);
  expect(soakProblems(r)).toEqual([]);
}, 180_000);
