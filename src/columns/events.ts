// The events table: the Events pane draws it, `avatop events` prints it (columns/column.ts). One row per event or
// incident, newest first on screen.
import type { Column } from './column';
import type { EventLine, Severity } from '../domain/events/record';
import { formatLocalClock, formatDuration, formatLocalTimestamp } from '../format/time';
import { sanitize } from '../format/sanitize';

const SEVERITY_LABEL: Readonly<Record<Severity, string>> = { info: 'info', warning: 'WARN', critical: 'CRIT' };

const INCIDENT_KINDS: ReadonlySet<string> = new Set(['unreachable', 'check', 'bootstrapping', 'stake-low', 'uptime-below']);

/** "4s", "ongoing 4m 10s", "": how long an incident lasted (or lasts so far). */
export function durationText(e: EventLine, now: number): string {
  if (e.end !== undefined) return formatDuration(e.end - e.start);
  return INCIDENT_KINDS.has(e.kind) ? `ongoing ${formatDuration(now - e.start)}` : '';
}

/** The same for a script: "ended after 4s", "ongoing for 4m 10s". */
function stateText(e: EventLine, now: number): string {
  if (e.end !== undefined) return `ended after ${formatDuration(e.end - e.start)}`;
  return INCIDENT_KINDS.has(e.kind) ? `ongoing for ${formatDuration(now - e.start)}` : '';
}

/** `node`: a NODE column (several nodes watched; `avatop events` always prints it). */
export function eventColumns(now: number, opts: { node: boolean }): Column<EventLine>[] {
  return [
    { key: 'time', title: 'TIME', width: 15, priority: 0, render: (e) => formatLocalClock(e.start, now, true), sortValue: (e) => e.start, get: { value: (e) => formatLocalTimestamp(e.start) } },
    {
      key: 'severity',
      title: 'SEV',
      width: 4,
      priority: 0,
      render: (e) => SEVERITY_LABEL[e.severity],
      sortValue: (e) => ['info', 'warning', 'critical'].indexOf(e.severity),
      get: { title: 'SEVERITY', value: (e) => e.severity },
    },
    ...(opts.node ? [{ key: 'node', title: 'NODE', width: 12, maxWidth: 20, priority: 1, render: (e: EventLine) => sanitize(e.node), sortValue: (e: EventLine) => e.node }] : []),
    { key: 'text', title: 'EVENT', width: 30, grow: true, priority: 0, render: (e) => sanitize(e.text), filterText: (e) => `${e.text} ${e.node} ${e.kind} ${e.subject ?? ''}` },
    {
      key: 'length',
      title: 'LASTED',
      width: 12,
      priority: 2,
      render: (e) => durationText(e, now),
      sortValue: (e) => (e.end ?? now) - e.start,
      get: { title: 'STATE', value: (e) => stateText(e, now) },
    },
  ];
}
