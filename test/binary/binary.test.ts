// The single executable (`npm run build:binary`) as an operator gets it: the one file copied alone into an empty
// folder, its sha256 checked, and run with an empty environment (no PATH, no HOME, no Node.js to find): --version,
// `status` against a simulated node, the simulator itself, and the monitor in a real terminal.
// The build (about 30 s, a 120 MiB file) runs once here when dist/ has no binary or one older than the sources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimNode, type SimNode } from '../../src/sim';
import { runProcess, type CliResult } from '../cli/run-cli';
import { ROOT, tmuxSession, tmuxAvailable } from '../tmux/tmux-harness';

const BINARY = join(ROOT, 'dist', 'avatop-linux-x64');
const buildable = process.platform === 'linux' && process.arch === 'x64';
if (!buildable) process.stderr.write(`test/binary: skipped, the single executable is built for linux-x64 only (this is ${process.platform}-${process.arch})\n`);
const tmux = tmuxAvailable();
if (buildable && !tmux) process.stderr.write('test/binary: the monitor check is skipped, tmux is not installed\n');

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((e) => newestMtime(join(path, e))));
}

/** What goes into the binary: a binary older than any of it is rebuilt, so the test never checks stale code. */
function binaryIsCurrent(): boolean {
  if (!existsSync(BINARY) || !existsSync(`${BINARY}.sha256`)) return false;
  const inputs = [join(ROOT, 'src'), join(ROOT, 'themes'), join(ROOT, 'bin', 'avatop.cjs'), join(ROOT, 'scripts', 'build.mjs'), join(ROOT, 'scripts', 'build-binary.mjs')];
  return statSync(BINARY).mtimeMs >= Math.max(...inputs.map(newestMtime));
}

let dir: string;
let exe: string;
let sim: SimNode;

/** The copied binary with nothing in its environment; never spawnSync, the simulated node here must keep answering. */
function runBare(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runProcess(exe, args, { cwd: dir, env });
}

beforeAll(async () => {
  if (!buildable) return;
  if (!binaryIsCurrent()) {
    execFileSync(process.execPath, [join(ROOT, 'scripts', 'build-binary.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  }
  dir = mkdtempSync(join(tmpdir(), 'avatop-binary-'));
  exe = join(dir, 'avatop-linux-x64');
  copyFileSync(BINARY, exe);
  copyFileSync(`${BINARY}.sha256`, `${exe}.sha256`);
  sim = await createSimNode({ seed: 23, validators: 80, peers: 16, utxos: 20 });
}, 600_000);

afterAll(async () => {
  await sim?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!buildable)('the single executable, alone in an empty folder with an empty environment', () => {
  it('matches the sha256 written beside it, in the form sha256sum -c reads', () => {
    const [digest, name] = readFileSync(`${exe}.sha256`, 'utf8').trim().split(/\s+/);
    expect(name).toBe('avatop-linux-x64');
    expect(createHash('sha256').update(readFileSync(exe)).digest('hex')).toBe(digest);
  });

  it('answers --version', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runBare(['--version']);
    expect(r).toEqual({ code: 0, stdout: `avatop ${pkg.version}\n`, stderr: '' });
  });

  it('runs avatop status against a simulated node', async () => {
    const r = await runBare(['status', '--url', sim.url]);
    expect(r.stderr).toBe('');
    expect(r.code).not.toBe(2);
    expect(r.stdout).toMatch(/^(HEALTHY|DEGRADED)/);
    expect(r.stdout).toContain(sim.nodeId);
  });

  it("keeps V8's compiled code for the next start, and the next start takes it", async () => {
    const cacheHome = join(dir, 'cache');
    const codeDir = join(cacheHome, 'avatop', 'code');
    const files = () => (existsSync(codeDir) ? readdirSync(codeDir).filter((f) => f.endsWith('.v8cache')) : []);
    expect((await runBare(['status', '--url', sim.url], { XDG_CACHE_HOME: cacheHome })).stderr).toBe('');
    const [file] = files();
    expect(file).toBeDefined();
    const saved = statSync(join(codeDir, file!)).mtimeMs;
    // A cache V8 refused would have been written again at exit.
    expect((await runBare(['status', '--url', sim.url], { XDG_CACHE_HOME: cacheHome })).stdout).toContain(sim.nodeId);
    expect(files()).toEqual([file]);
    expect(statSync(join(codeDir, file!)).mtimeMs).toBe(saved);
  });

  it('serves the simulator, which a status run reads, and stops on SIGTERM', async () => {
    const child = spawn(exe, ['sim', '--port', '0', '--seed', '5'], { cwd: dir, env: {}, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    try {
      const deadline = Date.now() + 60_000;
      while (!/watch it\s+avatop --url (\S+)/.test(out)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no simulator address; stdout:\n${out}\nstderr:\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const url = /watch it\s+avatop --url (\S+)/.exec(out)![1]!;
      const r = await runBare(['status', '--url', url]);
      expect(r.stdout).toMatch(/^(HEALTHY|DEGRADED)/);
    } finally {
      child.kill('SIGTERM');
    }
    // The simulator runs in a second process with larger heap limits; the signal reaches it and both end.
    expect(await exited).toBe(0);
    expect(out).toContain('avatop sim: stopped');
    expect(err).toBe('');
  });

  it.skipIf(!tmux)('runs the monitor in a real terminal with a shipped theme (no themes/ folder beside it), and quits', async () => {
    const s = tmuxSession();
    s.start(`sh -c 'cd ${dir} && env -i ./avatop-linux-x64 --url ${sim.url} --theme light; echo "AVATOP-EXIT=$?"; sleep 600'`);
    // An avatop that ended (a theme it could not find, say) shows its exit and its error at once.
    const screen = await s.waitFor((x) => (x.includes('Node ID') && x.includes(sim.nodeId)) || x.includes('AVATOP-EXIT'), 45_000);
    expect(screen).not.toContain('AVATOP-EXIT');
    expect(s.alternateOn()).toBe(true);
    s.keys('2');
    await s.waitFor(/\d+ peers · 1\/\d+/);
    s.keys('q');
    await s.waitFor(/AVATOP-EXIT=0/);
  }, 60_000);
});
