// A headless session's slow look: only the stake source of a network reads the validator set (the heaviest reply a
// node gives); every other node of the exporter reads its peer list alone. Twenty sessions each reading the set, as
// the peers pane's plan does for its stake column, ran a 20-node exporter out of its 128 MiB heap within seconds.
import { describe, expect, it } from 'vitest';
import { slowPlan } from '../../src/exporter/session';
import { createAvatopStore } from '../../src/state/store';

describe('the exporter sessions\' slow plan', () => {
  it('reads the validator set in the stake source only', () => {
    const s = createAvatopStore().getState();
    const calls = (source: boolean) => slowPlan(source, s).map((spec) => spec.key);
    expect(calls(false)).toEqual(['peers']);
    expect(calls(true).some((k) => k.startsWith('validators'))).toBe(true);
  });
});
