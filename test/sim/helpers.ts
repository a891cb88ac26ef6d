// Shared setup for the simulator tests: a node on loopback with a fixed start time and a hand-driven clock.
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';

// The calls moved to the test kit (test/helpers/rpc.ts); tests still on other branches import `result` from here.
export { result } from '../helpers/rpc';

/** Today in the tests' world: mainnet after Helicon (2026-09-22 15:00 UTC). */
export const START = Date.UTC(2026, 10, 26, 12);

export function startSim(opts: SimNodeOptions = {}): Promise<SimNode> {
  return createSimNode({ validators: 120, peers: 40, utxos: 300, autoAdvance: false, startTimeMs: START, ...opts });
}
