// The fleet pane's columns: each cell in words from the row (domain/fleet), the reward guard's badges
// (app/budget-model) and the health summary's connected-stake words; every node string sanitized.
import type { Column } from '../../columns/column';
import type { RowTone } from '../../components/DataTable';
import type { FleetRow } from '../../domain/fleet/row';
import { endBadge } from '../../ui/budget-model';
import { budgetCellText } from '../../domain/reward/words';
import { formatConnected } from '../../domain/health/health-summary';
import { formatCount, formatLatency, formatPercent } from '../../format/number';
import { behindCell, lagCell } from '../../domain/fleet/table';
import { formatAgeShort, formatDuration } from '../../format/time';
import { sanitize } from '../../format/sanitize';

const flag = (v: boolean | undefined): string => (v === true ? '✓' : v === false ? '…' : '?');

/** The STATE cell: "up", or why not; for a node that answered before, how old the rest of the row is. */
export function stateText(r: FleetRow, now: number): string {
  const reach = sanitize(r.reach, { maxLength: 60 });
  return r.lastContact === undefined ? reach : `${reach}, as of ${formatAgeShort(r.lastContact, now)} ago`;
}

export function validationText(r: FleetRow, now: number): { uptime: string; needs: string; budget: string; ends: string } {
  const g = r.guard;
  // No budget only for a node known not to validate; while that is not known (P-chain bootstrapping), unknown.
  if (!g) return { uptime: '-', needs: '-', budget: r.reachable === false ? '-' : r.validates === false ? 'none' : 'unknown', ends: '-' };
  const end = endBadge(g, now);
  return {
    uptime: g.uptimePercent === undefined ? '?' : formatPercent(g.uptimePercent, 2),
    needs: g.threshold.percent === undefined ? '-' : `${g.threshold.percent}%`,
    budget: budgetCellText(g),
    ends: end ? end.text.replace(/^ends in /, '') : g.endMs === undefined ? '-' : formatDuration(g.endMs - now),
  };
}

/** `newWarnings(name)`: the node's warnings since the Events pane was last opened (its NEW column). */
export function fleetColumns(now: number, newWarnings?: (name: string) => number): Column<FleetRow>[] {
  return [
    { key: 'name', title: 'NODE', width: 15, priority: 0, render: (r) => sanitize(r.name), sortValue: (r) => r.name },
    ...(newWarnings
      ? [{ key: 'new', title: 'NEW', width: 3, align: 'right' as const, priority: 2, render: (r: FleetRow) => String(newWarnings(r.name) || ''), sortValue: (r: FleetRow) => newWarnings(r.name) }]
      : []),
    { key: 'state', title: 'STATE', width: 18, maxWidth: 44, grow: true, priority: 0, render: (r) => stateText(r, now), sortValue: (r) => -r.severity },
    { key: 'network', title: 'NETWORK', width: 7, priority: 3, render: (r) => sanitize(r.network ?? '-'), sortValue: (r) => r.network },
    { key: 'version', title: 'VERSION', width: 7, priority: 5, render: (r) => sanitize((r.version ?? '-').replace(/^avalanchego\//, 'v')), sortValue: (r) => r.version },
    { key: 'boot', title: 'P X C', width: 5, priority: 4, render: (r) => `${flag(r.bootstrapped.P)} ${flag(r.bootstrapped.X)} ${flag(r.bootstrapped.C)}` },
    { key: 'height', title: 'HEIGHT', width: 10, align: 'right', priority: 1, render: (r) => (r.height === undefined ? '-' : formatCount(r.height)), sortValue: (r) => r.height },
    { key: 'lag', title: 'LAG', width: 6, align: 'right', priority: 1, render: (r) => lagCell(r.lag), sortValue: (r) => r.lag },
    { key: 'chain', title: 'BEHIND', width: 7, align: 'right', priority: 4, render: (r) => behindCell(r.chainBehindMs), sortValue: (r) => r.chainBehindMs },
    { key: 'peers', title: 'PEERS', width: 5, align: 'right', priority: 3, render: (r) => (r.peers === undefined ? '-' : formatCount(r.peers)), sortValue: (r) => r.peers },
    { key: 'stake', title: 'STAKE', width: 5, align: 'right', priority: 4, render: (r) => (r.connectedStake === undefined ? '-' : formatConnected(r.connectedStake)), sortValue: (r) => r.connectedStake },
    { key: 'uptime', title: 'UPTIME', width: 7, align: 'right', priority: 2, render: (r) => validationText(r, now).uptime, sortValue: (r) => r.guard?.uptimePercent },
    { key: 'needs', title: 'NEEDS', width: 5, align: 'right', priority: 3, render: (r) => validationText(r, now).needs },
    { key: 'budget', title: 'BUDGET', width: 8, priority: 2, render: (r) => validationText(r, now).budget, sortValue: (r) => r.guard?.budget?.remainingMs },
    { key: 'ends', title: 'ENDS', width: 8, priority: 5, render: (r) => validationText(r, now).ends, sortValue: (r) => r.guard?.endMs },
    { key: 'rpc', title: 'RPC', width: 6, align: 'right', priority: 3, render: (r) => (r.reachable === false ? '-' : formatLatency(r.latencyMs)), sortValue: (r) => r.latencyMs },
  ];
}

export function rowTone(r: FleetRow): RowTone {
  return r.severity >= 2 ? 'error' : r.severity === 1 ? 'warn' : undefined;
}
