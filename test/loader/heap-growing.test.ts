// The exporter's heap-growing factor (src/loader/heap-growing.ts), checked in a real V8: this Node's, and in CI each
// supported Node line's. The flag is set at run time, as the loader sets it, under the heap flags of bin/avatop.cjs.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { EXPORTER_HEAP_GROWING_FLAG, applyHeapGrowing } from '../../src/loader/heap-growing';
import { SUBCOMMANDS } from '../../src/loader/code-cache';

/**
 * A fresh Node with the shebang's heap flags that sets `flag` at run time, keeps about 40 MB live and replaces a
 * few MB at a time, through several full collections; V8 logs each new old-generation limit (`--trace-gc-verbose`,
 * "[HeapController] Limit: old size: N KB, new limit: M KB"). Returns the limits' ratios to what was kept, for
 * the collections that kept more than 30 MB (below that V8's minimum step of about 9 MB decides the limit).
 */
function limitRatios(flag: string | undefined) {
  const script = [
    flag ? `require('node:v8').setFlagsFromString(${JSON.stringify(flag)});` : '',
    'const keep = []; for (let i = 0; i < 700000; i++) keep.push({ i, s: "x" + i });',
    'let gen = null;',
    'for (let r = 0; r < 30; r++) { const g = []; for (let i = 0; i < 60000; i++) g.push({ id: "NodeID-" + i + ":" + r, v: i * 2 }); gen = g; }',
    "process.stdout.write('done ' + gen.length + ' ' + keep.length + '\\n');",
  ].join('\n');
  const r = spawnSync(process.execPath, ['--max-old-space-size=128', '--max-semi-space-size=1', '--trace-gc-verbose', '-e', script], { encoding: 'utf8' });
  const ratios = [...r.stdout.matchAll(/\[HeapController\] Limit: old size: (\d+) KB, new limit: (\d+) KB/g)]
    .map((m) => ({ kept: Number(m[1]), limit: Number(m[2]) }))
    .filter((l) => l.kept > 30_000)
    .map((l) => l.limit / l.kept);
  return { ratios, done: r.stdout.includes('done 60000 700000'), status: r.status, stderr: r.stderr };
}

describe('heap growing', () => {
  it('is set for the exporter only', () => {
    const set: string[] = [];
    for (const command of ['monitor', ...SUBCOMMANDS]) applyHeapGrowing(command, (f) => set.push(`${command} ${f}`));
    expect(set).toEqual([`exporter ${EXPORTER_HEAP_GROWING_FLAG}`]);
  });

  it("is a flag this Node's V8 reads when set at run time: each limit 1.6 times what was kept, where V8's own is 1.3 under the shebang's heap", () => {
    const own = limitRatios(undefined);
    const grown = limitRatios(EXPORTER_HEAP_GROWING_FLAG);
    // Set at run time, V8's GC threading flags aborted the process at its next full collection; this one must not.
    expect(grown.stderr).toBe('');
    expect(grown.status).toBe(0);
    expect(grown.done).toBe(true);
    expect(own.ratios.length).toBeGreaterThan(3);
    expect(grown.ratios.length).toBeGreaterThan(3);
    // V8's factor is at most 1.3 for a 128 MB old generation (heap/heap-controller.cc, MaxGrowingFactor).
    expect(Math.max(...own.ratios)).toBeLessThan(1.4);
    // Near the 128 MB ceiling V8 caps a limit lower, so the factor shows in the most a limit grew.
    expect(Math.max(...grown.ratios)).toBeGreaterThanOrEqual(1.58);
    // Fewer full collections for the same work.
    expect(grown.ratios.length).toBeLessThan(own.ratios.length);
  });
});
