// Validator rows: the numbers the validators pane and the overview share.
import type { Validator } from '../../state/types';
import { arr, big, bool, num, obj } from '../fields';
import { shareOf } from '../../format/avax';
import { isBelow, type Threshold } from '../../domain/reward/threshold';

export function weightOf(v: Validator): bigint {
  return big(v.weight) ?? big(v.stakeAmount) ?? 0n;
}

export function totalWeight(vs: readonly Validator[]): bigint {
  let t = 0n;
  for (const v of vs) t += weightOf(v);
  return t;
}

export function delegatorWeight(v: Validator): bigint | undefined {
  const direct = big(v.delegatorWeight);
  if (direct !== undefined) return direct;
  const ds = arr(v.delegators);
  if (ds.length === 0) return undefined;
  return ds.reduce<bigint>((n, d) => n + (big(obj(d).weight) ?? big(obj(d).stakeAmount) ?? 0n), 0n);
}

export function delegatorCount(v: Validator): number | undefined {
  return num(v.delegatorCount) ?? (Array.isArray(v.delegators) ? v.delegators.length : undefined);
}

export function hasBls(v: Validator): boolean {
  return Boolean(obj(v.signer).publicKey || v.publicKey);
}

export interface ValidatorHealth {
  readonly belowThreshold: boolean;
  readonly disconnected: boolean;
  /** The threshold this validation has (domain/reward/threshold.ts), with where it comes from. */
  readonly threshold: Threshold;
}

export function validatorHealth(v: Validator, threshold: Threshold): ValidatorHealth {
  return {
    belowThreshold: isBelow(num(v.uptime), threshold),
    disconnected: bool(v.connected) === false,
    threshold,
  };
}

export function shareText(part: bigint, whole: bigint): number {
  return shareOf(part, whole);
}
