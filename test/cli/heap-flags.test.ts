// The monitor's heap flags (bin/avatop.cjs's shebang) and the simulator, which holds whole networks and so runs again
// without them: a 10,000-validator simulator under the flags ran out of memory by its third validator list.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { BIN, BIN_NODE_FLAGS as FLAGS } from './run-cli';
import { result } from '../helpers/rpc';

describe('heap flags', () => {
  it('are on the shebang, and npm run demo / start use it', () => {
    expect(FLAGS).toContain('--max-old-space-size=128');
    expect(FLAGS).toContain('--max-semi-space-size=1');
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(pkg.scripts.demo).toMatch(/^bin\/avatop\.cjs /);
    expect(pkg.scripts.start).toMatch(/^bin\/avatop\.cjs/);
  });

  it('the shebang gives glibc one malloc arena, and the kernel runs it as written', async () => {
    const line = readFileSync(BIN, 'utf8').split('\n', 1)[0];
    expect(line).toMatch(/^#!\/usr\/bin\/env -S MALLOC_ARENA_MAX=1 MALLOC_MMAP_THRESHOLD_=32768 node --/);
    // Kernels before 5.1 read 127 bytes of it (BINPRM_BUF_SIZE 128, the newline included).
    expect(line.length).toBeLessThan(127);
    // Executed directly, as npm's bin link is: env(1) sets the variable and starts node with the flags.
    const child = spawn(BIN, ['--version'], { env: { ...process.env, AVATOP_FROM_SOURCE: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(out).toMatch(/^avatop \d/);
  });

  it('do not bound the simulator: a big network serves its lists, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, [...FLAGS, BIN, 'sim', '--port', '0', '--validators', '10000', '--peers', '1000', '--utxos', '100000'], {
      env: { ...process.env, AVATOP_FROM_SOURCE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    try {
      const deadline = Date.now() + 60_000;
      while (!/http:\/\/127\.0\.0\.1:\d+/.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`simulator did not start: ${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)![0];
      const wallet = /(P-avax1\w+) \(100000 UTXOs\)/.exec(out)?.[1];
      expect(wallet).toBeDefined();
      const call = (method: string, params: object) => result<Record<string, unknown[]>>(url, '/ext/bc/P', method, params);
      for (let i = 0; i < 3; i++) {
        expect((await call('platform.getCurrentValidators', {})).validators).toHaveLength(10_000);
        expect((await call('platform.getBalance', { addresses: [wallet] })).utxoIDs!.length).toBeGreaterThanOrEqual(100_000);
      }
    } finally {
      child.kill('SIGINT');
      const [code] = await once(child, 'exit');
      expect(err).not.toMatch(/heap out of memory/);
      expect(code).not.toBeNull();
    }
  }, 120_000);
});
