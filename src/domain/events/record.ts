// What the event log holds: one JSON object a line, readable by people (time, severity, node and words first) and by
// scripts (kind, ids, epoch times). A line is an event, or the next state of an incident: an incident (an outage, a
// failing health check, stake below the minimum) keeps the id of its first line, and a later line with the same id
// (it ended, it came back within ten minutes) replaces it when the log is read (fold.ts).
import * as z from 'zod';

export type Severity = 'info' | 'warning' | 'critical';
export const SEVERITIES: readonly Severity[] = ['info', 'warning', 'critical'];
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { info: 0, warning: 1, critical: 2 };

export const EVENT_KINDS = [
  /** Incident: the node does not answer (two failed polls in a row). */
  'unreachable',
  /** Incident: one health check failing, by name (subject). */
  'check',
  /** Incident: a chain is bootstrapping; its end is "bootstrapped". */
  'bootstrapping',
  /** Incident: connected stake below the node's health threshold. */
  'stake-low',
  /** Incident: the peers' view of this node's uptime below its reward threshold. */
  'uptime-below',
  /** The node's process started anew (its start time from /ext/metrics). */
  'restart',
  /** The node runs another version. */
  'version',
  /** This node's validations: started, a cycle renewed, ended, exited; the reward granted or lost. */
  'validation',
  'reward',
  /** A validation's downtime budget moved to another tier. */
  'budget',
  /** An L1 validation's balance runway moved to another tier. */
  'l1-balance',
  /** A network upgrade's deadline moved to another tier. */
  'upgrade',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What Enter on the event opens: a pane, or a drill-down view with what it needs. */
export type EventTarget =
  | { readonly pane: 'overview' | 'versions' | 'metrics' | 'peers' | 'fleet' }
  | { readonly view: 'health' }
  | { readonly view: 'history' }
  | { readonly view: 'validator'; readonly nodeId: string; readonly subnetId?: string };

/** Which node an event is about: the log's key (network and NodeID) and the name avatop knows it by. */
export interface NodeRef {
  readonly network: string;
  readonly nodeId: string;
  readonly name: string;
}

export interface EventLine {
  /** ISO time of the event (an incident's start), for people reading the file. */
  readonly time: string;
  readonly severity: Severity;
  /** The node's name in the command that watched it (its --node name, or host:port). */
  readonly node: string;
  readonly text: string;
  readonly kind: EventKind;
  /** Stable over an incident's lines: kind, subject and start. */
  readonly id: string;
  readonly network: string;
  readonly nodeId: string;
  /** Epoch ms of the event (an incident's start). */
  readonly start: number;
  /** An incident that is over: when. */
  readonly end?: number;
  /** Times an incident came back within the flap window (1 when it happened once). */
  readonly count?: number;
  /** The check's name, the validation's key. */
  readonly subject?: string;
  readonly open?: EventTarget;
  /** Epoch ms this line was written: a later line of an incident replaces an earlier one. */
  readonly at: number;
  readonly v: 1;
  /** When avatop first recorded it (its first line's `at`): set when lines are folded, never written. */
  readonly firstAt?: number;
}

const target = z.union([
  z.object({ pane: z.enum(['overview', 'versions', 'metrics', 'peers', 'fleet']) }),
  z.object({ view: z.literal('health') }),
  z.object({ view: z.literal('history') }),
  z.object({ view: z.literal('validator'), nodeId: z.string(), subnetId: z.string().optional() }),
]);

/** A line as read back: anything else on it is ignored; a line that fails is skipped with a note. */
export const eventLineSchema = z.object({
  time: z.string(),
  severity: z.enum(['info', 'warning', 'critical']),
  node: z.string(),
  text: z.string(),
  kind: z.enum(EVENT_KINDS),
  id: z.string(),
  network: z.string(),
  nodeId: z.string(),
  start: z.number(),
  end: z.number().optional(),
  count: z.number().int().positive().optional(),
  subject: z.string().optional(),
  open: target.optional().catch(undefined),
  at: z.number(),
  v: z.literal(1),
});

export function incidentId(kind: EventKind, subject: string | undefined, start: number): string {
  return `${kind}:${subject ?? ''}:${start}`;
}

/** The line as written: keys in reading order, undefined ones left out. */
export function formatEventLine(e: EventLine): string {
  return JSON.stringify(e, ['time', 'severity', 'node', 'text', 'kind', 'id', 'network', 'nodeId', 'start', 'end', 'count', 'subject', 'open', 'pane', 'view', 'subnetId', 'at', 'v']);
}

export type ParsedLine = { readonly ok: true; readonly line: EventLine } | { readonly ok: false; readonly why: string };

// Maps onto the constants themselves: a parsed line keeps the one string, not a copy of its own.
const KINDS: ReadonlyMap<string, EventKind> = new Map(EVENT_KINDS.map((k) => [k, k]));
const LEVELS: ReadonlyMap<string, Severity> = new Map(SEVERITIES.map((k) => [k, k]));
const same = (s: string) => s;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * One line read back (`share` gives the one copy of a string that repeats from line to line). Checked by hand, field by field (a month of a busy node is tens of thousands of lines, and a
 * schema per line cost most of reading them); the schema above says the same in zod, and a test holds them to it.
 */
export function parseEventLine(text: string, share: (s: string) => string = same): ParsedLine {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, why: 'not JSON (a record cut short by a crash or a full disk?)' };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { ok: false, why: 'not an event: not an object' };
  const o = json as Record<string, unknown>;
  const bad = (field: string) => ({ ok: false as const, why: `not an event: ${field}: missing or of the wrong type` });
  for (const f of ['time', 'node', 'text', 'id', 'network', 'nodeId'] as const) if (typeof o[f] !== 'string') return bad(f);
  if (!LEVELS.has(o.severity as string)) return bad('severity');
  if (!KINDS.has(o.kind as string)) return bad('kind');
  if (!isNum(o.start)) return bad('start');
  if (!isNum(o.at)) return bad('at');
  if (o.v !== 1) return bad('v');
  if (o.end !== undefined && !isNum(o.end)) return bad('end');
  if (o.count !== undefined && !(Number.isInteger(o.count) && (o.count as number) > 0)) return bad('count');
  if (o.subject !== undefined && typeof o.subject !== 'string') return bad('subject');
  const line: EventLine = {
    time: o.time as string,
    severity: LEVELS.get(o.severity as string)!,
    node: share(o.node as string),
    text: share(o.text as string),
    kind: KINDS.get(o.kind as string)!,
    id: o.id as string,
    network: share(o.network as string),
    nodeId: share(o.nodeId as string),
    start: o.start,
    ...(o.end !== undefined ? { end: o.end as number } : {}),
    ...(o.count !== undefined ? { count: o.count as number } : {}),
    ...(o.subject !== undefined ? { subject: share(o.subject as string) } : {}),
    ...(targetOf(o.open) ? { open: targetOf(o.open) } : {}),
    at: o.at,
    v: 1,
  };
  return { ok: true, line };
}

const PANES: ReadonlySet<string> = new Set(['overview', 'versions', 'metrics', 'peers', 'fleet']);

function targetOf(v: unknown): EventTarget | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.pane === 'string') return PANES.has(o.pane) ? ({ pane: o.pane } as EventTarget) : undefined;
  if (o.view === 'health' || o.view === 'history') return { view: o.view };
  if (o.view === 'validator' && typeof o.nodeId === 'string') return { view: 'validator', nodeId: o.nodeId, ...(typeof o.subnetId === 'string' ? { subnetId: o.subnetId } : {}) };
  return undefined;
}
