// What the event tracker compares from one look at a node to the next: the judgements avatop already makes (liveness,
// health, the reward guard, tiers), reduced to plain facts. Pure: a store state in, facts out, so the monitor and the
// exporter feed the tracker alike and tests build facts by hand.
//
// A fact that cannot be known now is left undefined and means "no change": while the node does not answer, the store
// keeps its last answers (stale), and nothing read from them may open or close anything but the outage itself.
import type { AvatopState } from '../../state/store';
import { PRIMARY_NETWORK_ID } from '../../state/constants';
import { selectLiveness } from '../../state/liveness';
import { selectOwnValidator } from '../../state/own-validator';
import { ownValidationsOf } from '../../state/view-keys';
import { healthSummaryOf } from '../health/health-summary';
import { judgeNode } from '../reward/node-guard';
import type { JudgedValidation } from '../reward/own-validations';
import { budgetWords } from '../reward/words';
import { formatDuration } from '../../format/time';
import type { Tier } from '../reward/tiers';
import { latest } from '../../metrics/series';
import { sanitize } from '../../format/sanitize';
import { shortVersion } from '../upgrades/versions';
import { upgradeVerdictOf } from '../upgrades/facts';
import type { Severity } from './record';

export type Chain = 'P' | 'X' | 'C';

export interface CheckFact {
  readonly failing: boolean;
  /** Not yet run since the node started: neither failing nor passing. */
  readonly pending?: boolean;
  readonly error?: string;
  /** When the node says the check first failed. */
  readonly since?: number;
}

export interface ValidationFact {
  /** `primary`, `subnet:<id>`, `l1:<validationID>`. */
  readonly key: string;
  readonly kind: 'primary' | 'subnet' | 'l1';
  /** "primary network", "subnet 2oYMBN…E4Bp", "L1 validation 9ZbC…2tP". */
  readonly label: string;
  readonly nodeId: string;
  readonly subnetId?: string;
  readonly txId?: string;
  readonly startMs?: number;
  readonly endMs?: number;
  readonly autoRenewed: boolean;
  /** Seconds of the next cycle; 0: it leaves at the end of this one. */
  readonly nextPeriodS?: number;
  /** The budget's tier, when the figure behind it can be trusted. */
  readonly budgetTier?: Tier;
  readonly budgetText?: string;
  readonly budgetRemainingMs?: number;
  readonly budgetLost?: boolean;
  readonly l1Tier?: Tier;
  readonly l1Text?: string;
}

export interface NodeFacts {
  readonly at: number;
  /** The probe: up (it answered, or nothing failed yet) or down, with the consecutive failures and since when. */
  readonly reach: { readonly up: boolean; readonly failures: number; readonly since?: number; readonly why?: string };
  readonly checks?: Readonly<Record<string, CheckFact>>;
  /** The chains still bootstrapping ([] when all are done); undefined while not known. */
  readonly bootstrapping?: readonly Chain[];
  readonly stake?: { readonly low: boolean; readonly percent?: number; readonly required: number };
  readonly processStartMs?: number;
  readonly version?: string;
  /** Undefined while this node's own record has not been read. */
  readonly validations?: readonly ValidationFact[];
  /** Discovery of subnet and L1 validations has answered: one missing from the list has left. */
  readonly validationsComplete?: boolean;
  readonly uptime?: { readonly percent: number; readonly threshold: number };
  /**
   * The network upgrade deadline as the upgrade rule judged it: its tier (any label: a change is an event), how
   * severe, and the sentence.
   */
  readonly upgrade?: { readonly tier: string; readonly severity: Severity; readonly text: string };
  /** The chain's word on rewards asked for (by staking tx ID): paid UTXOs, or none. */
  readonly rewards?: Readonly<Record<string, { readonly paid: boolean; readonly utxos: number }>>;
}

export interface FactOptions {
  /** --uptime-threshold. */
  readonly override?: number;
}

const shortId = (id: string | undefined): string => {
  const s = sanitize(id ?? '?');
  return s.length > 12 ? `${s.slice(0, 6)}…${s.slice(-4)}` : s;
};

function validationFact(v: JudgedValidation, nodeId: string, own: ReturnType<typeof selectOwnValidator>, trusted: boolean, now: number): ValidationFact {
  if (v.kind === 'l1') {
    const l1 = v.l1!;
    const r = l1.runwayMs;
    const text = l1.balance === undefined || l1.price === undefined ? undefined : r === undefined ? 'no fee charged' : r === 0 ? 'balance spent: inactive' : `balance lasts ${formatDuration(r)} at today's fee`;
    return { key: `l1:${l1.validationId}`, kind: 'l1', label: `L1 validation ${shortId(l1.validationId)}`, nodeId, subnetId: v.subnetId, autoRenewed: false, l1Tier: v.tier, l1Text: text };
  }
  const g = v.guard!;
  const primary = v.kind === 'primary';
  const b = g.budget;
  // Only a budget the vote gives is a verdict: a projected one (the view cannot be read) is the outage's business.
  const rewarded = g.threshold.percent !== undefined && g.basis.kind === 'vote';
  return {
    key: primary ? 'primary' : `subnet:${v.subnetId}`,
    kind: v.kind,
    label: primary ? 'primary network validation' : `subnet ${shortId(v.subnetId)} validation`,
    nodeId,
    subnetId: v.subnetId,
    txId: primary ? own?.txID : undefined,
    startMs: primary ? own?.startTime?.getTime() : g.startMs,
    endMs: g.endMs,
    autoRenewed: g.autoRenewed,
    nextPeriodS: primary && own?.nextPeriod !== undefined ? Number(own.nextPeriod) : undefined,
    ...(rewarded && trusted && b && g.budgetTier !== undefined
      ? { budgetTier: g.budgetTier, budgetText: budgetWords(g, now).text, budgetRemainingMs: b.remainingMs, budgetLost: b.state === 'lost' }
      : {}),
  };
}

/** The facts of one node as its store holds them now. */
export function nodeFacts(s: AvatopState, now: number, opts: FactOptions = {}): NodeFacts {
  const live = selectLiveness(s);
  const probe = s.pchain.height;
  const reach =
    live.state === 'down'
      ? { up: false, failures: probe.failures, since: live.since, why: sanitize(live.why, { maxLength: 200 }) }
      : { up: true, failures: 0 };
  if (!reach.up || live.state === 'connecting') return { at: now, reach };

  const fresh = <T>(r: { data: T | undefined; stale: boolean; updatedAt: number | undefined }): T | undefined => (r.stale || r.updatedAt === undefined ? undefined : r.data);

  const healthReply = fresh(s.node.health);
  const summary = healthReply ? healthSummaryOf(healthReply) : undefined;
  let checks: Record<string, CheckFact> | undefined;
  let stake: NodeFacts['stake'];
  if (summary && summary.kind !== 'unknown') {
    checks = {};
    for (const c of summary.checks) {
      checks[c.name] = c.state === 'pending' ? { failing: false, pending: true } : c.state === 'failing' ? { failing: true, error: sanitize(c.error ?? '', { maxLength: 300 }), since: c.timeOfFirstFailure?.getTime() } : { failing: false };
    }
    if (summary.percentConnected !== undefined) stake = { low: summary.stakeLow, percent: summary.percentConnected, required: summary.requiredConnected };
  }

  const boot = s.node.bootstrapped;
  const chains: Chain[] = ['P', 'X', 'C'];
  const known = chains.every((c) => boot[c].data !== undefined);
  const bootstrapping = known ? chains.filter((c) => boot[c].data === false) : undefined;

  const startSeconds = latest(s.metrics.series.data, 'processStartSeconds');
  const processStartMs = startSeconds !== undefined && startSeconds > 0 && s.metrics.series.status === 'ok' ? Math.round(startSeconds * 1000) : undefined;
  const version = s.node.version.data ? shortVersion(s.node.version.data.version) : undefined;

  const nodeId = s.node.id.data?.nodeID;
  const own = selectOwnValidator(s);
  const detail = nodeId ? s.validators.detail[`${PRIMARY_NETWORK_ID}/${nodeId}`] : undefined;
  const ownKnown = own !== undefined || (detail?.status === 'ok' && detail.updatedAt !== undefined);
  // The peers' view counts stake this node is not connected to as 0: while connected stake is low, the figure says
  // more about the connection than about uptime, and a tier read off it would be noise (a restart's first seconds).
  const trusted = stake !== undefined && !stake.low;
  let validations: ValidationFact[] | undefined;
  let uptime: NodeFacts['uptime'];
  let validationsComplete = false;
  if (nodeId && ownKnown) {
    const found = ownValidationsOf(s);
    // To the second, as the screens judge: a look is taken at every block, and judged at its millisecond each was
    // judged afresh (judgeNode keeps one list per second and options).
    const judged = judgeNode(s, { now: Math.floor(now / 1000) * 1000, override: opts.override });
    validations = judged.map((v) => validationFact(v, nodeId, own, trusted, now));
    validationsComplete = found !== undefined;
    const g = judged[0]?.kind === 'primary' ? judged[0].guard : undefined;
    if (g && trusted && g.basis.kind === 'vote' && g.uptimePercent !== undefined && g.threshold.percent !== undefined) uptime = { percent: g.uptimePercent, threshold: g.threshold.percent };
  }

  // The upgrade deadline as domain/upgrades judges it for every surface: its tier and sentence.
  const verdict = version !== undefined ? upgradeVerdictOf(s, now) : undefined;
  const upgrade: NodeFacts['upgrade'] = verdict && {
    tier: verdict.tier,
    severity: verdict.severity === 'critical' ? 'critical' : verdict.severity === 'warning' ? 'warning' : 'info',
    text: sanitize(verdict.sentence ?? (verdict.tier === 'none' ? 'no network upgrade is due for this node any more' : `network upgrade: ${verdict.tier}`), { maxLength: 300 }),
  };

  return { at: now, reach, checks, bootstrapping, stake, processStartMs, version, validations, validationsComplete, uptime, upgrade };
}
