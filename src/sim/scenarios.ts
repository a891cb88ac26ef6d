// This node's own validation in the simulator, set to show one reward-guard case (`avatop sim --scenario NAME`):
// its staking period, the uptime its peers see and its own record, and an L1 validation's balance. The two budget
// cases are worked back from the budget they should show, with the threshold the simulated node's own rule gives.

export const SCENARIOS = ['healthy', 'near-threshold', 'reward-lost', 'ending-soon', 'low-l1-balance'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

const HOUR = 3_600;
const DAY = 24 * HOUR;

export interface OwnValidationPlan {
  /** Unix seconds. */
  readonly startSec: number;
  readonly endSec: number;
  /** The peers' view of this node's uptime (info.uptime weightedAveragePercentage), percent. */
  readonly peersUptime: number;
  /** This node's own record of itself (getCurrentValidators `uptime`), percent. */
  readonly ownUptime: number;
  /** An L1 validation of this node whose balance lasts this long at the current fee; none when undefined. */
  readonly l1RunwaySec?: number;
}

/** The downtime budget the two budget cases are built to show, in seconds (negative: lost by that much). */
export const SCENARIO_BUDGET_SEC = { 'near-threshold': 20 * HOUR, 'reward-lost': -2 * DAY } as const;
/** The peers' view in the other cases: a well-run node. */
export const HEALTHY_UPTIME = 99.5;

/**
 * The plan for a case, with `thresholdFor(startSec)` the uptime percent the simulated node requires of a validation
 * starting then (its Helicon rule). Uptime = 1 − (allowed − budget) / elapsed, so the budget comes out as named.
 */
export function planOwnValidation(name: ScenarioName, nowSec: number, thresholdFor: (startSec: number) => number): OwnValidationPlan {
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
