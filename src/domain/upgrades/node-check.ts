// The node's own word on a coming network upgrade: its `futureupgrade` health check and the
// `avalanche_upgrade_time_until` gauge, both from avalanchego v1.15.0 node/node.go (the check registered at
// lines 1552-1645, the gauge at 1530-1545). Each run the check weighs the connected validators' announced upgrade
// times (`info.peers` `upgradeTime`) by stake, takes the mode, and compares it with the node's own (`localUpgradeTime`,
// the newest upgrade its release schedules: HeliconTime in v1.15.0, GraniteTime in v1.14.2):
//   if localUpgradeTime >= modeUpgradeTime || modeUpgradeWeight/totalWeight < .5 → passing, gauge +Inf
//   else timeUntil = modeUpgradeTime - now: > 7 d passing (logged at Info), > 3 d passing (Warn),
//   > 1 d "unknown network upgrade detected", > 1 h "… - update as soon as possible",
//   else "imminent network upgrade detected - update immediately".
// The details (`message`) are the same whether it passes or fails. Pure: it reads a check as the health reply has it.

export interface FutureUpgradeCheck {
  /** The newest upgrade this node's release schedules (ms). */
  readonly localMs: number | undefined;
  /** The stake-weighted mode of the connected validators' announced times (ms); Unix 0 when none is connected. */
  readonly modeMs: number | undefined;
  /** Share (0-100) of all primary-network stake announcing the mode. */
  readonly modePercent: number | undefined;
  /** How many distinct times the connected validators announce. */
  readonly numUpgradeTimes: number | undefined;
  /** The node counts the mode as an upgrade it lacks: later than its own and announced by half of the stake. */
  readonly counts: boolean;
  /** The check's error while it fails (three days or less before the mode's time). */
  readonly error: string | undefined;
  /** Not run yet since the node started. */
  readonly pending: boolean;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

function timeMs(v: unknown): number | undefined {
  const ms = v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

function num(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** The node's rule on its own details: a later mode time, announced by at least half of all stake. */
export function nodeCountsUpgrade(localMs: number | undefined, modeMs: number | undefined, modePercent: number | undefined): boolean {
  if (localMs === undefined || modeMs === undefined || modePercent === undefined) return false;
  return !(Math.floor(localMs / 1000) >= Math.floor(modeMs / 1000) || modePercent / 100 < 0.5);
}

/**
 * One `futureupgrade` check (`{ message, error }` as /ext/health has it, or a health summary's row), read; undefined
 * when the node has no such check (before v1.13) or it says nothing readable.
 */
export function readFutureUpgrade(check: { message?: unknown; error?: unknown } | string | undefined): FutureUpgradeCheck | undefined {
  if (check === undefined) return undefined;
  // A check registered since the node's last run is the bare string "not yet run" in some replies.
  const c = typeof check === 'string' ? { error: check } : check;
  const error = typeof c.error === 'string' ? c.error : undefined;
  const pending = error?.trim() === 'not yet run';
  const m = asObj(c.message);
  const localMs = timeMs(m.localUpgradeTime);
  const modeMs = timeMs(m.modeUpgradeTime);
  const modePercent = num(m.modeUpgradeWeightPercentage);
  const numUpgradeTimes = num(m.numUpgradeTimes);
  if (!pending && localMs === undefined && modeMs === undefined && error === undefined) return undefined;
  return {
    localMs,
    modeMs,
    modePercent,
    numUpgradeTimes,
    counts: nodeCountsUpgrade(localMs, modeMs, modePercent),
    error: pending ? undefined : error,
    pending,
  };
}

/** The check out of a health reply's `checks` (the store's or the wire's shape). */
export function futureUpgradeOf(health: unknown): FutureUpgradeCheck | undefined {
  const checks = asObj(asObj(health).checks);
  const c = checks.futureupgrade;
  return readFutureUpgrade(typeof c === 'string' ? c : c === undefined ? undefined : asObj(c));
}

/**
 * `avalanche_upgrade_time_until` (nanoseconds, +Inf while no upgrade counts) as milliseconds; undefined for +Inf,
 * NaN or no reading.
 */
export function upgradeTimeUntilMs(gaugeNs: number | undefined): number | undefined {
  return gaugeNs === undefined || !Number.isFinite(gaugeNs) ? undefined : gaugeNs / 1e6;
}
