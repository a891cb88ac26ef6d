// The monitor in a real terminal of 80x24 and of 200x60 against a simulated validator near its threshold (with a
// subnet and an L1 validation): at 80x24 the reward badge stays on the header and the overview's reward card is
// above the fold; at 200x60 the overview's cards are two columns and the BLS key is whole. `status -o line` in a
// terminal too: the one line a tmux status bar shows.
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';
import { tmuxSim } from './sim-session';

const available = tmuxAvailable();
const SIM = { scenario: 'near-threshold', subnets: 3 } as const;

describe.skipIf(!available)('small and large terminals (tmux)', () => {
  it('80x24: budget and data age on header line 2, the whole reward card above the fold, nothing past column 80', async () => {
    const node = await tmuxSim(SIM);
    const s = tmuxSession();
    s.start(cliCommand(`--url ${node.url}`), 80, 24);
    const f = await s.waitFor((x) => /budget \d+h \d\dm/.test(x.split('\n')[1] ?? '') && /^Ends\s+ends /m.test(x) && /^Subnet /m.test(x), 45_000);
    const rows = f.split('\n');
    expect(rows.every((r) => r.length <= 80)).toBe(true);
    expect(rows[1]).toMatch(/uptime \d+% median {2}budget \d+h \d\dm {2}data (just now|\d+s ago)\s*$/);
    expect(rows[3]!.trimEnd()).toBe('Reward this period');
    const fold = rows.findIndex((r) => /^lines 1-\d+ of \d+/.test(r));
    expect(fold).toBeGreaterThan(3);
    const card = rows.slice(3, fold).join('\n');
    for (const label of ['Budget', 'To do', 'Rests on', 'Needs', 'Ends', 'L1 ', 'Subnet ']) expect(card).toMatch(new RegExp(`^${label}`, 'm'));
    s.keys('q');
    expect(await s.waitFor(/AVATOP-EXIT=\d+/, 20_000)).toMatch(/AVATOP-EXIT=0/);
  }, 120_000);

  it('200x60: two columns, the reward card at the top of the right one, the BLS key whole', async () => {
    const node = await tmuxSim(SIM);
    const key = node.network.nodePop.publicKeyHex;
    const s = tmuxSession();
    s.start(cliCommand(`--url ${node.url}`), 200, 60);
    const f = await s.waitFor((x) => x.includes(key) && /Reward this period/.test(x) && /^Budget|\s{2}Budget\s+\d/m.test(x) && /Min delegator stake/.test(x), 45_000);
    const rows = f.split('\n');
    expect(rows[3]).toMatch(/^Node\s{20,}Reward this period\s*$/);
    const keyRow = rows.find((r) => r.startsWith('BLS key'))!;
    expect(keyRow).toContain(key);
    // The right column starts after the whole key and a gap; the cards end in the upper half (the rows below are the
    // event log's: this node's newest events, when there are any).
    expect(rows[3]!.indexOf('Reward this period')).toBeGreaterThanOrEqual(keyRow.indexOf(key) + key.length + 2);
    const recent = rows.findIndex((r) => /Recent events \(e: all\)/.test(r));
    const bar = recent > 0 ? recent : rows.findIndex((r) => r.startsWith('http://'));
    const lastUsed = rows.slice(3, bar).map((r) => r.trim().length > 0).lastIndexOf(true);
    expect(lastUsed).toBeLessThan(26);
    s.keys('q');
    expect(await s.waitFor(/AVATOP-EXIT=\d+/, 20_000)).toMatch(/AVATOP-EXIT=0/);
  }, 120_000);

  it('status -o line in a terminal: one line, then status\'s exit code', async () => {
    const node = await tmuxSim(SIM);
    const s = tmuxSession();
    s.start(cliCommand(`status -o line --url ${node.url}`), 120, 10);
    const f = await s.waitFor(/AVATOP-EXIT=\d+/, 60_000);
    const rows = f.split('\n');
    const out = rows.slice(rows.indexOf('BEFORE-AVATOP') + 1, rows.findIndex((r) => r.startsWith('AVATOP-EXIT=')));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^avatop mainnet v1\.15\.0 DEGRADED h \d+ peers \d+ budget \d+h \d\dm · \d+ problems?$/);
    // A budget at the warning tier: WARNING, as `status` exits.
    expect(f).toMatch(/AVATOP-EXIT=1/);
  }, 120_000);
});
