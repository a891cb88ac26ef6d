// The published shape: `npm pack` builds the bundle (prepack), the tarball installs into an empty folder from the
// local npm cache (no network: tests stay on loopback), and the installed bin answers --version and `status`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimNode, type SimNode } from '../../src/sim';
import { runCli } from './run-cli';

const root = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let sim: SimNode;
let installDir: string;
let packDir: string;

beforeAll(async () => {
  sim = await createSimNode({ seed: 11, validators: 60, peers: 12, utxos: 20 });
  packDir = mkdtempSync(join(tmpdir(), 'avatop-pack-'));
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', packDir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as Array<{ filename: string }>;
  installDir = mkdtempSync(join(tmpdir(), 'avatop-install-'));
  execFileSync(npm, ['init', '-y'], { cwd: installDir, stdio: 'ignore' });
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', join(packDir, filename)], { cwd: installDir, stdio: 'ignore' });
}, 240_000);

afterAll(async () => {
  await sim?.close();
  // The install holds a full node_modules; don't leave one behind per run.
  for (const dir of [installDir, packDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('ships the bundle, the bin and the themes, and not the sources', () => {
    const pkgDir = join(installDir, 'node_modules', 'avatop');
    expect(existsSync(join(pkgDir, 'dist', 'avatop.cjs'))).toBe(true);
    expect(existsSync(join(pkgDir, 'bin', 'avatop.cjs'))).toBe(true);
    expect(existsSync(join(pkgDir, 'themes', 'default.json'))).toBe(true);
    expect(existsSync(join(pkgDir, 'src'))).toBe(false);
  });

  it('runs avatop --version and avatop status from the installed package', async () => {
    const bin = join(installDir, 'node_modules', 'avatop', 'bin', 'avatop.cjs');
    // AVATOP_FROM_SOURCE is cleared so the installed bin takes its bundle, as a user's would.
    const env = { HOME: installDir, XDG_CONFIG_HOME: installDir, AVATOP_FROM_SOURCE: '' };
    const version = await runCli(['status', '--version'], env, undefined, bin);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(`avatop ${pkg.version}`);
    const status = await runCli(['status', '--url', sim.url], env, undefined, bin);
    expect(status.stderr).toBe('');
    expect(status.code).not.toBe(2);
    expect(status.stdout).toMatch(/^(HEALTHY|DEGRADED)/);
    expect(status.stdout).toContain(sim.nodeId);
  });

  it('keeps V8\'s compiled code for the next start, and the next start takes it', async () => {
    const bin = join(installDir, 'node_modules', 'avatop', 'bin', 'avatop.cjs');
    const cacheHome = join(installDir, 'cache');
    const env = { HOME: installDir, XDG_CONFIG_HOME: installDir, XDG_CACHE_HOME: cacheHome, AVATOP_FROM_SOURCE: '', AVATOP_NO_CODE_CACHE: '' };
    const codeDir = join(cacheHome, 'avatop', 'code');
    const files = () => (existsSync(codeDir) ? readdirSync(codeDir).filter((f) => f.endsWith('.v8cache')) : []);
    expect((await runCli(['status', '--url', sim.url], env, undefined, bin)).stderr).toBe('');
    const [file] = files();
    expect(file).toBeDefined();
    const saved = statSync(join(codeDir, file)).mtimeMs;
    // V8 took it: a refused cache would have been written again at exit.
    const again = await runCli(['status', '--url', sim.url], env, undefined, bin);
    expect(again.stdout).toContain(sim.nodeId);
    expect(files()).toEqual([file]);
    expect(statSync(join(codeDir, file)).mtimeMs).toBe(saved);
  });

  it('gives other programs the typed client: import { createClient } from "avatop"', async () => {
    const script = join(installDir, 'use-lib.mjs');
    writeFileSync(
      script,
      `import { createClient } from 'avatop';\nconst c = createClient({ url: process.argv[2] });\nconst { height } = await c.platform.getHeight();\nprocess.stdout.write(typeof height + ' ' + (height > 0n));\nawait c.close();\n`,
    );
    const r = await runCli([sim.url], { AVATOP_FROM_SOURCE: '' }, undefined, script);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('bigint true');
    expect(existsSync(join(installDir, 'node_modules', 'avatop', 'dist', 'types', 'index.d.ts'))).toBe(true);
  });
});
