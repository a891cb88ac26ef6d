// The peers table (info.peers): the peers pane draws it, `avatop get peers` prints it.
import type { Column } from './column';
import type { Peer } from '../state/types';
import { formatAgeShort, formatTimestamp } from '../format/time';
import { formatPercent } from '../format/number';
import { sanitize } from '../format/sanitize';
import { str } from '../format/fields';
import { shortVersion } from '../domain/upgrades/versions';

/** "v1.14.2" sorts after "v1.9.0": each part padded. */
function versionKey(v: unknown): string {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(String(v ?? ''));
  return m ? m.slice(1).map((x) => x.padStart(5, '0')).join('.') : '';
}

export function peerColumns(now: number): Column<Peer>[] {
  return [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (p) => str(p.nodeID), sortValue: (p) => String(p.nodeID), get: { title: 'NODE ID' } },
    { key: 'ip', title: 'IP', width: 21, priority: 2, render: (p) => str(p.ip), sortValue: (p) => p.ip },
    { key: 'version', title: 'VERSION', width: 9, priority: 1, render: (p) => shortVersion(p.version), sortValue: (p) => versionKey(p.version), get: { value: (p) => p.version } },
    { key: 'lastSent', title: 'SENT', width: 5, align: 'right', priority: 4, render: (p) => formatAgeShort(p.lastSent.getTime(), now), sortValue: (p) => -p.lastSent.getTime(), get: false },
    { key: 'lastReceived', title: 'RECV', width: 5, align: 'right', priority: 3, render: (p) => formatAgeShort(p.lastReceived.getTime(), now), sortValue: (p) => -p.lastReceived.getTime(), get: { title: 'LAST RECEIVED', align: 'left', value: (p) => formatTimestamp(p.lastReceived) } },
    { key: 'observedUptime', title: 'UPTIME', width: 7, align: 'right', priority: 2, render: (p) => formatPercent(p.observedUptime, 0), sortValue: (p) => p.observedUptime, get: { value: (p) => (p.observedUptime === undefined ? '-' : `${p.observedUptime}%`) } },
    { key: 'benched', title: 'BENCHED', width: 8, priority: 3, render: (p) => p.benched.map((b) => sanitize(b)).join(',') || '-', sortValue: (p) => p.benched.length },
    { key: 'subnets', title: 'SUBNETS', width: 7, align: 'right', priority: 5, render: (p) => String(p.trackedSubnets.length), sortValue: (p) => p.trackedSubnets.length, filterText: (p) => p.trackedSubnets.join(' '), get: false },
  ];
}
