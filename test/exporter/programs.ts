// Prometheus' programs as Debian ships them (`apt-get install prometheus prometheus-alertmanager`; .ci/run installs
// them). Where they are missing, the tests that need them say so in their name and skip, except under CI
// (AVATOP_CI), where a missing program fails the run instead of passing silently.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { until as untilEvery } from '../helpers/until';
import { BIN } from '../cli/run-cli';

function which(names: string[]): string | undefined {
  for (const name of names) {
    try {
      return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not on PATH
    }
  }
  return undefined;
}

export const PROMTOOL = which(['promtool']);
export const PROMETHEUS = which(['prometheus']);
export const ALERTMANAGER = which(['prometheus-alertmanager', 'alertmanager']);
const required = Boolean(process.env.AVATOP_CI);

/** Skip reason when a program is missing and CI does not demand it; under CI the test runs and fails on it. */
export function missing(...programs: Array<[string, string | undefined]>): string | undefined {
  const absent = programs.filter(([, path]) => path === undefined).map(([name]) => name);
  if (absent.length === 0 || required) return undefined;
  return `needs ${absent.join(' and ')} (apt-get install prometheus prometheus-alertmanager)`;
}

export { freePort } from '../helpers/ports';

export interface Running {
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Starts a long-running program and resolves once `ready` matches its output (or rejects when it exits). */
export function start(cmd: string, args: string[], ready: RegExp, env: NodeJS.ProcessEnv = {}, timeoutMs = 30_000): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: process.env.XDG_STATE_HOME, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let settled = false;
    const running: Running = {
      child,
      output: () => out,
      stop: () =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }),
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      child.kill('SIGKILL');
      reject(new Error(`${cmd} not ready in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString('utf8');
      if (!settled && ready.test(out)) {
        settled = true;
        clearTimeout(timer);
        resolve(running);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${cmd} exited (${code}) before it was ready:\n${out}`));
    });
  });
}

/** The exporter as a user runs it: the CLI from source, a real process. */
export function startExporter(args: string[]): Promise<Running> {
  return start(process.execPath, [BIN, 'exporter', ...args], /serving http:\/\//, { AVATOP_FROM_SOURCE: '1' });
}

/** The exporter's processes answer slowly on a busy machine: a minute, every quarter second. */
export function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 250): Promise<T> {
  return untilEvery(what, probe, timeoutMs, everyMs);
}
