// "~" marks a row whose shown cells changed at the last refresh. The simulator's validators' uptimes drift on every
// poll, so the store flags nearly every validator changed each time; a table that does not show the uptime (the
// pending pane's recent stakers on today's nodes) must not mark those rows.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';

const markers = (frame: string): string[] => frame.split('\n').filter((l) => /^[ ~!+*›-](started|ends)\s/.test(l)).map((l) => l[0]!);

describe('the "~" marker', () => {
  it('is not set by a field the table does not show', async () => {
    const screen = await startScreen({ sim: { validators: 300 } });
    await screen.press('4', /stakers started in the last 7 days/i);
    await screen.waitFor((f) => markers(f).length > 5);
    const changed = () =>
      (screen!.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows ?? []).filter((r) => r.change === 'changed').length;
    // A refresh in which the store flagged many records changed (their uptimes moved).
    await screen.waitFor(() => changed() > 50, 30_000);
    const shown = markers(screen.lastFrame());
    expect(shown.length).toBeGreaterThan(5);
    // No column of this table moved: weights, starts and ends stay put between two polls of the same validators.
    expect(shown.filter((m) => m === '~')).toEqual([]);
  }, 60_000);
});
