// Driving the real CLI in a real terminal: a private tmux server (its own socket, no user config), send-keys,
// capture-pane, and waiting for what the screen shows.
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { track } from '../helpers/track';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

export class TmuxSession {
  readonly socket = `avatop-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  readonly name = 'avatop';

  tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
  }

  start(command: string, width = 120, height = 40): void {
    this.tmux('new-session', '-d', '-s', this.name, '-x', String(width), '-y', String(height), command);
    // Let resize-window set the size even though no client is attached.
    this.tmux('set-option', '-g', 'window-size', 'manual');
  }

  capture(): string {
    return this.tmux('capture-pane', '-p', '-t', this.name);
  }

  /** With the SGR attributes tmux holds for each cell, as escape sequences. */
  captureStyled(): string {
    return this.tmux('capture-pane', '-p', '-e', '-t', this.name);
  }

  format(fmt: string): string {
    return this.tmux('display-message', '-p', '-t', this.name, fmt).trim();
  }

  alternateOn(): boolean {
    return this.format('#{alternate_on}') === '1';
  }

  keys(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys);
  }

  /** Literal text (no key-name lookup). */
  type(text: string): void {
    this.tmux('send-keys', '-t', this.name, '-l', text);
  }

  resize(width: number, height: number): void {
    this.tmux('resize-window', '-t', this.name, '-x', String(width), '-y', String(height));
  }

  async waitFor(test: RegExp | ((screen: string) => boolean), timeoutMs = 20_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    const ok = (s: string) => (typeof test === 'function' ? test(s) : test.test(s));
    let screen = '';
    for (;;) {
      try {
        screen = this.capture();
      } catch {
        screen = '';
      }
      if (ok(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(test)}; screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async waitUntil(cond: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!cond()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${this.capture()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** PID of the avatop process: the child of the pane's shell. */
  appPid(): number | undefined {
    const shell = this.format('#{pane_pid}');
    const out = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', shell], { encoding: 'utf8' }).stdout;
    const line = out.split('\n').find((l) => l.includes('avatop'));
    return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
  }

  kill(): void {
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}

/** A private tmux server for the running test, killed when the test ends (passed or failed). */
export function tmuxSession(): TmuxSession {
  return track(new TmuxSession(), (s) => s.kill());
}

/** The shell command the session runs: a marker before, the CLI, then its exit status, then it stays open. */
export function cliCommand(args: string, env = ''): string {
  return `sh -c 'cd ${ROOT} && echo BEFORE-AVATOP; ${env} AVATOP_FROM_SOURCE=1 node bin/avatop.cjs ${args}; echo "AVATOP-EXIT=$?"; sleep 600'`;
}
