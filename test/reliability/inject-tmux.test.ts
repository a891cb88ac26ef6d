// Terminal injection in a real terminal: the CLI (from source) in a private tmux server watches a simulated node
// whose every string carries escape sequences (CSI, OSC 52 clipboard, OSC 8 links, DCS, C1 bytes, bidi overrides).
// Every pane, and a drill-down view, is visited; the screen must show the payloads inert and the terminal state
// (title, clipboard buffers, cursor and mode flags) must match a run against a clean node.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim/index';
import { ROOT, TmuxSession, tmuxAvailable } from '../tmux/tmux-harness';

const hasTmux = tmuxAvailable();

const TITLE = 'avatop-test-title';
// Terminal state that a stray sequence could change. Cursor position is left out: Ink parks it after the frame.
const STATE =
  '#{pane_title}|cursor:#{cursor_flag}|insert:#{insert_flag}|keypad:#{keypad_flag},#{keypad_cursor_flag}|' +
  'mouse:#{mouse_any_flag},#{mouse_button_flag},#{mouse_standard_flag},#{mouse_sgr_flag},#{mouse_utf8_flag}|' +
  'origin:#{origin_flag}|wrap:#{wrap_flag}|alt:#{alternate_on}|mode:#{pane_in_mode}|region:#{scroll_region_upper},#{scroll_region_lower}';

const EXITED = 'avatop-has-exited';

const PANES = [
  { key: '1', title: 'Overview' },
  { key: '2', title: 'Peers', open: true },
  { key: '3', title: 'Validators', open: true },
  { key: '4', title: 'Pending' },
  { key: '5', title: 'Fees' },
  { key: '6', title: 'Versions' },
  { key: '7', title: 'Subnets', open: true },
  { key: '8', title: 'Blocks', open: true },
  { key: '9', title: 'UTXOs' },
  { key: '0', title: 'Console' },
];

// The active tab is drawn on the theme's accent background (the default theme's cyan, SGR 46). Where a pane has no
// tab (the console, in narrow tab bars) its body names it.
const activeTab = (p: { key: string; title: string }) => (s: string) =>
  new RegExp(`\\[46m ${p.key} ${p.title}( |$)`, 'm').test(s) || (p.key === '0' && /^(RPC )?[Cc]onsole/m.test(s.replace(/\u001b\[[0-9;]*m/g, '')));

interface Visit {
  pane: string;
  state: string;
  plain: string;
  escaped: string;
}

/** Starts the CLI against `url`, visits every pane (opening a row where there are rows), quits; returns what it saw. */
async function tour(url: string): Promise<{ visits: Visit[]; after: string; buffers: string }> {
  // Its own tmux server, ended however the tour ends (it runs before the tests, where nothing else would end it).
  const t = new TmuxSession();
  try {
    t.start('cat', 120, 40);
    t.tmux('set-option', '-g', 'set-clipboard', 'on');
    t.tmux('set-option', '-g', 'allow-rename', 'on');
    // Keep the pane (and its state) after avatop exits, to check what it leaves behind.
    t.tmux('set-option', '-g', 'remain-on-exit', 'on');
    t.tmux('select-pane', '-t', t.name, '-T', TITLE);
    t.tmux(
      'respawn-pane',
      '-k',
      '-t',
      t.name,
      // Not exec'd: the shell outlives avatop and says when it has exited. A pane whose process has died gets tmux's
      // "Pane is dead" line, which hides the cursor when tmux happens to notice the exit first (tmux 3.3).
      `cd ${JSON.stringify(ROOT)} && AVATOP_FROM_SOURCE=1 TERM=xterm-256color ${JSON.stringify(process.execPath)} bin/avatop.cjs --url ${url} --interval 500ms; echo ${EXITED}; sleep 60`,
    );
    const state = () => t.format(STATE);
    await t.waitUntil(() => /q quit/.test(t.capture()) && /\d+ req\/min/.test(t.capture()), 'the first frame', 60_000);
    const visits: Visit[] = [];
    for (const p of PANES) {
      t.keys(p.key);
      await t.waitUntil(() => activeTab(p)(t.captureStyled()), `the ${p.title} pane`, 30_000);
      // Let its data (or its error) arrive: the pane leaves "loading…".
      await t.waitUntil(() => !/loading…/.test(t.capture()), `${p.title} loaded`, 15_000).catch(() => undefined);
      visits.push({ pane: p.title, state: state(), plain: t.capture(), escaped: t.captureStyled() });
      if (p.open) {
        t.keys('Enter');
        const opened = await t.waitUntil(() => /Esc back/.test(t.capture()), `a ${p.title} view`, 10_000).then(
          () => true,
          () => false,
        );
        visits.push({ pane: `${p.title} view`, state: state(), plain: t.capture(), escaped: t.captureStyled() });
        if (opened) {
          t.keys('Escape');
          // Wait for the view to close: an Escape followed at once by the next key would read as Alt+key.
          await t.waitUntil(() => !/Esc back/.test(t.capture()), `back on ${p.title}`, 30_000);
        }
      }
    }
    t.keys('q');
    await t.waitUntil(() => t.capture().includes(EXITED), 'avatop to exit', 15_000);
    return { visits, after: state(), buffers: t.tmux('list-buffers', '-F', '#{buffer_name}: #{buffer_sample}').trim() };
  } finally {
    t.kill();
  }
}

describe.skipIf(!hasTmux)('terminal injection in tmux', () => {
  let cleanRun: Awaited<ReturnType<typeof tour>>;
  let hostileRun: Awaited<ReturnType<typeof tour>>;
  let bufferList = '';

  beforeAll(async () => {
    const sim = { validators: 40, peers: 12, utxos: 20, subnets: 2, seed: 21, blockIntervalMs: 1_000 };
    // The nodes only serve the tours: each goes as soon as its tour is done.
    const clean = await createSimNode(sim);
    try {
      cleanRun = await tour(clean.url);
    } finally {
      await clean.close();
    }
    // Free-text fields (names, versions, IPs, messages): payloads in every string would mostly fail the schemas
    // (numbers as strings, IDs) and never reach the screen; these pass them and must be rendered inert.
    const hostile = await createSimNode({ ...sim, faults: [{ kind: 'inject', scope: 'text' }] });
    try {
      hostileRun = await tour(hostile.url);
    } finally {
      await hostile.close();
    }
    bufferList = hostileRun.buffers;
  }, 240_000);

  it('the hostile node really served escape sequences that reached the screen as plain text', () => {
    // The bidi payload carries the word "evil"; the sanitizer keeps the word and drops the override around it.
    expect(hostileRun.visits.some((v) => v.plain.includes('evil'))).toBe(true);
  });

  it('every pane and view shows only text: no control characters, no bidi controls', () => {
    for (const v of hostileRun.visits) {
      expect(v.plain, v.pane).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('with escapes captured, only colour (SGR) sequences are on screen: no hyperlinks, no other CSI', () => {
    for (const v of hostileRun.visits) {
      const rest = v.escaped.replace(/\u001b\[[0-9;]*m/g, '');
      expect(rest, v.pane).not.toMatch(/\u001b/);
    }
  });

  it('terminal state matches the clean run on every pane: title, cursor, modes, scroll region', () => {
    expect(hostileRun.visits.map((v) => v.pane)).toEqual(cleanRun.visits.map((v) => v.pane));
    for (let i = 0; i < hostileRun.visits.length; i++) {
      expect(hostileRun.visits[i]!.state, hostileRun.visits[i]!.pane).toBe(cleanRun.visits[i]!.state);
    }
    expect(hostileRun.visits[0]!.state).toContain(TITLE);
    expect(hostileRun.after).toBe(cleanRun.after);
    expect(hostileRun.after).toContain('alt:0');
  });

  it('no OSC 52 reached the clipboard: tmux holds no paste buffer', () => {
    expect(bufferList).toBe('');
  });
});
