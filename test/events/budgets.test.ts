// The reward guard's memory of each validation's last trustworthy budget, kept with the event log (node.json): the
// watch saves the store's figures with the tracker's state, batched (never more than once a minute while nothing
// else happens), and gives them back to the store of the next run, where a fresher figure of its own wins.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKeeper } from '../../src/events/keeper';
import { nodeDir } from '../../src/events/paths';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { resolveOk } from '../../src/state/resource';
import { lastBudgetOf } from '../../src/domain/reward/projection';
import type { LastBudget } from '../../src/state/reward-memory';
import { keepLastBudgets } from '../../src/events/keep-budgets';
import { readLastBudgets } from '../../src/events/read-all';
import { WriterLock } from '../../src/events/writer-lock';
import { tempDir } from '../helpers/temp-dir';
import { track } from '../helpers/track';

const temp = () => tempDir('budgets');

const NODE_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const NODE = { network: 'mainnet', nodeId: NODE_ID, name: 'validator-1' };
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const TARGET = { name: 'validator-1', url: 'http://127.0.0.1:9650' };

const record = (atMs: number, over: Partial<LastBudget> = {}): LastBudget =>
  lastBudgetOf({ validation: 'primary', nodeId: NODE_ID, atMs, startMs: T0 - 10 * DAY, endMs: T0 + 20 * DAY, thresholdPercent: 90, medianUptimePercent: 97, knownShare: 0.9, ...over });

function nodeStore(last: Record<string, LastBudget> = {}): AvatopStore {
  const store = createAvatopStore();
  const s = store.getState();
  store.setState({
    ...s,
    node: { ...s.node, id: resolveOk(s.node.id, { nodeID: NODE_ID, nodePOP: undefined } as never, { at: 1 }), networkName: resolveOk(s.node.networkName, 'mainnet', { at: 1 }) },
    pchain: { ...s.pchain, height: resolveOk(s.pchain.height, 100n, { at: 1, latencyMs: 3 }) },
    reward: { ...s.reward, last },
  });
  return store;
}

const saved = (stateDir: string) => (JSON.parse(readFileSync(join(nodeDir(stateDir, NODE), 'node.json'), 'utf8')) as { budgets: Record<string, LastBudget> }).budgets;
const tick = () => new Promise((r) => setImmediate(r));

describe('the last trustworthy budgets in the event log', () => {
  it('are saved with the state at most once a minute, and given back to the next run', async () => {
    const stateDir = temp();
    let t = T0;
    const keeper = createKeeper({ stateDir, now: () => t, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    const store = nodeStore({ primary: record(T0) });
    keeper.watch(store, TARGET);
    await tick();
    keeper.flush();
    expect(saved(stateDir).primary).toEqual(record(T0));

    // A newer figure every few seconds (each trustworthy reading of the views) is not a write each.
    const set = (r: LastBudget) => store.setState((s) => ({ ...s, reward: { ...s.reward, last: { primary: r } } }), true);
    set(record((t += 10_000)));
    keeper.flush();
    expect(saved(stateDir).primary!.atMs).toBe(T0);
    set(record((t += 55_000)));
    keeper.flush();
    expect(saved(stateDir).primary!.atMs).toBe(T0 + 65_000);
    set(record((t += 5_000)));
    keeper.close(); // the last flush on exit writes what is pending
    expect(saved(stateDir).primary!.atMs).toBe(T0 + 70_000);

    // The next run: its store starts from the kept figure.
    const next = createKeeper({ stateDir, now: () => t, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    track(next);
    const fresh = nodeStore();
    next.watch(fresh, TARGET);
    await tick();
    expect(fresh.getState().reward.last.primary).toEqual(record(T0 + 70_000));
  });

  it('a kept figure older than the store\'s own, or of another node, is not taken', async () => {
    const stateDir = temp();
    keepLastBudgets(stateDir, NODE, [record(T0), record(T0, { validation: 'sub1', nodeId: 'NodeID-other' })]);
    const keeper = createKeeper({ stateDir, now: () => T0 + 120_000, flushEveryMs: 3_600_000, loadDelayMs: 0 });
    track(keeper);
    const store = nodeStore({ primary: record(T0 + 60_000) });
    keeper.watch(store, TARGET);
    await tick();
    expect(store.getState().reward.last.primary!.atMs).toBe(T0 + 60_000);
    keeper.close();
    // Only this node's figures are written back.
    expect(Object.keys(saved(stateDir))).toEqual(['primary']);
  });

  it("a one-shot keeps its figures only while no monitor or exporter writes the node, and never an older one", () => {
    const stateDir = temp();
    expect(keepLastBudgets(stateDir, NODE, [record(T0)])).toBe('kept');
    expect(keepLastBudgets(stateDir, NODE, [record(T0 - 60_000)])).toBe('unchanged');
    expect(readLastBudgets(stateDir, NODE)).toEqual([record(T0)]);
    const watcher = new WriterLock(nodeDir(stateDir, NODE));
    expect(watcher.acquire()).toBe(true);
    expect(keepLastBudgets(stateDir, NODE, [record(T0 + 60_000)])).toBe('watched');
    watcher.release();
    expect(keepLastBudgets(stateDir, NODE, [record(T0 + 60_000)])).toBe('kept');
    expect(readLastBudgets(stateDir, NODE)).toEqual([record(T0 + 60_000)]);
  });
});
