import { describe, expect, it } from 'vitest';
import { createAvatopStore } from '../../../src/state/store';
import { lens } from '../../../src/state/lenses';
import { resolveOk } from '../../../src/state/resource';
import { lightPlan } from '../../../src/fleet/light-plan';

describe('the light plan of a node not on screen', () => {
  it('polls its row and nothing heavy: no peer list, no validator set, no metrics page', () => {
    let s = createAvatopStore().getState();
    const keys = () => lightPlan(s).map((spec) => spec.key).sort();
    expect(keys()).toEqual(['bootstrapped:C', 'bootstrapped:P', 'bootstrapped:X', 'health:slow', 'height', 'networkName', 'nodeId', 'nodeVersion', 'timestamp', 'upgrades', 'uptime']);
    // Once the node ID is known, its own validator record joins, on the height cadence.
    s = lens.nodeId.set(s, resolveOk(lens.nodeId.get(s), { nodeID: 'NodeID-111111111111111111116DBWJs' } as never, { at: 1 }));
    const own = lightPlan(s).find((spec) => spec.key.startsWith('validator:'));
    expect(own?.cadence).toBe('height');
    expect(own?.params).toEqual({ nodeIDs: ['NodeID-111111111111111111116DBWJs'] });
  });
});
