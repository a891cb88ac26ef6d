// Peers: who this node is connected to, with what version, and how that changes block by block (drops,
// reconnects, benching, ACP votes, message times).
import { formatNodeId } from './wire';
import { PRIMARY_NETWORK_ID } from './constants';
import type { Prng } from './prng';
import type { Profile } from './profiles';
import type { Peer, Subnet, Validator } from './model';

export function newPeer(p: Prng, profile: Profile, subnets: readonly Subnet[], nowMs: number, nodeId: Uint8Array, weight: bigint): Peer {
  const version = p.weighted(profile.peerVersions);
  const ip = `${p.int(2, 223)}.${p.int(0, 255)}.${p.int(0, 255)}.${p.int(1, 254)}:${p.chance(0.9) ? 9651 : p.int(10_000, 60_000)}`;
  const acps = profile.acps;
  const supported = acps.filter(() => p.chance(0.35));
  const objected = acps.filter((a) => !supported.includes(a) && p.chance(0.04));
  const tracked = subnets.filter(() => p.chance(0.12)).map((s) => s.idStr);
  if (profile.peersTrackPrimary) tracked.push(PRIMARY_NETWORK_ID);
  tracked.sort();
  return {
    nodeId,
    nodeIdStr: formatNodeId(nodeId),
    ip,
    publicIp: p.chance(0.95) ? ip : '',
    version,
    upgradeTime: version.startsWith('avalanchego/1.14') ? 1_763_568_000 : 1_744_124_400,
    lastSentMs: nowMs - p.int(0, 900),
    lastReceivedMs: nowMs - p.int(0, 1_500),
    observedUptime: p.chance(0.9) ? p.int(95, 100) : p.int(60, 94),
    trackedSubnets: tracked,
    supportedAcps: supported,
    objectedAcps: objected,
    benched: [],
    weight,
  };
}

export interface PeerWorld {
  peers: Map<string, Peer>;
  validators: readonly Validator[];
  validatorsByNode: ReadonlyMap<string, Validator>;
  ownNodeId: string;
  targetPeers: number;
  profile: Profile;
  subnets: readonly Subnet[];
  nowMs: number;
  weightOf: (v: Validator) => bigint;
}

/** One block's worth of peer activity. */
export function churnPeers(p: Prng, w: PeerWorld): void {
  const { peers, nowMs } = w;
  for (const peer of peers.values()) {
    if (p.chance(0.6)) peer.lastSentMs = nowMs - p.int(0, 400);
    if (p.chance(0.6)) peer.lastReceivedMs = nowMs - p.int(0, 900);
  }
  if (peers.size > 0 && p.chance(0.25)) {
    const gone = p.pick([...peers.keys()]);
    peers.delete(gone);
    const v = w.validatorsByNode.get(gone);
    if (v) {
      v.connected = false;
      v.rev++;
    }
  }
  if (peers.size < w.targetPeers && p.chance(0.3)) {
    const offline = w.validators.filter((v) => !peers.has(v.nodeIdStr) && v.nodeIdStr !== w.ownNodeId);
    if (offline.length > 0 && p.chance(0.85)) {
      const v = p.pick(offline);
      v.connected = true;
      v.rev++;
      peers.set(v.nodeIdStr, newPeer(p, w.profile, w.subnets, nowMs, v.nodeId, w.weightOf(v)));
    } else {
      const peer = newPeer(p, w.profile, w.subnets, nowMs, p.bytes(20), 0n);
      peers.set(peer.nodeIdStr, peer);
    }
  }
  if (peers.size > 0 && p.chance(0.05)) {
    const peer = p.pick([...peers.values()]);
    peer.benched = peer.benched.length > 0 ? [] : [p.pick(['P', 'C', 'X'])];
  }
  if (peers.size > 0 && p.chance(0.05)) {
    const peer = p.pick([...peers.values()]);
    const acp = p.pick(w.profile.acps);
    if (peer.supportedAcps.includes(acp)) peer.supportedAcps = peer.supportedAcps.filter((a) => a !== acp);
    else if (!peer.objectedAcps.includes(acp)) peer.supportedAcps = [...peer.supportedAcps, acp].sort((a, b) => a - b);
  }
}
