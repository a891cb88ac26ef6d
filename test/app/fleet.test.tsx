// The fleet in the monitor, rendered by Ink against several simulated nodes (different profiles and seeds), a dead
// port, one node bootstrapping and one answering 403: one row per node in words, worst first; Enter puts a node on
// screen (the header names it, the panes follow), f comes back; nodes not on screen poll only their row's needs.
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { createSimNode } from '../../src/sim/index';
import { createFleet } from '../../src/fleet/fleet';
import { VIEW_TABLE } from '../../src/app/view-table';
import { FleetApp } from '../../src/app/FleetApp';
import { LIGHT_KEYS } from '../../src/fleet/light-plan';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { defaultTheme } from '../../src/theme';
import { setPane } from '../../src/state/ui';
import { untilListening, waitForFrame } from '../components/helpers';
import { KEY, SMALL_SIM } from './harness';
import { deadUrl as freePortUrl } from '../helpers/ports';
import { shared, track } from '../helpers/track';

const alpha = shared(() => createSimNode({ ...SMALL_SIM, seed: 31 }));
const beta = shared(() => createSimNode({ ...SMALL_SIM, profile: 'v1.11', seed: 32 }));
const syncing = shared(() => createSimNode({ ...SMALL_SIM, seed: 33, faults: [{ kind: 'bootstrapping' }] }));
const denied = shared(() => createSimNode({ ...SMALL_SIM, seed: 34, faults: [{ kind: 'http-error', status: 403, body: 'Forbidden' }] }));
let deadUrl: string;
beforeAll(async () => {
  deadUrl = await freePortUrl();
});

const rowOf = (frame: string, name: string) => frame.split('\n').find((l) => new RegExp(`^.${name}\\s`).test(l)) ?? '';

describe('the fleet pane', () => {
  it('shows every node worst first, says what is wrong in words, and switches the whole screen to a node', async () => {
    const fleet = track(createFleet(
      [
        { name: 'alpha', url: alpha().url, headers: {} },
        { name: 'beta', url: beta().url, headers: {} },
        { name: 'dead', url: deadUrl, headers: {} },
        { name: 'syncing', url: syncing().url, headers: {} },
        { name: 'denied', url: denied().url, headers: {} },
      ],
      { intervalMs: 300, timeoutMs: 3_000, views: VIEW_TABLE },
    ));
    const first = fleet.sessions[0]!.store;
    first.setState({ ...first.getState(), ui: setPane(first.getState().ui, 'fleet') }, true);
    const config = { url: alpha().url, rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
    const r = track(render(<FleetApp fleet={fleet} theme={defaultTheme()} config={config} size={{ columns: 140, rows: 30 }} />), (x) => x.unmount());
    const frame = () => r.lastFrame() ?? '';
    const f = await waitForFrame(
      frame,
      (x) =>
        /connection refused/.test(rowOf(x, 'dead')) &&
        /HTTP 403 forbidden/.test(rowOf(x, 'denied')) &&
        /bootstrapping/.test(rowOf(x, 'syncing')) &&
        /\bup\b.*mainnet/.test(rowOf(x, 'alpha')) &&
        /\bup\b.*mainnet/.test(rowOf(x, 'beta')),
      30_000,
    );
    // The header names the node on screen; the rows run worst first (down, then the two that cannot serve).
    expect(f.split('\n')[0]).toMatch(/^\[alpha\] /);
    const order = f.split('\n').map((l) => /^.(alpha|beta|dead|syncing|denied)\s/.exec(l)?.[1]).filter(Boolean);
    expect(order[0]).toBe('dead');
    expect(order.slice(1, 3).sort()).toEqual(['denied', 'syncing']);
    expect(order.slice(3).sort()).toEqual(['alpha', 'beta']);
    // The others are untouched by the faults: each shows a height, its lag and a latency.
    expect(rowOf(f, 'beta')).toMatch(/v1\.11\.\d+ ✓ ✓ ✓ +[\d,]+ +\d+ /);
    // A node whose P-chain bootstraps cannot say whether it validates: its BUDGET is unknown, never "none" (issue 30.5).
    expect(f).toMatch(/\sBUDGET\s/);
    expect(rowOf(f, 'syncing')).toMatch(/\sunknown\s/);
    expect(rowOf(f, 'syncing')).not.toMatch(/\snone\s/);

    // Nodes not on screen poll only their row's needs: never the peer list, the validator set or /ext/metrics.
    for (const s of fleet.sessions.slice(1)) {
      for (const key of s.scheduler()!.activeKeys()) expect(LIGHT_KEYS.has(key) || key.startsWith('validator:')).toBe(true);
    }

    // Enter on beta (filtered to it): the header and the overview are beta's; its scheduler is the full one.
    await untilListening(r.stdin);
    r.stdin.write('/');
    await waitForFrame(frame, /filter/i);
    r.stdin.write('beta\r');
    await waitForFrame(frame, (x) => rowOf(x, 'beta') !== '' && rowOf(x, 'alpha') === '');
    r.stdin.write(KEY.enter);
    const onBeta = await waitForFrame(frame, (x) => /^\[beta\] /.test(x.split('\n')[0] ?? '') && /Overview/.test(x), 20_000);
    expect(onBeta).toMatch(/beta · http:\/\/127\.0\.0\.1/);
    // The other nodes that need attention show in beta's header on every pane: the worst in words, how many more.
    const warned = await waitForFrame(frame, (x) => /^\[beta\] ✗ dead: connection refused \(\+\d+ more\)/.test(x.split('\n')[0] ?? ''), 20_000);
    r.stdin.write('2');
    await waitForFrame(frame, (x) => /\d+ peers · /.test(x) && /^\[beta\] ✗ dead: connection refused/.test(x.split('\n')[0] ?? ''), 20_000);
    r.stdin.write('1');
    await waitForFrame(frame, /Node ID/);
    expect(warned.split('\n')[0]).not.toMatch(/beta:/);
    expect(fleet.viewed().name).toBe('beta');
    expect(fleet.sessions[0]!.scheduler()!.activeKeys().every((k) => LIGHT_KEYS.has(k) || k.startsWith('validator:'))).toBe(true);

    // f comes back to the fleet, which says which node is on screen.
    await untilListening(r.stdin);
    r.stdin.write('f');
    await waitForFrame(frame, (x) => /viewing beta/.test(x) && rowOf(x, 'dead') !== '');
  });

  it('never waits on a slow node, and a node that stops keeps its last row, said to be last known', async () => {
    const slow = track(await createSimNode({ ...SMALL_SIM, seed: 35, faults: [{ kind: 'stall' }] }));
    const gone = track(await createSimNode({ ...SMALL_SIM, profile: 'v1.11', seed: 36 }));
    const local = track(createFleet(
      [
        { name: 'fast', url: alpha().url, headers: {} },
        { name: 'slow', url: slow.url, headers: {} },
        { name: 'gone', url: gone.url, headers: {} },
      ],
      { intervalMs: 300, timeoutMs: 1_500, views: VIEW_TABLE },
    ));
    const first = local.sessions[0]!.store;
    first.setState({ ...first.getState(), ui: setPane(first.getState().ui, 'fleet') }, true);
    const config = { url: alpha().url, rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {} } };
    const r = track(render(<FleetApp fleet={local} theme={defaultTheme()} config={config} size={{ columns: 170, rows: 30 }} />), (x) => x.unmount());
    const frame = () => r.lastFrame() ?? '';
    const heightOf = (x: string, name: string) => /mainnet\s+\S+ ✓ ✓ ✓ +([\d,]+)/.exec(rowOf(x, name))?.[1];
    const f = await waitForFrame(frame, (x) => /timed out/.test(rowOf(x, 'slow')) && heightOf(x, 'fast') !== undefined && heightOf(x, 'gone') !== undefined, 30_000);
    // The fast node's height moves on while the slow one's requests hang.
    const before = heightOf(f, 'fast');
    alpha().tick(5_000);
    await waitForFrame(frame, (x) => heightOf(x, 'fast') !== undefined && heightOf(x, 'fast') !== before && /timed out/.test(rowOf(x, 'slow')), 30_000);
    // A node that stops: why, in words, and the rest of its row as it last was.
    const last = heightOf(frame(), 'gone');
    await gone.close();
    const down = await waitForFrame(frame, (x) => /connection refused, as of \d+s ago/.test(rowOf(x, 'gone')), 30_000);
    expect(heightOf(down, 'gone')).toBe(last);
  }, 120_000);
});
