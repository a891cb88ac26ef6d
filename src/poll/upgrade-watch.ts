// What the upgrade-deadline rule (domain/upgrades) needs from the polls: every info.peers reply's announced upgrade
// times, kept compact whichever poll made it (the header's slow count or a pane's list), and after each write it
// depends on (peers, health, metrics) the announcement it remembers for the rest of the run.
import { lens } from '../state/lenses';
import { resolveOk, type PollMeta } from '../state/resource';
import type { AvatopState } from '../state/store';
import { peerAnnouncements, rememberUpgrade } from '../domain/upgrades/facts';
import type { PeerAnnouncement } from '../state/upgrade-announcements';

/** After an info.peers reply: the peers' announcements, then the remembered announcement. */
export function afterPeers(s: AvatopState, r: { readonly peers: Parameters<typeof peerAnnouncements>[0] }, meta: PollMeta): AvatopState {
  const prev = lens.peerUpgrades.get(s);
  const fresh = peerAnnouncements(r.peers);
  // The last list itself when nothing changed (the rule keys its work by it), compared field by field: the store's
  // generic walk made a copy of each of 1,590 announcements and three key lists to find them equal.
  const data = prev.data && sameAnnouncements(prev.data, fresh) ? prev.data : fresh;
  return rememberUpgrade(lens.peerUpgrades.set(s, resolveOk(prev, data, meta, false)), meta.at);
}

function sameAnnouncements(a: readonly PeerAnnouncement[], b: readonly PeerAnnouncement[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.nodeID !== y.nodeID || x.version !== y.version || x.upgradeTimeMs !== y.upgradeTimeMs) return false;
  }
  return true;
}

/** After a write the rule reads (health, metrics): the remembered announcement. */
export function afterUpgradeFacts(s: AvatopState, _r: unknown, meta: PollMeta): AvatopState {
  return rememberUpgrade(s, meta.at);
}
