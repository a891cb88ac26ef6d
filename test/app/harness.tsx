// Screen tests: the real App, store, scheduler and client against the simulated node over loopback HTTP. The one
// screen harness (test/views/screen.tsx is a preset of it); a screen is released when the test that started it ends.
import { render } from 'ink-testing-library';
import { App } from '../../src/app/App';
import { DEFAULT_REWARD_THRESHOLD, type AppConfig } from '../../src/ui/config';
import { createClient, type AvatopClient } from '../../src/rpc/client';
import { createAvatopStore, type AvatopStore } from '../../src/state/store';
import { createScheduler, type Scheduler, type SchedulerOptions } from '../../src/poll/scheduler';
import { VIEW_TABLE } from '../../src/app/view-table';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { defaultTheme } from '../../src/theme';
import type { Size } from '../../src/terminal/use-terminal-size';
import type { Theme } from '../../src/theme/schema';
import { untilListening, waitForFrame } from '../components/helpers';
import type { EventBook } from '../../src/domain/events/book';
import { track } from '../helpers/track';

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
  ctrlS: '\x13',
};

export interface Screen {
  sim: SimNode | undefined;
  client: AvatopClient;
  store: AvatopStore;
  scheduler: Scheduler;
  quits: number;
  refreshes: number;
  /** Every text copied with `y` (with `console: true`). */
  copies: string[];
  /** Every frame rendered so far (for "never shown" checks). */
  frames(): readonly string[];
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

export interface ScreenOptions {
  sim?: SimNodeOptions;
  /** A node to watch instead of a fresh simulator. */
  url?: string;
  size?: Size;
  hostAlias?: string;
  theme?: Theme;
  scheduler?: Partial<SchedulerOptions>;
  slowMs?: number;
  watch?: string[];
  events?: EventBook;
  /** The client's limits (3 s timeout and its default size cap unless told). */
  client?: { timeoutMs?: number; maxBytes?: number };
  /** The `:` prompt, the console and `y` work: the config carries the client and a copy sink (`copies`). */
  console?: boolean;
  readonly?: boolean;
}

/** The App on a fresh simulator (or `url`), released when the running test ends (also safe to close earlier). */
export async function startScreen(opts: ScreenOptions = {}): Promise<Screen> {
  const sim = opts.url ? undefined : await createSimNode({ ...SMALL_SIM, ...opts.sim });
  // hostAlias: reach the simulator by a host name instead of its IP (for the Host-header filter).
  const url = opts.url ?? (opts.hostAlias ? sim!.url.replace('127.0.0.1', opts.hostAlias) : sim!.url);
  const client = createClient({ url, timeoutMs: 3_000, ...opts.client });
  const store = createAvatopStore();
  const scheduler = createScheduler({ client, store, intervalMs: 300, slowMs: opts.slowMs ?? 2_000, batchMs: 20, backoff: { baseMs: 200, maxMs: 1_000 }, views: VIEW_TABLE, ...opts.scheduler });
  let size = opts.size ?? { columns: 120, rows: 40 };
  const counts = { quits: 0, refreshes: 0 };
  const copies: string[] = [];
  const config: AppConfig = {
    url,
    rewardThreshold: DEFAULT_REWARD_THRESHOLD,
    watch: opts.watch,
    readonly: opts.readonly,
    events: opts.events,
    ...(opts.console ? { client } : {}),
    actions: {
      quit: () => {
        counts.quits++;
      },
      refresh: () => {
        counts.refreshes++;
        scheduler.refresh();
      },
      ...(opts.console ? { copy: (t: string) => void copies.push(t) } : {}),
    },
  };
  const theme = opts.theme ?? defaultTheme();
  const tree = () => <App store={store} theme={theme} config={config} size={size} />;
  const r = render(tree());
  // ink-testing-library's stdout is 100 columns whatever the size: Ink lays the root out at stdout.columns, so a
  // wider screen would be squeezed into 100 (a 200-column row's fixed-width boxes shrink). The terminal is `size`.
  Object.defineProperty(r.stdout, 'columns', { get: () => size.columns, configurable: true });
  Object.defineProperty(r.stdout, 'rows', { get: () => size.rows, configurable: true });
  r.rerender(tree());
  scheduler.start();
  const lastFrame = () => r.lastFrame() ?? '';
  let closed: Promise<void> | undefined;
  const screen: Screen = {
    sim,
    client,
    store,
    scheduler,
    get quits() {
      return counts.quits;
    },
    get refreshes() {
      return counts.refreshes;
    },
    copies,
    frames: () => r.frames,
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
    close() {
      closed ??= (async () => {
        r.unmount();
        scheduler.stop();
        await client.close();
        await sim?.close();
      })();
      return closed;
    },
  };
  return track(screen);
}
