// Events from successive looks at a node: a pure reducer from the tracker's state and the node's facts now (facts.ts)
// to its next state and the log lines the change is worth. The monitor and the exporter run the same reducer; the
// state is plain JSON, saved with the log, so a restart of avatop continues open incidents instead of opening them
// again (and sees the version or process start that changed while it was away).
//
// Two kinds of event:
// - incidents, a condition with a start and an end (unreachable, a failing health check, bootstrapping, stake or
//   uptime under its threshold). One that comes back within FLAP_WINDOW_MS of its end is the same incident again,
//   with a count: a flapping node makes one line that is rewritten, not a screen of lines.
// - transitions, a change seen once (a restart, another version, a validation's start, renewal and end, a tier).
//
// Debounce: an outage starts at the second failed poll in a row (one lost request is not an outage), and is dated
// from the first.
import { formatDuration } from '../../format/time';
import { isoUtc } from '../../format/utc';
import type { Tier } from '../reward/tiers';
import { formatConnected } from '../health/health-summary';
import type { NodeFacts, ValidationFact } from './facts';
import { incidentId, type EventKind, type EventLine, type EventTarget, type NodeRef, type Severity } from './record';

/** A condition back within this long after it ended is the same incident again. */
export const FLAP_WINDOW_MS = 10 * 60_000;
/** Failed polls in a row before the node counts as unreachable. */
export const OUTAGE_FAILURES = 2;
/** A look this long after the previous one (avatop was not running): what ended meanwhile ended "by" now. */
export const GAP_MS = 5 * 60_000;
/** A validation that leaves the set within this of its end time ended; earlier, it exited. */
const END_TOLERANCE_MS = 10 * 60_000;
/** The chain is asked about a reward for at most this long after its validation ended. */
export const REWARD_WAIT_MS = 24 * 3_600_000;
/**
 * After a restart, an outage or a spell of low connected stake, the peers' view of this node's uptime is no verdict
 * for this long: peers reconnect one by one and count 0 until their first ping (22.5 s), so the stake-weighted
 * figure reads like a lost reward for a while. Uptime and budget tiers wait until the node has been quiet this long.
 */
export const SETTLE_MS = 2 * 60_000;
/** A chain's health check failing for want of stake (snow/networking/handler/health.go). */
const STAKE_ERROR = /not connected to enough stake/i;

export interface Incident {
  readonly id: string;
  readonly kind: EventKind;
  readonly subject?: string;
  readonly start: number;
  readonly count: number;
  readonly severity: Severity;
  /** When the present part began (the start, for the first). */
  readonly partStart: number;
  /** Time spent in the condition in earlier parts. */
  readonly pastMs: number;
  /** Set once it is over (kept FLAP_WINDOW_MS, to be reopened). */
  readonly end?: number;
  /** The words for the cause: the error, the connected share. */
  readonly detail?: string;
}

/** What is remembered of a validation from one look to the next: its identity and period, and how its budget stood. */
export type ValidationMemo = Pick<ValidationFact, 'kind' | 'label' | 'nodeId' | 'subnetId' | 'txId' | 'startMs' | 'endMs' | 'autoRenewed' | 'nextPeriodS' | 'budgetLost'>;

export interface PendingReward {
  readonly key: string;
  readonly label: string;
  readonly nodeId: string;
  readonly subnetId?: string;
  readonly endedAt: number;
}

export interface TrackerState {
  readonly v: 1;
  /** The last look. */
  readonly at?: number;
  /** Open incidents, and closed ones still within the flap window, by `kind:subject`. */
  readonly incidents: Readonly<Record<string, Incident>>;
  readonly version?: string;
  readonly processStartMs?: number;
  /** This node's validations at the last look (undefined: never seen). */
  readonly validations?: Readonly<Record<string, ValidationMemo>>;
  /** The subnet and L1 validations among them are a complete list (discovery had answered). */
  readonly othersKnown?: boolean;
  /** Last tier by `budget:<key>`, `l1:<key>`. */
  readonly tiers: Readonly<Record<string, Tier>>;
  /** The upgrade deadline's last tier. */
  readonly upgrade?: string;
  /** Rewards to ask the chain about, by staking tx ID. */
  readonly pendingRewards: Readonly<Record<string, PendingReward>>;
}

export const INITIAL_TRACKER: TrackerState = { v: 1, incidents: {}, tiers: {}, pendingRewards: {} };

export interface Observed {
  readonly state: TrackerState;
  readonly lines: readonly EventLine[];
}

/** Reads a saved state back; anything unexpected starts afresh rather than failing. */
export function trackerFrom(saved: unknown): TrackerState {
  const s = saved as Partial<TrackerState> | undefined;
  if (!s || s.v !== 1 || typeof s.incidents !== 'object' || s.incidents === null) return INITIAL_TRACKER;
  return { ...INITIAL_TRACKER, ...s, tiers: s.tiers ?? {}, pendingRewards: s.pendingRewards ?? {} } as TrackerState;
}

const pct = (p: number): string => `${Math.round(p * 10) / 10}%`;
const utc = (ms: number): string => isoUtc(ms).replace('T', ' ').slice(0, 19) + ' UTC';
const dateOf = (ms: number | undefined): string => (ms === undefined ? '?' : isoUtc(ms).slice(0, 16).replace('T', ' ') + ' UTC');
const list = (xs: readonly string[]): string => (xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

interface ConditionSpec {
  readonly kind: EventKind;
  readonly subject?: string;
  readonly severity: Severity;
  readonly open?: EventTarget;
  /** The words while it lasts. */
  opened(i: Incident): string;
  /** The words once it is over. */
  closed(i: Incident, late: boolean): string;
}

const TIER_SEVERITY: Record<Tier, Severity> = { ok: 'info', notice: 'info', warn: 'warning', critical: 'critical', over: 'critical' };

/** One look at a node: the next tracker state and the lines the changes are worth. */
export function observe(prev: TrackerState, f: NodeFacts, node: NodeRef): Observed {
  const at = f.at;
  const late = prev.at !== undefined && at - prev.at > GAP_MS;
  const lines: EventLine[] = [];
  const incidents: Record<string, Incident> = {};
  // Closed incidents leave once their flap window has passed.
  for (const [k, i] of Object.entries(prev.incidents)) if (i.end === undefined || at - i.end <= FLAP_WINDOW_MS) incidents[k] = i;

  const emit = (kind: EventKind, id: string, start: number, severity: Severity, text: string, extra: Partial<EventLine> = {}) =>
    lines.push({
      time: isoUtc(start),
      severity,
      node: node.name,
      text,
      kind,
      id,
      network: node.network,
      nodeId: node.nodeId,
      start,
      ...extra,
      at,
      v: 1,
    });

  const incidentLine = (i: Incident, spec: ConditionSpec, text: string) =>
    emit(i.kind, i.id, i.start, i.severity, text, { ...(i.end !== undefined ? { end: i.end } : {}), ...(i.count > 1 ? { count: i.count } : {}), ...(spec.subject !== undefined ? { subject: spec.subject } : {}), ...(spec.open ? { open: spec.open } : {}) });

  /** A condition now present (true), absent (false) or not known (undefined); `start` dates a new part. */
  const condition = (spec: ConditionSpec, present: boolean | undefined, start: number, detail?: string) => {
    if (present === undefined) return;
    const key = `${spec.kind}:${spec.subject ?? ''}`;
    const cur = incidents[key];
    if (present) {
      if (cur && cur.end === undefined) {
        if (detail !== undefined && detail !== cur.detail) incidents[key] = { ...cur, detail };
        return;
      }
      const next: Incident =
        cur && start - cur.end! <= FLAP_WINDOW_MS
          ? { ...cur, count: cur.count + 1, partStart: Math.max(start, cur.end!), end: undefined, detail: detail ?? cur.detail }
          : { id: incidentId(spec.kind, spec.subject, start), kind: spec.kind, subject: spec.subject, start, count: 1, severity: spec.severity, partStart: start, pastMs: 0, detail };
      incidents[key] = next;
      incidentLine(next, spec, spec.opened(next));
      return;
    }
    if (!cur || cur.end !== undefined) return;
    const closed: Incident = { ...cur, end: at, pastMs: cur.pastMs + Math.max(0, at - cur.partStart) };
    incidents[key] = closed;
    incidentLine(closed, spec, spec.closed(closed, late));
  };

  // Reachability: the one fact known while the node is down.
  const why = f.reach.why ?? 'no answer';
  condition(
    {
      kind: 'unreachable',
      severity: 'critical',
      open: { view: 'history' },
      opened: (i) => (i.count > 1 ? `unreachable again (${i.count} times since ${utc(i.start)}): ${i.detail ?? why}` : `unreachable: ${i.detail ?? why}`),
      closed: (i, gap) => {
        const cause = i.detail ? ` (${i.detail})` : '';
        const seen = gap ? '; seen answering when avatop started again (it may have come back earlier)' : '; answering again';
        return i.count > 1
          ? `unreachable ${i.count} times over ${formatDuration(i.end! - i.start)}, ${formatDuration(i.pastMs)} in all${cause}${seen}`
          : `unreachable for ${formatDuration(i.end! - i.start)}${cause}${seen}`;
      },
    },
    f.reach.up ? false : f.reach.failures >= OUTAGE_FAILURES ? true : undefined,
    f.reach.since ?? at,
    f.reach.up ? undefined : why,
  );

  // Health checks, by name. A check the reply no longer lists is over.
  if (f.checks) {
    const names = new Set([...Object.keys(f.checks), ...Object.values(incidents).filter((i) => i.kind === 'check' && i.end === undefined).map((i) => i.subject!)]);
    for (const name of names) {
      const c = f.checks[name];
      condition(
        {
          kind: 'check',
          subject: name,
          severity: 'warning',
          open: { view: 'health' },
          opened: (i) => `health check ${name} failing${i.count > 1 ? ` again (${i.count} times)` : ''}: ${i.detail ?? ''}`.replace(/: $/, ''),
          closed: (i) =>
            i.count > 1
              ? `health check ${name} failed ${i.count} times over ${formatDuration(i.end! - i.start)}, ${formatDuration(i.pastMs)} in all; passing again`
              : `health check ${name} failed for ${formatDuration(i.end! - i.start)}; passing again`,
        },
        // A chain check failing only for want of connected stake is the stake-low incident's: one line, not four.
        c ? (c.pending || (c.failing && f.stake?.low === true && STAKE_ERROR.test(c.error ?? '')) ? undefined : c.failing) : false,
        // The node dates a failure itself (timeOfFirstFailure); a return within the window is dated when seen.
        c?.failing && c.since !== undefined && c.since <= at ? c.since : at,
        c?.failing ? c.error : undefined,
      );
    }
  }

  if (f.bootstrapping) {
    const chains = f.bootstrapping;
    condition(
      {
        kind: 'bootstrapping',
        severity: 'warning',
        open: { pane: 'overview' },
        opened: (i) => `bootstrapping ${i.detail ?? list(chains)}`,
        closed: (i) => `bootstrapped: every chain is done, after ${formatDuration(i.end! - i.start)}`,
      },
      chains.length > 0,
      at,
      chains.length > 0 ? list(chains) : undefined,
    );
  }

  if (f.stake && f.stake.percent !== undefined) {
    const { percent, required } = f.stake;
    condition(
      {
        kind: 'stake-low',
        severity: 'warning',
        open: { pane: 'peers' },
        opened: () => `connected to ${formatConnected(percent)} of stake, under the node's ${formatConnected(required)} minimum`,
        closed: (i) => `connected stake back over the ${formatConnected(required)} minimum (${formatConnected(percent)}) after ${formatDuration(i.end! - i.start)}`,
      },
      f.stake.low,
      at,
    );
  }

  // Quiet since: the last restart, and the end of the last outage or spell of low stake (still going: not quiet).
  const disturbedAt = Math.max(
    f.processStartMs ?? prev.processStartMs ?? -Infinity,
    ...Object.values(incidents)
      .filter((i) => i.kind === 'unreachable' || i.kind === 'stake-low')
      .map((i) => i.end ?? Infinity),
  );
  const settled = at - disturbedAt >= SETTLE_MS;

  if (f.uptime && settled) {
    const { percent, threshold } = f.uptime;
    condition(
      {
        kind: 'uptime-below',
        severity: 'warning',
        open: { view: 'history' },
        opened: () => `peers see ${pct(percent)} uptime, under the ${pct(threshold)} reward threshold`,
        closed: (i) => `uptime back over the ${pct(threshold)} reward threshold (${pct(percent)}) after ${formatDuration(i.end! - i.start)}`,
      },
      percent < threshold,
      at,
    );
  }

  // A restart: the process start time moved (a restart between two looks leaves no outage behind, this does).
  let processStartMs = prev.processStartMs;
  if (f.processStartMs !== undefined) {
    if (prev.processStartMs !== undefined && Math.abs(f.processStartMs - prev.processStartMs) > 1000) {
      const s = f.processStartMs;
      const ran = s > prev.processStartMs ? `; the previous one had run ${formatDuration(s - prev.processStartMs)}` : '';
      emit('restart', incidentId('restart', undefined, s), s, 'warning', `node process restarted${ran}`, { open: { pane: 'metrics' } });
    }
    processStartMs = f.processStartMs;
  }

  let version = prev.version;
  if (f.version !== undefined) {
    if (prev.version !== undefined && f.version !== prev.version) {
      emit('version', incidentId('version', f.version, at), at, 'info', `avalanchego ${prev.version} → ${f.version}`, { subject: f.version, open: { pane: 'versions' } });
    }
    version = f.version;
  }

  const tiers: Record<string, Tier> = { ...prev.tiers };
  const tierChange = (key: string, tier: Tier | undefined, kind: EventKind, text: (t: Tier) => string, open: EventTarget | undefined, subject?: string) => {
    if (tier === undefined) return;
    const before = tiers[key];
    tiers[key] = tier;
    if (before === tier || (before === undefined && (tier === 'ok' || tier === 'notice'))) return;
    emit(kind, incidentId(kind, `${subject ?? key}:${tier}`, at), at, TIER_SEVERITY[tier], text(tier), { subject: subject ?? key, ...(open ? { open } : {}) });
  };

  // This node's validations: what appeared, renewed and left since the last look.
  let validations = prev.validations;
  let othersKnown = prev.othersKnown;
  const pendingRewards: Record<string, PendingReward> = {};
  for (const [tx, p] of Object.entries(prev.pendingRewards)) if (at - p.endedAt <= REWARD_WAIT_MS) pendingRewards[tx] = p;
  if (f.validations) {
    const seen: Record<string, ValidationMemo> = {};
    const before = prev.validations;
    for (const v of f.validations) {
      const memo: ValidationMemo = {
        kind: v.kind,
        label: v.label,
        nodeId: v.nodeId,
        subnetId: v.subnetId,
        txId: v.txId,
        startMs: v.startMs,
        endMs: v.endMs,
        autoRenewed: v.autoRenewed,
        nextPeriodS: v.nextPeriodS,
        budgetLost: v.budgetLost ?? before?.[v.key]?.budgetLost,
      };
      seen[v.key] = memo;
      const target: EventTarget | undefined = v.kind === 'l1' ? { pane: 'overview' } : { view: 'validator', nodeId: v.nodeId, ...(v.subnetId ? { subnetId: v.subnetId } : {}) };
      const old = before?.[v.key];
      const ends = v.endMs !== undefined ? `; ${v.autoRenewed ? 'this cycle ends' : 'ends'} ${dateOf(v.endMs)}` : '';
      // A subnet or L1 validation is new only against a list discovery had completed; the first complete list is
      // what already ran.
      const comparable = v.kind === 'primary' || prev.othersKnown === true;
      if (before && comparable && (!old || (old.txId !== undefined && v.txId !== undefined && old.txId !== v.txId))) {
        if (old) leave(old, v.key, old.endMs !== undefined && at >= old.endMs - END_TOLERANCE_MS);
        const start = v.startMs !== undefined && v.startMs <= at ? v.startMs : at;
        emit('validation', incidentId('validation', `${v.key}:started`, start), start, 'info', `${v.label} started${ends}`, { subject: v.key, ...(target ? { open: target } : {}) });
      } else if (old && v.autoRenewed && v.startMs !== undefined && old.startMs !== undefined && v.startMs > old.startMs) {
        // ACP-236: the same staking tx, a new cycle. How the last one stood when it ended, if it was known.
        const verdict = old.budgetLost === true ? '; the last cycle ended over its downtime budget: its reward is lost' : old.budgetLost === false ? '; the last cycle ended within its downtime budget' : '';
        emit('validation', incidentId('validation', `${v.key}:renewed`, v.startMs), v.startMs, old.budgetLost ? 'warning' : 'info', `${v.label}: cycle renewed${ends}${verdict}`, { subject: v.key, ...(target ? { open: target } : {}) });
        seen[v.key] = { ...memo, budgetLost: v.budgetLost };
      }
      tierChange(
        `budget:${v.key}`,
        settled ? v.budgetTier : undefined,
        'budget',
        (t) => `${v.label}: downtime budget ${t === 'ok' ? 'back to OK' : t === 'warn' ? 'low' : t === 'critical' ? 'critical' : t === 'over' ? 'spent' : t}${v.budgetText ? `: ${v.budgetText}` : ''}`,
        target,
        v.key,
      );
      tierChange(
        `l1:${v.key}`,
        v.l1Tier,
        'l1-balance',
        (t) => `${v.label}: ${t === 'ok' ? 'balance topped up' : t === 'notice' ? 'balance under 30 days' : t === 'warn' ? 'balance under a week: top it up' : 'balance spent: the validation is inactive'}${v.l1Text ? ` (${v.l1Text})` : ''}`,
        target,
        v.key,
      );
    }
    // Gone since the last look: ended at its end time, or exited before it.
    if (before) {
      for (const [key, old] of Object.entries(before)) {
        if (seen[key]) continue;
        // Discovery of subnet and L1 validations may not have run yet: only what the facts cover can have left.
        if (old.kind !== 'primary' && f.validationsComplete !== true) {
          seen[key] = old;
          continue;
        }
        leave(old, key, old.endMs !== undefined && at >= old.endMs - END_TOLERANCE_MS);
      }
    }
    validations = seen;
    othersKnown = prev.othersKnown === true || f.validationsComplete === true;
  }

  function leave(old: ValidationMemo, key: string, atEnd: boolean) {
    const target: EventTarget | undefined = old.kind === 'l1' ? { pane: 'overview' } : { view: 'validator', nodeId: old.nodeId, ...(old.subnetId ? { subnetId: old.subnetId } : {}) };
    const when = atEnd && old.endMs !== undefined ? Math.min(old.endMs, at) : at;
    const text = atEnd
      ? old.autoRenewed && old.nextPeriodS === 0
        ? `${old.label} exited at the end of its cycle (auto-renew was off)`
        : old.autoRenewed
          ? `${old.label} left the validator set at the end of its cycle`
          : `${old.label} ended`
      : old.kind === 'l1'
        ? `${old.label} is no longer listed (removed or disabled)`
        : `${old.label} left the validator set before its end (${dateOf(old.endMs)})`;
    emit('validation', incidentId('validation', `${key}:${atEnd ? 'ended' : 'exited'}`, when), when, atEnd && !(old.autoRenewed && old.nextPeriodS !== 0) ? 'info' : 'warning', text, { subject: key, ...(target ? { open: target } : {}) });
    // The primary network pays a reward per staking tx once it ends: the chain says whether it did.
    if (atEnd && old.kind === 'primary' && old.txId !== undefined && !old.autoRenewed) {
      pendingRewards[old.txId] = { key, label: old.label, nodeId: old.nodeId, subnetId: old.subnetId, endedAt: at };
    }
  }

  for (const [tx, answer] of Object.entries(f.rewards ?? {})) {
    const p = pendingRewards[tx];
    if (!p) continue;
    delete pendingRewards[tx];
    const target: EventTarget = { view: 'validator', nodeId: p.nodeId, ...(p.subnetId ? { subnetId: p.subnetId } : {}) };
    if (answer.paid) emit('reward', incidentId('reward', tx, at), at, 'info', `${p.label}: reward paid (${answer.utxos} reward UTXO${answer.utxos === 1 ? '' : 's'} under tx ${tx})`, { subject: tx, open: target });
    else emit('reward', incidentId('reward', tx, at), at, 'critical', `${p.label}: no reward paid for tx ${tx}: the validators did not vote to reward it`, { subject: tx, open: target });
  }

  // The upgrade deadline: any change of its tier is an event, at the rule's severity; a first look at a quiet one says nothing.
  let upgrade = prev.upgrade;
  if (f.upgrade) {
    const u = f.upgrade;
    if (u.tier !== prev.upgrade && !(prev.upgrade === undefined && u.severity === 'info')) {
      emit('upgrade', incidentId('upgrade', u.tier, at), at, u.severity, u.text, { subject: u.tier, open: { pane: 'versions' } });
    }
    upgrade = u.tier;
  }

  return {
    state: { v: 1, at, incidents, version, processStartMs, validations, othersKnown, tiers, upgrade, pendingRewards },
    lines,
  };
}

/** The staking txs whose reward the chain should be asked about now. */
export function rewardsToAsk(s: TrackerState): string[] {
  return Object.keys(s.pendingRewards);
}
