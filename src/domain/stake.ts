// A validator's stake in numbers: its own, its delegations', its share of all stake (the validators pane and
// `get validators`, the overview).
import type { Validator } from '../state/types';
import { shareOf } from '../format/avax';
import { isBelow, type Threshold } from './reward/threshold';

/** Its own stake (the schema fills `weight` from the spec era's `stakeAmount`). */
export function weightOf(v: Validator): bigint {
  return v.weight;
}

export function totalWeight(vs: readonly Validator[]): bigint {
  let t = 0n;
  for (const v of vs) t += weightOf(v);
  return t;
}

export function delegatorWeight(v: Validator): bigint | undefined {
  if (v.delegatorWeight !== undefined) return v.delegatorWeight;
  const ds = v.delegators ?? [];
  if (ds.length === 0) return undefined;
  return ds.reduce<bigint>((n, d) => n + d.weight, 0n);
}

export function delegatorCount(v: Validator): number | undefined {
  return v.delegatorCount ?? v.delegators?.length;
}

export function hasBls(v: Validator): boolean {
  return Boolean(v.signer?.publicKey || v.publicKey);
}

export interface ValidatorHealth {
  readonly belowThreshold: boolean;
  readonly disconnected: boolean;
  /** The threshold this validation has (domain/reward/threshold.ts), with where it comes from. */
  readonly threshold: Threshold;
}

export function validatorHealth(v: Validator, threshold: Threshold): ValidatorHealth {
  return {
    belowThreshold: isBelow(v.uptime, threshold),
    disconnected: v.connected === false,
    threshold,
  };
}

/** A validator's weight in consensus: its own stake plus what is delegated to it (what getTotalStake sums). */
export function stakeWeightOf(v: Validator): bigint {
  return weightOf(v) + (delegatorWeight(v) ?? 0n);
}

/**
 * The one total every "share of stake" divides by. The node's getTotalStake when known: it arrives with the
 * overview, before the validator list, and counts delegations; dividing by the list's own stakes until then and
 * by getTotalStake after made this node's share jump (0.0035% to 0.0040%) when the list arrived. Without it, the
 * list's stake weights, which a node's getTotalStake equals. Rows kept only to show a removal are not counted.
 */
export function stakeTotal(totalStake: bigint | undefined, list: readonly Validator[] | undefined): bigint | undefined {
  if (totalStake !== undefined && totalStake > 0n) return totalStake;
  if (!list || list.length === 0) return undefined;
  let t = 0n;
  for (const v of list) t += stakeWeightOf(v);
  return t;
}

/** Percent of the total stake a validator holds, own stake and delegations together. */
export function stakeShare(v: Validator, total: bigint): number {
  return shareOf(stakeWeightOf(v), total);
}

/**
 * Each validator's stake weight by node ID (own stake and delegations, what consensus weighs it by): which peers
 * validate and how much, for the peers table. L1 and subnet validators are not in the primary network's list.
 */
export function stakeByNode(list: readonly Validator[]): ReadonlyMap<string, bigint> {
  const out = new Map<string, bigint>();
  for (const v of list) out.set(v.nodeID, (out.get(v.nodeID) ?? 0n) + stakeWeightOf(v));
  return out;
}
