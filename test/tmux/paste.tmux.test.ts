// Bracketed paste in a real terminal: tmux's paste-buffer -p wraps the text in ESC[200~ … ESC[201~ only when the
// application asked for it, so this checks both that avatop turns it on and that pasted text is taken as text.
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';

const available = tmuxAvailable();

describe.skipIf(!available)('pasting into avatop in tmux (80x24)', () => {
  it('a pasted pane name with its newline goes to the : prompt and opens it; a pasted "q" does not quit', async () => {
    const s = tmuxSession();
    s.start(cliCommand('--demo'), 80, 24);
    await s.waitFor((x) => x.includes('Node ID'), 45_000);
    // Without bracketed paste these would be keys: v (nothing), a, l, i, d, s (sort) … and q would quit.
    s.tmux('set-buffer', '-b', 'p', 'q');
    s.tmux('paste-buffer', '-p', '-b', 'p', '-t', s.name);
    await s.waitFor(/^: q/m);
    s.keys('Escape');
    await s.waitFor((x) => !/^: /m.test(x));
    s.tmux('set-buffer', '-b', 'p', 'validators\n');
    s.tmux('paste-buffer', '-p', '-b', 'p', '-t', s.name);
    await s.waitFor(/validators · 1\/\d+/);
    expect(s.capture()).not.toMatch(/AVATOP-EXIT/);
    s.keys('q');
    await s.waitFor(/AVATOP-EXIT=0/);
  }, 120_000);
});
