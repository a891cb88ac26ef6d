// The filter that names a column (issue 30, item 6) on a real screen: `/conn:no` keeps the validators this node is
// not connected to, where `/NO` matched every row through "NodeID-"; `/uptime<90` the ones below 90%.
import { describe, expect, it } from 'vitest';
import { KEY, startScreen } from './harness';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';

const validatorLines = (f: string) => f.split('\n').filter((l) => /^[›!* +~-]NodeID-/.test(l));

describe('the validators pane filters by a named column', () => {
  it('/conn:no counts and shows only the validators not connected; /uptime<90 the ones under 90%', async () => {
    const screen = await startScreen({ size: { columns: 160, rows: 40 } });
    await screen.press('3', /validators · 1\/\d+/);
    const list = () => screen!.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]!.data!.rows.filter((r) => r.change !== 'removed');
    const offline = list().filter((r) => r.value.connected === false).length;
    expect(offline).toBeGreaterThan(0);
    expect(offline).toBeLessThan(list().length);

    const f = await screen.press('/conn:no\r', /matching "conn:no"/);
    expect(f).toMatch(new RegExp(`\\b${offline} matching "conn:no" validators`));
    const shown = validatorLines(f);
    expect(shown.length).toBeGreaterThan(0);
    for (const l of shown) expect(l).toMatch(/\sNO\s/);
    await screen.press(KEY.escape, (x) => !x.includes('matching'));

    const low = list().filter((r) => r.value.uptime !== undefined && Number(r.value.uptime.toFixed(1)) < 90).length;
    const g = await screen.press('/uptime<90\r', /matching "uptime<90"/);
    expect(g).toMatch(new RegExp(`\\b${low} matching "uptime<90" validators`));
    for (const l of validatorLines(g)) expect(Number(/\s(\d+\.\d)%\s/.exec(l)![1])).toBeLessThan(90);
  });
});
