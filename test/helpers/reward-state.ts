// A validating node's store as the reward guard reads it: its own record, its peers' views of it (info.peers
// observedUptime), the validator set that weighs them, its upgrade times, and a liveness probe that can fail.
// Tests of the guard, the exporter and the screens build their nodes with it.
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../src/state/store';
import { idleResource, resolveError, resolveOk } from '../../src/state/resource';
import { diffRows } from '../../src/state/rows';
import { TransportError } from '../../src/rpc/errors';
import { methods } from '../../src/rpc/methods';
import type { Peer, Validator } from '../../src/state/types';

export const REWARD_NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
/** Twenty validators of equal stake beside the node's own 10. */
export const VOTERS = 20;

export interface RewardStateOptions {
  /** Each validator's view of the node; undefined: not connected. */
  readonly views: ReadonlyArray<number | undefined>;
  /** When everything was read. */
  readonly at: number;
  readonly validator: Partial<Validator> & { startTime: Date; endTime: Date };
  readonly heliconTime?: string;
  /** info.uptime's weightedAveragePercentage (the node's own average). */
  readonly weighted?: number;
  readonly base?: AvatopState;
}

export function peerWithView(nodeID: string, observedUptime: number): Peer {
  return methods['info.peers'].result.parse({
    numPeers: 1,
    peers: [{ ip: '10.0.0.1:9651', nodeID, version: 'avalanchego/1.15.0', lastSent: '2026-08-11T00:00:00Z', lastReceived: '2026-08-11T00:00:00Z', observedUptime: String(observedUptime), trackedSubnets: [], benched: [] }],
  }).peers[0]!;
}

export function rewardState(o: RewardStateOptions): AvatopState {
  const s = o.base ?? createAvatopStore().getState();
  const at = { at: o.at };
  const validator = { nodeID: REWARD_NODE, txID: '2LsJNHfaLF8PbnQF1JrPt5Z5mP2EGFa3xxjmrd2Hr2gkBBgTkf', uptime: 100, ...o.validator } as Validator;
  const ids = Array.from({ length: VOTERS }, (_, i) => `NodeID-v${i}`);
  const peers = o.views.flatMap((u, i) => (u === undefined ? [] : [peerWithView(ids[i]!, u)]));
  return {
    ...s,
    node: {
      ...s.node,
      id: resolveOk(s.node.id, { nodeID: REWARD_NODE, nodePOP: null }, at),
      uptime: resolveOk(s.node.uptime, { weightedAveragePercentage: o.weighted ?? 95, rewardingStakePercentage: 95 }, at),
    },
    pchain: { ...s.pchain, height: resolveOk(s.pchain.height, 100n, at) },
    peers: { ...s.peers, list: resolveOk(s.peers.list, diffRows(s.peers.list.data, peers, (p) => p.nodeID), at), count: resolveOk(s.peers.count, peers.length, at) },
    reward: {
      ...s.reward,
      weights: resolveOk(s.reward.weights, { height: 100n, validators: [...ids.map((nodeID) => ({ nodeID, weight: 1000n })), { nodeID: REWARD_NODE, weight: 10n }], totalWeight: BigInt(VOTERS * 1000 + 10) }, at),
    },
    versions: { ...s.versions, upgrades: resolveOk(idleResource(), methods['info.upgrades'].result.parse({ heliconTime: o.heliconTime ?? '2026-07-28T15:00:00Z' }), at) },
    validators: { ...s.validators, detail: { ...s.validators.detail, [`${PRIMARY_NETWORK_ID}/${REWARD_NODE}`]: resolveOk(idleResource(), validator, at) } },
  };
}

/** Every voter sees `u`. */
export const allAt = (u: number): number[] => Array.from({ length: VOTERS }, () => u);
/** `k` voters connected, each seeing `u`. */
export const someAt = (k: number, u: number): Array<number | undefined> => Array.from({ length: VOTERS }, (_, i) => (i < k ? u : undefined));

/** The node stops answering at `at`: the liveness probe fails with a refused connection. */
export function unreachable(s: AvatopState, at: number): AvatopState {
  const err = new TransportError('refused', 'http://127.0.0.1:9650');
  return { ...s, pchain: { ...s.pchain, height: resolveError(s.pchain.height, err, { at }) } };
}
