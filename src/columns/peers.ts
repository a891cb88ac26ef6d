// The peers table (info.peers): the peers pane draws it, `avatop get peers` prints it.
import type { Column } from './column';
import type { Peer } from '../state/types';
import { formatAgeShort, formatTimestamp } from '../format/time';
import { formatPercent } from '../format/number';
import { sanitize } from '../format/sanitize';
import { str } from '../format/fields';
import { shortVersion } from '../domain/upgrades/versions';
import { formatAvaxColumn, formatAvaxExact } from '../format/avax';

/** "v1.14.2" sorts after "v1.9.0": each part padded. */
function versionKey(v: unknown): string {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(String(v ?? ''));
  return m ? m.slice(1).map((x) => x.padStart(5, '0')).join('.') : '';
}

/**
 * The primary network's validators' stake weights by node ID (domain/stake.ts `stakeByNode`); undefined while the
 * validator set is not known, so a peer is not called a non-validator before the list arrives.
 */
export type PeerStakes = ReadonlyMap<string, bigint> | undefined;

/** "yes", "no", or "?" while the validator set is not known. */
function validatesText(stakes: PeerStakes, p: Peer): string {
  return stakes === undefined ? '?' : stakes.has(p.nodeID) ? 'yes' : 'no';
}

export function peerColumns(now: number, stakes?: PeerStakes): Column<Peer>[] {
  const stakeOf = (p: Peer) => stakes?.get(p.nodeID);
  return [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (p) => str(p.nodeID), sortValue: (p) => String(p.nodeID), get: { title: 'NODE ID' } },
    { key: 'ip', title: 'IP', width: 21, priority: 2, render: (p) => str(p.ip), sortValue: (p) => p.ip },
    // Which peers validate and with how much stake (own and delegated, what consensus weighs): big validators first
    // with `s`; the validators this node is NOT connected to are on the Validators pane (`/conn:no`).
    { key: 'validator', title: 'VALIDATOR', width: 9, priority: 1, render: (p) => validatesText(stakes, p), sortValue: (p) => (stakes === undefined ? undefined : stakes.has(p.nodeID) ? 1 : 0) },
    { key: 'stake', title: 'STAKE', width: 9, align: 'right', priority: 1, render: (p) => (stakes === undefined ? '' : stakeOf(p) === undefined ? '—' : formatAvaxColumn(stakeOf(p))), sortValue: (p) => stakeOf(p), filterNumber: (p) => { const w = stakeOf(p); return w === undefined ? undefined : Number(w / 1_000_000_000n); }, get: { title: 'STAKE (AVAX)', value: (p) => { const w = stakeOf(p); return w === undefined ? '-' : formatAvaxExact(w); } } },
    { key: 'version', title: 'VERSION', width: 9, priority: 1, render: (p) => shortVersion(p.version), sortValue: (p) => versionKey(p.version), get: { value: (p) => p.version } },
    { key: 'lastSent', title: 'SENT', width: 5, align: 'right', priority: 4, volatile: true, render: (p) => formatAgeShort(p.lastSent.getTime(), now), sortValue: (p) => -p.lastSent.getTime(), get: false },
    { key: 'lastReceived', title: 'RECV', width: 5, align: 'right', priority: 3, volatile: true, render: (p) => formatAgeShort(p.lastReceived.getTime(), now), sortValue: (p) => -p.lastReceived.getTime(), get: { title: 'LAST RECEIVED', align: 'left', value: (p) => formatTimestamp(p.lastReceived) } },
    { key: 'observedUptime', title: 'UPTIME', width: 7, align: 'right', priority: 2, render: (p) => formatPercent(p.observedUptime, 0), sortValue: (p) => p.observedUptime, get: { value: (p) => (p.observedUptime === undefined ? '-' : `${p.observedUptime}%`) } },
    { key: 'benched', title: 'BENCHED', width: 8, priority: 3, render: (p) => p.benched.map((b) => sanitize(b)).join(',') || '-', sortValue: (p) => p.benched.length },
    { key: 'subnets', title: 'SUBNETS', width: 7, align: 'right', priority: 5, render: (p) => String(p.trackedSubnets.length), sortValue: (p) => p.trackedSubnets.length, filterText: (p) => p.trackedSubnets.join(' '), get: false },
  ];
}
