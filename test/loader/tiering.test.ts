// How soon V8 optimises in the commands that stay up (src/loader/tiering.ts), checked in a real V8: this Node's, and
// in CI each supported Node line's, since the flag differs between V8 11 and 12.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { LONG_RUNNING_COMMANDS, MONITOR_ONLY_FLAG, MONITOR_WASM_FLAG, applyTiering, tieringFlag } from '../../src/loader/tiering';
import { SUBCOMMANDS } from '../../src/loader/code-cache';

/**
 * Runs `calls` calls of a small function, a thousand at a time between turns of the event loop as at idle, in a fresh
 * Node that set `flag` the way the loader does, and says whether TurboFan compiled it. The caller is kept out of
 * the optimising tiers, which would otherwise inline the function into itself and hide its own tiering.
 */
function warm(calls: number, flag: string | undefined) {
  const script = [
    flag ? `require('node:v8').setFlagsFromString(${JSON.stringify(flag)});` : '',
    'function warmButIdle(a, b) { return (a * 31 + b) | 0; }',
    'function drive(n) { let x = 0; for (let i = 0; i < n; i++) x = warmButIdle(x, i); return x; }',
    '%NeverOptimizeFunction(drive);',
    `(async () => { for (let k = 0; k < ${calls / 1000}; k++) { drive(1000); await new Promise(setImmediate); } process.stdout.write('done\\n'); })();`,
  ].join('\n');
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--trace-opt', '-e', script], { encoding: 'utf8' });
  return { optimised: /completed[^\n]*warmButIdle[^\n]*TURBOFAN/.test(r.stdout), done: r.stdout.includes('done'), stderr: r.stderr };
}

describe('tiering', () => {
  it('is set for the monitor and the exporter only', () => {
    const set: string[] = [];
    for (const command of ['monitor', ...SUBCOMMANDS]) applyTiering(command, process.versions.v8, (f) => set.push(`${command} ${f}`));
    expect([...new Set(set.map((s) => s.split(' ')[0]))]).toEqual([...LONG_RUNNING_COMMANDS]);
    // Sparkplug is off for the monitor alone, and its WebAssembly (Ink's layout) stays in Liftoff.
    expect(set.filter((s) => s.endsWith(MONITOR_ONLY_FLAG))).toEqual([`monitor ${MONITOR_ONLY_FLAG}`]);
    expect(set.filter((s) => s.endsWith(MONITOR_WASM_FLAG))).toEqual([`monitor ${MONITOR_WASM_FLAG}`]);
  });

  it("keeps a monitor's hot WebAssembly function in Liftoff where V8 takes the flag at run time (V8 11 and 12)", () => {
    // (module (func (export "f") (param i32) (result i32) (local i32) a loop summing n..1)), by hand.
    const bytes = [
      0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 6, 1, 0x60, 1, 0x7f, 1, 0x7f, 3, 2, 1, 0, 7, 5, 1, 1, 0x66, 0, 0,
      0x0a, 0x23, 1, 0x21, 1, 1, 0x7f, 2, 0x40, 3, 0x40, 0x20, 0, 0x45, 0x0d, 1, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1,
      0x20, 0, 0x41, 1, 0x6b, 0x21, 0, 0x0c, 0, 0x0b, 0x0b, 0x20, 1, 0x0b,
    ];
    const run = (flag: string | undefined) => {
      const script = [
        flag ? `require('node:v8').setFlagsFromString(${JSON.stringify(flag)});` : '',
        `const bytes = new Uint8Array(${JSON.stringify(bytes)});`,
        '(async () => {',
        '  const f = (await WebAssembly.instantiate(bytes)).instance.exports.f;',
        // Hot enough for V8's dynamic tiering, with turns of the event loop for its background compile to land.
        '  let s = 0; for (let k = 0; k < 200; k++) { s += f(100000); await new Promise((r) => setTimeout(r, 1)); }',
        "  process.stdout.write(`${%IsLiftoffFunction(f)} ${s}\\n`);",
        '})();',
      ].join('\n');
      const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' });
      return { liftoff: r.stdout.startsWith('true '), sum: r.stdout.trim().split(' ')[1], stderr: r.stderr };
    };
    const own = run(undefined);
    const kept = run(MONITOR_WASM_FLAG);
    // A flag V8 does not know would be printed at the monitor's start.
    expect(kept.stderr).toBe('');
    expect(kept.sum).toBe('141016540800');
    expect(own.sum).toBe(kept.sum);
    // Without the flag V8 tiers the function up to TurboFan, so the flag is what keeps it in Liftoff.
    expect(own.liftoff).toBe(false);
    const major = Number.parseInt(process.versions.v8, 10);
    // V8 13 (Node 24) reads it only from Node's command line, which the monitor's shebang has no room for.
    expect(kept.liftoff).toBe(major < 13);
  });

  it("leaves a monitor's warm function in the interpreter: no baseline code, and no unrecognized flag", () => {
    const script = [
      `require('node:v8').setFlagsFromString(${JSON.stringify(MONITOR_ONLY_FLAG)});`,
      'function warm(a) { return (a * 31) | 0; }',
      'for (let i = 0; i < 200000; i++) warm(i);',
      "process.stdout.write(String(%GetOptimizationStatus(warm)) + '\\n');",
    ].join('\n');
    const on = spawnSync(process.execPath, ['--allow-natives-syntax', '--no-opt', '--no-maglev', '-e', script.replace(/^.*setFlagsFromString.*$/m, '')], { encoding: 'utf8' });
    const off = spawnSync(process.execPath, ['--allow-natives-syntax', '--no-opt', '--no-maglev', '-e', script], { encoding: 'utf8' });
    expect(off.stderr).toBe('');
    // V8's status bits: 1 << 15 is "is baseline" (src/runtime/runtime.h OptimizationStatus::kBaseline).
    const baseline = (status: string) => (Number(status) & (1 << 15)) !== 0;
    expect(baseline(on.stdout)).toBe(true);
    expect(baseline(off.stdout)).toBe(false);
  });

  it('names the flag of each V8', () => {
    expect(tieringFlag('11.3.244.8-node.38')).toBe('--interrupt-budget=1081344');
    expect(tieringFlag('12.4.254.21-node.57')).toBe('--invocation-count-for-turbofan=48000');
    expect(tieringFlag('13.6.233.17-node.53')).toBe('--invocation-count-for-turbofan=48000');
  });

  it("is a flag this Node's V8 knows, and it keeps a warm function out of TurboFan while a hot one still gets there", () => {
    const flag = tieringFlag(process.versions.v8);
    // V8 says "unrecognized flag" on stderr for a flag it does not have; the monitor would show that at its start.
    const idle = warm(40_000, flag);
    expect(idle.stderr).toBe('');
    expect(idle.done).toBe(true);
    expect(idle.optimised).toBe(false);
    // The same calls without the flag are enough for V8's default, so the flag is what made the difference.
    expect(warm(40_000, undefined).optimised).toBe(true);
    expect(warm(2_000_000, flag).optimised).toBe(true);
  });
});
