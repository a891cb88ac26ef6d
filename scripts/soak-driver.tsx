// The soak: avatop's client, store, scheduler and rendered App against a simulated node in another process (so
// its growing chain is not counted), on a manual clock driven far faster than real time. The simulated node's clock
// moves with it through POST /sim/control {"action":"tick"}. A user's session is replayed meanwhile: every pane in
// turn, a block and a validator opened and closed, a UTXO address paged. Memory and live resources are taken after
// warm-up and at the end, each after a forced GC. Used by scripts/soak.mjs (an hour) and test/reliability (minutes).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serialize, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { EventEmitter } from 'node:events';
import { render } from 'ink';
import { request } from 'undici';
import { App } from '../src/app/App';
import { DEFAULT_REWARD_THRESHOLD } from '../src/ui/config';
import { createManualClock } from '../src/poll/clock';
import { createScheduler } from '../src/poll/scheduler';
import { VIEW_TABLE } from '../src/app/view-table';
import { quiesce as quiesceScheduler, settle } from '../src/poll/quiesce';
import { createClient } from '../src/rpc/client';
import { createAvatopStore } from '../src/state/store';
import { PANES, popView, pushView, setPane } from '../src/state/ui';
import { nextUtxoPage, openUtxoQuery, prevUtxoPage } from '../src/state/utxos';
import { defaultTheme } from '../src/theme';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A forced full GC, with or without --expose-gc on the command line. */
export function forceGc(): void {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  gc();
}

export interface Snapshot {
  atMs: number;
  heapUsed: number;
  rss: number;
  /** process.getActiveResourcesInfo(), counted by type (sockets, timers, …). */
  resources: Record<string, number>;
  /** Timers waiting on the scheduler's (manual) clock. */
  clockTimers: number;
  /** Listeners on process and on the client's call events. */
  processListeners: number;
  pollers: number;
  /** Serialized size of each store slice: which part of the state grew, if one did. */
  storeBytes: Record<string, number>;
}

export interface SoakResult {
  warm: Snapshot;
  end: Snapshot;
  requests: number;
  bytes: number;
  renders: number;
  frames: number;
}

export const CYCLE_MS = 180_000;

/**
 * A 120×40 terminal that counts what Ink writes and keeps none of it (ink-testing-library keeps every frame, which
 * over an hour would be a leak of the harness, not of avatop).
 */
class NullTerminal extends EventEmitter {
  readonly isTTY = true;
  readonly columns = 120;
  readonly rows = 40;
  frames = 0;
  write(_s: string): boolean {
    this.frames++;
    return true;
  }
}

/** A terminal's input that never types: enough for Ink's raw-mode input handling. */
class SilentKeyboard extends EventEmitter {
  readonly isTTY = true;
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
  read(): null {
    return null;
  }
}

export interface SoakOptions {
  durationMs: number;
  warmupMs: number;
  stepMs?: number;
  intervalMs?: number;
  /** Sim size. */
  validators?: number;
  peers?: number;
  utxos?: number;
  onProgress?(simMs: number): void;
  /** Clear the performance timeline each step (React's development build fills it; see test/reliability/soak). */
  dropPerformanceEntries?: boolean;
}

async function startSimProcess(args: string[]): Promise<{ url: string; wallet: string; stop(): Promise<void> }> {
  const proc = spawn(process.execPath, [join(root, 'bin', 'avatop.cjs'), 'sim', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, AVATOP_FROM_SOURCE: '1' },
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d) => {
      out += String(d);
      const m = /avatop sim: (http:\/\/\S+)/.exec(out);
      if (m && /watch it/.test(out)) resolve(m[1]!);
    });
    proc.once('exit', (code) => reject(new Error(`avatop sim exited (${code}):\n${out}`)));
  });
  const wallet = /(P-\S+) \(\d+ UTXOs\)/.exec(out)?.[1] ?? '';
  return {
    url,
    wallet,
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGINT');
      }),
  };
}

function countResources(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of process.getActiveResourcesInfo()) out[r] = (out[r] ?? 0) + 1;
  return out;
}

/** The lowest count of each type over a few samples: a render's throttle timer comes and goes, a leak stays. */
async function steadyResources(): Promise<Record<string, number>> {
  let low = countResources();
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 25));
    const now = countResources();
    const next: Record<string, number> = {};
    for (const k of new Set([...Object.keys(low), ...Object.keys(now)])) next[k] = Math.min(low[k] ?? 0, now[k] ?? 0);
    low = next;
  }
  return Object.fromEntries(Object.entries(low).filter(([, n]) => n > 0));
}

function sliceSizes(state: Record<string, unknown>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(state)) {
    try {
      out[k] = serialize(v).length;
    } catch {
      out[k] = -1;
    }
  }
  return out;
}

function processListeners(): number {
  return process.eventNames().reduce((n, e) => n + process.listenerCount(e), 0);
}

export async function runSoak(opts: SoakOptions): Promise<SoakResult> {
  const stepMs = opts.stepMs ?? 500;
  const sim = await startSimProcess([
    '--seed',
    '17',
    '--validators',
    String(opts.validators ?? 1_500),
    '--peers',
    String(opts.peers ?? 300),
    '--utxos',
    String(opts.utxos ?? 5_000),
  ]);
  const control = async (body: unknown) => {
    const res = await request(`${sim.url}/sim/control`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    await res.body.text();
  };
  const client = createClient({ url: sim.url, timeoutMs: 30_000 });
  let requests = 0;
  let bytes = 0;
  const unsubscribe = client.onCall((e) => {
    requests++;
    bytes += e.bytes + e.requestBytes;
  });
  const clock = createManualClock(Date.now());
  const store = createAvatopStore({ now: clock.now() });
  const scheduler = createScheduler({ client, store, clock, intervalMs: opts.intervalMs ?? 2_000, random: () => 0.5, views: VIEW_TABLE });
  let renders = 0;
  const unsubRenders = store.subscribe(() => renders++);
  const terminal = new NullTerminal();
  const app = render(
    <App
      store={store}
      theme={defaultTheme()}
      config={{ url: sim.url, rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit: () => {}, refresh: () => scheduler.refresh() } }}
      size={{ columns: 120, rows: 40 }}
    />,
    {
      stdout: terminal as unknown as NodeJS.WriteStream,
      stdin: new SilentKeyboard() as unknown as NodeJS.ReadStream,
      patchConsole: false,
      exitOnCtrlC: false,
    },
  );
  scheduler.start();

  const quiesce = () => quiesceScheduler(scheduler, store);
  const ui = (f: (s: ReturnType<typeof store.getState>) => ReturnType<typeof store.getState>) => store.setState(f(store.getState()), true);
  const panes = PANES.filter((p) => p !== 'console');
  ui((s) => ({ ...s, utxos: openUtxoQuery(s.utxos, { addresses: [sim.wallet], pageSize: 100 }) }));

  /** One step of the user's session, chosen by simulated time: a new pane every 20 s, views and paging between. */
  const act = (t: number) => {
    if (t % 20_000 !== 0) return;
    const n = t / 20_000;
    const s = store.getState();
    const pane = panes[n % panes.length]!;
    if (s.ui.nav.length > 0) ui((x) => ({ ...x, ui: popView(x.ui) }));
    ui((x) => ({ ...x, ui: setPane(x.ui, pane) }));
    const height = s.pchain.height.data;
    if (pane === 'blocks' && height !== undefined) ui((x) => ({ ...x, ui: pushView(x.ui, { kind: 'block', height: height - 1n }) }));
    if (pane === 'overview' && s.node.id.data) ui((x) => ({ ...x, ui: pushView(x.ui, { kind: 'validator', nodeId: (s.node.id.data as { nodeID: string }).nodeID }) }));
    if (pane === 'utxos') {
      const key = s.utxos.active!;
      ui((x) => ({ ...x, utxos: n % 2 ? nextUtxoPage(x.utxos, key) : prevUtxoPage(x.utxos, key) }));
    }
  };

  const snapshot = async (atMs: number): Promise<Snapshot> => {
    await quiesce();
    forceGc();
    await settle();
    forceGc();
    // SOAK_SNAP=/path/prefix: a heap snapshot at each of these points, to diff what grew.
    if (process.env.SOAK_SNAP) (await import('node:v8')).writeHeapSnapshot(`${process.env.SOAK_SNAP}-${atMs}.heapsnapshot`);
    const m = process.memoryUsage();
    return {
      atMs,
      heapUsed: m.heapUsed,
      rss: m.rss,
      resources: await steadyResources(),
      clockTimers: clock.pending(),
      processListeners: processListeners(),
      pollers: scheduler.activeKeys().length,
      storeBytes: sliceSizes(store.getState() as unknown as Record<string, unknown>),
    };
  };

  // The session repeats every 180 s (nine panes, 20 s each): snapshots at multiples of it see the same pane and view.
  if (opts.warmupMs % CYCLE_MS !== 0 || opts.durationMs % CYCLE_MS !== 0) throw new Error(`warm-up and duration must be multiples of ${CYCLE_MS} ms`);
  let warm: Snapshot | undefined;
  try {
    await quiesce();
    for (let t = 0; t < opts.durationMs; t += stepMs) {
      act(t);
      await control({ action: 'tick', ms: stepMs });
      await clock.advance(stepMs);
      await quiesce();
      if (opts.dropPerformanceEntries) {
        performance.clearMeasures();
        performance.clearMarks();
      }
      if (t + stepMs === opts.warmupMs) warm = await snapshot(t + stepMs);
      // SOAK_TRACE=1: heap after GC every 30 simulated minutes, to tell a plateau from growth.
      if (process.env.SOAK_TRACE && (t + stepMs) % 1_800_000 === 0) {
        const sn = await snapshot(t + stepMs);
        process.stderr.write(`\n[trace] ${(t + stepMs) / 60_000} min heap ${mb(sn.heapUsed)}\n`);
      }
      if (t % 60_000 === 0) opts.onProgress?.(t);
    }
    const end = await snapshot(opts.durationMs);
    if (!warm) throw new Error('warm-up must end before the soak does');
    return { warm, end, requests, bytes, renders, frames: terminal.frames };
  } finally {
    app.unmount();
    unsubRenders();
    unsubscribe();
    scheduler.stop();
    await client.close();
    await sim.stop();
  }
}

/** Growth that fails the soak: heap past 10%, or more sockets, timers or listeners than after warm-up. */
export function soakProblems(r: SoakResult): string[] {
  const problems: string[] = [];
  if (r.end.heapUsed > r.warm.heapUsed * 1.1) {
    problems.push(`heap grew ${((r.end.heapUsed / r.warm.heapUsed - 1) * 100).toFixed(1)}% (${mb(r.warm.heapUsed)} → ${mb(r.end.heapUsed)})`);
  }
  for (const [type, n] of Object.entries(r.end.resources)) {
    const before = r.warm.resources[type] ?? 0;
    if (n > before) problems.push(`${type}: ${before} → ${n}`);
  }
  if (r.end.clockTimers > r.warm.clockTimers + r.end.pollers) problems.push(`scheduler timers: ${r.warm.clockTimers} → ${r.end.clockTimers}`);
  if (r.end.processListeners > r.warm.processListeners) problems.push(`process listeners: ${r.warm.processListeners} → ${r.end.processListeners}`);
  return problems;
}

export const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
