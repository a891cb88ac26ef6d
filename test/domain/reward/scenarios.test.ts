// The reward guard fed by the real poller from the simulated node, both on simulated time, through the cases where
// today's rules bite: a steady node, a restart with peers reconnecting (no ping yet, then their views), isolation,
// and the node down. Every budget the guard gives while the vote can be read is checked against the median voter's
// arithmetic worked out here from the node's own replies (info.peers observedUptime, getValidatorsAt weights),
// never from what the guard or the simulator computed.
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../../src/poll/clock';
import { createScheduler, type Scheduler } from '../../../src/poll/scheduler';
import { createClient } from '../../../src/rpc/client';
import { createSimNode, type ScenarioName, type SimNode } from '../../../src/sim/index';
import { endLine } from '../../../src/domain/reward/words';
import { createAvatopStore } from '../../../src/state/store';
import { guardOwnValidation, lastCycleRewards } from '../../../src/domain/reward/node-guard';
import { quiesce, runFor } from '../../helpers/poll-drive';
import { result as rpc } from '../../helpers/rpc';
import { track } from '../../helpers/track';

const START = Date.UTC(2026, 10, 26, 12);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/**
 * The median voter's budget from the node's replies: each connected validator's observedUptime (0: no ping yet,
 * ignored) weighed by the validator set at the current height; the stake-weighted median (lower middle) voter's
 * (1 − 0.9) × period − (1 − its uptime) × elapsed; undefined unless more than half of all stake's view is known.
 */
async function medianVoterBudget(sim: SimNode, startMs: number, endMs: number, nowMs: number): Promise<{ budgetMs: number; median: number; known: number } | undefined> {
  const { height } = await rpc<{ height: string }>(sim.url, '/ext/bc/P', 'platform.getHeight');
  const set = await rpc<Record<string, { weight: string }>>(sim.url, '/ext/bc/P', 'platform.getValidatorsAt', { height: Number(height) });
  const { peers } = await rpc<{ peers: Array<{ nodeID: string; observedUptime: string }> }>(sim.url, '/ext/info', 'info.peers');
  const weight = new Map(Object.entries(set).map(([id, v]) => [id, Number(v.weight)]));
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const voters = peers.filter((p) => Number(p.observedUptime) > 0 && (weight.get(p.nodeID) ?? 0) > 0).map((p) => ({ u: Number(p.observedUptime), w: weight.get(p.nodeID)! }));
  const known = voters.reduce((a, v) => a + v.w, 0);
  if (known * 2 <= total) return undefined;
  voters.sort((a, b) => a.u - b.u);
  let cum = 0;
  const median = voters.find((v) => (cum += v.w) * 2 >= known)!.u;
  return { budgetMs: 0.1 * (endMs - startMs) - ((100 - median) / 100) * (nowMs - startMs), median, known: known / total };
}

async function setup(scenario?: ScenarioName, o: { validators?: number; blockIntervalMs?: number; pane?: 'fleet' | 'peers' } = {}) {
  const startMs = START - 10 * DAY;
  const endMs = START + 20 * DAY;
  const sim = track(await createSimNode({
    validators: o.validators ?? 200,
    peers: 10,
    utxos: 20,
    subnets: 1,
    autoAdvance: false,
    startTimeMs: START,
    blockIntervalMs: o.blockIntervalMs ?? 20_000,
    ...(scenario ? { scenario } : { ownValidation: { startSec: startMs / 1000, endSec: endMs / 1000, peersUptime: 100, ownUptime: 100 } }),
  }));
  const client = track(createClient({ url: sim.url, timeoutMs: 5_000 }));
  const store = createAvatopStore({ now: START });
  // Every pane polls the header, whose reward badge reads the vote: the fleet pane is the lightest such screen (its
  // header reads the peers once a minute); the peers pane reads them every tick.
  store.setState((s) => ({ ...s, ui: { ...s.ui, pane: o.pane ?? 'fleet' } }));
  const session = { clock: createManualClock(START), scheduler: undefined as unknown as Scheduler };
  const begin = async (at: number) => {
    session.clock = createManualClock(at);
    session.scheduler = createScheduler({ client, store, clock: session.clock, intervalMs: 2_000, slowMs: 10_000, random: () => 0.5, backoff: { baseMs: 500, maxMs: 2_000 } });
    session.scheduler.start();
    await quiesce(session.scheduler, store);
  };
  // Released before the client and the node: the scheduler running last (runLong replaces it).
  track(session, (x) => x.scheduler.stop());
  await begin(START);
  const run = (ms: number) => runFor(session.clock, session.scheduler, store, ms, { stepMs: 1_000, onStep: (d) => sim.tick(d) });
  /**
   * Hours at once, as a monitor left running would see them after a pause: its scheduler stops, the node lives on,
   * and polling resumes on the same store (the guard's memory kept) at the later time.
   */
  const runLong = async (ms: number) => {
    session.scheduler.stop();
    const at = session.clock.now() + ms;
    for (let done = 0; done < ms; done += HOUR) sim.tick(Math.min(HOUR, ms - done));
    await begin(at);
    await run(30_000);
  };
  const guard = () => guardOwnValidation(store.getState(), { now: session.clock.now() })!;
  return {
    sim,
    store,
    run,
    runLong,
    guard,
    startMs,
    endMs,
    get clock() {
      return session.clock;
    },
  };
}

describe('the reward guard against the simulated node', () => {
  it('steady: the vote\'s budget is the median voter\'s arithmetic on what the node serves', async () => {
    const t = await setup();
    await t.run(30_000);
    const g = t.guard();
    expect(g.basis.kind).toBe('vote');
    const want = (await medianVoterBudget(t.sim, t.startMs, t.endMs, t.clock.now()))!;
    expect(g.uptimePercent).toBe(want.median);
    expect(Math.abs(g.budget!.remainingMs - want.budgetMs)).toBeLessThan(0.05 * want.budgetMs);
    expect(g.basis.kind === 'vote' && g.basis.knownShare).toBeCloseTo(want.known, 3);
    expect(g.budgetTier).toBe('ok');
  });

  it('a restart: peers reconnect with no ping yet, the budget counts down (never "reward lost"), then the vote says what the restart cost', async () => {
    // On the peers pane, which reads the peers every tick: the header elsewhere reads them once a minute, and may
    // find every peer back and pinged by its next reading.
    const t = await setup(undefined, { pane: 'peers' });
    await t.run(30_000);
    const before = t.guard();
    const readAt = before.basis.kind === 'vote' ? before.basis.atMs : 0;
    // The node restarts: down 4 hours of its history, then its peers connect over 10 s, reporting 0 until they ping.
    t.sim.connections.restart(4 * HOUR);
    // The first reading after the restart finds none.
    for (let i = 0; i < 12 && t.guard().basis.kind === 'vote'; i++) await t.run(1_000);
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const g = t.guard();
      expect(g.basis).toMatchObject({ kind: 'projected', reason: 'isolated', sinceMs: readAt });
      expect(g.budget!.state).not.toBe('lost');
      seen.push(g.budget!.remainingMs);
      await t.run(5_000);
    }
    // Spent in real time: never a rise.
    expect(seen[1]!).toBeLessThan(seen[0]!);
    expect(seen[2]!).toBeLessThan(seen[1]!);
    expect(seen[0]!).toBeLessThanOrEqual(before.budget!.remainingMs);
    // Every peer pinged: the vote again, and it counts the 4 hours the voters saw the node down.
    await t.run(40_000);
    const back = t.guard();
    expect(back.basis.kind).toBe('vote');
    const want = (await medianVoterBudget(t.sim, t.startMs, t.endMs, t.clock.now()))!;
    expect(want.median).toBe(98);
    expect(Math.abs(back.budget!.remainingMs - want.budgetMs)).toBeLessThan(0.05 * want.budgetMs);
  });

  it('isolation: the last trustworthy figure spent in real time, marked isolated; the vote once the peers are back', async () => {
    const t = await setup();
    await t.run(30_000);
    const before = t.guard().budget!.remainingMs;
    t.sim.connections.setIsolated(true);
    // The header reads the peers once a minute (the whole list is 0.7 MB on mainnet).
    await t.run(65_000);
    const a = t.guard();
    expect(a.basis).toMatchObject({ kind: 'projected', reason: 'isolated' });
    await t.run(10 * MIN);
    const b = t.guard();
    expect(b.budget!.remainingMs).toBeLessThan(a.budget!.remainingMs - 9 * MIN);
    expect(b.budget!.remainingMs).toBeLessThan(before);
    expect(b.budgetTier).not.toBe('over');
    t.sim.connections.setIsolated(false);
    // Back within a minute and every peer pinged (22.5 s after it connects), read at the next minute's reading.
    await t.run(100_000);
    const back = t.guard();
    expect(back.basis.kind).toBe('vote');
  });

  it('the node down: avatop cannot reach it, so the budget is projected, "node unreachable"', async () => {
    const t = await setup();
    await t.run(30_000);
    const before = t.guard();
    // Every connection to the node is reset from now on.
    t.sim.faults.add({ kind: 'reset' });
    await t.run(30_000);
    const g = t.guard();
    expect(g.basis).toMatchObject({ kind: 'projected', reason: 'unreachable' });
    expect(g.budget!.remainingMs).toBeLessThanOrEqual(before.budget!.remainingMs - 20_000);
    t.sim.faults.clear();
    await t.run(20_000);
    expect(t.guard().basis.kind).toBe('vote');
  });
});

describe('auto-renewed: this node\'s cycles (ACP-236) through the poller', () => {
  it('healthy: the cycle renews (no deadline), its previous cycle\'s payout is under its reward tx; at the end a new cycle with a whole allowance', async () => {
    // Blocks every 10 minutes: half a day of the node's life in a few dozen blocks.
    const t = await setup('auto-renew', { validators: 60, blockIntervalMs: 10 * MIN });
    await t.run(30_000);
    const g = t.guard();
    expect(g.autoRenewed).toBe(true);
    expect(g.outcome).toBe('renews');
    expect(g.endTier).toBe('ok');
    expect(g.compoundShare).toBe(0.5);
    expect(g.basis.kind).toBe('vote');
    const want = (await medianVoterBudget(t.sim, g.startMs!, g.endMs!, t.clock.now()))!;
    expect(Math.abs(g.budget!.remainingMs - want.budgetMs)).toBeLessThan(0.05 * want.budgetMs);
    expect(endLine(g, t.clock.now())).toMatch(/^cycle ends .* and renews for 14d 0h; 50\.0% of its reward restaked, the rest paid out$/);
    // Three cycles committed before this one: the last one paid out half its reward, under its reward tx.
    const last = lastCycleRewards(t.store.getState())!;
    expect(last.utxos).toBeGreaterThan(0);
    expect(last.amount).toBeGreaterThan(0n);
    // Through the cycle's end: the node renews it; the next cycle starts at the old end with its whole allowance.
    const oldEnd = g.endMs!;
    await t.runLong(13 * HOUR);
    const next = t.guard();
    expect(next.startMs).toBe(oldEnd);
    expect(next.outcome).toBe('renews');
    expect(next.budget!.allowedMs).toBeCloseTo(0.1 * 14 * DAY, -3);
    expect(lastCycleRewards(t.store.getState())!.rewardTxId).not.toBe(last.rewardTxId);
  }, 180_000);

  it('failing: this cycle\'s reward lost, the validator removed at the cycle\'s end, and then it is no validator', async () => {
    const t = await setup('auto-renew-failing', { validators: 60, blockIntervalMs: 10 * MIN });
    await t.run(30_000);
    const g = t.guard();
    expect(g.budget!.state).toBe('lost');
    expect(g.outcome).toBe('removed');
    expect(g.budgetTier).toBe('over');
    expect(g.endTier).toBe('warn');
    await t.runLong(13 * HOUR);
    expect(guardOwnValidation(t.store.getState(), { now: t.clock.now() })).toBeUndefined();
  }, 180_000);

  it('switched off (nextPeriod 0): it exits at the end of this cycle', async () => {
    const t = await setup('auto-renew-off');
    await t.run(30_000);
    const g = t.guard();
    expect(g.outcome).toBe('exits');
    expect(g.endTier).toBe('warn');
    expect(endLine(g, t.clock.now())).toMatch(/^auto-renew off: exits at the end of this cycle on \d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z \(in 1[12]h \d\dm\)/);
  });

  it('a 48-hour cycle at 100%: its 4h 48m is the whole allowance, OK, not a warning', async () => {
    const t = await setup('short-cycle');
    await t.run(30_000);
    const g = t.guard();
    expect(g.endMs! - g.startMs!).toBe(2 * DAY);
    expect(g.budget!.allowedMs).toBeCloseTo(4.8 * HOUR, -3);
    expect(g.budgetTier).toBe('ok');
    expect(g.outcome).toBe('renews');
  });
});
