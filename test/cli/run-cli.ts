// Runs the avatop CLI as a real process (sources through tsx, never a stale dist/) and collects its output.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/avatop.cjs', import.meta.url));

/** The Node flags on bin/avatop.cjs's `#!/usr/bin/env -S node …` line: how an installed avatop runs. */
export const BIN_NODE_FLAGS: string[] =
  /^#!\/usr\/bin\/env -S node (.*)$/m.exec(readFileSync(BIN, 'utf8'))?.[1]?.trim().split(/\s+/) ?? [];

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `bin` defaults to the repo's; the pack test passes an installed one. Never spawnSync: a simulated node in this
 * process must keep answering while the CLI runs. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, input?: string, bin = BIN): Promise<CliResult> {
  return runProcess(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: process.env.XDG_STATE_HOME, AVATOP_FROM_SOURCE: '1', ...env }, input });
}

/** Any program as a real process, its output collected; `input` goes to its standard input (empty by default). */
export function runProcess(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.on('error', () => {}); // a program that exits without reading its input
    child.stdin.end(opts.input ?? '');
  });
}
