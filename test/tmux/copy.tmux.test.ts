// y inside tmux with tmux's defaults: set-clipboard external drops an application's OSC 52, so avatop says so;
// with set-clipboard on, the copy lands in a tmux buffer (and from there on the outer terminal's clipboard).
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';

const available = tmuxAvailable();

describe.skipIf(!available)('copying inside tmux (80x24)', () => {
  it('says copying cannot work under set-clipboard external, and copies once it is on', async () => {
    const s = tmuxSession();
    s.start(cliCommand('--demo'), 80, 24);
    s.tmux('set-option', '-g', 'set-clipboard', 'external');
    const screen = await s.waitFor(/Node ID\s+NodeID-\w+/, 45_000);
    const nodeId = /Node ID\s+(NodeID-\w+)/.exec(screen)![1]!;
    s.keys('y');
    await s.waitFor(/cannot copy: tmux drops it/);
    s.tmux('set-option', '-g', 'set-clipboard', 'on');
    s.keys('y');
    await s.waitFor(/copied NodeID-/);
    await s.waitUntil(() => {
      try {
        return s.tmux('show-buffer').includes(nodeId);
      } catch {
        return false;
      }
    }, 'the node ID in a tmux buffer');
    expect(s.tmux('show-buffer')).toBe(nodeId);
  }, 120_000);
});
