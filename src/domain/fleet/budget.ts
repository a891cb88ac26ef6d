// One request budget for the whole fleet: nodes not on screen share it, so twenty nodes cost what a few would at
// full pace. Pure arithmetic on the light plan's shape (src/fleet/light-plan.ts): per node, two calls a tick (height,
// chain time), a handful every slow round (node ID, uptime, health, bootstrapped once synced, a validator's peers'
// views for its reward budget) and its own validator record when the height moves. (A validator's weights, every
// 10 minutes, are left out of the sum: under 0.002 requests a second.)

/** Requests a second all the nodes not on screen may make together. */
export const FLEET_REQUESTS_PER_SEC = 8;

export const LIGHT_PER_TICK = 2;
export const LIGHT_PER_SLOW = 7;
export const LIGHT_PER_HEIGHT = 1;

export interface LightCadence {
  readonly tickMs: number;
  readonly slowMs: number;
  /** The own validator record follows the height at most this often. */
  readonly heightMinMs: number;
}

/** The slowest light node asks for this much at the least (the user's --interval is the fastest). */
export function lightCadenceAt(tickMs: number): LightCadence {
  return { tickMs, slowMs: Math.max(30_000, 5 * tickMs), heightMinMs: Math.max(5_000, 2 * tickMs) };
}

export function requestsPerSec(c: LightCadence): number {
  return (LIGHT_PER_TICK * 1000) / c.tickMs + (LIGHT_PER_SLOW * 1000) / c.slowMs + (LIGHT_PER_HEIGHT * 1000) / c.heightMinMs;
}

/** The fastest cadence (from `intervalMs` up, by 250 ms steps) at which `lightNodes` nodes stay within `budget`. */
export function lightCadence(lightNodes: number, intervalMs: number, budget = FLEET_REQUESTS_PER_SEC): LightCadence {
  let tick = Math.max(250, intervalMs);
  while (lightNodes * requestsPerSec(lightCadenceAt(tick)) > budget && tick < 120_000) tick += 250;
  return lightCadenceAt(tick);
}
