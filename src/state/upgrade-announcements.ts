// What the store keeps for the upgrade-deadline rule (domain/upgrades): every peer's announced upgrade time, and
// the last announcement of an upgrade this node's release does not schedule. Types only, kept here so the store,
// the poll plan (the writer) and the rule (the reader) share them without importing each other.

/** One connected peer's release and the network upgrade time it announces (info.peers `upgradeTime`). */
export interface PeerAnnouncement {
  readonly nodeID: string;
  readonly version: string;
  /** ms; undefined from nodes before v1.14.1, which do not send it. */
  readonly upgradeTimeMs: number | undefined;
}

/**
 * The last announcement avatop saw of a network upgrade that this node's release does not schedule, backed by at
 * least half of the stake (the node's own futureupgrade rule). After the upgrade activates the peers that announced
 * it disconnect this node, so nothing on the network says it any more: this is what avatop remembers to say "cannot
 * follow the network since T: upgrade to X". Plain JSON (numbers and strings), so it can be written to disk and read
 * back by a later run (the event log); `version` says which shape it is.
 */
export interface UpgradeAnnouncement {
  readonly version: 1;
  /** The announced activation time, Unix ms (whole seconds: peers announce seconds). */
  readonly upgradeTimeMs: number;
  /** The oldest release among the stake announcing it ("v1.15.0"): the least to install. */
  readonly release?: string;
  /** Share (0-100) of all stake announcing it, or of the connected peers when no stake was known. */
  readonly sharePercent: number;
  readonly shareOf: 'stake' | 'peers';
  /** This node's version and own newest scheduled upgrade when it was seen. */
  readonly nodeVersion?: string;
  readonly ownUpgradeTimeMs?: number;
  /** Share (0-100) of stake this node was connected to, last seen before the activation time. */
  readonly connectedPercent?: number;
  readonly networkId?: number;
  /** When avatop first and last saw it announced (Unix ms). */
  readonly firstSeenMs: number;
  readonly lastSeenMs: number;
}
