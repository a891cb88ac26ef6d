// V8's full collection for the CLI: its clients collect once before refusing a reply for lack of heap
// (rpc/value-budget.ts). Only the CLI may call this: it sets V8 flags, which a library must leave to its host.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let cached: (() => void) | null | undefined;

/** V8's `gc`, made available without a command-line flag; undefined where that is not possible. */
export function exposeGc(): (() => void) | undefined {
  if (cached !== undefined) return cached ?? undefined;
  cached = findGc() ?? null;
  return cached ?? undefined;
}

function findGc(): (() => void) | undefined {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    // The function stays usable with the flag off again. Left on, the flag would change V8's flag hash, and code
    // cached after this point (bin/avatop.cjs keeps the bundle's) would be rejected at the next start.
    setFlagsFromString('--no-expose-gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}

/** For `TransportOptions.collectGarbage`: exposes V8's gc on first use (a reply about to be refused), then runs it. */
export function collectGarbage(): void {
  exposeGc()?.();
}
