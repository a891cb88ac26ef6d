// The reward threshold on screen follows the node's own info.upgrades heliconTime: 80% where Helicon is not
// scheduled (a v1.14.2 node, or a local network), 90% for validations that started after it where it is active
// (mainnet since 2026-09-22 15:00 UTC).
import { describe, expect, it } from 'vitest';
import { KEY, startScreen } from './harness';

describe('reward threshold on screen', () => {
  it("v1.14 (Helicon unscheduled by its release): 80% everywhere, and says why", async () => {
    // On a local network, where a v1.14.2 node is not left behind by anyone.
    const screen = await startScreen({ sim: { profile: 'v1.14', networkId: 12345 }, size: { columns: 140, rows: 40 } });
    const f = await screen.waitFor(/Reward threshold\s+80%, Helicon not scheduled by this node's release/);
    await screen.waitFor(/Uptime\s+[\d.]+% \(needs 80%\)/);
    expect(f).not.toMatch(/90%/);
    const v = await screen.press('3', /needs 80% \(Helicon not scheduled\)/);
    // One figure for every row: the summary says it once, no NEEDS column.
    expect(v).not.toMatch(/NEEDS/);
    expect(v).not.toMatch(/ 90% /);
  });

  it('a node whose Helicon is active: the own validation, started after it, needs 90%', async () => {
    // A custom network whose Helicon is long before any validation in the simulated history: every one started after it.
    const screen = await startScreen({ sim: { networkId: 1337, heliconTime: '2020-01-01T00:00:00Z' } });
    await screen.waitFor(/Reward threshold\s+90%, started after Helicon, 2020-01-01/);
    await screen.waitFor(/Uptime\s+[\d.]+% \(needs 90%\)/);
    await screen.press('3', /needs 90% \(after Helicon\)/);
  });

  it("today's mainnet (Helicon 2026-09-22): validations on both sides of it, each with its own figure", async () => {
    // Wide enough for the split rule in the summary line.
    const screen = await startScreen({ size: { columns: 160, rows: 40 } });
    await screen.waitFor(/Reward threshold\s+(80|90)%, started (before|after) Helicon, 2026-09-22/);
    const v = await screen.press('3', /needs 80%\/90% \(before\/after Helicon 2026-09-22\)/);
    // Rows that started before mainnet's Helicon show 80%, those after it 90%.
    const rows = v.split('\n').filter((l) => /^[›!* +~-]NodeID-/.test(l));
    const start = (l: string) => /\s(\d{4}-\d\d-\d\d)\s/.exec(l)?.[1] ?? '';
    const before = rows.filter((l) => start(l) < '2026-09-22');
    const after = rows.filter((l) => start(l) > '2026-09-22');
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const l of before) expect(l).toMatch(/ 80% /);
    for (const l of after) expect(l).toMatch(/ 90% /);
  });

  it('v1.15: auto-renewed validators are marked, and their view says the end is the end of a period that renews', async () => {
    const screen = await startScreen({ size: { columns: 160, rows: 40 } });
    await screen.press('3', /RENEW[\s\S]*\n[›!* +~-]NodeID-.* auto /);
    await screen.press('/', /filter \//);
    for (const [i, ch] of [...'auto'].entries()) await screen.press(ch, new RegExp(`filter / ${'auto'.slice(0, i + 1)}`));
    await screen.press(KEY.enter, /matching "auto"/);
    const rows = screen.lastFrame().split('\n').filter((l) => /^[›!* +~-]NodeID-/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    for (const l of rows) expect(l).toMatch(/ (auto|last) /);
    await screen.press(KEY.enter, /Validators › validator NodeID-/);
    const v = await screen.waitFor(/Auto-renewed staking \(ACP-236\)[\s\S]*validator authority/);
    expect(v).toMatch(/end of period\s+\d{4}-\d\d-\d\d .*then it (renews|leaves)/);
    expect(v).toMatch(/next period\s+(\d+d|0: leaves)/);
    expect(v).toMatch(/auto-compound\s+[\d.]+% of each period's reward restaked/);
    expect(v).toMatch(/reward needs\s+(80|90)% \(started (before|after) Helicon, 2026-09-22\)/);
  });

  it("an elastic subnet's validators need its TransformSubnetTx uptimeRequirement; a permissioned subnet's, nothing", async () => {
    const screen = await startScreen({ sim: { subnets: 4 } });
    await screen.press('3', /primary network \(1\/5\)/);
    const settled: string[] = [];
    for (let i = 2; i <= 5; i++) {
      // Each subnet's summary settles on its rule (an elastic subnet's requirement is fetched once: getSubnet, getTx).
      const f = await screen.press('n', new RegExp(`\\(${i}/5\\)[^\\n]*(no reward on this subnet|needs 80% \\(subnet rule\\))`));
      settled.push(new RegExp(`\\(${i}/5\\)[^\\n]*`).exec(f)![0]);
    }
    expect(settled.filter((l) => /needs 80% \(subnet rule\)/.test(l))).toHaveLength(1);
    expect(settled.filter((l) => /no reward on this subnet/.test(l))).toHaveLength(3);
  });
});
