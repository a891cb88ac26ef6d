// One info.peers reply kept small: the values many peers repeat (their release, the upgrade time they announce, the
// second they last sent or received, their tracked subnets and ACP votes) held once and shared by every peer that has
// them, every field kept. The exporter keeps twenty mainnet nodes' lists of 1,590 peers; each peer's own Dates,
// arrays and strings were two thirds of its heap (a heap snapshot: 1.46 MiB a list).
import type { Peer } from '../state/types';

/** One of each equal value: Dates by their time, arrays by their items, strings by their text. */
function sharer() {
  const dates = new Map<number, Date>();
  const lists = new Map<string, readonly unknown[]>();
  const strings = new Map<string, string>();
  return {
    date(d: Date): Date {
      const t = d.getTime();
      const kept = dates.get(t);
      if (kept) return kept;
      dates.set(t, d);
      return d;
    },
    list<T>(items: readonly T[]): T[] {
      // Already one of a sharer's (a list read peer by peer is shared again by the rows): as it is.
      if (Object.isFrozen(items)) return items as T[];
      const key = JSON.stringify(items);
      const kept = lists.get(key);
      if (kept) return kept as T[];
      // Shared by many peers: frozen, so no reader can change it for the others.
      const frozen = Object.freeze([...items]);
      lists.set(key, frozen);
      return frozen as T[];
    },
    string(s: string): string {
      const kept = strings.get(s);
      if (kept !== undefined) return kept;
      strings.set(s, s);
      return s;
    },
  };
}

/** The peers with their repeated values shared (equal to the reply's, field for field). */
export function sharePeerValues(peers: readonly Peer[]): Peer[] {
  return peers.map(createPeerSharer());
}

/**
 * One peer at a time with the values shared across the calls of this sharer: for a list read peer by peer as the
 * reply arrives (the client's `list` option, rpc/streamed-list.ts), one sharer per reply. Every peer is built by one
 * literal in one order, so all share one hidden class with their fields in the object (spread copies kept them in a
 * separate array, 88 bytes a peer).
 */
export function createPeerSharer(): (p: Peer) => Peer {
  const one = sharer();
  return (p) =>
    ({
      ip: one.string(p.ip),
      publicIP: p.publicIP === undefined ? undefined : one.string(p.publicIP),
      nodeID: p.nodeID,
      version: one.string(p.version),
      lastSent: one.date(p.lastSent),
      lastReceived: one.date(p.lastReceived),
      observedUptime: p.observedUptime,
      observedSubnetUptimes: p.observedSubnetUptimes,
      trackedSubnets: one.list(p.trackedSubnets),
      benched: one.list(p.benched),
      upgradeTime: p.upgradeTime === undefined ? undefined : one.date(p.upgradeTime),
      supportedACPs: one.list(p.supportedACPs),
      objectedACPs: one.list(p.objectedACPs),
    }) satisfies Record<keyof Peer, unknown>;
}
