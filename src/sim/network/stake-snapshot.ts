// The validator set's weights, as the node's validator manager holds them (a validator's own stake and its
// delegators'), shared by info.uptime, info.acps, the health checks and the connections.
import type { SimNetwork } from './index';

/** Primary-network weights (own stake plus delegators') by node, and their total, as of one revision of the network. */
export interface StakeSnapshot {
  readonly byNode: ReadonlyMap<string, bigint>;
  readonly total: bigint;
}

const snapshots = new WeakMap<SimNetwork, { revision: number; count: number; snap: StakeSnapshot }>();

/**
 * The validator set's weights, computed once per revision of the network (every block bumps it) rather than once per
 * peer per request: at 10,000 validators the sums over delegators were most of a request's time. Asked between
 * blocks only, when no delegator is half-attached.
 */
export function stakeSnapshot(net: SimNetwork): StakeSnapshot {
  const hit = snapshots.get(net);
  if (hit && hit.revision === net.revision && hit.count === net.validators.length) return hit.snap;
  const byNode = new Map<string, bigint>();
  let total = 0n;
  for (const v of net.validators) {
    const w = net.weightOf(v);
    byNode.set(v.nodeIdStr, w);
    total += w;
  }
  const snap = { byNode, total };
  snapshots.set(net, { revision: net.revision, count: net.validators.length, snap });
  return snap;
}
