// What the monitor writes to its terminal: the real App on the patched Ink with the screen writer, as the monitor
// renders it (incrementalRendering, concurrent), into a terminal of 140×45 (test/helpers/vt-screen.ts). A clock tick
// that changes nothing visible makes no Ink frame and writes nothing; one that changes the data's age writes those
// cells only; Ctrl-L paints the whole screen again.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { VtScreen } from '../helpers/vt-screen';
import { untilListening } from '../components/helpers';
import { track } from '../helpers/track';

// Ink writes nothing at all where it believes it runs in CI (is-in-ci, read when Ink loads): this test is about
// what it writes, so Ink is loaded below without those variables.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
const { render } = await import('ink');
const { App } = await import('../../src/app/App');
const { createAvatopStore } = await import('../../src/state/store');
const { lens } = await import('../../src/state/lenses');
const { resolveOk } = await import('../../src/state/resource');
const { DEFAULT_REWARD_THRESHOLD } = await import('../../src/ui/config');
const { defaultTheme } = await import('../../src/theme');
const { requestRepaint } = await import('../../src/terminal/repaint');

class Terminal extends EventEmitter {
  readonly isTTY = true;
  readonly vt: VtScreen;
  written = 0;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
    this.vt = new VtScreen(columns, rows);
  }
  write(s: string): boolean {
    this.written += Buffer.byteLength(s);
    this.vt.write(s);
    return true;
  }
}

class Keyboard extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  press(s: string): void {
    this.data = s;
    this.emit('readable');
  }
  read(): string | null {
    const d = this.data;
    this.data = null;
    return d;
  }
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function monitor(setup: (store: ReturnType<typeof createAvatopStore>) => void) {
  const stdout = new Terminal(140, 45);
  const stdin = new Keyboard();
  const store = createAvatopStore();
  setup(store);
  let frames = 0;
  const config = { url: 'http://127.0.0.1:9650', rewardThreshold: DEFAULT_REWARD_THRESHOLD, actions: { quit() {}, refresh() {}, repaint: () => requestRepaint(stdout) } };
  track(render(<App store={store} theme={defaultTheme()} config={config} />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: new Terminal(140, 45) as unknown as NodeJS.WriteStream,
    maxFps: 60,
    concurrent: true,
    incrementalRendering: true,
    patchConsole: false,
    exitOnCtrlC: false,
    onRender: () => void frames++,
  }), (i) => i.unmount());
  const deadline = Date.now() + 10_000;
  while (!stdout.vt.text().some((l) => l.includes('q quit'))) {
    if (Date.now() > deadline) throw new Error(`no first frame:\n${stdout.vt.text().join('\n')}`);
    await sleep(20);
  }
  return { stdout, stdin, store, frames: () => frames };
}

describe('what the monitor writes to its terminal', () => {
  it('writes nothing, and draws no frame, over clock ticks that change nothing on screen', async () => {
    const m = await monitor(() => {});
    await sleep(300);
    const bytes = m.stdout.written;
    const frames = m.frames();
    // Three ticks of the one-second clock: the panes and the header re-render, and nothing they show changes.
    await sleep(3_200);
    expect(m.stdout.written - bytes).toBe(0);
    expect(m.frames() - frames).toBe(0);
    expect(m.stdout.vt.text()[0]).toContain('connecting…');
  });

  it('writes only the cells of the age when the clock moves it', async () => {
    const m = await monitor((store) => {
      store.setState((s) => lens.height.set(s, resolveOk(s.pchain.height, 21_382_050n, { at: Date.now() - 5_000, latencyMs: 2 })), true);
    });
    await sleep(300);
    const bytes = m.stdout.written;
    await sleep(3_200);
    const ticks = 3;
    const per = (m.stdout.written - bytes) / ticks;
    expect(per).toBeGreaterThan(0);
    // "data 8s ago" becoming "data 9s ago": a cursor move, the figure and the synchronized-output marks.
    expect(per).toBeLessThan(60);
    expect(m.stdout.vt.text()[1]).toMatch(/data \d+s ago/);
    // What the cell-by-cell updates left is what a whole repaint of the same frame paints.
    const updated = m.stdout.vt.styled();
    requestRepaint(m.stdout);
    expect(m.stdout.vt.styled()).toEqual(updated);
  });

  it('redraws the height at a block, and the rpc figure and the request rates only once their ten seconds are over', async () => {
    // Not within the last seconds of the status line's ten: the rates it shows are the window's (useTextHeldFor).
    while (Date.now() % 10_000 > 5_000) await sleep(50);
    const base = Math.floor(Date.now() / 10_000) * 10_000;
    const probe = (s: ReturnType<typeof createAvatopStore>, height: bigint, at: number, latencyMs: number) =>
      s.setState((st) => ({ ...lens.height.set(st, resolveOk(st.pchain.height, height, { at, latencyMs })), accounting: { ...st.accounting, requests: st.accounting.requests + 2, bytes: st.accounting.bytes + 900 } }), true);
    // The header keeps the probes it has drawn (Header.tsx): one in the window before, then one in this.
    const m = await monitor((store) => probe(store, 21_382_050n, base - 5_000, 2));
    await sleep(300);
    probe(m.store, 21_382_051n, base, 3);
    await sleep(300);
    const rowOf = (re: RegExp) => m.stdout.vt.text().find((l) => re.test(l)) ?? '';
    const line2 = () => m.stdout.vt.text()[1]!.replace(/data .*$/, '');
    expect(line2()).toMatch(/rpc 2\.0ms/);
    const rates = rowOf(/req\/min/);
    expect(rates).toMatch(/\d+ req\/min/);
    // A block in the same ten seconds, its probe slower: the height moves, the rpc figure and the rates do not.
    probe(m.store, 21_382_052n, Math.min(Date.now(), base + 2), 40);
    await sleep(300);
    expect(m.stdout.vt.text()[0]).toContain('21,382,052');
    expect(line2()).toMatch(/rpc 2\.0ms/);
    expect(rowOf(/req\/min/)).toBe(rates);
    // The first probe of the next ten seconds: the window with the slow probe is over, and shown.
    probe(m.store, 21_382_053n, base + 10_000, 1);
    await sleep(300);
    expect(line2()).toMatch(/rpc 40ms/);
  });

  it('paints the whole screen again on Ctrl-L, over whatever was written on it', async () => {
    const m = await monitor(() => {});
    const screen = m.stdout.vt.styled();
    m.stdout.vt.write('\u001B[10;5HBroadcast message from root@validator');
    expect(m.stdout.vt.text()[9]).toContain('Broadcast');
    await untilListening(m.stdin);
    m.stdin.press('\u000C');
    const deadline = Date.now() + 10_000;
    while (m.stdout.vt.text()[9]!.includes('Broadcast')) {
      if (Date.now() > deadline) throw new Error('Ctrl-L did not repaint');
      await sleep(20);
    }
    expect(m.stdout.vt.styled()).toEqual(screen);
  });
});
