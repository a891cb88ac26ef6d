// How soon V8 optimises a function, for the commands that run for days. At idle the monitor's work is a little at
// each block, and V8 kept optimising the same functions again and again: optimised code that embeds an object a
// collection then frees is thrown away ("weak objects"), and the function, warm again at the next blocks, is
// compiled again. `--trace-opt` counted about 100 TurboFan compilations a minute at idle (countValueMarks, zod's
// parse, Ink's output, the grapheme segmenter), 0.4-0.7 s of a core on V8's threads, and each one's scratch memory
// churned the malloc heap (bin/avatop.cjs). Asking for 16 times the warmth before optimising leaves that idle work
// in the baseline tiers (about 14 compilations a minute, 1.4-1.6% of a core against 1.9-2.1% side by side), while a
// big burst (10,000 rows, a large reply) is still hot enough to be optimised at once (docs/performance.md).
// The flags are set before the bundle is compiled, so the code cache is made and read under the same flags.
import { setFlagsFromString } from 'node:v8';

/** The commands that stay up: the monitor and the exporter. One-shot commands keep V8's defaults. */
export const LONG_RUNNING_COMMANDS: readonly string[] = ['monitor', 'exporter'];

/**
 * The flag for this V8: its default times 16. V8 11 (Node 20) counts warmth in bytecodes run (`--interrupt-budget`,
 * default 67,584); V8 12 and later (Node 22, 24) in calls before TurboFan (`--invocation-count-for-turbofan`,
 * default 3,000). V8 prints an error for a flag it does not know, so only the one this V8 has is given.
 */
export function tieringFlag(v8Version: string): string {
  const major = Number.parseInt(v8Version, 10);
  return major >= 12 ? '--invocation-count-for-turbofan=48000' : '--interrupt-budget=1081344';
}

/**
 * The monitor runs without V8's baseline compiler (Sparkplug): at idle its machine code for every warm function was
 * 3-4 MiB of the monitor's resident memory on the default network (70 → 66 MiB side by side, the same CPU), and on
 * the big scenario 2 MiB of the peak. What it buys is speed in bursts: key to frame at 10,000 rows, p95 17-25 ms
 * against 16-20 ms with it, where the commit before issue 31 took 48 ms in the same half hour (docs/performance.md).
 * The exporter keeps it: its memory is within target and its CPU is not.
 */
export const MONITOR_ONLY_FLAG = '--no-sparkplug';

/**
 * The monitor keeps Ink's layout engine (yoga, WebAssembly) in V8's baseline WebAssembly tier (Liftoff). V8 tiers a hot
 * function up to TurboFan on a background thread, and yoga's layout functions are hot in the first frames: the
 * compiler's scratch memory for them (heaptrack: 7.6 MB of malloc at the peak, its register allocator's zones) was
 * the start's peak, 2-3 MiB over the idle resident memory on the default network. Laid out in Liftoff, the idle
 * CPU is the same side by side (docs/performance.md). V8 13 (Node 24) does not take this flag at run time, so
 * there the layout still tiers up as before.
 */
export const MONITOR_WASM_FLAG = '--liftoff-only';

/** Sets the flags for a long-running command; true when it did. */
export function applyTiering(command: string, v8Version: string = process.versions.v8, set: (flags: string) => void = setFlagsFromString): boolean {
  if (!LONG_RUNNING_COMMANDS.includes(command)) return false;
  set(tieringFlag(v8Version));
  if (command === 'monitor') {
    set(MONITOR_ONLY_FLAG);
    set(MONITOR_WASM_FLAG);
  }
  return true;
}
