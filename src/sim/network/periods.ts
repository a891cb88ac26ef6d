// How long the simulated validators stake, within the node's rules: a validation or auto-renewed cycle accepted at
// or after Helicon lasts at least the network's HeliconMinStakeDuration (48 h on mainnet), one before it at least
// MinStakeDuration (staker_tx_verification_helpers.go lines 27-32), none more than MaxStakeDuration; auto-renewed
// validators exist only from Helicon on (staker_tx_verification.go lines 882-884: errHeliconUpgradeNotActive).
import type { Prng } from '../prng';
import type { RenewChoice } from './stakers';
import type { OwnValidationPlan } from '../scenarios';
import { heliconSec, stakingParams, type StakingParams } from './staking-params';
import type { SimNetwork } from './index';

const HOUR = 3_600;
const DAY = 24 * HOUR;

/** A validator's current period (its current cycle if auto-renewed), and how it renews. */
export interface DrawnPeriod {
  start: number;
  end: number;
  renew?: RenewChoice & { earlierCycles: number };
}

/** Earlier cycles simulated at genesis for one auto-renewed validator, at most (each is a reward computation). */
export const MAX_EARLIER_CYCLES = 40;

/**
 * The length of an auto-renewed cycle: the round figures an operator picks, the shortest the network allows
 * included, so 48-hour cycles (ACP-273) are common on a simulated mainnet.
 */
export function drawCycle(p: Prng, params: StakingParams): number {
  return p.weighted<number>([
    [params.heliconMinStakeDurationSec, 0.2],
    [7 * DAY, 0.1],
    [14 * DAY, 0.25],
    [30 * DAY, 0.2],
    [90 * DAY, 0.12],
    [180 * DAY, 0.08],
    [params.maxStakeDurationSec, 0.05],
  ]);
}

/** A fixed-term validation accepted after Helicon: now and then shorter than the two weeks that were the minimum. */
export function drawPostHeliconTerm(p: Prng, params: StakingParams): number {
  if (p.chance(0.85)) return p.int(Math.max(params.minStakeDurationSec, 14 * DAY), params.maxStakeDurationSec);
  return p.chance(0.5) ? params.heliconMinStakeDurationSec : p.int(params.heliconMinStakeDurationSec, 14 * DAY);
}

/** A term under the rules before Helicon (two weeks to a year on mainnet). */
export function drawPreHeliconTerm(p: Prng, params: StakingParams): number {
  return p.int(Math.max(params.minStakeDurationSec, 14 * DAY), params.maxStakeDurationSec);
}

/** The next cycle an auto-renewed validator's config asks for: mostly the same again, now and then 0 (exit). */
export function drawNextPeriod(p: Prng, params: StakingParams, current: number): number {
  const r = p.next();
  return r < 0.85 ? current : r < 0.93 ? drawCycle(p, params) : 0;
}

/**
 * A genesis validator's current period, containing `now`. An auto-renewed one (a `renewShare` of those the rules
 * allow) started its current cycle at or after Helicon, after `earlierCycles` committed ones of the same length, all
 * after Helicon too. A fixed-term one that started after Helicon may be as short as HeliconMinStakeDuration.
 */
export function drawGenesisPeriod(net: SimNetwork, p: Prng, now: number): DrawnPeriod {
  const params = stakingParams(net.networkId);
  const helicon = heliconSec(net);
  if (net.profile.autoRenewedShare > 0 && helicon <= now && p.chance(net.profile.autoRenewedShare)) {
    const cycle = drawCycle(p, params);
    const span = placeAfterHelicon(p, helicon, now, cycle);
    if (span) {
      const earlier = Math.min(MAX_EARLIER_CYCLES, Math.floor((span.start - helicon) / cycle));
      return { ...span, renew: { nextPeriod: drawNextPeriod(p, params, cycle), earlierCycles: p.int(0, earlier) } };
    }
  }
  if (helicon <= now && p.chance(0.2)) {
    const span = placeAfterHelicon(p, helicon, now, drawPostHeliconTerm(p, params));
    if (span) return span;
  }
  const duration = drawPreHeliconTerm(p, params);
  // A tail of stakers ends within the first hours, so rewards keep arriving while someone watches.
  const end = p.chance(0.01) ? now + p.int(20, 3 * HOUR) : now + Math.max(HOUR, Math.floor(duration * (0.02 + 0.98 * p.next())));
  return { start: end - duration, end };
}

/** A period of `length` that contains `now` (ending at least 20 s later) and starts at or after Helicon, if one fits. */
function placeAfterHelicon(p: Prng, helicon: number, now: number, length: number): { start: number; end: number } | undefined {
  const earliest = Math.max(helicon, now - length + 20);
  if (earliest > now) return undefined;
  const start = p.int(earliest, now);
  return { start, end: start + length };
}

/**
 * A validator joining while the simulation runs, at chain time `now`: auto-renewed (a `renewShare` of them) once
 * Helicon is active, its term within the rules of the moment.
 */
export function drawNewPeriod(net: SimNetwork, p: Prng, now: number): DrawnPeriod {
  const params = stakingParams(net.networkId);
  const postHelicon = now >= heliconSec(net);
  if (postHelicon && net.profile.autoRenewedShare > 0 && p.chance(net.profile.autoRenewedShare)) {
    const cycle = drawCycle(p, params);
    return { start: now, end: now + cycle, renew: { nextPeriod: cycle, earlierCycles: 0 } };
  }
  return { start: now, end: now + (postHelicon ? drawPostHeliconTerm(p, params) : drawPreHeliconTerm(p, params)) };
}

/**
 * This node's own period under `--scenario` or `--validation`, checked against the same rules: a validation lasts
 * at least the minimum of the time it was accepted (an auto-renewed cycle that of Helicon), and an auto-renewed one,
 * with every earlier cycle, starts at or after Helicon. Earlier cycles are as many of those asked as fit after it.
 */
export function ownPeriod(net: SimNetwork, plan: OwnValidationPlan): DrawnPeriod {
  const params = stakingParams(net.networkId);
  const helicon = heliconSec(net);
  const length = plan.endSec - plan.startSec;
  const at = (sec: number) => new Date(sec * 1000).toISOString();
  if (!plan.autoRenew) {
    const min = plan.startSec >= helicon ? params.heliconMinStakeDurationSec : params.minStakeDurationSec;
    if (length < min) throw new Error(`a validation that starts ${at(plan.startSec)} lasts at least ${span(min)} on this network (it would last ${span(length)})`);
    return { start: plan.startSec, end: plan.endSec };
  }
  if (plan.startSec < helicon) {
    const when = Number.isFinite(helicon) ? `Helicon (${at(helicon)})` : 'Helicon, which this node does not schedule on this network (a v1.15 node on mainnet or Fuji has it; a custom network takes --helicon-time)';
    throw new Error(`an auto-renewed validation starts at or after ${when}; this cycle starts ${at(plan.startSec)}`);
  }
  const { nextPeriodSec, autoCompoundRewardShares, earlierCycles } = plan.autoRenew;
  for (const [what, sec] of [['cycle', length], ['next cycle', nextPeriodSec]] as const) {
    if (sec !== 0 && sec < params.heliconMinStakeDurationSec) throw new Error(`an auto-renewed ${what} lasts at least ${span(params.heliconMinStakeDurationSec)} on this network (HeliconMinStakeDuration), not ${span(sec)}`);
    if (sec > params.maxStakeDurationSec) throw new Error(`an auto-renewed ${what} lasts at most ${span(params.maxStakeDurationSec)}, not ${span(sec)}`);
  }
  if (length <= 0) throw new Error('an auto-renewed cycle needs a length');
  return {
    start: plan.startSec,
    end: plan.endSec,
    renew: { nextPeriod: nextPeriodSec, autoCompoundRewardShares, earlierCycles: Math.min(earlierCycles, Math.floor((plan.startSec - helicon) / length)) },
  };
}

function span(sec: number): string {
  if (sec % DAY === 0 && sec >= 3 * DAY) return `${sec / DAY}d`;
  if (sec % HOUR === 0) return `${sec / HOUR}h`;
  return `${sec}s`;
}
