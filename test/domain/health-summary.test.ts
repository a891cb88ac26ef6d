// The health summary every surface asks: healthy, failing, pending (checks that have not run since the node
// started) and mixed replies, read through the client's own result schema as the store holds them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { healthResult } from '../../src/rpc/methods/health/health-result';
import { formatConnected, summarizeHealth } from '../../src/domain/health/health-summary';

const fixture = (path: string) => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));
const parsed = (result: unknown) => healthResult().parse(result);

// Error texts and shapes from avalanchego v1.14.2 (the same in v1.11.2): api/health/result.go `notYetRunResult`
// (error "not yet run", Go's zero time, duration 0), snow/networking/handler/health.go (networking details and
// ErrNotConnectedEnoughStake), network/network.go (the network layer's reasons).
const ZERO_TIME = '0001-01-01T00:00:00Z';
const notYetRun = { error: 'not yet run', timestamp: ZERO_TIME, duration: 0 };
const chain = (percentConnected: number, error?: string) => ({
  message: {
    engine: { consensus: { lastAcceptedHeight: 0, lastAcceptedID: '11111111111111111111111111111111LpoYY', longestProcessingBlock: '0s', processingBlocks: 0 }, vm: null },
    networking: { disconnectedValidators: [], percentConnected },
  },
  ...(error ? { error, contiguousFailures: 3, timeOfFirstFailure: '2026-11-24T10:00:00Z' } : {}),
  timestamp: '2026-11-24T10:00:04.5Z',
  duration: 20_375,
});
const stakeError = 'not connected to enough stake: connected to 20.000000%; required at least 80.000000%';
const passing = { timestamp: '2026-11-24T10:00:04.5Z', duration: 1_959 };

describe('summarizeHealth', () => {
  it('healthy: the docs example and a real v1.14.2 reply', () => {
    for (const result of [fixture('methods/health.health.json').response.result, JSON.parse(readFileSync(new URL('../fixtures/node-captures/v1.14.2/health.health.json', import.meta.url), 'utf8')).result]) {
      const s = summarizeHealth(parsed(result));
      expect(s.kind).toBe('healthy');
      expect(s.tone).toBe('ok');
      expect(s.text).toBe('healthy');
      expect(s.failing).toEqual([]);
      expect(s.pending).toEqual([]);
      expect(s.stakeLow).toBe(false);
      expect(s.percentConnected).toBeGreaterThan(0.99);
      expect(s.checks.length).toBeGreaterThanOrEqual(8);
    }
  });

  it('a real v1.14.2 validator cut off from its validators (captured): 4 failing, network first, 20% connected', () => {
    // The node: bootstrapped (its `bootstrapped` check passes) while every chain fails on stake.
    const s = summarizeHealth(parsed(fixture('node-captures/v1.14.2/health.isolated.json').result));
    expect(s.kind).toBe('failing');
    expect(s.tone).toBe('error');
    expect(s.failing).toEqual(['network', 'P', 'X', 'C']);
    expect(s.text).toBe('4 failing: network');
    expect(s.checks.find((c) => c.name === 'bootstrapped')?.state).toBe('passing');
    expect(s.percentConnected).toBeCloseTo(0.2, 9);
    expect(s.requiredConnected).toBeCloseTo(0.8, 9);
    expect(s.stakeLow).toBe(true);
  });

  it('failing: counts the failing checks and names the most telling one first', () => {
    const s = summarizeHealth(
      parsed({
        healthy: false,
        checks: {
          C: chain(0.2, stakeError),
          P: chain(0.2, stakeError),
          X: chain(0.2, stakeError),
          bootstrapped: { message: [], ...passing },
          database: passing,
          network: { message: { connectedPeers: 0, sendFailRate: 0 }, error: 'network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only 0, no messages received from network, no messages sent to network', ...passing },
        },
      }),
    );
    expect(s.kind).toBe('failing');
    expect(s.tone).toBe('error');
    expect(s.failing).toEqual(['network', 'P', 'X', 'C']);
    expect(s.text).toBe('4 failing: network');
    expect(s.checks.map((c) => c.name)).toEqual(['network', 'P', 'X', 'C', 'bootstrapped', 'database']);
    expect(s.checks[1]!.contiguousFailures).toBe(3);
    expect(s.checks[1]!.timeOfFirstFailure?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    // Nanoseconds on the wire, milliseconds here.
    expect(s.checks[1]!.durationMs).toBeCloseTo(0.020375, 9);
    expect(s.percentConnected).toBeCloseTo(0.2, 9);
    expect(s.requiredConnected).toBeCloseTo(0.8, 9);
    expect(s.stakeLow).toBe(true);
    expect(formatConnected(s.percentConnected!)).toBe('20%');
  });

  it('pending: checks that have not run since the node started are not failures', () => {
    const s = summarizeHealth(
      parsed({ healthy: false, checks: { C: notYetRun, P: notYetRun, X: notYetRun, bootstrapped: notYetRun, database: passing, network: { message: { connectedPeers: 4 }, ...passing } } }),
    );
    expect(s.kind).toBe('pending');
    expect(s.tone).toBe('warn');
    expect(s.failing).toEqual([]);
    expect(s.pending).toEqual(['bootstrapped', 'P', 'X', 'C']);
    expect(s.text).toBe('checks pending (4)');
    // Go's zero time is no time.
    expect(s.checks[0]!.timestamp).toBeUndefined();
    expect(s.percentConnected).toBeUndefined();
    expect(s.stakeLow).toBe(false);
  });

  it('mixed: failing wins, and the pending ones are counted beside it', () => {
    const s = summarizeHealth(parsed({ healthy: false, checks: { C: notYetRun, P: chain(0.5, stakeError.replace('20.000000', '50.000000')), bootstrapped: { message: [], ...passing }, diskspace: passing } }));
    expect(s.kind).toBe('failing');
    expect(s.failing).toEqual(['P']);
    expect(s.pending).toEqual(['C']);
    expect(s.text).toBe('1 failing: P, 1 pending');
    expect(s.checks.map((c) => c.state)).toEqual(['failing', 'pending', 'passing', 'passing']);
    expect(s.stakeLow).toBe(true);
  });

  it('takes the minimum connected stake from the node when its error states one', () => {
    const s = summarizeHealth(parsed({ healthy: false, checks: { P: chain(0.85, 'not connected to enough stake: connected to 85.000000%; required at least 90.000000%') } }));
    expect(s.requiredConnected).toBeCloseTo(0.9, 9);
    expect(s.stakeLow).toBe(true);
    expect(summarizeHealth(parsed({ healthy: true, checks: { P: chain(0.85) } })).stakeLow).toBe(false);
    expect(formatConnected(0.7999)).toBe('79%');
  });

  it('colours the disk-space warning level as a warning, not an error', () => {
    const disk = { error: 'remaining available disk space percentage (9%) is below warning threshold available space percentage (10%)', ...passing };
    expect(summarizeHealth(parsed({ healthy: false, checks: { diskspace: disk, database: passing } })).tone).toBe('warn');
    expect(summarizeHealth(parsed({ healthy: false, checks: { diskspace: disk, network: { error: 'x', ...passing } } })).tone).toBe('error');
  });

  it('unhealthy with no check saying why is still unhealthy; no reply is unknown; junk never throws', () => {
    expect(summarizeHealth(parsed({ healthy: false, checks: {} })).text).toBe('unhealthy');
    expect(summarizeHealth(undefined).kind).toBe('unknown');
    for (const junk of [null, 7, 'x', [], { healthy: 'yes' }, { healthy: true, checks: [1, 2] }, { healthy: true, checks: { a: null, b: 5, c: { error: 3, timestamp: 'nope', duration: -1 } } }]) {
      expect(() => summarizeHealth(junk)).not.toThrow();
    }
    const odd = summarizeHealth({ healthy: true, checks: { c: { error: 3, timestamp: 'nope', duration: -1 } } });
    expect(odd.failing).toEqual(['c']);
    expect(odd.checks[0]!.durationMs).toBeUndefined();
  });

  it('reads raw wire replies too (durations in nanoseconds)', () => {
    const s = summarizeHealth({ healthy: true, checks: { database: { timestamp: '2026-11-24T10:00:04.5Z', duration: 1_959 } } }, { durationUnit: 'ns' });
    expect(s.checks[0]!.durationMs).toBeCloseTo(0.001959, 9);
  });
});
