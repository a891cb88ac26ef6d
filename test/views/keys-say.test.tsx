// The footer and help offer only what works where they are shown, and keys that cannot act say why.
import { describe, expect, it } from 'vitest';
import { KEY, startViewScreen } from './screen';

const footer = (f: string) => f.trimEnd().split('\n').at(-1) ?? '';

describe('keys that say what they do', () => {
  it('offers x raw only on a transaction, and none of y/x under the help', async () => {
    const s = await startViewScreen({ columns: 140, rows: 45 });
    await s.waitFor(/Node ID/);
    await s.press('3', /validators · 1\/\d+/);
    let f = await s.press(KEY.enter, /Delegators \(\d+/);
    expect(footer(f)).toMatch(/Esc back/);
    expect(footer(f)).not.toMatch(/x raw/);
    await s.press(KEY.enter, /status\s+Committed/);
    expect(footer(s.lastFrame())).toMatch(/x raw/);
    f = await s.press('?', /Show or hide this help/);
    expect(footer(f)).toMatch(/Esc back/);
    expect(footer(f)).not.toMatch(/y copy|x raw/);
  }, 60_000);

  it('r while paused says so; y on the overview copies the node ID', async () => {
    const s = await startViewScreen({ columns: 80, rows: 24 });
    await s.waitFor(/Node ID\s+NodeID-/);
    await s.press('y', /copied NodeID-/);
    expect(s.copies).toEqual([s.sim.nodeId]);
    await s.press('p', /PAUSED/);
    await s.press('r', /paused: nothing refreshes until p resumes/);
  }, 60_000);

  it('Esc in the / prompt cancels the edit and keeps the filter already set; Ctrl-U empties it', async () => {
    const s = await startViewScreen({ columns: 80, rows: 24 });
    await s.waitFor(/Node ID/);
    await s.press('3', /validators · 1\/\d+/);
    const filter = () => s.store.getState().ui.panes.validators.filter;
    await s.press('/', /^filter \//m);
    await s.press('NodeID-', () => filter() === 'NodeID-');
    await s.press(KEY.enter, () => s.store.getState().ui.prompt === undefined);
    await s.press('/', /^filter \//m);
    await s.press('zzz', () => filter() === 'NodeID-zzz');
    await s.press(KEY.escape, () => s.store.getState().ui.prompt === undefined);
    expect(filter()).toBe('NodeID-');
    await s.press('/', /^filter \//m);
    await s.press('\x15', () => filter() === '');
    await s.press(KEY.enter, () => s.store.getState().ui.prompt === undefined);
    expect(filter()).toBe('');
  }, 60_000);
});
