// One validator set per network, shared by every node of it: which session fetches it (and the network's other
// shared reads, network-reads.ts), and the weights it gives.
import type { AvatopState } from '../state/store';
import { lagProblem, lagsBehind } from '../domain/fleet/table';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { stakeWeightsOf } from '../domain/upgrades/facts';

export interface StakeSession {
  readonly state: AvatopState;
  readonly isStakeSource: boolean;
  setStakeSource(on: boolean): void;
}

/**
 * Exactly one answering session per known network fetches the validator set and the network's shared reads, one
 * whose node does not lag behind the others of its network (the fleet's lag rule, domain/fleet/table.ts): what a
 * lagging node answers is old for every other node. Before any network is known, the first session does, so a
 * single-network fleet has its weights from the start.
 */
export function assignStakeSources(sessions: readonly StakeSession[], isUp: (s: AvatopState) => boolean): void {
  const chosen = new Map<string, StakeSession>();
  const lags = lagsBehind(sessions.map((s) => ({ network: s.state.node.networkName.data, height: s.state.pchain.height.data })));
  for (const [i, s] of sessions.entries()) {
    const network = s.state.node.networkName.data;
    if (network === undefined || !isUp(s.state) || lagProblem(lags[i]) !== undefined) continue;
    const current = chosen.get(network);
    // Keep a session that already fetches it, so the set is not fetched twice.
    if (!current || (!current.isStakeSource && s.isStakeSource)) chosen.set(network, s);
  }
  const sources = new Set(chosen.values());
  if (sources.size === 0 && sessions[0]) sources.add(sessions[0]);
  for (const s of sessions) s.setStakeSource(sources.has(s));
}

/**
 * Stake by node ID, per network, from whichever session has the set: the upgrade rule's weights
 * (domain/upgrades/facts.ts stakeWeightsOf, computed once per reply), the same map a node's own store gives it.
 */
export function weightsByNetwork(states: readonly AvatopState[]): Map<string, ReadonlyMap<string, bigint>> {
  const out = new Map<string, ReadonlyMap<string, bigint>>();
  for (const s of states) {
    const network = s.node.networkName.data;
    const list = s.validators.bySubnet[PRIMARY_NETWORK_ID]?.data;
    if (network === undefined || !list || out.has(network)) continue;
    out.set(network, stakeWeightsOf(list));
  }
  return out;
}
