// Every test process gets a state folder of its own: no test writes the event log, history or last budgets under
// the real ~/.local/state. Programs the tests start inherit it (runCli, the exporter's and tmux's harnesses pass
// XDG_STATE_HOME on); a test about the log points --state-dir at a folder of its own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'avatop-state-'));
process.env.XDG_STATE_HOME = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
