// Each event's trigger, from facts written by hand: the tracker is a pure reducer, so every transition is a pair of
// looks and the lines it gives.
import { describe, expect, it } from 'vitest';
import { observe, INITIAL_TRACKER, FLAP_WINDOW_MS, GAP_MS, SETTLE_MS, type TrackerState } from '../../../src/domain/events/tracker';
import type { NodeFacts, ValidationFact } from '../../../src/domain/events/facts';
import type { EventLine, NodeRef } from '../../../src/domain/events/record';
import { foldLines } from '../../../src/domain/events/fold';

const NODE: NodeRef = { network: 'mainnet', nodeId: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', name: 'validator-1' };
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const up = (at: number, more: Partial<NodeFacts> = {}): NodeFacts => ({ at, reach: { up: true, failures: 0 }, ...more });
const down = (at: number, failures: number, since: number, why = 'connection refused'): NodeFacts => ({ at, reach: { up: false, failures, since, why } });

/** Runs looks in order; returns every line and the last state. */
function run(looks: NodeFacts[], from: TrackerState = INITIAL_TRACKER): { lines: EventLine[]; state: TrackerState } {
  let state = from;
  const lines: EventLine[] = [];
  for (const f of looks) {
    const r = observe(state, f, NODE);
    state = r.state;
    lines.push(...r.lines);
  }
  return { lines, state };
}

describe('outages', () => {
  it('one failed poll is not an outage; the second opens one dated from the first; an answer closes it with its length', () => {
    const { lines } = run([up(T0), down(T0 + 2000, 1, T0 + 2000)]);
    expect(lines).toEqual([]);
    const r = run([up(T0), down(T0 + 2000, 1, T0 + 2000), down(T0 + 4000, 2, T0 + 2000), down(T0 + 6000, 3, T0 + 2000), up(T0 + 64_000)]);
    expect(r.lines).toHaveLength(2);
    const [open, closed] = r.lines;
    expect(open).toMatchObject({ kind: 'unreachable', severity: 'critical', start: T0 + 2000, text: 'unreachable: connection refused', node: 'validator-1', nodeId: NODE.nodeId, network: 'mainnet' });
    expect(open!.end).toBeUndefined();
    expect(closed).toMatchObject({ id: open!.id, start: T0 + 2000, end: T0 + 64_000 });
    expect(closed!.text).toBe('unreachable for 1m 02s (connection refused); answering again');
    expect(foldLines(r.lines)).toHaveLength(1);
  });

  it('a node that flaps within ten minutes is one incident with a count', () => {
    const looks: NodeFacts[] = [up(T0)];
    let t = T0;
    for (let i = 0; i < 3; i++) {
      looks.push(down(t + 1000, 1, t + 1000), down(t + 3000, 2, t + 1000), up(t + 21_000));
      t += 120_000;
    }
    const r = run(looks);
    const folded = foldLines(r.lines);
    expect(folded).toHaveLength(1);
    expect(folded[0]).toMatchObject({ kind: 'unreachable', count: 3, start: T0 + 1000, end: T0 + 240_000 + 21_000 });
    expect(folded[0]!.text).toBe('unreachable 3 times over 4m 20s, 1m 00s in all (connection refused); answering again');
  });

  it('an outage more than ten minutes after the last is a new incident', () => {
    const t2 = T0 + 21_000 + FLAP_WINDOW_MS + 1000;
    const r = run([up(T0), down(T0 + 1000, 1, T0 + 1000), down(T0 + 3000, 2, T0 + 1000), up(T0 + 21_000), up(t2 - 1), down(t2, 1, t2), down(t2 + 2000, 2, t2), up(t2 + 5000)]);
    expect(foldLines(r.lines).map((e) => [e.start, e.count ?? 1])).toEqual([
      [t2, 1],
      [T0 + 1000, 1],
    ]);
  });

  it('an outage still open when avatop stopped is closed at the next start, saying it may have ended earlier', () => {
    const first = run([up(T0), down(T0 + 1000, 1, T0 + 1000), down(T0 + 3000, 2, T0 + 1000)]);
    const later = run([up(T0 + GAP_MS + 60_000)], first.state);
    expect(later.lines).toHaveLength(1);
    expect(later.lines[0]!.text).toMatch(/seen answering when avatop started again/);
    // Still down at the next start: the same incident goes on, no second line.
    expect(run([down(T0 + GAP_MS, 2, T0 + GAP_MS - 2000)], first.state).lines).toEqual([]);
  });

  it('nothing read from a node that does not answer opens or closes anything else', () => {
    const failing = up(T0, { checks: { network: { failing: true, error: 'no messages received' } } });
    const r = run([failing, down(T0 + 1000, 1, T0 + 1000), down(T0 + 3000, 2, T0 + 1000)]);
    expect(r.lines.map((l) => l.kind)).toEqual(['check', 'unreachable']);
    expect(r.state.incidents['check:network']?.end).toBeUndefined();
  });
});

describe('health checks, bootstrapping, stake and uptime', () => {
  it('each check failing and passing, by name, dated by the node', () => {
    const r = run([
      up(T0, { checks: { network: { failing: false }, bls: { failing: false } } }),
      up(T0 + 30_000, { checks: { network: { failing: true, error: 'no messages received', since: T0 + 25_000 }, bls: { failing: false } } }),
      up(T0 + 60_000, { checks: { network: { failing: true, error: 'no messages received' }, bls: { failing: true, error: 'bls broken' } } }),
      up(T0 + 90_000, { checks: { network: { failing: false }, bls: { failing: true } } }),
    ]);
    expect(r.lines.map((l) => [l.subject, l.text, l.severity])).toEqual([
      ['network', 'health check network failing: no messages received', 'warning'],
      ['bls', 'health check bls failing: bls broken', 'warning'],
      ['network', 'health check network failed for 1m 05s; passing again', 'warning'],
    ]);
    expect(r.lines[0]).toMatchObject({ start: T0 + 25_000, open: { view: 'health' } });
  });

  it("a chain's check failing for want of stake is the stake-low incident's, not a line of its own", () => {
    const stakeErr = 'not connected to enough stake: connected to 20.000000%; required at least 80.000000%';
    const r = run([
      up(T0, { stake: { low: false, percent: 1, required: 0.8 }, checks: { P: { failing: false } } }),
      up(T0 + 1000, { stake: { low: true, percent: 0.2, required: 0.8 }, checks: { P: { failing: true, error: stakeErr } } }),
      up(T0 + 2000, { stake: { low: false, percent: 1, required: 0.8 }, checks: { P: { failing: false } } }),
    ]);
    expect(r.lines.map((l) => l.kind)).toEqual(['stake-low', 'stake-low']);
  });

  it('a check that has not run since a restart neither fails nor passes', () => {
    const r = run([up(T0, { checks: { network: { failing: true, error: 'x' } } }), up(T0 + 1000, { checks: { network: { failing: false, pending: true } } })]);
    expect(r.lines).toHaveLength(1);
  });

  it('bootstrapping, then bootstrapped with how long it took', () => {
    const r = run([up(T0, { bootstrapping: ['P', 'C'] }), up(T0 + 60_000, { bootstrapping: ['C'] }), up(T0 + 600_000, { bootstrapping: [] })]);
    expect(r.lines.map((l) => l.text)).toEqual(['bootstrapping P and C', 'bootstrapped: every chain is done, after 10m 00s']);
  });

  it("connected stake under the node's minimum, and back", () => {
    const r = run([
      up(T0, { stake: { low: false, percent: 0.97, required: 0.8 } }),
      up(T0 + 10_000, { stake: { low: true, percent: 0.625, required: 0.8 } }),
      up(T0 + 190_000, { stake: { low: false, percent: 0.95, required: 0.8 } }),
    ]);
    expect(r.lines.map((l) => l.text)).toEqual(["connected to 62% of stake, under the node's 80% minimum", 'connected stake back over the 80% minimum (95%) after 3m 00s']);
  });

  it('the uptime crossing its reward threshold, and back', () => {
    const r = run([up(T0, { uptime: { percent: 91.2, threshold: 90 } }), up(T0 + 1000, { uptime: { percent: 89.9, threshold: 90 } }), up(T0 + 3_601_000, { uptime: { percent: 90.1, threshold: 90 } })]);
    expect(r.lines.map((l) => [l.kind, l.text])).toEqual([
      ['uptime-below', 'peers see 89.9% uptime, under the 90% reward threshold'],
      ['uptime-below', 'uptime back over the 90% reward threshold (90.1%) after 1h 00m'],
    ]);
  });
});

describe('settling', () => {
  it("no uptime or budget verdict until the node has been quiet a while after a restart, an outage or low stake", () => {
    const low = { budgetTier: 'over' as const, budgetText: 'reward lost' };
    const r = run([
      up(T0, { processStartMs: T0 - 86_400_000, validations: [primary()], uptime: { percent: 99, threshold: 90 } }),
      // The node restarts: its peers' view reads 2% for a while.
      up(T0 + 60_000, { processStartMs: T0 + 50_000, validations: [primary(low)], uptime: { percent: 2.1, threshold: 90 } }),
      up(T0 + 50_000 + SETTLE_MS - 1, { processStartMs: T0 + 50_000, validations: [primary(low)], uptime: { percent: 40, threshold: 90 } }),
    ]);
    expect(r.lines.map((l) => l.kind)).toEqual(['restart']);
    // Still low once settled: then it is said.
    const later = run([up(T0 + 50_000 + SETTLE_MS, { processStartMs: T0 + 50_000, validations: [primary(low)], uptime: { percent: 40, threshold: 90 } })], r.state);
    expect(later.lines.map((l) => l.kind).sort()).toEqual(['budget', 'uptime-below']);
  });
});

describe('restarts and versions', () => {
  it('a new process start time is a restart, dated by it; the first reading is not', () => {
    const start2 = T0 + 50_000;
    const r = run([up(T0, { processStartMs: T0 - 86_400_000 }), up(T0 + 10_000, { processStartMs: T0 - 86_400_000 }), up(T0 + 60_000, { processStartMs: start2 })]);
    expect(r.lines).toHaveLength(1);
    expect(r.lines[0]).toMatchObject({ kind: 'restart', start: start2, severity: 'warning', open: { pane: 'metrics' } });
    expect(r.lines[0]!.text).toBe('node process restarted; the previous one had run 1d 0h');
  });

  it('another version is an upgrade done', () => {
    const r = run([up(T0, { version: 'v1.14.2' }), up(T0 + 1000, { version: 'v1.15.0' })]);
    expect(r.lines.map((l) => [l.kind, l.text, l.severity])).toEqual([['version', 'avalanchego v1.14.2 → v1.15.0', 'info']]);
  });
});

const primary = (more: Partial<ValidationFact> = {}): ValidationFact => ({
  key: 'primary',
  kind: 'primary',
  label: 'primary network validation',
  nodeId: NODE.nodeId,
  subnetId: '11111111111111111111111111111111LpoYY',
  txId: 'tx1',
  startMs: T0 - 86_400_000,
  endMs: T0 + 14 * 86_400_000,
  autoRenewed: false,
  ...more,
});

describe("this node's validations", () => {
  it('started, then ended at its end time, then the reward as the chain shows it', () => {
    const end = T0 + 86_400_000;
    const r = run([
      up(T0, { validations: [] }),
      up(T0 + 1000, { validations: [primary({ startMs: T0 + 500, endMs: end })] }),
      up(end + 30_000, { validations: [] }),
    ]);
    expect(r.lines.map((l) => [l.kind, l.text])).toEqual([
      ['validation', 'primary network validation started; ends 2026-11-27 09:00 UTC'],
      ['validation', 'primary network validation ended'],
    ]);
    expect(r.lines[0]!.open).toEqual({ view: 'validator', nodeId: NODE.nodeId, subnetId: '11111111111111111111111111111111LpoYY' });
    expect(Object.keys(r.state.pendingRewards)).toEqual(['tx1']);
    const paid = run([up(end + 40_000, { validations: [], rewards: { tx1: { paid: true, utxos: 2 } } })], r.state);
    expect(paid.lines.map((l) => [l.kind, l.severity, l.text])).toEqual([['reward', 'info', 'primary network validation: reward paid (2 reward UTXOs under tx tx1)']]);
    expect(paid.state.pendingRewards).toEqual({});
    const lost = run([up(end + 40_000, { validations: [], rewards: { tx1: { paid: false, utxos: 0 } } })], r.state);
    expect(lost.lines[0]).toMatchObject({ kind: 'reward', severity: 'critical' });
  });

  it('the first look only remembers: a validation already running is not "started"', () => {
    expect(run([up(T0, { validations: [primary()] })]).lines).toEqual([]);
  });

  it('an auto-renewed validation whose cycle moves on is renewed, with how the last cycle stood', () => {
    const r = run([
      up(T0, { validations: [primary({ autoRenewed: true, budgetLost: false, budgetTier: 'ok' })] }),
      up(T0 + 1000, { validations: [primary({ autoRenewed: true, startMs: T0 + 500, endMs: T0 + 2 * 86_400_000 })] }),
    ]);
    expect(r.lines.map((l) => l.text)).toEqual(['primary network validation: cycle renewed; this cycle ends 2026-11-28 09:00 UTC; the last cycle ended within its downtime budget']);
  });

  it('a validation gone before its end exited; with auto-renew off at its cycle end it exited as planned', () => {
    const early = run([up(T0, { validations: [primary()] }), up(T0 + 1000, { validations: [] })]);
    expect(early.lines.map((l) => [l.severity, l.text])).toEqual([['warning', 'primary network validation left the validator set before its end (2026-12-10 09:00 UTC)']]);
    const off = run([up(T0, { validations: [primary({ autoRenewed: true, nextPeriodS: 0, endMs: T0 + 500 })] }), up(T0 + 1000, { validations: [] })]);
    expect(off.lines.map((l) => l.text)).toEqual(['primary network validation exited at the end of its cycle (auto-renew was off)']);
  });

  it('subnet validations found by the first discovery already ran; one found later started', () => {
    const subnet = (id: string): ValidationFact => ({ key: `subnet:${id}`, kind: 'subnet', label: `subnet ${id} validation`, nodeId: NODE.nodeId, subnetId: id, autoRenewed: false, startMs: T0 - 1000, endMs: T0 + 86_400_000 });
    const r = run([
      up(T0, { validations: [primary()], validationsComplete: false }),
      up(T0 + 1000, { validations: [primary(), subnet('A')], validationsComplete: true }),
      up(T0 + 2000, { validations: [primary(), subnet('A'), subnet('B')], validationsComplete: true }),
    ]);
    expect(r.lines.map((l) => l.text)).toEqual(['subnet B validation started; ends 2026-11-27 09:00 UTC']);
  });

  it("a subnet validation is not taken for gone while discovery has not answered", () => {
    const subnet: ValidationFact = { key: 'subnet:S', kind: 'subnet', label: 'subnet S validation', nodeId: NODE.nodeId, subnetId: 'S', autoRenewed: false, endMs: T0 + 86_400_000 };
    const r = run([up(T0, { validations: [primary(), subnet], validationsComplete: true }), up(T0 + 1000, { validations: [primary()], validationsComplete: false })]);
    expect(r.lines).toEqual([]);
  });

  it('budget tiers: a change is an event, staying put is not, and a first OK says nothing', () => {
    const r = run([
      up(T0, { validations: [primary({ budgetTier: 'ok', budgetText: 'can be offline 3d more' })] }),
      up(T0 + 1000, { validations: [primary({ budgetTier: 'warn', budgetText: 'can be offline 20h more' })] }),
      up(T0 + 2000, { validations: [primary({ budgetTier: 'warn' })] }),
      up(T0 + 3000, { validations: [primary({ budgetTier: 'critical', budgetText: 'can be offline 5h more' })] }),
      up(T0 + 4000, { validations: [primary({ budgetTier: 'ok', budgetText: 'can be offline 3d more' })] }),
    ]);
    expect(r.lines.map((l) => [l.severity, l.text])).toEqual([
      ['warning', 'primary network validation: downtime budget low: can be offline 20h more'],
      ['critical', 'primary network validation: downtime budget critical: can be offline 5h more'],
      ['info', 'primary network validation: downtime budget back to OK: can be offline 3d more'],
    ]);
  });

  it('L1 balance tiers', () => {
    const l1 = (tier: ValidationFact['l1Tier']): ValidationFact => ({ key: 'l1:V', kind: 'l1', label: 'L1 validation V', nodeId: NODE.nodeId, autoRenewed: false, l1Tier: tier, l1Text: 'x' });
    const r = run([up(T0, { validations: [l1('ok')] }), up(T0 + 1, { validations: [l1('notice')] }), up(T0 + 2, { validations: [l1('warn')] }), up(T0 + 3, { validations: [l1('over')] })]);
    expect(r.lines.map((l) => [l.kind, l.severity])).toEqual([
      ['l1-balance', 'info'],
      ['l1-balance', 'warning'],
      ['l1-balance', 'critical'],
    ]);
  });

  it('upgrade deadline tiers', () => {
    const r = run([
      up(T0, { upgrade: { tier: 'none', severity: 'info', text: 'a' } }),
      up(T0 + 1, { upgrade: { tier: 'days', severity: 'warning', text: 'upgrade before …' } }),
      up(T0 + 2, { upgrade: { tier: 'days', severity: 'warning', text: 'upgrade before …' } }),
      up(T0 + 3, { upgrade: { tier: 'day', severity: 'critical', text: 'upgrade within a day' } }),
    ]);
    expect(r.lines.map((l) => [l.kind, l.severity, l.text])).toEqual([
      ['upgrade', 'warning', 'upgrade before …'],
      ['upgrade', 'critical', 'upgrade within a day'],
    ]);
  });
});

describe('the state', () => {
  it('is plain JSON: saved and read back, the tracker goes on as before', () => {
    const first = run([up(T0, { version: 'v1.14.2', checks: { network: { failing: true, error: 'e' } } })]);
    const saved = JSON.parse(JSON.stringify(first.state)) as TrackerState;
    const next = run([up(T0 + 1000, { version: 'v1.15.0', checks: { network: { failing: true, error: 'e' } } })], saved);
    expect(next.lines.map((l) => l.kind)).toEqual(['version']);
  });
});
