// The node's own health checks (/ext/health) judged once, for every surface: the header's segment, the health
// view, the overview line and `avatop status`. Pure: it reads a health reply as the rpc schema leaves it (or as
// the wire has it) and says what is failing, what has not run yet, and how much stake the node is connected to.

/** avalanchego's result for a check registered since its last run (api/health/result.go, `notYetRunResult`). */
export const NOT_YET_RUN = 'not yet run';

/**
 * Connected stake below this is shown next to the peer count. It is the healthy minimum the node itself uses with
 * the primary network's default snow parameters (alpha 15 of k 20: 0.75 × 0.8 + 0.2); when a check's error states
 * the node's own minimum, that one is used instead.
 */
export const LOW_STAKE_FRACTION = 0.8;

export type CheckState = 'failing' | 'pending' | 'passing';

export interface HealthCheckRow {
  readonly name: string;
  readonly state: CheckState;
  readonly message: unknown;
  readonly error: string | undefined;
  readonly timestamp: Date | undefined;
  readonly durationMs: number | undefined;
  readonly contiguousFailures: number | undefined;
  readonly timeOfFirstFailure: Date | undefined;
}

export type HealthKind = 'unknown' | 'healthy' | 'pending' | 'failing';
export type HealthTone = 'ok' | 'warn' | 'error' | 'muted';

export interface HealthSummary {
  readonly kind: HealthKind;
  /** What the node said overall (`healthy`); undefined before any reply. */
  readonly healthy: boolean | undefined;
  /** Failing first, then pending, then passing; within each, the most telling check first. */
  readonly checks: readonly HealthCheckRow[];
  readonly failing: readonly string[];
  readonly pending: readonly string[];
  readonly tone: HealthTone;
  /** The header's words: "healthy", "2 failing: network", "checks pending (4)". */
  readonly text: string;
  /** Lowest stake fraction (0..1) the chains' networking checks report connected; undefined if none says. */
  readonly percentConnected: number | undefined;
  /** The minimum connected stake the node asks for, from its own error text when it gives one (0..1). */
  readonly requiredConnected: number;
  /** Connected stake below the node's minimum: worth showing next to the peer count. */
  readonly stakeLow: boolean;
}

/**
 * Checks in the order that explains the most first: a node that is not bootstrapped or has no network fails the
 * chain checks as a consequence. Others follow by name.
 */
const ORDER = ['bootstrapped', 'network', 'P', 'X', 'C', 'database', 'diskspace', 'router', 'bls', 'futureupgrade'];

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

function toDate(v: unknown): Date | undefined {
  const d = v instanceof Date ? v : typeof v === 'string' ? new Date(v) : undefined;
  // Go's zero time (0001-01-01) is what a check that never ran carries: no time at all.
  if (!d || Number.isNaN(d.getTime()) || d.getUTCFullYear() <= 1) return undefined;
  return d;
}

function toCount(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) ? n : undefined;
}

function toFraction(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) && n >= 0 && n <= 1 ? n : undefined;
}

/** Durations: the rpc schema turns the wire's nanoseconds into ms; a caller holding the raw reply says `ns`. */
function toMs(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'bigint' ? Number(v) : undefined;
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function checkState(error: string | undefined): CheckState {
  if (error === undefined) return 'passing';
  return error.trim() === NOT_YET_RUN ? 'pending' : 'failing';
}

function rank(name: string): number {
  const i = ORDER.indexOf(name);
  return i < 0 ? ORDER.length : i;
}

const STATE_RANK: Record<CheckState, number> = { failing: 0, pending: 1, passing: 2 };

function compareChecks(a: HealthCheckRow, b: HealthCheckRow): number {
  return STATE_RANK[a.state] - STATE_RANK[b.state] || rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/** "required at least 80.000000%" in the networking check's error (snow/networking/handler/health.go). */
function requiredFromError(error: string | undefined): number | undefined {
  const m = error ? /required at least ([\d.]+)%/.exec(error) : null;
  const n = m ? Number(m[1]) / 100 : NaN;
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : undefined;
}

/** Reads one health reply (`{checks, healthy}`); anything else is "unknown", never a throw. */
export function summarizeHealth(reply: unknown, opts: { durationUnit?: 'ms' | 'ns' } = {}): HealthSummary {
  const r = asObj(reply);
  const healthy = typeof r.healthy === 'boolean' ? r.healthy : undefined;
  const rows: HealthCheckRow[] = Object.entries(asObj(r.checks)).map(([name, raw]) => {
    const c = asObj(raw);
    const error = typeof c.error === 'string' ? c.error : c.error === undefined || c.error === null ? undefined : String(c.error);
    const ms = toMs(c.duration);
    return {
      name,
      state: checkState(error),
      message: c.message,
      error,
      timestamp: toDate(c.timestamp),
      durationMs: ms === undefined ? undefined : opts.durationUnit === 'ns' ? ms / 1e6 : ms,
      contiguousFailures: toCount(c.contiguousFailures),
      timeOfFirstFailure: toDate(c.timeOfFirstFailure),
    };
  });
  rows.sort(compareChecks);
  const failing = rows.filter((c) => c.state === 'failing').map((c) => c.name);
  const pending = rows.filter((c) => c.state === 'pending').map((c) => c.name);

  // Each chain's check carries `message.networking.percentConnected` (snow/networking/handler/health.go).
  let percentConnected: number | undefined;
  let required: number | undefined;
  for (const c of rows) {
    const p = toFraction(asObj(asObj(c.message).networking).percentConnected);
    if (p !== undefined && (percentConnected === undefined || p < percentConnected)) percentConnected = p;
    required ??= requiredFromError(c.error);
  }
  const requiredConnected = required ?? LOW_STAKE_FRACTION;
  const stakeLow = percentConnected !== undefined && percentConnected < requiredConnected;

  let kind: HealthKind;
  if (healthy === undefined) kind = 'unknown';
  else if (failing.length > 0) kind = 'failing';
  else if (pending.length > 0) kind = 'pending';
  // The node's word wins: unhealthy with no check saying why is still unhealthy.
  else kind = healthy ? 'healthy' : 'failing';

  return {
    kind,
    healthy,
    checks: rows,
    failing,
    pending,
    tone: toneOf(kind, rows),
    text: textOf(kind, failing, pending),
    percentConnected,
    requiredConnected,
    stakeLow,
  };
}

/**
 * Colour by severity: a failing check is an error, except the disk-space check at its warning level (the node
 * fails it with "below warning threshold" before the hard minimum); checks that have not run yet are a warning.
 */
function toneOf(kind: HealthKind, rows: readonly HealthCheckRow[]): HealthTone {
  switch (kind) {
    case 'unknown':
      return 'muted';
    case 'healthy':
      return 'ok';
    case 'pending':
      return 'warn';
    case 'failing': {
      const failing = rows.filter((c) => c.state === 'failing');
      return failing.length > 0 && failing.every((c) => /warning threshold/i.test(c.error ?? '')) ? 'warn' : 'error';
    }
  }
}

function textOf(kind: HealthKind, failing: readonly string[], pending: readonly string[]): string {
  switch (kind) {
    case 'unknown':
      return '—';
    case 'healthy':
      return 'healthy';
    case 'pending':
      return `checks pending (${pending.length})`;
    case 'failing': {
      if (failing.length === 0) return 'unhealthy';
      const more = pending.length > 0 ? `, ${pending.length} pending` : '';
      return `${failing.length} failing: ${failing[0]}${more}`;
    }
  }
}

/** Whole percent, rounded down so a shortfall never reads as the minimum ("79%", not "80%"). */
export function formatConnected(fraction: number): string {
  return `${Math.floor(fraction * 100)}%`;
}

// The store keeps a reply's identity while the node answers the same: judge each reply once, whoever asks.
const judged = new WeakMap<object, HealthSummary>();

/** summarizeHealth, remembered per reply object (the header, overview and view all ask on every render). */
export function healthSummaryOf(reply: object | undefined): HealthSummary {
  if (!reply) return summarizeHealth(undefined);
  let s = judged.get(reply);
  if (!s) judged.set(reply, (s = summarizeHealth(reply)));
  return s;
}
