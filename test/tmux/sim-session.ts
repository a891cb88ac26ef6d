// What a tmux test against simulated nodes starts, ended after each test: the terminal session and the nodes.
import { afterEach } from 'vitest';
import { TmuxSession } from './tmux-harness';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';

/** Small simulated nodes that still fill every pane (the CLI's first data frame comes quickly). */
export const SMALL_TMUX_SIM = { validators: 80, peers: 30, utxos: 50, subnets: 2, blockIntervalMs: 1000 } as const;

export function simSessions(): { session(): TmuxSession; sim(opts?: SimNodeOptions): Promise<SimNode> } {
  let session: TmuxSession | undefined;
  const nodes: SimNode[] = [];
  afterEach(async () => {
    session?.kill();
    session = undefined;
    for (const n of nodes.splice(0)) await n.close();
  });
  return {
    session: () => (session = new TmuxSession()),
    async sim(opts = {}) {
      const node = await createSimNode({ ...SMALL_TMUX_SIM, ...opts });
      nodes.push(node);
      return node;
    },
  };
}
