// Runs the real CLI (bin/avatop.cjs → tsx → src) as a child process over every codec fixture.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseJsonBig, stringifyJsonBig } from '../../src/codec/json-big';
import { fixtureNetwork, goOrdered, loadFixtures, type Fixture } from '../codec/fixtures';
import { runProcess } from '../cli/run-cli';

const BIN = fileURLToPath(new URL('../../bin/avatop.cjs', import.meta.url));
type Run = { code: number | null; stdout: string; stderr: string };

function runCli(args: string[], stdin?: string): Promise<Run> {
  return runProcess(process.execPath, [BIN, 'decode', ...args], { env: { ...process.env, AVATOP_FROM_SOURCE: '1' }, input: stdin });
}

/** Runs jobs a few at a time: two cores, and each CLI start compiles TypeScript. */
async function pool<T, R>(items: T[], width: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

const fixtures = loadFixtures();
const results = new Map<string, Run>();

function argsFor(fx: Fixture): string[] {
  const net = fixtureNetwork(fx);
  // Blocks with a checksum-carrying variant exercise the detection of the API's 4-byte checksum.
  const hex = fx.hexWithChecksum ?? fx.hex;
  return net === undefined ? [hex] : ['--network', String(net), hex];
}

describe('avatop decode (process)', () => {
  beforeAll(async () => {
    const runs = await pool(fixtures, 4, (fx) => runCli(argsFor(fx)));
    fixtures.forEach((fx, i) => results.set(fx.file, runs[i]!));
  }, 180_000);

  it.each(fixtures.map((f) => [f.file, f] as const))('%s prints the expected JSON', (_n, fx) => {
    const r = results.get(fx.file)!;
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(parseJsonBig(r.stdout)).toEqual(fx.expected);
    expect(r.stdout).toBe(stringifyJsonBig(goOrdered(fx), 2) + '\n');
  });

  it('reads stdin, takes --as and a network name, tolerates a missing 0x and surrounding space', async () => {
    const fx = fixtures.find((f) => f.file.startsWith('utxo_stakeable'))!;
    const r = await runCli(['--as', 'utxo', '--network', 'fuji', '-'], `\n  ${fx.hex.slice(2)}  \n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(parseJsonBig(r.stdout)).toEqual(fx.expected);
  });

  it('bad input: one line on stderr naming the offset, exit status 1', async () => {
    const fx = fixtures.find((f) => f.file.startsWith('utxo_00_'))!;
    const bad = fx.hex.slice(0, 2 + 2 * 70) + '00000063' + fx.hex.slice(2 + 2 * 74);
    const runs = await Promise.all([runCli([bad]), runCli(['0x00zz']), runCli(['--as', 'block', fx.hex])]);
    for (const r of runs) {
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/offset \d+/);
    }
    expect(runs[0]!.stderr).toMatch(/unknown type ID 99\) at byte offset 70/);
    expect(runs[1]!.stderr).toMatch(/bad hex: .*at character offset 4/);
  });

  it('--help exits 0, bad usage 2', async () => {
    const [help, bogus, none] = await Promise.all([runCli(['--help']), runCli(['--as', 'nope', '00']), runCli([])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: avatop decode/);
    expect(bogus.code).toBe(3);
    expect(none.code).toBe(3);
  });
});
