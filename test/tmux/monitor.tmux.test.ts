import { describe, expect, it } from 'vitest';
import { cliCommand, TmuxSession, tmuxAvailable, tmuxSession } from './tmux-harness';

const available = tmuxAvailable();
if (!available) process.stderr.write('test/tmux: skipped, tmux is not installed and could not be (apt-get install tmux)\n');

describe.skipIf(!available)('avatop in a real terminal (tmux)', () => {
  it('goes through every pane, filters, sorts, reflows on resize, quits and restores the terminal', async () => {
    const s = tmuxSession();
    s.start(cliCommand('--demo'));
    await s.waitFor((x) => x.includes('Node ID') && x.includes('My validator'), 45_000);
    expect(s.alternateOn()).toBe(true);
    expect(s.capture()).not.toContain('BEFORE-AVATOP');
    await s.waitFor(/Weight\s+[\d,]+ AVAX/);
    // Today's mainnet: avalanchego 1.15.0, Helicon active, this node's validation started after it and needs 90%.
    const today = await s.waitFor(/Reward threshold\s+\d+%/);
    expect(today).toMatch(/mainnet v1\.15\.0/);
    expect(today).toMatch(/Reward threshold\s+90%, started after Helicon, 2026-09-22/);

    const panes: Array<[string, RegExp]> = [
      ['2', /\d+ peers · 1\/\d+/],
      ['3', /validators · 1\/\d+/],
      ['4', /removed in avalanchego v1\.11\.3/],
      ['5', /platform\.getFeeState/],
      ['6', /Network upgrades/],
      ['7', /Primary Network/],
      ['8', /blocks · 1\/\d+/],
      ['9', /this page +[\d,]+\.\d{9}/],
      ['1', /Node ID/],
    ];
    for (const [key, want] of panes) {
      s.keys(key);
      await s.waitFor(want);
    }
    s.keys('Tab');
    await s.waitFor(/\d+ peers · 1\/\d+/);

    // Filter the peers by version, then clear it.
    s.keys('/');
    await s.waitFor(/filter \//);
    s.type('v1.15');
    await s.waitFor(/filter \/ v1\.15/);
    s.keys('Enter');
    await s.waitFor(/matching "v1\.15"/);
    s.keys('Escape');
    await s.waitFor((x) => !x.includes('matching'));

    // Sort: the arrow moves from NODE to IP.
    expect(s.capture()).toMatch(/NODE▲/);
    s.keys('s');
    await s.waitFor(/IP▲/);
    s.keys('S');
    await s.waitFor(/IP▼/);

    // Narrow the terminal: low-priority columns drop; too small gets a message; back to full size.
    s.keys('3');
    await s.waitFor(/DEL\.WT/);
    s.resize(72, 20);
    const narrow = await s.waitFor((x) => !x.includes('DEL.WT') && /WEIGHT/.test(x));
    expect(narrow.split('\n').every((l) => l.length <= 72)).toBe(true);
    s.resize(50, 12);
    await s.waitFor(/at least 60×15/);
    s.resize(120, 40);
    await s.waitFor(/DEL\.WT/);

    s.keys('q');
    await s.waitFor(/AVATOP-EXIT=0/);
    expect(s.alternateOn()).toBe(false);
    expect(s.capture()).toContain('BEFORE-AVATOP');
  }, 120_000);

  it('restores the terminal on Ctrl-C and on SIGTERM', async () => {
    const s = tmuxSession();
    s.start(cliCommand('--demo --pane peers'));
    await s.waitFor(/\d+ peers · 1\/\d+/, 45_000);
    s.keys('C-c');
    await s.waitFor(/AVATOP-EXIT=0/);
    expect(s.alternateOn()).toBe(false);
    s.kill();

    const t = tmuxSession();
    t.start(cliCommand('--demo'));
    await t.waitFor(/Node ID/, 45_000);
    const pid = t.appPid();
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGTERM');
    await t.waitFor(/AVATOP-EXIT=143/);
    expect(t.alternateOn()).toBe(false);
    expect(t.capture()).toContain('BEFORE-AVATOP');
  }, 120_000);

  it('uses colour by default and none at all under NO_COLOR, the cursor still visible', async () => {
    // SGR colour parameters: 30-37/40-47/90-97/100-107, or extended 38;…/48;….
    const colour = /\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;
    const colourful = tmuxSession();
    colourful.start(cliCommand('--demo --pane validators', 'FORCE_COLOR=1'));
    const styled = async (s: TmuxSession) => {
      await s.waitFor(/validators · 1\/\d+/, 45_000);
      return s.captureStyled();
    };
    expect(await styled(colourful)).toMatch(colour);
    colourful.kill();

    const noColour = tmuxSession();
    noColour.start(cliCommand('--demo --pane validators', 'FORCE_COLOR=1 NO_COLOR=1'));
    const plain = await styled(noColour);
    expect(plain).not.toMatch(colour);
    // The cursor row: the marker and reverse video.
    expect(plain).toMatch(/\x1b\[[0-9;]*7[0-9;]*m›NodeID-/);
  }, 120_000);

  it('refuses to start the UI when stdout is not a terminal and names the one-shot commands', async () => {
    const s = tmuxSession();
    s.start(cliCommand('--demo | cat'));
    const screen = await s.waitFor(/avatop status/, 45_000);
    expect(screen).toMatch(/needs an interactive terminal/);
    expect(screen).toMatch(/avatop get <what>/);
    expect(s.alternateOn()).toBe(false);
  }, 60_000);
});
