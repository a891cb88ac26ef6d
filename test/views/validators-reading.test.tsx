// The validators pane says how old its uptimes are (a list is read again when a block changes it, not every block;
// the primary one patched, its uptimes a slice at a time, poll/validator-patch.ts), and an
// L1's list shows each validator's balance counted down from the reading (domain/staking/l1-balance.ts).
import { describe, expect, it } from 'vitest';
import { startViewScreen } from './screen';

describe('validators pane: the age of the reading', () => {
  it("says how old the uptimes are, and shows an L1's balances", async () => {
    const s = await startViewScreen({ columns: 220 });
    // The primary list is patched and its uptimes read again a slice at a time: the oldest one's age.
    const f = await s.press('3', /validators · 1\/\d+.*uptimes read within \S+/);
    expect(f).not.toMatch(/BALANCE/);
    // n walks the subnets; the simulated network has L1s among its first subnets.
    let g = f;
    for (let i = 0; i < 6 && !/BALANCE/.test(g); i++) {
      const before = /\((\d+)\/\d+\) ·/.exec(g)?.[1];
      g = await s.press('n', (fr) => /\((\d+)\/\d+\) ·/.exec(fr)?.[1] !== before);
      g = await s.waitFor(/uptimes read \S+ ago/);
    }
    expect(g).toMatch(/BALANCE/);
    const lines = g.split('\n');
    const header = lines.findIndex((l) => /BALANCE/.test(l));
    // Some row below the header carries a balance (AVAX figure) or "spent".
    expect(lines.slice(header + 1).some((l) => /\d[\d,]*\.\d+|spent/.test(l))).toBe(true);
  });
});
