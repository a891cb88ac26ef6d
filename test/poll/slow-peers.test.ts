// The header's slow peer list after the peers pane: it waits out its minute from the pane's last reading (the same
// list, lens.peers) instead of reading every peer again on leaving the pane (10,723 on the big scenario, on top of
// all the pane kept: docs/performance.md, branch big35). With nothing read yet it reads at once.
import { describe, expect, it } from 'vitest';
import { PEER_COUNT_MS, header, peersSpec } from '../../src/poll/header-plan';
import { createTiming } from '../../src/poll/scheduler-timing';
import type { Entry } from '../../src/poll/scheduler-entry';
import { lens } from '../../src/state/lenses';
import { plainRows } from '../../src/state/rows';
import { resolveOk } from '../../src/state/resource';
import { createAvatopStore } from '../../src/state/store';
import type { Poller } from '../../src/poll/poller';
import { DEFERRED_START_READS_MS, START_COLLECTION_MS } from '../../src/poll/deferred-start';
import { ownValidationsSpec } from '../../src/poll/own-validations';

const intervals = { tickMs: 2_000, slowMs: 30_000, maxAgeMs: 300_000 };
const timing = createTiming({ intervals, heavyMinMs: 5_000, byteBudgetPerSec: 0, unsupportedRetryMs: 600_000 });
const entry = (spec: Entry['spec']): Entry => ({
  spec,
  poller: { failures: 0 } as unknown as Poller,
  heightAt: undefined,
  startedAt: undefined,
  cancelDeferred: undefined,
  lastBytes: undefined,
});

describe("the header's slow peer list", () => {
  it('reads at once when no list was read', () => {
    const s = createAvatopStore().getState();
    expect(timing.firstDelay(entry(peersSpec('slow')), s, 10_000, undefined)).toBe(0);
  });

  it("waits out its minute from the pane's last reading", () => {
    const s0 = createAvatopStore().getState();
    const list = plainRows([{ nodeID: 'NodeID-a' }], (p) => p.nodeID) as never;
    const s = lens.peers.set(s0, resolveOk(lens.peers.get(s0), list, { at: 100_000 }));
    expect(timing.firstDelay(entry(peersSpec('slow')), s, 105_000, undefined)).toBe(PEER_COUNT_MS - 5_000);
    expect(timing.firstDelay(entry(peersSpec('slow')), s, 100_000 + PEER_COUNT_MS + 1, undefined)).toBe(0);
    // The pane's own list reads at once when opened.
    expect(timing.firstDelay(entry(peersSpec('tick')), s, 105_000, undefined)).toBe(0);
  });

  it("the peers' facts off the peers pane: a minute after the newer of their own reading and the pane's list", () => {
    const facts = header(false, true).find((spec) => spec.key === 'peerCount')!;
    const s0 = createAvatopStore().getState();
    // Nothing read yet: out of the first replies' way, 1.5 s.
    expect(timing.firstDelay(entry(facts), s0, 10_000, undefined)).toBe(1_500);
    expect(DEFERRED_START_READS_MS).toBe(1_500);
    const s1 = lens.peerFacts.set(s0, resolveOk(lens.peerFacts.get(s0), [], { at: 100_000 }));
    expect(timing.firstDelay(entry(facts), s1, 130_000, undefined)).toBe(PEER_COUNT_MS - 30_000);
    // The pane read the whole list later: a minute from that.
    const list = plainRows([{ nodeID: 'NodeID-a' }], (p) => p.nodeID) as never;
    const s2 = lens.peers.set(s1, resolveOk(lens.peers.get(s1), list, { at: 200_000 }));
    expect(timing.firstDelay(entry(facts), s2, 205_000, undefined)).toBe(PEER_COUNT_MS - 5_000);
    expect(timing.firstDelay(entry(facts), s2, 200_000 + PEER_COUNT_MS + 1, undefined)).toBe(0);
  });

  it("are read with the own validations' discovery, after the start's garbage is collected", () => {
    const s0 = createAvatopStore().getState();
    expect(timing.firstDelay(entry(ownValidationsSpec('NodeID-a') as Entry['spec']), s0, 10_000, undefined)).toBe(DEFERRED_START_READS_MS);
    // The monitor's one collection (runtime/heap-governor.ts) comes before both, with time to finish.
    expect(START_COLLECTION_MS).toBeLessThan(DEFERRED_START_READS_MS);
    expect(START_COLLECTION_MS).toBeGreaterThanOrEqual(1_000);
  });
});
