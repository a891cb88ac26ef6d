// The header's rpc latency by windows of ten seconds of the wall clock (src/app/rpc-latency.ts): the figure and the
// bars are those of windows that are over, so a probe read inside a window changes nothing on screen.
import { describe, expect, it } from 'vitest';
import { addLatency, EMPTY_RPC_LATENCY, RPC_WINDOW_MS, shownLatency, type RpcLatency } from '../../src/app/rpc-latency';

const W = RPC_WINDOW_MS;
const base = 1_795_848_600_000; // a window's start
const add = (h: RpcLatency, ...readings: Array<[at: number, ms: number]>) => readings.reduce((acc, [at, ms]) => addLatency(acc, at, ms), h);

describe('rpc latency by windows', () => {
  it('shows the slowest probe of the last window that is over, not the probe just read', () => {
    let h = add(EMPTY_RPC_LATENCY, [base + 1_000, 2], [base + 9_000, 6], [base + W + 500, 3]);
    expect(shownLatency(h)).toEqual({ latencyMs: 6, bars: [6] });
    const before = shownLatency(h);
    // More probes in the open window, one of them slow: nothing shown moves until the window is over.
    h = add(h, [base + W + 2_500, 40], [base + W + 4_500, 1]);
    expect(shownLatency(h)).toEqual(before);
    h = add(h, [base + 2 * W, 2]);
    expect(shownLatency(h)).toEqual({ latencyMs: 40, bars: [6, 40] });
  });

  it('keeps the same bars, the same array, while a window is open', () => {
    const h = add(EMPTY_RPC_LATENCY, [base, 2], [base + W, 3]);
    const next = addLatency(h, base + W + 2_000, 9);
    expect(shownLatency(next).bars).toBe(shownLatency(h).bars);
  });

  it('shows the open window before any is over, so the figure is there from the first probe', () => {
    const h = add(EMPTY_RPC_LATENCY, [base + 100, 18], [base + 2_100, 4]);
    expect(shownLatency(h)).toEqual({ latencyMs: 18, bars: [18] });
    expect(shownLatency(EMPTY_RPC_LATENCY)).toEqual({ latencyMs: undefined, bars: [] });
  });

  it('counts a reading given again once, and draws no bar for windows no probe answered in', () => {
    const h = add(EMPTY_RPC_LATENCY, [base, 2], [base + W, 5]);
    expect(addLatency(h, base + W, 5)).toBe(h);
    // The node answered nothing for a minute: the next answer closes the window before the gap, and only it.
    const after = add(h, [base + 7 * W, 3]);
    expect(shownLatency(after)).toEqual({ latencyMs: 5, bars: [2, 5] });
  });

  it('ignores what is not a number, and keeps the last 30 windows', () => {
    const h = add(EMPTY_RPC_LATENCY, [base, 2]);
    expect(addLatency(h, Number.NaN, 3)).toBe(h);
    expect(addLatency(h, base + W, Number.POSITIVE_INFINITY)).toBe(h);
    let long = EMPTY_RPC_LATENCY;
    for (let i = 0; i < 40; i++) long = addLatency(long, base + i * W, i);
    expect(shownLatency(long).bars).toEqual(Array.from({ length: 30 }, (_, i) => i + 9));
  });
});
