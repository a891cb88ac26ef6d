// A fuzz run's judge: runs one input, records what came out that the code under test may not throw and any input
// slow twice in a row, and writes the report a failed run shows (the first few failures and the seed to replay).
import { FUZZ_SEED } from './mutate';

/** An input this slow twice in a row is a failure (once may be a GC pause on a busy machine). */
const SLOW_MS = 500;

export interface FuzzFailure {
  what: string;
  input: string;
  error: string;
}

export class FuzzJudge {
  readonly failures: FuzzFailure[] = [];

  /** `allowed`: the errors the code under test may throw on bad input (anything else is a failure). */
  constructor(private readonly allowed: (err: unknown) => boolean) {}

  /** Runs `fn`; true when it returned. `input` is called only to describe a failure. */
  attempt(what: string, input: () => string, fn: () => unknown): boolean {
    const t = performance.now();
    let ok = false;
    try {
      fn();
      ok = true;
    } catch (err) {
      if (!this.allowed(err)) {
        this.failures.push({ what, input: input(), error: err instanceof Error ? `${err.name}: ${err.message}\n${err.stack?.split('\n').slice(1, 4).join('\n')}` : String(err) });
      }
    }
    let ms = performance.now() - t;
    if (ms > SLOW_MS) {
      const again = performance.now();
      try {
        fn();
      } catch {
        // already judged above
      }
      ms = Math.min(ms, performance.now() - again);
    }
    if (ms > SLOW_MS) this.failures.push({ what: `${what} (slow: ${ms.toFixed(0)} ms)`, input: input(), error: 'slow' });
    return ok;
  }

  /** The message of `expect(judge.failures, judge.report(count)).toEqual([])`. */
  report(count: number): string {
    const first = this.failures.slice(0, 5).map((f) => `- ${f.what}\n  input: ${f.input.slice(0, 400)}\n  ${f.error}`);
    return `${this.failures.length} of ${count} inputs failed; replay with FUZZ_SEED=${FUZZ_SEED}\n${first.join('\n')}`;
  }
}
