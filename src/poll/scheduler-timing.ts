// When a resource polls: its cadence stretched by the byte budget, and how long a resource (re)started waits before
// its first poll, given what the store already holds. Pure: the scheduler passes the clock and the height in.
import type { AvatopState } from '../state/store';
import type { Intervals } from './resource-spec';
import type { Entry } from './scheduler-entry';

export interface Timing {
  /** The wait a reply of `bytes` earns under the byte budget. */
  costMs(bytes: number | undefined): number;
  /** Pause between polls of `e`. */
  intervalOf(e: Entry, s: AvatopState): number;
  /** Delay before a resource's first poll: none, unless what the store holds is still current; undefined: never. */
  firstDelay(e: Entry, s: AvatopState, now: number, height: bigint | undefined): number | undefined;
  /** Floor between two height-driven refreshes of `e`. */
  heavyFloorMs(e: Entry): number;
}

export function createTiming(o: { intervals: Intervals; heavyMinMs: number; byteBudgetPerSec: number; unsupportedRetryMs: number }): Timing {
  const { intervals, heavyMinMs } = o;
  const costMs = (bytes: number | undefined) => (o.byteBudgetPerSec > 0 && bytes ? (bytes / o.byteBudgetPerSec) * 1000 : 0);
  // What a block makes due waits at least the tick (the exporter's scrape pace when it slowed it).
  const heavyFloorMs = (e: Entry) => Math.max(heavyMinMs, intervals.tickMs, costMs(e.lastBytes));

  function intervalOf(e: Entry, s: AvatopState): number {
    const spec = e.spec;
    if (spec.intervalMs) return Math.max(spec.intervalMs(s, intervals, { failing: e.poller.failures > 0 }), costMs(e.lastBytes));
    switch (spec.cadence) {
      case 'tick':
        return Math.max(intervals.tickMs, costMs(e.lastBytes));
      case 'slow':
        return Math.max(intervals.slowMs, costMs(e.lastBytes));
      case 'height':
        return intervals.maxAgeMs;
      case 'once':
        return intervals.maxAgeMs;
    }
  }

  function firstDelay(e: Entry, s: AvatopState, now: number, height: bigint | undefined): number | undefined {
    const r = e.spec.lens.get(s);
    if (r.status === 'unsupported') return o.unsupportedRetryMs;
    if (r.status !== 'ok' || r.updatedAt === undefined) return e.startedAt === undefined && r.data === undefined ? (e.spec.initialDelayMs ?? 0) : 0;
    if (e.spec.cadence === 'once') return undefined; // static and already known: do not poll at all
    // A deferrable resource already read (the header's metrics after the metrics pane closes) waits out its interval.
    if (e.spec.initialDelayMs !== undefined) return Math.max(0, r.updatedAt + intervalOf(e, s) - now);
    if (e.spec.cadence === 'height' && e.heightAt !== undefined && e.heightAt === height) {
      const age = now - r.updatedAt;
      return age < intervals.maxAgeMs ? intervals.maxAgeMs - age : 0;
    }
    if (e.spec.cadence === 'height' && e.startedAt !== undefined && !e.spec.everyHeight) {
      // Back on a pane soon after leaving it: the height moved, but the floor (and byte budget) still applies.
      return Math.max(0, e.startedAt + heavyFloorMs(e) - now);
    }
    return 0;
  }

  return { costMs, intervalOf, firstDelay, heavyFloorMs };
}
