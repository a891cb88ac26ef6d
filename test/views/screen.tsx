// The views' and the console's screen: the app harness (test/app/harness.tsx) with the `:` prompt, the console and
// `y` working (copies are captured instead of written), on a smaller simulator. Released when the test ends.
import type { SimNode, SimNodeOptions } from '../../src/sim/index';
import { cursorRow, startScreen, type Screen } from '../app/harness';

export { KEY, cursorRow as cursorLine } from '../app/harness';

export const SMALL_SIM: SimNodeOptions = { validators: 80, peers: 30, utxos: 60, subnets: 3, blockIntervalMs: 1000 };

export type ViewScreen = Screen & { sim: SimNode };

export async function startViewScreen(opts: { sim?: SimNodeOptions; readonly?: boolean; columns?: number; rows?: number } = {}): Promise<ViewScreen> {
  return (await startScreen({
    sim: { ...SMALL_SIM, ...opts.sim },
    size: { columns: opts.columns ?? 140, rows: opts.rows ?? 45 },
    readonly: opts.readonly,
    console: true,
    client: { timeoutMs: 5_000 },
    scheduler: { heavyMinIntervalMs: 500 },
  })) as ViewScreen;
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
    if (match.test(cursorRow(f))) return f;
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
