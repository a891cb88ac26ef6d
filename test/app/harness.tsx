// Screen tests: the real App, store, scheduler and client against the simulated node over loopback HTTP.
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../../src/ui/config';
import { createClient } from '../../src/rpc/client';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { createScheduler, type Scheduler, type SchedulerOptions } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { defaultTheme } from '../../src/theme';
import type { Size } from '../../src/terminal/use-terminal-size';
import type { Theme } from '../../src/theme/schema';
import { untilListening, waitForFrame } from '../components/helpers';

/** The line the table cursor is on (it starts with the cursor marker). */
export const cursorRow = (frame: string): string => frame.split('\n').find((l) => l.startsWith('›')) ?? '';

export const KEY = {
  enter: '\r',
  escape: '\x1b',
  tab: '\t',
  shiftTab: '\x1b[Z',
  up: '\x1b[A',
  down: '\x1b[B',
  pageDown: '\x1b[6~',
  pageUp: '\x1b[5~',
  ctrlC: '\x03',
  backspace: '\x7f',
};

export interface Screen {
  sim: SimNode | undefined;
  store: AvatopStore;
  scheduler: Scheduler;
  quits: number;
  refreshes: number;
  lastFrame(): string;
  /** One key, then wait until the frame matches. */
  press(key: string, until: RegExp | ((f: string) => boolean), timeoutMs?: number): Promise<string>;
  waitFor(until: RegExp | ((f: string) => boolean), timeoutMs?: number): Promise<string>;
  resize(size: Size): void;
  close(): Promise<void>;
}

/** The terminal sizes avatop is checked at: a roomy tmux pane and the classic 80x24. */
export const SUPPORTED_SIZES = [
  { columns: 140, rows: 45 },
  { columns: 80, rows: 24 },
] as const;

export const SMALL_SIM: SimNodeOptions = { validators: 120, peers: 40, utxos: 300, subnets: 3, blockIntervalMs: 1000 };

export async function startScreen(opts: { sim?: SimNodeOptions; url?: string; size?: Size; hostAlias?: string; theme?: Theme; scheduler?: Partial<SchedulerOptions>; slowMs?: number; watch?: string[] } = {}): Promise<Screen> {
  const sim = opts.url ? undefined : await createSimNode({ ...SMALL_SIM, ...opts.sim });
  // hostAlias: reach the simulator by a host name instead of its IP (for the Host-header filter).
  const url = opts.url ?? (opts.hostAlias ? sim!.url.replace('127.0.0.1', opts.hostAlias) : sim!.url);
  const client = createClient({ url, timeoutMs: 3_000 });
  const store = createAvatopStore();
  const scheduler = createScheduler({ client, store, intervalMs: 300, slowMs: opts.slowMs ?? 2_000, batchMs: 20, backoff: { baseMs: 200, maxMs: 1_000 }, views: VIEW_TABLE, ...opts.scheduler });
  let size = opts.size ?? { columns: 120, rows: 40 };
  const counts = { quits: 0, refreshes: 0 };
  const config = {
    url,
    rewardThreshold: DEFAULT_REWARD_THRESHOLD,
    watch: opts.watch,
    actions: {
      quit: () => {
        counts.quits++;
      },
      refresh: () => {
        counts.refreshes++;
        scheduler.refresh();
      },
    },
  };
  const theme = opts.theme ?? defaultTheme();
  const tree = () => <App store={store} theme={theme} config={config} size={size} />;
  const r = render(tree());
  scheduler.start();
  const lastFrame = () => r.lastFrame() ?? '';
  return {
    sim,
    store,
    scheduler,
    get quits() {
      return counts.quits;
    },
    get refreshes() {
      return counts.refreshes;
    },
    lastFrame,
    // Generous deadlines: the machine may be busy; a passing wait returns as soon as the frame matches.
    async press(key, until, timeoutMs = 20_000) {
      await untilListening(r.stdin);
      r.stdin.write(key);
      return waitForFrame(lastFrame, until, timeoutMs);
    },
    waitFor: (until, timeoutMs = 20_000) => waitForFrame(lastFrame, until, timeoutMs),
    resize(next) {
      size = next;
      r.rerender(tree());
    },
    async close() {
      r.unmount();
      scheduler.stop();
      await client.close();
      await sim?.close();
    },
  };
}
