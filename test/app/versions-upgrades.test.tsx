// The versions pane shows info.upgrades as a table of upgrade, time and state, never as raw JSON.
import { describe, expect, it } from 'vitest';
import { upgradeRows } from '../../src/panes/versions-model';
import { startScreen } from './harness';

describe('upgrade times', () => {
  it('are rows of upgrade, time and state', () => {
    const now = Date.parse('2026-11-24T00:00:00Z');
    const rows = upgradeRows(
      [
        { name: 'banff', time: new Date('2022-10-18T16:00:00Z'), scheduled: true },
        { name: 'helicon', time: new Date('2026-12-24T00:00:00Z'), scheduled: true },
        { name: 'future', time: new Date('9999-12-01T00:00:00Z'), scheduled: false },
      ],
      now,
    );
    expect(rows.map((r) => [r.upgrade, r.state])).toEqual([
      ['banff', 'active'],
      ['helicon', expect.stringMatching(/^in 30d/)],
      ['future', "not scheduled by this node's release"],
    ]);
    expect(rows[0]!.time).toMatch(/^2022-10-18 16:00Z/);
  });

  it('show on screen as a table at 80x24, without JSON', async () => {
    const s = await startScreen({ size: { columns: 80, rows: 24 }, sim: { validators: 20, peers: 5, utxos: 10 } });
    await s.waitFor(/Node ID/);
    await s.press('6', /Network upgrades/);
    // Scroll to the upgrades section.
    for (let i = 0; i < 30 && !/^banff\s+20\d\d-/m.test(s.lastFrame()); i++) {
      const before = s.lastFrame();
      await s.press('j', (f) => f !== before, 3_000).catch(() => undefined);
    }
    const f = s.lastFrame();
    expect(f).toMatch(/^upgrade\s+time\s+state/m);
    expect(f).toMatch(/^banff\s+2022-10-\d\d \d\d:\d\d(:\d\d)?Z\S*\s+active/m);
    expect(f).not.toMatch(/\{"name"|times\s+\[/);
  }, 60_000);
});
