// This node's own validation in the simulator, set to show one reward-guard case (`avatop sim --scenario NAME`):
// its staking period, the uptime its peers see and its own record, and an L1 validation's balance. The two budget
// cases are worked back from the budget they should show, with the threshold the simulated node's own rule gives.
// The auto-renew cases (ACP-236) stake this node with AddAutoRenewedValidatorTx, start and end being its current
// cycle's; the network checks them against its rules (sim/network/periods.ts ownPeriod). Their shapes are in
// README.md and `avatop sim --help`, and tests rely on them: change all three together.

export const SCENARIOS = ['healthy', 'near-threshold', 'reward-lost', 'ending-soon', 'low-l1-balance', 'auto-renew', 'auto-renew-failing', 'auto-renew-off', 'short-cycle'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

const HOUR = 3_600;
const DAY = 24 * HOUR;

export interface OwnValidationPlan {
  /** Unix seconds. */
  readonly startSec: number;
  readonly endSec: number;
  /**
   * This node's true uptime since its validation started, percent, as its peers measure it (each reports it truncated
   * to a whole percent in info.peers observedUptime): one outage in the middle of the time validated so far leaves it.
   */
  readonly peersUptime: number;
  /** This node's outages (Unix seconds) instead of that one: its up/down history, which every peer's view comes from. */
  readonly outages?: readonly { readonly fromSec: number; readonly toSec: number }[];
  /** Views chosen outright: [observed uptime %, share of the other validators' stake], e.g. [[99, 60], [85, 40]]. */
  readonly views?: readonly (readonly [number, number])[];
  /** This node's own record of itself (getCurrentValidators `uptime`), percent. */
  readonly ownUptime: number;
  /** An L1 validation of this node whose balance lasts this long at the current fee; none when undefined. */
  readonly l1RunwaySec?: number;
  /** Staked with AddAutoRenewedValidatorTx (ACP-236): start and end are the current cycle's. */
  readonly autoRenew?: OwnAutoRenewPlan;
}

export interface OwnAutoRenewPlan {
  /** The next cycle's length in seconds (the config's nextPeriod); 0: auto-renew switched off, it exits at the end. */
  readonly nextPeriodSec: number;
  /** Millionths of each cycle's rewards restaked. */
  readonly autoCompoundRewardShares: number;
  /** Committed cycles of the current cycle's length before it (fewer where Helicon is too recent for them). */
  readonly earlierCycles: number;
}

/** The network's rules a plan is drawn within. */
export interface PlanRules {
  /** Helicon's activation, Unix seconds (Infinity when not scheduled). */
  readonly heliconSec: number;
  /** HeliconMinStakeDuration of the network, seconds: the shortest cycle. */
  readonly minCycleSec: number;
}

/**
 * The auto-renew cases: 14-day cycles, half of each cycle's rewards restaked, three committed cycles before the
 * current one, which ends 12 hours from the start of the simulation.
 */
export const AUTO_RENEW_SHAPE = { cycleSec: 14 * DAY, leftSec: 12 * HOUR, autoCompoundRewardShares: 500_000, earlierCycles: 3 } as const;
/** The peers' view in auto-renew-failing: under ACP-267's 90% for the cycle, and too far under to recover. */
export const FAILING_CYCLE_UPTIME = 85;
/** short-cycle: cycles of HeliconMinStakeDuration, an eighth of the current one gone, a quarter of rewards restaked. */
export const SHORT_CYCLE_SHAPE = { elapsedShare: 1 / 8, autoCompoundRewardShares: 250_000, earlierCycles: 3 } as const;

/** The downtime budget the two budget cases are built to show, in seconds (negative: lost by that much). */
export const SCENARIO_BUDGET_SEC = { 'near-threshold': 20 * HOUR, 'reward-lost': -2 * DAY } as const;
/** The peers' view in the other cases: a well-run node. */
export const HEALTHY_UPTIME = 99.5;

/**
 * The plan for a case, with `thresholdFor(startSec)` the uptime percent the simulated node requires of a validation
 * starting then (its Helicon rule). Uptime = 1 − (allowed − budget) / elapsed, so the budget comes out as named.
 */
export function planOwnValidation(name: ScenarioName, nowSec: number, thresholdFor: (startSec: number) => number, rules?: PlanRules): OwnValidationPlan {
  if (name === 'auto-renew' || name === 'auto-renew-failing' || name === 'auto-renew-off') {
    const { cycleSec, leftSec, autoCompoundRewardShares, earlierCycles } = AUTO_RENEW_SHAPE;
    const failing = name === 'auto-renew-failing';
    return {
      startSec: nowSec + leftSec - cycleSec,
      endSec: nowSec + leftSec,
      peersUptime: failing ? FAILING_CYCLE_UPTIME : HEALTHY_UPTIME,
      // As in reward-lost: the node's own record is rosier than its peers' view when they see it offline.
      ownUptime: failing ? 99.9 : round4(HEALTHY_UPTIME + 0.3),
      autoRenew: { nextPeriodSec: name === 'auto-renew-off' ? 0 : cycleSec, autoCompoundRewardShares, earlierCycles },
    };
  }
  if (name === 'short-cycle') {
    if (!rules) throw new Error('short-cycle needs the network\'s HeliconMinStakeDuration');
    const cycleSec = rules.minCycleSec;
    const startSec = nowSec - Math.round(cycleSec * SHORT_CYCLE_SHAPE.elapsedShare);
    const { autoCompoundRewardShares, earlierCycles } = SHORT_CYCLE_SHAPE;
    return { startSec, endSec: startSec + cycleSec, peersUptime: 100, ownUptime: 100, autoRenew: { nextPeriodSec: cycleSec, autoCompoundRewardShares, earlierCycles } };
  }
  // Elapsed and remaining parts of the period: a month-long period well under way, or one ending within hours.
  const [elapsed, remaining] = name === 'ending-soon' ? [29 * DAY + 12 * HOUR, 12 * HOUR] : name === 'healthy' || name === 'low-l1-balance' ? [60 * DAY, 120 * DAY] : [26 * DAY, 4 * DAY];
  const startSec = nowSec - elapsed;
  const endSec = nowSec + remaining;
  const threshold = thresholdFor(startSec) / 100;
  const allowed = (1 - threshold) * (endSec - startSec);
  const peersUptime =
    name === 'near-threshold' || name === 'reward-lost'
      ? round4(100 * (1 - Math.min(elapsed, Math.max(0, allowed - SCENARIO_BUDGET_SEC[name])) / elapsed))
      : HEALTHY_UPTIME;
  // The node's view of itself is rosier than its peers' when they see it offline: the case an operator misses.
  const ownUptime = name === 'reward-lost' || name === 'near-threshold' ? 99.9 : round4(Math.min(100, peersUptime + 0.3));
  return name === 'low-l1-balance' ? { startSec, endSec, peersUptime, ownUptime, l1RunwaySec: 5 * DAY } : { startSec, endSec, peersUptime, ownUptime };
}

const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

export function parseScenario(text: string): ScenarioName | undefined {
  return (SCENARIOS as readonly string[]).includes(text) ? (text as ScenarioName) : undefined;
}

/**
 * `--validation start=…,end=…,peers=…|down=…[,views=…][,uptime=…][,l1-runway=…][,renew=…[,compound=…][,cycles=…]]`:
 * this node's validation chosen outright. Times are RFC 3339, Unix seconds, or relative to now (`-30d`, `+12h`). Its
 * up/down history: `peers` its true uptime so far in percent (one outage in the middle of the time validated), or
 * `down` its outages as DURATION@TIME separated by `/` (`down=6h@-10d/30m@-2d`); every peer's observedUptime derives
 * from it. `views` names the peers' views outright, UPTIME:SHARE of the validators' stake separated by `/`
 * (`views=99:60/85:40`). `uptime` is the node's own record (getCurrentValidators uptime); `l1-runway` how long its L1
 * validation's balance lasts (`5d`). `renew` makes it auto-renewed (ACP-236) with start and end its current cycle:
 * the next cycle's length (`48h`), or `0`/`off` for auto-renew switched off; `compound` the percent of each cycle's
 * rewards restaked (default 0); `cycles` how many committed cycles came before the current one (default 0).
 */
export function parseOwnValidation(text: string, nowSec: number): OwnValidationPlan {
  const fields = new Map<string, string>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`expected key=value, got ${JSON.stringify(part)}`);
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const keys = ['start', 'end', 'peers', 'down', 'views', 'uptime', 'l1-runway', 'renew', 'compound', 'cycles'];
  for (const k of fields.keys()) if (!keys.includes(k)) throw new Error(`unknown key ${JSON.stringify(k)} (${keys.join(', ')})`);
  const need = (k: string): string => {
    const v = fields.get(k);
    if (v === undefined || v === '') throw new Error(`${k}= is required`);
    return v;
  };
  const startSec = timeOf(need('start'), nowSec, 'start');
  const endSec = timeOf(need('end'), nowSec, 'end');
  if (endSec <= startSec) throw new Error('end must be after start');
  const downText = fields.get('down');
  if (downText !== undefined && fields.has('peers')) throw new Error('give peers= or down=, not both (down= sets the history peers= would)');
  const outages = downText === undefined ? undefined : outagesOf(downText, nowSec);
  const elapsed = Math.max(0, Math.min(nowSec, endSec) - startSec);
  const downSec = (outages ?? []).reduce((s, o) => s + Math.max(0, Math.min(o.toSec, nowSec) - Math.max(o.fromSec, startSec)), 0);
  const peersUptime = outages ? (elapsed === 0 ? 100 : round4((100 * (elapsed - downSec)) / elapsed)) : percentOf(need('peers'), 'peers');
  const ownUptime = fields.has('uptime') ? percentOf(need('uptime'), 'uptime') : peersUptime;
  const viewsText = fields.get('views');
  const runway = fields.get('l1-runway');
  const plan: OwnValidationPlan = {
    startSec,
    endSec,
    peersUptime,
    ownUptime,
    ...(outages ? { outages } : {}),
    ...(viewsText !== undefined ? { views: viewsOf(viewsText) } : {}),
    ...(runway !== undefined ? { l1RunwaySec: spanOf(runway, 'l1-runway') } : {}),
  };
  const renew = fields.get('renew');
  if (renew === undefined) {
    for (const k of ['compound', 'cycles']) if (fields.has(k)) throw new Error(`${k}= is for an auto-renewed validation: give renew= too`);
    return plan;
  }
  const nextPeriodSec = renew === '0' || renew === 'off' ? 0 : spanOf(renew, 'renew');
  const compound = fields.has('compound') ? percentOf(need('compound'), 'compound') : 0;
  const cyclesText = fields.get('cycles') ?? '0';
  if (!/^\d{1,3}$/.test(cyclesText)) throw new Error(`cycles: expected a whole number of cycles, got ${JSON.stringify(cyclesText)}`);
  return { ...plan, autoRenew: { nextPeriodSec, autoCompoundRewardShares: Math.round(compound * 10_000), earlierCycles: Number(cyclesText) } };
}

/** `6h@-10d/30m@2026-11-20T10:00:00Z`: outages as a duration at a start time. */
function outagesOf(text: string, nowSec: number): { fromSec: number; toSec: number }[] {
  return text.split('/').map((part) => {
    const at = part.indexOf('@');
    if (at <= 0) throw new Error(`down: expected DURATION@TIME such as 6h@-10d, got ${JSON.stringify(part)}`);
    const fromSec = timeOf(part.slice(at + 1), nowSec, 'down');
    return { fromSec, toSec: fromSec + spanOf(part.slice(0, at), 'down') };
  });
}

/** `99:60/85:40`: observed uptime (whole percent) and a relative share of stake. */
function viewsOf(text: string): [number, number][] {
  return text.split('/').map((part) => {
    const m = /^(\d{1,3}):(\d+(?:\.\d+)?)$/.exec(part);
    if (!m || Number(m[1]) > 100 || !(Number(m[2]) > 0)) throw new Error(`views: expected UPTIME:SHARE such as 99:60 (a whole percent up to 100, a share above 0), got ${JSON.stringify(part)}`);
    return [Number(m[1]), Number(m[2])];
  });
}

const UNIT: Record<string, number> = { s: 1, m: 60, h: HOUR, d: DAY };

function spanOf(text: string, key: string): number {
  const m = /^(\d+(?:\.\d+)?)([smhd])$/.exec(text);
  if (!m) throw new Error(`${key}: expected a duration such as 5d or 12h, got ${JSON.stringify(text)}`);
  return Math.round(Number(m[1]) * UNIT[m[2]!]!);
}

function timeOf(text: string, nowSec: number, key: string): number {
  const rel = /^([+-])(.+)$/.exec(text);
  if (rel) return nowSec + (rel[1] === '-' ? -1 : 1) * spanOf(rel[2]!, key);
  if (/^\d+$/.test(text)) return Number(text);
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new Error(`${key}: expected an RFC 3339 time, Unix seconds or a time relative to now (-30d), got ${JSON.stringify(text)}`);
  return Math.floor(t / 1000);
}

function percentOf(text: string, key: string): number {
  const p = Number(text);
  if (text === '' || !Number.isFinite(p) || p < 0 || p > 100) throw new Error(`${key}: expected a percentage from 0 to 100, got ${JSON.stringify(text)}`);
  return p;
}
