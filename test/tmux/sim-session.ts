// Simulated nodes for the tmux tests, each released when the test that started it ends.
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { track } from '../helpers/track';
import { tmuxSession, type TmuxSession } from './tmux-harness';

/** Small simulated nodes that still fill every pane (the CLI's first data frame comes quickly). */
export const SMALL_TMUX_SIM = { validators: 80, peers: 30, utxos: 50, subnets: 2, blockIntervalMs: 1000 } as const;

export async function tmuxSim(opts: SimNodeOptions = {}): Promise<SimNode> {
  return track(await createSimNode({ ...SMALL_TMUX_SIM, ...opts }));
}

/** The same two starters under their older names, for tests written before them (branches in flight use it). */
export function simSessions(): { session(): TmuxSession; sim(opts?: SimNodeOptions): Promise<SimNode> } {
  return { session: tmuxSession, sim: tmuxSim };
}
