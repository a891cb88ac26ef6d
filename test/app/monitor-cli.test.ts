// The monitor command as a process: what it does without a terminal, with a bad theme, with --help.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync} from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../tmux/tmux-harness';
import { tempDir } from '../helpers/temp-dir';

function avatop(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'avatop.cjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // An empty config home: a user's own config must not change what these tests see.
    env: { ...process.env, AVATOP_FROM_SOURCE: '1', AVATOP_CONFIG: '', AVATOP_URL: '', XDG_CONFIG_HOME: tempDir('cfg'), ...env },
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// Each case starts node + tsx from source: slow on a busy machine, hence the long timeout.
describe('avatop (monitor) as a process', { timeout: 120_000 }, () => {
  it('does not start the UI when stdout is not a terminal, names the one-shot commands, exits 3 (UNKNOWN)', () => {
    const r = avatop(['--url', 'http://127.0.0.1:9']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/needs an interactive terminal/);
    expect(r.err).toMatch(/avatop status/);
    expect(r.err).toMatch(/avatop get <what>/);
    expect(r.out).not.toContain('\x1b[?1049h');
  });

  it('rejects an unknown theme and an invalid theme file with a message naming the field', () => {
    const unknown = avatop(['--theme', 'nosuchtheme']);
    expect(unknown.code).toBe(3);
    expect(unknown.err).toMatch(/theme "nosuchtheme" not found; built-in themes: default, light, high-contrast, monochrome/);
    const dir = tempDir('cli-theme');
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ row: { cursor: { color: 'purple-ish' } } }));
    const bad = avatop(['--theme', file]);
    expect(bad.code).toBe(3);
    expect(bad.err).toMatch(/row\.cursor/);
  });

  it('prints help with the monitor flags', () => {
    const r = avatop(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/--demo/);
    expect(r.out).toMatch(/--theme NAME\|FILE/);
    expect(r.out).toMatch(/3 UNKNOWN \(usage or configuration error/);
    for (const word of ['avatop decode', 'avatop sim', '-o, --output', '-w, --watch', 'avatop status', 'avatop get']) expect(r.out).toContain(word);
    const typo = avatop(['--bogus']);
    expect(typo.code).toBe(3);
  });
});
