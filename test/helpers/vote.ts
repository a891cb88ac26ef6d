// The network's view of a node for guard tests: validators whose views of it are chosen, and the vote facts a judge
// reads (domain/reward/guard.ts VoteFacts).
import { networkView, type NetworkView } from '../../src/domain/reward/vote';
import type { VoteFacts } from '../../src/domain/reward/guard';
import type { LastBudget } from '../../src/state/reward-memory';

/** Validators `v0…` each of `weight`, seeing the node at `uptimes[i]` (undefined: not connected). */
export function viewOf(uptimes: ReadonlyArray<number | undefined>, weight = 1000n): NetworkView {
  const weights = new Map(uptimes.map((_, i) => [`NodeID-v${i}`, weight]));
  const peers = uptimes.flatMap((u, i) => (u === undefined ? [] : [{ nodeID: `NodeID-v${i}`, observedUptime: u }]));
  return networkView({ peers, weights });
}

/** A trusted vote whose every voter sees the node at `uptime` (read at `atMs`). */
export function voteAt(uptime: number, atMs: number, extra: Partial<VoteFacts> = {}): VoteFacts {
  return { view: viewOf([uptime, uptime, uptime]), atMs, reachable: true, ...extra };
}

/** The memory of one validation's last trustworthy budget, keyed as the guard looks it up. */
export const lastOf = (b: LastBudget): Record<string, LastBudget> => ({ [b.validation]: b });
