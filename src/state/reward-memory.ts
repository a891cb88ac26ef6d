// What the reward guard keeps between polls: the validator set's weights (the voters' stake) and its memory of the
// last budget the network's vote could be trusted for, with a short record of when it could. Types and the slice's
// initial value only: the rules that fill and read it are in domain/reward/ (projection.ts, vote.ts).
import type { Resource } from './resource';

/** The validator set at one height (platform.getValidatorsAt): each voter's stake, delegations included. */
export interface VoterWeights {
  readonly height: bigint;
  readonly validators: readonly { readonly nodeID: string; readonly weight: bigint }[];
  readonly totalWeight: bigint;
}

/**
 * The last downtime budget of one validation that rested on a trustworthy view (more than half of all stake's
 * measurement known). Small and plain (numbers and strings), so it can be written to disk and read back: the event
 * log keeps it across runs and gives it back with `restoreLastBudgets` (domain/reward/projection.ts), whose
 * `project(last, now)` spends it in real time while the view cannot be trusted.
 */
export interface LastBudget {
  /** 'primary', or the subnet's ID. */
  readonly validation: string;
  readonly nodeId: string;
  /** When the voters' views it rests on were read (epoch ms). */
  readonly atMs: number;
  /** The period it is of (for an auto-renewed validator, the cycle). */
  readonly startMs: number;
  readonly endMs: number;
  /** The threshold it was computed at, the period's allowance and what was left then. */
  readonly thresholdPercent: number;
  readonly allowedMs: number;
  readonly remainingMs: number;
  /** The stake-weighted median voter's uptime then (whole percent), and the share of all stake it rested on (0-1). */
  readonly medianUptimePercent: number;
  readonly knownShare: number;
}

/** One reading of the network's view: could it be trusted then (the node answered and more than half of stake's view was known)? */
export interface ViewSample {
  readonly atMs: number;
  readonly trusted: boolean;
}

export interface RewardSlice {
  readonly weights: Resource<VoterWeights>;
  /** By validation ('primary' or subnet ID). */
  readonly last: Readonly<Record<string, LastBudget>>;
  /** The last hour of view readings, oldest first: the last hour's downtime rate. */
  readonly seen: readonly ViewSample[];
}
