// NO_COLOR leaves the marker column as the only sign of a row's state: a validator below its uptime threshold must
// keep "!" through every poll, though its uptime (and so the row) changes each time.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';
import { loadTheme } from '../../src/theme';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';

/** [marker, uptime %] of each validator row on screen (the cursor row has no marker of its own). */
function markedRows(frame: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  for (const line of frame.split('\n')) {
    // Today's validators pane has RENEW (auto-renewed) and NEEDS (80% or 90%) between UPTIME and CONN.
    const m = /^([ ~!+*-])NodeID-\S+.*?\s(\d+\.\d)%(?:\s+(?:auto|last))?(?:\s+\d+%)?\s+(?:yes|NO)\b/.exec(line);
    if (m) out.push([m[1]!, Number(m[2])]);
  }
  return out;
}

describe('markers without colour', () => {
  it('keeps at-risk validators marked "!" across updates that change them', async () => {
    const screen = await startScreen({ theme: loadTheme(undefined, { env: { NO_COLOR: '1' } }), sim: { validators: 300 } });
    await screen.press('3', /validators · 1\/\d+[\s\S]*UPTIME/);
    // Lowest uptime first, so the at-risk rows are the ones on screen.
    for (let i = 0; i < 14 && !/UPTIME▲/.test(screen.lastFrame()); i++) await screen.press('s', () => true);
    await screen.waitFor(/UPTIME▲/);
    // The first load flags nothing; wait for a later poll that changed rows (the store's flag: the screen marks "~"
    // only where a shown cell moved, components/DataTable.tsx).
    const changed = () => (screen!.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows ?? []).some((r) => r.change === 'changed');
    await screen.waitFor(() => changed() && markedRows(screen!.lastFrame()).length > 0, 30_000);
    const rows = markedRows(screen.lastFrame());
    const atRisk = rows.filter(([, up]) => up < 80);
    expect(atRisk.length).toBeGreaterThan(3);
    expect(atRisk.map(([m]) => m)).toEqual(atRisk.map(() => '!'));
  }, 60_000);
});
