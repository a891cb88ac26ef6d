// The peers as the rules see them (the reward guard's views, the version lag): what the store holds of them, the
// whole list a screen keeps or the exporter's reading of their facts alone, whichever is newer.
import type { AvatopState } from './store';
import type { Peer, PeerFacts } from './types';
import { liveValues, type RowList } from './rows';

const fromList = new WeakMap<RowList<Peer>, readonly PeerFacts[]>();

/** The peers' facts and when they were read; undefined until a list or a reading of them is in. */
export function selectPeerFacts(s: AvatopState): { readonly peers: readonly PeerFacts[]; readonly updatedAt: number } | undefined {
  const list = s.peers.list;
  const facts = s.peers.facts;
  if (list.data !== undefined && list.updatedAt !== undefined && (facts.updatedAt === undefined || list.updatedAt >= facts.updatedAt)) {
    let peers = fromList.get(list.data);
    if (!peers) fromList.set(list.data, (peers = liveValues(list.data)));
    return { peers, updatedAt: list.updatedAt };
  }
  if (facts.data === undefined || facts.updatedAt === undefined) return undefined;
  return { peers: facts.data, updatedAt: facts.updatedAt };
}
