// What the upgrade-deadline rule (domain/upgrades) needs from the polls: every info.peers reply's announced upgrade
// times, kept compact whichever poll made it (the header's slow count or a pane's list), and after each write it
// depends on (peers, health, metrics) the announcement it remembers for the rest of the run.
import { lens } from '../state/lenses';
import { resolveOk, type PollMeta } from '../state/resource';
import type { AvatopState } from '../state/store';
import { peerAnnouncements, rememberUpgrade } from '../domain/upgrades/facts';

/** After an info.peers reply: the peers' announcements, then the remembered announcement. */
export function afterPeers(s: AvatopState, r: { readonly peers: Parameters<typeof peerAnnouncements>[0] }, meta: PollMeta): AvatopState {
  const next = lens.peerUpgrades.set(s, resolveOk(lens.peerUpgrades.get(s), peerAnnouncements(r.peers), meta));
  return rememberUpgrade(next, meta.at);
}

/** After a write the rule reads (health, metrics): the remembered announcement. */
export function afterUpgradeFacts(s: AvatopState, _r: unknown, meta: PollMeta): AvatopState {
  return rememberUpgrade(s, meta.at);
}
