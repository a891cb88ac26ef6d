// CI's log on record may be only its last part: the reporter in both vitest configs must name, at the end of a run,
// each test that failed and each that passed only on its second try (.ci/run repeats these lines above its last).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function run(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1', CI: '1' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

it('names the failed and the retried test, with Node, suite, file and first error line, after the summary', async () => {
  const { code, out } = await run(['run', '--config', 'test/fixtures/reporter/vitest.config.mjs']);
  expect(code).toBe(1);
  const lines = out.split('\n');
  const summary = lines.findIndex((l) => /^\s*Tests\s+1 failed \| 2 passed \(3\)/.test(l));
  expect(summary).toBeGreaterThanOrEqual(0);
  const named = lines.slice(summary).filter((l) => l.startsWith('test '));
  expect(named).toEqual([
    `test retried (Node ${process.versions.node}, fixture suite): outcomes.check.mjs > outcomes > passes on its second try: passed on try 2`,
    `test failed (Node ${process.versions.node}, fixture suite): outcomes.check.mjs > outcomes > always fails: expected 'node answered' to be 'node silent' // Object.is equality`,
  ]);
}, 60_000);
