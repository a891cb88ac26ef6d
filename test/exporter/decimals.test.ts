// The exporter writes each value as the decimal it means, rounded where the series is defined (its `decimals`):
// float arithmetic (a latency from performance.now(), (1 − 0.9) × a period) never reaches the scrape as noise.
import { describe, expect, it } from 'vitest';
import type { AvatopState } from '../../src/state/store';
import { collectFamilies, SERIES } from '../../src/exporter/node-series';
import { writeExposition } from '../../src/exporter/exposition';
import { roundTo } from '../../src/format/number';
import { allAt, rewardState } from '../helpers/reward-state';

const DAY = 86_400_000;
const start = Date.UTC(2026, 7, 1);
// A third of a second past a whole second: the budget below is (0.2 × 100 days − 0.05 × elapsed) in float.
const now = start + 10 * DAY + 333.3333;

function state(): AvatopState {
  const s = rewardState({ views: allAt(95), at: now, heliconTime: '9999-12-01T00:00:00Z', validator: { startTime: new Date(start), endTime: new Date(start + 100 * DAY), uptime: 99 } });
  return { ...s, pchain: { ...s.pchain, height: { ...s.pchain.height, latencyMs: 3.702132000000347, updatedAt: now - 0.1 } } };
}

/** Digits after the decimal point of a sample line's value. */
const places = (line: string): number => /\.(\d+)$/.exec(line.split(' ').pop()!)?.[1]!.length ?? 0;

describe('exporter values without float noise', () => {
  it('rounds to the decimal a value means: k / 10^d is written as that decimal', () => {
    expect(roundTo(0.003702132000000347, 6)).toBe(0.003702);
    expect(String(roundTo(0.003702132000000347, 6))).toBe('0.003702');
    expect(roundTo(259199.99999999997, 0)).toBe(259200);
    expect(String(roundTo(0.1 + 0.2, 4))).toBe('0.3');
    expect(Object.is(roundTo(-0.4, 0), 0)).toBe(true);
    // nAVAX past 2^53 and Unix milliseconds keep their value.
    expect(roundTo(2 ** 60, 0)).toBe(2 ** 60);
    expect(roundTo(1_790_000_000_123, 3)).toBe(1_790_000_000_123);
  });

  it('every sample has at most its series\' decimals; the latency is 0.003702 s, the budget whole seconds', () => {
    const text = writeExposition(collectFamilies([{ name: 'n', state: state() }], now));
    const decimals = new Map(SERIES.map((s) => [s.name, s.decimals]));
    const samples = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(samples.length).toBeGreaterThan(10);
    for (const line of samples) {
      const name = /^[a-z_]+/.exec(line)![0];
      expect(places(line), line).toBeLessThanOrEqual(decimals.get(name)!);
      expect(line, line).not.toMatch(/\.\d*(0000|9999)\d$/);
    }
    expect(text).toMatch(/^avatop_rpc_latency_seconds\{[^}]*\} 0\.003702$/m);
    const budget = /^avatop_validation_downtime_budget_seconds\{[^}]*subnet="primary"[^}]*\} (\S+)$/m.exec(text)![1]!;
    // The median voter sees 95%: 20% of 100 days less 5% of the time elapsed, to the second.
    expect(Number(budget)).toBe(Math.round((0.2 * 100 * DAY - 0.05 * (now - start)) / 1000));
    expect(budget).toMatch(/^\d+$/);
  });

  it('every series says how many decimals it means', () => {
    for (const s of SERIES) expect(Number.isInteger(s.decimals) && s.decimals >= 0 && s.decimals <= 6, s.name).toBe(true);
  });

  it('keeps a node\'s label objects from one scrape to the next while its name, ID and network stay', () => {
    const s = state();
    const labelsOf = (families: ReturnType<typeof collectFamilies>) => families.flatMap((f) => f.samples.map((x) => x.labels));
    const a = labelsOf(collectFamilies([{ name: 'n', state: s }], now));
    const b = labelsOf(collectFamilies([{ name: 'n', state: s }], now));
    expect(b.length).toBe(a.length);
    b.forEach((l, i) => expect(l).toBe(a[i]));
    // Another ID, or another name: other labels, with the new values.
    const id = 'NodeID-111111111111111111116DBWJs';
    const moved = { ...s, node: { ...s.node, id: { ...s.node.id, data: { ...s.node.id.data!, nodeID: id } } } };
    const c = labelsOf(collectFamilies([{ name: 'n', state: moved }], now));
    expect(c[0]).not.toBe(a[0]);
    expect(c[0]).toMatchObject({ node: 'n', node_id: id });
    expect(labelsOf(collectFamilies([{ name: 'm', state: s }], now))[0]).toMatchObject({ node: 'm' });
  });
});
