// Counts add up: a row kept one update to show it went away is marked, never counted; the position agrees with the
// count; the header and the pane give one peer count.
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { createAvatopStore, PRIMARY_NETWORK_ID } from '../../src/state/store';
import { lens } from '../../src/state/lenses';
import { idleResource, resolveOk } from '../../src/state/resource';
import { diffRows } from '../../src/state/rows';
import { setPane } from '../../src/state/ui';
import type { Validator } from '../../src/state/types';
import { defaultTheme } from '../../src/theme';
import { tableCounts } from '../../src/components/table-model';
import { startScreen } from './harness';

const validator = (i: number): Validator => ({
  kind: 'permissionless',
  signer: undefined,
  validatorAuthority: undefined,
  delegators: undefined,
  publicKey: undefined,
  nodeID: `NodeID-${String(i).padStart(33, 'x')}`,
  weight: BigInt(1_000 * i) * 10n ** 9n,
  startTime: new Date('2026-01-01T00:00:00Z'),
  endTime: new Date('2027-01-01T00:00:00Z'),
  uptime: 99,
  connected: true,
});

describe('counts', () => {
  it('counts live rows only, and places the cursor among them', () => {
    const rows = [
      { key: 'a', value: 1, change: 'removed' as const },
      { key: 'b', value: 2 },
      { key: 'c', value: 3, change: 'removed' as const },
      { key: 'd', value: 4, change: 'changed' as const },
    ];
    expect(tableCounts(rows, 1)).toEqual({ live: 2, removed: 2, position: 1 });
    expect(tableCounts(rows, 3)).toEqual({ live: 2, removed: 2, position: 2 });
    expect(tableCounts(rows, 2).position).toBeUndefined();
    expect(tableCounts([], 0)).toEqual({ live: 0, removed: 0, position: undefined });
  });

  it('never counts validators kept to show they ended', () => {
    const store = createAvatopStore();
    const before = diffRows(undefined, [1, 2, 3, 4, 5].map(validator), (v) => v.nodeID);
    const after = diffRows(before, [1, 3, 5].map(validator), (v) => v.nodeID);
    const s = store.getState();
    store.setState(
      { ...lens.validators(PRIMARY_NETWORK_ID).set(s, resolveOk(idleResource(), after, { at: Date.now() })), ui: setPane(s.ui, 'validators') },
      true,
    );
    const config = { url: 'http://127.0.0.1:9', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
    const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: 120, rows: 30 }} />);
    const f = r.lastFrame()!;
    r.unmount();
    expect(f).toMatch(/3 validators · 1\/3 · 2 removed \(-\)/);
    expect(f).toMatch(/· 9(\.0+)?K AVAX/); // the ended ones' 6K are not in it
    expect(f.split('\n').filter((l) => /^-NodeID-/.test(l))).toHaveLength(2);
  });

  it('keeps the blocks pane to its window: a block that slid out is not a removed row', async () => {
    const screen = await startScreen();
    const first = await screen.press('8', /(\d+) blocks · 1\/(\d+)/);
    const top = /^›\s*([\d,]+)/m.exec(first)?.[1];
    // A new block arrives: the window moves by one.
    const f = await screen.waitFor((x) => {
      const now = /^›\s*([\d,]+)/m.exec(x)?.[1];
      return now !== undefined && now !== top && /20 blocks/.test(x);
    });
    const m = /(\d+) blocks · 1\/(\d+)/.exec(f)!;
    expect(m[1]).toBe('20');
    expect(m[2]).toBe('20');
    expect(f).not.toMatch(/removed \(-\)/);
    expect(screen.store.getState().blocks.recent.data!.rows.every((r) => r.change !== 'removed')).toBe(true);
  });

  it('gives the header and the peers pane one count, also while a peer that left is still shown', async () => {
    // Few enough peers (about 40 validators and 5 others) that every row fits on the screen.
    const screen = await startScreen({ size: { columns: 120, rows: 70 }, sim: { validators: 40, peers: 5 } });
    await screen.press('2', /\d+ peers · \d+\/\d+/);
    // Peers come and go every few blocks; wait for an update that shows one leaving.
    const f = await screen.waitFor((x) => x.split('\n').some((l) => /^-NodeID-/.test(l)), 60_000);
    const header = Number(/peers (\d+)/.exec(f)![1]);
    const pane = Number(/(\d+) peers · /.exec(f)![1]);
    const rows = f.split('\n').filter((l) => /^[ ~!+*›-]NodeID-/.test(l));
    const removed = rows.filter((l) => l.startsWith('-')).length;
    expect(pane).toBe(header);
    expect(pane).toBe(rows.length - removed);
  }, 90_000);
});
