// The threshold's source names the config file when the figure came from there (issue 30, item 5): the monitor's
// validators pane says "85% (config uptimeThreshold, before Helicon)" (status and get name the file's path), where the flag says
// "--uptime-threshold" (a wide terminal: the line says the figure on both sides of Helicon).
import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { createClient } from '../../src/rpc/client';
import { createAvatopStore } from '../../src/state/store';
import { createScheduler } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createSimNode, type SimNode } from '../../src/sim/index';
import { defaultTheme } from '../../src/theme';
import { untilListening, waitForFrame } from '../components/helpers';
import { SMALL_SIM } from './harness';
import { track } from '../helpers/track';

const PATH = '/home/operator/.config/avatop/config.json';

describe('an uptime threshold set in the config file', () => {
  it('is said to come from that file on the validators pane', async () => {
    const sim: SimNode = track(await createSimNode({ ...SMALL_SIM }));
    const client = track(createClient({ url: sim.url, timeoutMs: 3_000 }));
    const store = createAvatopStore();
    const scheduler = track(createScheduler({ client, store, intervalMs: 300, slowMs: 2_000, batchMs: 20, backoff: { baseMs: 200, maxMs: 1_000 }, views: VIEW_TABLE }), (s) => s.stop());
    const config = { url: sim.url, rewardThreshold: { override: 85, overrideFrom: PATH }, actions: { quit() {}, refresh() {} } };
    const r = track(render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: 220, rows: 40 }} />), (x) => x.unmount());
    scheduler.start();
    const frame = () => r.lastFrame() ?? '';
    await untilListening(r.stdin);
    r.stdin.write('3');
    const f = await waitForFrame(frame, /validators · 1\/\d+/, 20_000);
    expect(f).toMatch(/85% \(config uptimeThreshold, before Helicon\)/);
    expect(f).not.toMatch(/--uptime-threshold/);
  });
});
