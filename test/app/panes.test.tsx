import { describe, expect, it } from 'vitest';
import { KEY, cursorRow, startScreen } from './harness';

// The cursor row starts with "›"; this is its text.

describe('monitor screens against the simulated node (v1.15, today\'s mainnet)', () => {
  it('shows the node in the header and the overview, including this node as a validator', async () => {
    const screen = await startScreen();
    const id = screen.sim!.nodeId;
    const f = await screen.waitFor((f) => f.includes(id) && /Weight\s+[\d,]+ AVAX/.test(f) && /height [\d,]+/.test(f) && /Supply\s+[\d,]+ AVAX/.test(f) && /uptime [\d.]+%/.test(f));
    expect(f).toMatch(/NodeID-\w{6}…\w{5} mainnet v1\.15\.0/);
    expect(f).toMatch(/P✓ X✓ C✓/);
    expect(f).toMatch(/peers \d+/);
    expect(f).toMatch(/uptime [\d.]+%/);
    expect(f).toMatch(/rpc [\d.]+m?s/);
    expect(f).toMatch(/Connected\s+yes/);
    expect(f).toMatch(/BLS key\s+0x[0-9a-f]+…/);
    expect(f).toMatch(/Reward threshold\s+(80|90)%, started (before|after) Helicon, 2026-09-22/);
    expect(f.split('\n').length).toBeLessThanOrEqual(39);
  });

  it('switches panes by digit, Tab and Shift-Tab, one key at a time', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    await screen.press('2', /\d+ peers · 1\/\d+/);
    await screen.press('3', /validators · 1\/\d+\s+primary network/);
    await screen.press('4', /removed in avalanchego v1\.11\.3 \(ACP-41\)/);
    await screen.press('5', /platform\.getFeeState[\s\S]*price\s+[\d,]+ nAVAX\/gas/);
    await screen.press('6', /Version\s+avalanchego\/1\.15\.0[\s\S]*Network upgrades/);
    await screen.press('7', /Primary Network[\s\S]*C-Chain/);
    await screen.press('8', /blocks · 1\/\d+[\s\S]*Banff\w+Block/);
    await screen.press('9', /No addresses yet/);
    await screen.press(KEY.tab, /resident memory|node metrics: loading/); // the metrics pane, after UTXOs
    await screen.press(KEY.tab, /Node ID/); // wraps to overview
    await screen.press(KEY.shiftTab, /resident memory|node metrics: loading/);
    await screen.press(KEY.shiftTab, /No addresses yet/);
    await screen.press(KEY.shiftTab, /blocks · /);
  });

  it('moves the cursor with j/k, arrows, g/G and PgDn in a 120-row table', async () => {
    const screen = await startScreen();
    const f = await screen.press('3', /validators · 1\/\d+/);
    const n = /validators · 1\/(\d+)/.exec(f)![1]!;
    const at = (i: number | string) => new RegExp(`· ${i}/${n}`);
    await screen.press('j', at(2));
    await screen.press(KEY.down, at(3));
    await screen.press('k', at(2));
    await screen.press(KEY.up, at(1));
    await screen.press('G', at(n));
    expect(cursorRow(screen.lastFrame())).toMatch(/^›NodeID-/);
    await screen.press('g', at(1));
    await screen.press(KEY.pageDown, (fr) => Number(new RegExp(`· (\\d+)/${n}`).exec(fr)?.[1] ?? 0) > 20);
    await screen.press(KEY.pageUp, at(1));
  });

  it('sorts with s and reverses with S', async () => {
    const screen = await startScreen();
    await screen.press('3', /validators · 1\/\d+[\s\S]*WEIGHT▼/);
    await screen.press('s', /SHARE▲/);
    await screen.press('S', /SHARE▼/);
    await screen.press('s', /START▲/);
    const starts = screen
      .lastFrame()
      .split('\n')
      .map((l) => /^[›!* +~-]NodeID-\S+\s+\S+\s+\S+\s+(\d{4}-\d\d-\d\d)/.exec(l)?.[1])
      .filter((x): x is string => x !== undefined);
    expect(starts.length).toBeGreaterThan(5);
    expect([...starts].sort()).toEqual(starts);
  });

  it('filters with /, keeps it on Enter, clears it with Esc', async () => {
    const screen = await startScreen();
    await screen.press('2', /\d+ peers · 1\/\d+/);
    const firstVersion = /v1\.\d+\.\d+/.exec(cursorRow(screen.lastFrame()))![0];
    await screen.press('/', /filter \//);
    for (const ch of firstVersion) await screen.press(ch, new RegExp(`filter / ${firstVersion.slice(0, firstVersion.indexOf(ch) + 1).replace(/\./g, '\\.')}`));
    await screen.press(KEY.enter, new RegExp(`matching "${firstVersion.replace(/\./g, '\\.')}"`));
    const shown = screen.lastFrame().split('\n').filter((l) => /^[›!* +~-]NodeID-/.test(l));
    expect(shown.length).toBeGreaterThan(0);
    for (const l of shown) expect(l).toContain(firstVersion);
    await screen.press(KEY.escape, (f) => !f.includes('matching'));
  });

  it('opens a row with Enter, shows crumbs, and goes back with Esc', async () => {
    const screen = await startScreen();
    await screen.press('3', /validators · 1\/\d+/);
    const node = /NodeID-\w+/.exec(cursorRow(screen.lastFrame()))![0];
    await screen.press(KEY.enter, /Validators › validator NodeID-/);
    // Whatever view is registered for validators, it shows the full node ID.
    await screen.waitFor((f) => f.split('\n').slice(4).some((l) => l.includes(node)));
    await screen.press(KEY.escape, /validators · 1\/\d+/);
    expect(screen.lastFrame()).not.toContain('Validators ›');
  });

  it('opens a block from the blocks pane', async () => {
    const screen = await startScreen();
    await screen.press('8', /blocks · 1\/\d+/);
    const height = /^›\s*([\d,]+)/m.exec(screen.lastFrame())![1]!;
    await screen.press(KEY.enter, /Blocks › block \d+/);
    await screen.waitFor((f) => f.split('\n').slice(4).some((l) => l.includes(height) || l.includes(height.replace(/,/g, ''))));
    await screen.press(KEY.escape, /blocks · 1\/\d+/);
  });

  it('shows help from the command table and closes it', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    await screen.press('?', /Everywhere[\s\S]*Quit and restore the terminal/);
    await screen.press(KEY.escape, /Node ID/);
  });

  it('pauses and resumes with p, refreshes with r, quits with q and Ctrl-C', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    await screen.press('p', /PAUSED/);
    await screen.press('p', (f) => !f.includes('PAUSED'));
    screen.lastFrame();
    await screen.press('r', () => screen!.refreshes === 1);
    await screen.press('q', () => screen!.quits === 1);
    await screen.press(KEY.ctrlC, () => screen!.quits === 2);
  });

  it('switches the validators pane between subnets with n', async () => {
    const screen = await startScreen();
    await screen.press('3', /primary network \(1\/[2-9]\d*\)/);
    // A subnet by its ID, and by its chains' names once the chain list is in.
    await screen.press('n', /[1-9]\d* validators · 1\/\d+\s+subnet \w+…\w+ (\([^)]*\) )?\(2\/\d+\)/);
    await screen.press('N', /primary network \(1\/\d+/);
  });

  it('pages UTXOs of an address, changes the page size and source chain', async () => {
    const screen = await startScreen();
    const wallet = screen.sim!.network.wallets[0]!.str;
    await screen.press('9', /No addresses yet/);
    await screen.press('a', /addresses:/);
    screen.lastFrame();
    await screen.press(wallet, new RegExp(`addresses: ${wallet.slice(0, 20)}`));
    await screen.press(KEY.enter, /\d+ utxos · 1\/\d+/, 15_000);
    const f = await screen.waitFor(/this page +[\d,]+\.\d{9} .*UTXOs listed below/);
    expect(f).toMatch(/page 1 \(\] next\)/);
    expect(f).toMatch(/P-avax1\w+/);
    await screen.press(']', /page 2/);
    await screen.press('[', /page 1/);
    await screen.press('+', /page size 250/);
    await screen.press('-', /page size 100/);
    await screen.press('c', /atomic UTXOs from X/);
  });
});

describe('node generations and failures', () => {
  it('lists pending stakers on a v1.11 node', async () => {
    const screen = await startScreen({ sim: { profile: 'v1.11' } });
    await screen.waitFor(/Node ID/);
    const f = await screen.press('4', /[1-9][\d,]* pending stakers[\s\S]*STARTS/);
    expect(f).not.toContain('removed in avalanchego');
    expect(f).toMatch(/STARTS/);
  });

  it('says pending stakers are not supported on a v1.15 node (none since v1.12) and shows recent stakers', async () => {
    const screen = await startScreen();
    const f = await screen.press('4', /[1-9]\d* stakers started in the last 7 days[\s\S]*(ends|started)\s/);
    expect(f).toMatch(/removed in avalanchego v1\.11\.3 \(ACP-41\)/);
  });

  it('explains an unreachable node in words, without a stack trace', async () => {
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const screen = await startScreen({ url: `http://127.0.0.1:${port}` });
    const f = await screen.waitFor(/Node unreachable: connection refused/);
    expect(f).toMatch(/Is avalanchego running/);
    expect(f).not.toMatch(/at \w+ \(|node:internal|Error:/);
    await screen.press('3', /Validators: connection refused/);
  });

  it('explains a 403 from the Host filter with what to do', async () => {
    const screen = await startScreen({ sim: { allowedHosts: ['node.example'] }, hostAlias: 'localhost' });
    const f = await screen.waitFor(/Node refuses avatop: HTTP 403: node rejected the Host name/);
    expect(f).toMatch(/--http-allowed-hosts/);
  });

  it('explains a node that is still bootstrapping', async () => {
    const screen = await startScreen();
    screen.sim!.faults.setBootstrapping(true);
    await screen.press('3', /still bootstrapping the P-chain/);
  });

  it('renders control sequences served by the node as harmless text', async () => {
    const screen = await startScreen({ sim: { faults: [{ kind: 'inject', scope: 'text' } as never] } });
    const f1 = await screen.waitFor(/Version\s+\S*avalanchego\/1\.15/);
    await screen.press('2', /\d+ peers · 1\/\d+/);
    const f2 = screen.lastFrame();
    await screen.press('6', /Version\s+\S*avalanchego/);
    const f3 = screen.lastFrame();
    for (const f of [f1, f2, f3]) {
      expect(f).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    }
  });
});

describe('terminal size', () => {
  it('reflows on resize: columns drop by priority, and a too-small terminal is told how big it must be', async () => {
    const screen = await startScreen();
    await screen.press('3', /DEL\.WT/);
    screen.resize({ columns: 70, rows: 20 });
    const narrow = await screen.waitFor((f) => !f.includes('DEL.WT') && f.includes('WEIGHT'));
    expect(narrow.split('\n').every((l) => l.length <= 70)).toBe(true);
    expect(narrow.split('\n').length).toBeLessThanOrEqual(19);
    screen.resize({ columns: 60, rows: 15 });
    const smallest = await screen.waitFor((f) => f.includes('WEIGHT') && !f.includes('DELEG') && f.split('\n')[0]!.length <= 60);
    expect(smallest.split('\n').length).toBeLessThanOrEqual(14);
    expect(smallest).not.toMatch(/at least 60×15/);
    // The overview scrolls in one column when it does not fit.
    await screen.press('1', /lines 1-\d+ of \d+ \(j\/k/);
    await screen.press('j', /lines 2-\d+ of \d+/);
    await screen.press('3', /WEIGHT/);
    screen.resize({ columns: 50, rows: 10 });
    await screen.waitFor(/at least 60×15; this\s+one is 50×10/);
    screen.resize({ columns: 120, rows: 40 });
    await screen.waitFor(/DEL\.WT/);
  });
});
