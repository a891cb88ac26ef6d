// The help overlay scrolls with the table keys, at the smallest supported size too.
import { describe, expect, it } from 'vitest';
import { KEY, startScreen, SUPPORTED_SIZES } from './harness';

describe.each(SUPPORTED_SIZES)('help at $columns x $rows', (size) => {
  it('scrolls with j, k, Down, Up, PgDn, PgUp, G and g, and Esc closes it', async () => {
    const s = await startScreen({ size, sim: { validators: 20, peers: 5, utxos: 10 } });
    await s.waitFor(/Node ID/);
    const f = await s.press('?', (x) => /Show or hide this help/.test(x) && /lines 1-\d+ of \d+/.test(x));
    const [, shown, total] = /lines 1-(\d+) of (\d+)/.exec(f)!.map(Number);
    expect(total).toBeGreaterThan(shown!);
    await s.press('j', /lines 2-/);
    await s.press(KEY.down, /lines 3-/);
    await s.press('k', /lines 2-/);
    await s.press(KEY.up, /lines 1-/);
    await s.press(KEY.pageDown, (x) => !/lines 1-/.test(x) && /lines \d+-\d+ of/.test(x));
    await s.press(KEY.pageUp, /lines 1-/);
    const end = await s.press('G', new RegExp(`lines \\d+-${total} of ${total}`));
    expect(end).toMatch(/close this help/);
    await s.press('g', /lines 1-/);
    await s.press(KEY.escape, (x) => !/Show or hide this help/.test(x) && /Node ID/.test(x));
  }, 60_000);
});

describe('help on the row markers', () => {
  it('lists every marker a table row can carry, with what it means', async () => {
    const { helpItems } = await import('../../src/app/HelpOverlay');
    const items = helpItems();
    const at = items.findIndex((i) => 'section' in i && /Row markers/.test(i.section ?? ''));
    expect(at).toBeGreaterThan(0);
    const labels = items.slice(at + 1, at + 7).map((i) => ('label' in i ? i.label : undefined));
    expect(labels).toEqual(['›', '-', '!', '*', '+', '~']);
    const screen = await startScreen({ size: { columns: 140, rows: 45 }, sim: { validators: 20, peers: 5, utxos: 10 } });
    await screen.waitFor(/Node ID/);
    await screen.press('?', /Show or hide this help/);
    const end = await screen.press('G', /close this help/);
    expect(end).toMatch(/Row markers/);
    expect(end).toMatch(/~\s+a value shown on the row changed at the last refresh/);
    expect(end).toMatch(/\*\s+this node's own row/);
    expect(end).toMatch(/\+\s+new since the last refresh/);
  }, 60_000);
});
