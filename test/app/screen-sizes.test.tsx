// The monitor at 80x24 and 200x60, rendered by Ink against the simulated node (a validator near its threshold,
// with a subnet and an L1 validation): at 80x24 the reward badge stays on the header and the overview's reward card
// is above the fold; at 200x60 the overview's cards are two balanced columns and the BLS keys are whole.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';
import type { EventBook } from '../../src/domain/events/book';
import type { EventLine } from '../../src/domain/events/record';

const SIM = { scenario: 'near-threshold', validators: 120, peers: 30, utxos: 10, subnets: 3 } as const;
const lines = (f: string) => f.split('\n');

describe('small and large terminals (Ink)', () => {
  it('80x24: the budget badge and the data age on header line 2; the whole reward card on the first screen', async () => {
    const screen = await startScreen({ size: { columns: 80, rows: 24 }, sim: SIM });
    const f = await screen.waitFor((x) => /budget \d+h \d\dm/.test(lines(x)[1] ?? '') && /^Ends\s+ends /m.test(x) && /^Subnet /m.test(x), 30_000);
    const rows = lines(f);
    expect(rows.length).toBeLessThanOrEqual(23);
    expect(rows.every((r) => r.length <= 80)).toBe(true);
    expect(rows[1]).toMatch(/uptime \d+% median {2}budget \d+h \d\dm {2}data (just now|\d+s ago)\s*$/);
    // The reward card opens the overview, and all of it is above the fold (before the scroll line).
    expect(rows[3]!.trimEnd()).toBe('Reward this period');
    const fold = rows.findIndex((r) => /^lines 1-\d+ of \d+/.test(r));
    expect(fold).toBeGreaterThan(0);
    const card = rows.slice(3, fold).join('\n');
    for (const label of ['Budget', 'To do', 'Rests on', 'Needs', 'Ends', 'L1 ', 'Subnet ']) expect(card).toMatch(new RegExp(`^${label}`, 'm'));
  }, 60_000);

  it('200x60: two balanced columns of cards, the BLS key and signer whole', async () => {
    const screen = await startScreen({ size: { columns: 200, rows: 60 }, sim: SIM });
    const key = screen.sim!.network.nodePop.publicKeyHex;
    expect(key).toMatch(/^0x[0-9a-f]{96}$/);
    const f = await screen.waitFor((x) => x.includes(key) && /Reward this period/.test(x) && /^BLS signer\s+0x/m.test(x) && /Min delegator stake/.test(x), 45_000);
    const rows = lines(f);
    // Node on the left, the reward card on the right, from the overview's first row.
    expect(rows[3]).toMatch(/^Node\s{20,}Reward this period\s*$/);
    expect(rows.find((r) => r.startsWith('BLS key'))).toContain(key);
    expect(rows.find((r) => r.startsWith('BLS signer'))).toContain(key);
    // Balanced: the taller column ends well before the lower half (one column would run 45 rows down).
    const used = rows.slice(3).map((r) => r.trimEnd()).filter((r) => r.length > 0);
    const lastUsed = rows.slice(3, -2).map((r) => r.trim().length > 0).lastIndexOf(true);
    expect(lastUsed).toBeLessThan(26);
    expect(used.length).toBeGreaterThan(20);
    // Both columns carry lines: the right one starts past the widened left one.
    const rightStart = rows[3]!.indexOf("Reward this period");
    expect(rightStart).toBeGreaterThanOrEqual(rows.find((r) => r.startsWith('BLS key'))!.indexOf(key) + key.length + 2);
    expect(rows.slice(4, 20).filter((r) => r.slice(rightStart).trim().length > 0).length).toBeGreaterThan(12);
  }, 60_000);

  it("200x60 with the event log: the shorter column's spare rows show this node's newest events", async () => {
    const lines30: EventLine[] = [];
    const book: EventBook = {
      events: () => lines30,
      subscribe: () => () => {},
      seenAt: () => undefined,
      markSeen: () => {},
      notes: () => [],
      dir: '/nonexistent/avatop-test',
      history: () => [],
    };
    const screen = await startScreen({ size: { columns: 200, rows: 60 }, sim: SIM, events: book });
    const now = Date.now();
    // Fifty events of this node (more than the spare rows hold), and one of another node.
    const id = screen.sim!.nodeId;
    for (let i = 0; i < 50; i++) {
      const start = now - (50 - i) * 60_000;
      lines30.unshift({ time: new Date(start).toISOString(), severity: i === 49 ? 'warning' : 'info', node: 'local', text: `event number ${i}`, kind: 'version', id: `e${i}`, network: 'mainnet', nodeId: id, start, at: start, v: 1 });
    }
    lines30.unshift({ time: new Date(now).toISOString(), severity: 'critical', node: 'other', text: 'not this node', kind: 'check', id: 'x', network: 'mainnet', nodeId: 'NodeID-other', start: now, at: now, v: 1 });
    const f = await screen.waitFor((x) => /Recent events \(e: all\)/.test(x) && /Min delegator stake/.test(x) && /Reward this period/.test(x), 45_000);
    const rows = lines(f);
    expect(rows.length).toBeLessThanOrEqual(60);
    expect(f).toMatch(/event number 49/);
    expect(f).not.toMatch(/not this node/);
    // Newest first, and the card ends where the pane does: fewer than fifty fit.
    const shown = [...f.matchAll(/event number (\d+)/g)].map((m) => Number(m[1]));
    expect(shown[0]).toBe(49);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(50);
  }, 60_000);
});
