// Screen harness for the views and the console: the real App with a real client (for the `:` prompt and the
// console), store and scheduler against the simulated node over loopback; copies are captured instead of written.
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD, type AppConfig } from '../../src/ui/config';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { createScheduler, type Scheduler } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { defaultTheme } from '../../src/theme';
import { waitForFrame } from '../components/helpers';

export const KEY = {
  enter: '\r',
  escape: '\x1b',
  up: '\x1b[A',
  down: '\x1b[B',
  ctrlS: '\x13',
};

export const SMALL_SIM: SimNodeOptions = { validators: 80, peers: 30, utxos: 60, subnets: 3, blockIntervalMs: 1000 };

export interface ViewScreen {
  sim: SimNode;
  client: AvatopClient;
  store: AvatopStore;
  scheduler: Scheduler;
  /** Every text copied with `y`. */
  copies: string[];
  /** Every frame rendered so far (for "never shown" checks). */
  frames(): readonly string[];
  lastFrame(): string;
  press(key: string, until: RegExp | ((f: string) => boolean), timeoutMs?: number): Promise<string>;
  waitFor(until: RegExp | ((f: string) => boolean), timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startViewScreen(opts: { sim?: SimNodeOptions; readonly?: boolean; columns?: number; rows?: number } = {}): Promise<ViewScreen> {
  const sim = await createSimNode({ ...SMALL_SIM, ...opts.sim });
  const client = createClient({ url: sim.url, timeoutMs: 5_000 });
  const store = createAvatopStore();
  const scheduler = createScheduler({ client, store, intervalMs: 300, slowMs: 2_000, batchMs: 20, heavyMinIntervalMs: 500, backoff: { baseMs: 200, maxMs: 1_000 }, views: VIEW_TABLE });
  const copies: string[] = [];
  const config: AppConfig = {
    url: sim.url,
    rewardThreshold: DEFAULT_REWARD_THRESHOLD,
    actions: { quit() {}, refresh: () => scheduler.refresh(), copy: (t) => void copies.push(t) },
    client,
    readonly: opts.readonly,
  };
  const r = render(<App store={store} theme={defaultTheme()} config={config} size={{ columns: opts.columns ?? 140, rows: opts.rows ?? 45 }} />);
  scheduler.start();
  const lastFrame = () => r.lastFrame() ?? '';
  return {
    sim,
    client,
    store,
    scheduler,
    copies,
    frames: () => r.frames,
    lastFrame,
    async press(key, until, timeoutMs) {
      r.stdin.write(key);
      return waitForFrame(lastFrame, until, timeoutMs);
    },
    waitFor: (until, timeoutMs) => waitForFrame(lastFrame, until, timeoutMs),
    async close() {
      r.unmount();
      scheduler.stop();
      await client.close();
      await sim.close();
    },
  };
}

/** The line under the cursor ("›" in the first column). */
export function cursorLine(frame: string): string {
  return frame.split('\n').find((l) => l.startsWith('›')) ?? '';
}

function cursorAt(frame: string): string {
  const lines = frame.split('\n');
  const i = lines.findIndex((l) => l.startsWith('›'));
  return `${i}:${lines[i] ?? ''}`;
}

/**
 * Press j (one key per step, waiting for the cursor to move) until the cursor line matches; from the top (g) when
 * the line is above where the cursor started.
 */
export async function moveTo(s: ViewScreen, match: RegExp, max = 200): Promise<string> {
  let fromTop = false;
  for (let i = 0; i < max; i++) {
    const f = s.lastFrame();
    if (match.test(cursorLine(f))) return f;
    const before = cursorAt(f);
    try {
      await s.press('j', (g) => cursorAt(g) !== before, 3_000);
    } catch (e) {
      if (fromTop) throw e;
      fromTop = true;
      await s.press('g', (g) => cursorAt(g) !== before, 3_000);
    }
  }
  throw new Error(`cursor never reached ${match}; frame:\n${s.lastFrame()}`);
}
