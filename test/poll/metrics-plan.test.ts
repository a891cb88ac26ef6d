// Who reads /ext/metrics, and how often: the metrics pane every tick, the header slowly (every tick while a chain
// bootstraps), nobody when the client cannot GET.
import { describe, expect, it } from 'vitest';
import { planFor } from '../../src/poll/plan';
import { HEADER_METRICS_DELAY_MS } from '../../src/poll/metrics-spec';
import { lens } from '../../src/state/lenses';
import { resolveOk } from '../../src/state/resource';
import { createAvatopStore, type AvatopState } from '../../src/state/store';
import type { PaneId } from '../../src/state/ui';

const intervals = { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 };
const metricsSpecs = (pane: PaneId, s: AvatopState = createAvatopStore().getState(), metrics = true) =>
  planFor(pane, [], s, { metrics }).filter((p) => p.method === '/ext/metrics');

describe('/ext/metrics in the poll plan', () => {
  it('the metrics pane reads it every tick, and the header does not read it a second time', () => {
    const specs = metricsSpecs('metrics');
    expect(specs.map((p) => [p.key, p.cadence])).toEqual([['metrics', 'tick']]);
    expect(specs[0]!.initialDelayMs).toBeUndefined();
  });

  it('elsewhere the header reads it slowly, after a start-up delay', () => {
    for (const pane of ['overview', 'peers', 'validators', 'console'] as PaneId[]) {
      const specs = metricsSpecs(pane);
      expect(specs.map((p) => p.key)).toEqual(['metrics:slow']);
      expect(specs[0]!.intervalMs!(createAvatopStore().getState(), intervals)).toBe(30_000);
      expect(specs[0]!.initialDelayMs).toBe(HEADER_METRICS_DELAY_MS);
    }
  });

  it('every tick while a chain bootstraps (the ETA needs a rate)', () => {
    const s0 = createAvatopStore().getState();
    const s = lens.bootstrapped('P').set(s0, resolveOk(lens.bootstrapped('P').get(s0), false, { at: 0 }));
    expect(metricsSpecs('overview', s)[0]!.intervalMs!(s, intervals)).toBe(2_000);
  });

  it('the header not at all for a client that cannot GET (the pane then says so)', () => {
    expect(metricsSpecs('overview', undefined, false)).toEqual([]);
    expect(metricsSpecs('metrics', undefined, false).map((p) => p.key)).toEqual(['metrics']);
  });
});
