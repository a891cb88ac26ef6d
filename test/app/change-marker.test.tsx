// "~" marks a row whose shown cells changed at the last refresh. The simulator's validators' uptimes drift, so the
// store flags the validators read again changed; a table that does not show the uptime (the pending pane's recent
// stakers on today's nodes) must not mark those rows.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';

const markers = (frame: string): string[] => frame.split('\n').filter((l) => /^[ ~!+*›-](started|ends)\s/.test(l)).map((l) => l[0]!);

describe('the "~" marker', () => {
  it('is not set by a field the table does not show', async () => {
    const screen = await startScreen({ sim: { validators: 300 } });
    await screen.press('4', /stakers started in the last 7 days/i);
    await screen.waitFor((f) => markers(f).length > 5);
    // The primary list is patched (poll/validator-patch.ts): each refresh reads a few validators again, whose uptimes
    // moved. Wait for one in which a validator this table shows was flagged changed for its uptime alone.
    const uptimeOnly = (frame: string) =>
      (screen.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]?.data?.rows ?? []).some(
        (r) => r.change === 'changed' && r.before?.uptime !== r.value.uptime && r.before?.weight === r.value.weight && frame.includes(String(r.value.nodeID)),
      );
    const frame = await screen.waitFor(uptimeOnly, 50_000);
    const shown = markers(frame);
    expect(shown.length).toBeGreaterThan(5);
    // No column of this table moved: weights, starts and ends stay put between two polls of the same validators.
    expect(shown.filter((m) => m === '~')).toEqual([]);
  }, 90_000);
});
