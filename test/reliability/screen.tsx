// The real App, store, scheduler and client against the simulated node over loopback, with the client limits the
// fault matrix uses (short timeout, small size cap) so each fault shows quickly.
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { createClient } from '../../src/rpc/client';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { createScheduler } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { defaultTheme } from '../../src/theme';
import { waitForFrame } from '../components/helpers';
import { MATRIX_MAX_BYTES, MATRIX_TIMEOUT_MS } from './helpers';

export interface FaultScreen {
  store: AvatopStore;
  lastFrame(): string;
  press(key: string): void;
  waitFor(until: RegExp | ((f: string) => boolean), timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export const SCREEN_INTERVAL_MS = 300;

export function startFaultScreen(url: string): FaultScreen {
  // A longer timeout than the store matrix: rendering shares the (busy) event loop with the requests.
  const client = createClient({ url, timeoutMs: MATRIX_TIMEOUT_MS * 2, maxBytes: MATRIX_MAX_BYTES });
  const store = createAvatopStore();
  const scheduler = createScheduler({
    client,
    store,
    intervalMs: SCREEN_INTERVAL_MS,
    slowMs: 1_000,
    batchMs: 20,
    heavyMinIntervalMs: 500,
    backoff: { baseMs: 200, maxMs: 600 },
    views: VIEW_TABLE,
  });
  const config = { url, rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit: () => {}, refresh: () => scheduler.refresh() } };
  const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: 120, rows: 40 }} />);
  scheduler.start();
  const lastFrame = () => r.lastFrame() ?? '';
  return {
    store,
    lastFrame,
    press: (key) => r.stdin.write(key),
    waitFor: (until, timeoutMs) => waitForFrame(lastFrame, until, timeoutMs),
    async close() {
      r.unmount();
      scheduler.stop();
      await client.close();
    },
  };
}
