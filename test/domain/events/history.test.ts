// History: a sample from the store, buckets for a chart, and the chart laid out in text.
import { describe, expect, it } from 'vitest';
import { bucketize, historySample, SAMPLE_EVERY_MS, type HistorySample } from '../../../src/domain/events/history';
import { chartText, layoutChart } from '../../../src/components/chart-layout';
import { historyChart, windowFor } from '../../../src/views/history-model';
import { HISTORY_WINDOWS } from '../../../src/domain/events/history';
import { createAvatopStore } from '../../../src/state/store';
import { resolveError, resolveOk } from '../../../src/state/resource';
import { TransportError } from '../../../src/rpc/errors';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);

describe('a sample', () => {
  it('reads the peers\' view, connected stake, peers, the block rate since the last sample and the median latency', () => {
    const s0 = createAvatopStore().getState();
    const s = {
      ...s0,
      pchain: { ...s0.pchain, height: resolveOk(s0.pchain.height, 1_120n, { at: T0 }) },
      node: {
        ...s0.node,
        uptime: resolveOk(s0.node.uptime, { weightedAveragePercentage: 99.51234, rewardingStakePercentage: 100 }, { at: T0 }),
        health: resolveOk(s0.node.health, { healthy: true, checks: { P: { message: { networking: { percentConnected: 0.9712 } } } } } as never, { at: T0 }),
      },
      peers: { ...s0.peers, count: resolveOk(s0.peers.count, 42, { at: T0 }) },
    };
    const prev: HistorySample = { t: T0 - 60_000, up: true, height: 1_000 };
    expect(historySample(s, { now: T0, prev, latencies: [3, 9, 4], budgetMs: 3_600_000 })).toEqual({
      t: T0,
      up: true,
      uptime: 99.512,
      stake: 97.12,
      peers: 42,
      bpm: 120,
      budgetMs: 3_600_000,
      latencyMs: 4,
      height: 1120,
    });
  });

  it('says only "down" while the node does not answer, and nothing before it first answers or fails', () => {
    const s0 = createAvatopStore().getState();
    expect(historySample(s0, { now: T0, prev: undefined, latencies: [], budgetMs: undefined })).toBeUndefined();
    const down = { ...s0, pchain: { ...s0.pchain, height: resolveError(s0.pchain.height, new TransportError('refused', 'http://x'), { at: T0 }) } };
    expect(historySample(down, { now: T0, prev: undefined, latencies: [], budgetMs: undefined })).toEqual({ t: T0, up: false });
  });
});

describe('buckets', () => {
  const samples: HistorySample[] = Array.from({ length: 60 }, (_, i) => ({ t: T0 + i * SAMPLE_EVERY_MS, up: true, uptime: 99 + (i % 2) }));
  it('average each column, carry a value over a column no sample fell in, and mark columns found down', () => {
    const b = bucketize(samples, 'uptime', T0, T0 + 3_600_000, 70);
    expect(b).toHaveLength(70);
    expect(b.every((x) => x.value !== undefined)).toBe(true);
    const wide = bucketize(samples, 'uptime', T0, T0 + 3_600_000, 30);
    expect(wide.every((x) => x.value === 99.5)).toBe(true);
    const withOutage = [...samples.slice(0, 20), { t: T0 + 20 * SAMPLE_EVERY_MS, up: false }, { t: T0 + 21 * SAMPLE_EVERY_MS, up: false }, ...samples.slice(22)];
    const d = bucketize(withOutage, 'uptime', T0, T0 + 3_600_000, 60);
    expect(d[20]).toEqual({ value: undefined, down: true });
    expect(d[21]).toEqual({ value: undefined, down: true });
    expect(d[22]!.value).toBe(99);
  });
  it('leave a gap where avatop was not watching', () => {
    const gap = [...samples.slice(0, 10), ...samples.slice(40)];
    const b = bucketize(gap, 'uptime', T0, T0 + 3_600_000, 60);
    expect(b.slice(12, 39).every((x) => x.value === undefined && !x.down)).toBe(true);
  });
});

describe('the chart', () => {
  it('has a labelled value axis, bars in eighths, the threshold across, down columns and event marks', () => {
    const lines = chartText(
      layoutChart({
        values: [100, 95, 90, undefined, undefined, 85, 80],
        down: [false, false, false, true, false, false, false],
        height: 4,
        min: 80,
        max: 100,
        threshold: 90,
        marks: new Map([[3, '!']]),
        format: (v) => `${v}%`,
        timeLabels: [{ column: 0, text: '09:00' }],
      }),
    );
    // Rows cover a quarter of 80-100% each: the threshold (90%) is drawn across the row above the bars that reach it.
    expect(lines).toEqual(['100%┤█      ', '    ┤██┄┄┄┄┄', ' 90%┤███    ', ' 80%┤███× █ ', '    └───────', '        !   ', '     09:00']);
  });

  it('opens on the shortest span that shows the moment it was opened for', () => {
    const now = T0;
    expect(windowFor(undefined, now)).toBe(0);
    expect(HISTORY_WINDOWS[windowFor(now - 10 * 60_000, now)]!.name).toBe('hour');
    expect(HISTORY_WINDOWS[windowFor(now - 5 * 3_600_000, now)]!.name).toBe('day');
    expect(HISTORY_WINDOWS[windowFor(now - 3 * 86_400_000, now)]!.name).toBe('week');
  });

  it('says in words when there is nothing to draw yet', () => {
    const c = historyChart({ samples: [], series: 'uptime', window: HISTORY_WINDOWS[0]!, now: T0, width: 80, plotHeight: 10, events: [] });
    expect(c.empty).toMatch(/No samples for the last hour yet/);
  });
});
