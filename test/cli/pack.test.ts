// The published shape: `npm pack` builds the bundle (prepack), the tarball installs into an empty folder, and the
// installed bin answers --version and `status`.
//
// The install must work on a machine whose npm cache was empty before `npm install`: that install fetches tarballs by
// the lockfile and never caches the registry's package documents, so resolving `ink@^6.8.0` offline fails with
// ENOTCACHED. The install folder therefore gets a lockfile made from the project's own (the same versions and
// integrity hashes), installed as any user would (no offline flag): tarballs the cache holds by integrity come from it,
// the rest from the registry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, statSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimNode, type SimNode } from '../../src/sim';
import { runCli, runProcess } from './run-cli';

const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

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
  writeInstallManifests(installDir, `file:${join(packDir, filename)}`);
  installFromLock(installDir);
}, 240_000);

type LockEntry = { dev?: boolean; devOptional?: boolean; [key: string]: unknown };

/** package.json and package-lock.json for a folder that depends only on the packed tarball, pinned to our lockfile. */
function writeInstallManifests(dir: string, tarballSpec: string): void {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const manifest = { name: 'avatop-install-check', version: '1.0.0', private: true, dependencies: { avatop: tarballSpec } };
  const packages: Record<string, unknown> = {
    '': manifest,
    'node_modules/avatop': {
      version: pkg.version,
      resolved: tarballSpec,
      dependencies: pkg.dependencies,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  // What a user's install gets: the runtime tree, not the dev tools.
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path.startsWith('node_modules/') && !entry.dev && !entry.devOptional) packages[path] = entry;
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, 'package-lock.json'), JSON.stringify({ ...manifest, lockfileVersion: 3, requires: true, packages }, null, 2));
}

/**
 * One install from the pinned lockfile: tarballs the cache holds (by integrity) come from it, any other from the
 * registry, so it works on a machine whose cache is empty as well as on one that already has everything.
 */
function installFromLock(dir: string): void {
  execFileSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
}

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

  it('installs the runtime packages at the versions the lockfile pins, and not what the bundle carries', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // zod alone: the bundles carry all they run, but the library's type declarations name zod's types.
    expect(Object.keys(pkg.dependencies)).toEqual(['zod']);
    for (const name of Object.keys(pkg.dependencies)) {
      const installed = JSON.parse(readFileSync(join(installDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, name).toBe(lock.packages[`node_modules/${name}`].version);
    }
    // Bundled into dist/ by esbuild: the installed CLI and library run without them (the tests below).
    for (const name of ['ink', 'react', 'zustand']) expect(existsSync(join(installDir, 'node_modules', name)), name).toBe(false);
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

  it('its hardened systemd unit (contrib/systemd) verifies against the installed binary', async (ctx) => {
    if (!hasSystemdAnalyze) return ctx.skip('systemd-analyze is not installed (Debian: apt-get install systemd)');
    // The unit as shipped, its ExecStart pointed at where this install put the binary (a user's /usr/local/bin/avatop).
    const installed = join(installDir, 'node_modules', '.bin', 'avatop');
    const shipped = readFileSync(join(root, 'contrib', 'systemd', 'avatop-exporter.service'), 'utf8');
    expect(shipped).toMatch(/^ExecStart=\/usr\/local\/bin\/avatop exporter /m);
    const unitDir = mkdtempSync(join(tmpdir(), 'avatop-unit-'));
    const unit = join(unitDir, 'avatop-exporter.service');
    writeFileSync(unit, shipped.replace(/^ExecStart=\/usr\/local\/bin\/avatop /m, `ExecStart=${installed} `));
    try {
      const verify = await runProcess('systemd-analyze', ['verify', unit]);
      expect(verify.stdout + verify.stderr).toBe('');
      expect(verify.code).toBe(0);
      // The hardening the unit promises, as systemd scores it (0 safest .. 10 exposed; "OK" is below 4).
      // systemd's flag, not npm's: judge the unit file as written, without loading it into the running manager.
      const security = await runProcess('systemd-analyze', ['security', '--offline=true', unit]);
      const score = /Overall exposure level for [^:]+: ([\d.]+)/.exec(security.stdout);
      expect(score, security.stdout + security.stderr).not.toBeNull();
      expect(Number(score![1])).toBeLessThan(2.5);
      // What an operator relies on: its own user, a state directory, no new privileges, restarts, the journal.
      for (const line of ['DynamicUser=yes', 'StateDirectory=avatop', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'Restart=on-failure', 'StandardOutput=journal']) {
        expect(shipped).toContain(`\n${line}\n`);
      }
    } finally {
      rmSync(unitDir, { recursive: true, force: true });
    }
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
