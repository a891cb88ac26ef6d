// What happens at the end of a validation's period: a fixed-term validation ends; an auto-renewed one (ACP-236)
// renews, exits, or is removed. Pure.
//
// Facts from avalanchego v1.15.0 (vms/platformvm/txs/executor/proposal_tx_executor.go RewardAutoRenewedValidatorTx,
// vms/platformvm/docs/validators_auto_renewed.md):
// - Each cycle is judged on its own: the uptime is measured from the cycle's start (StartTime is the previous cycle's
//   EndTime), against the requirement of that start.
// - A cycle that keeps its reward renews when NextPeriod > 0 (its reward split by AutoCompoundRewardShares: that share
//   restaked, the rest paid out), or exits when NextPeriod is 0, paying everything out and returning the stake.
// - A cycle that loses its reward (abort) removes the validator whatever NextPeriod says: the cycle's own reward is
//   forfeited; the rewards restaked in earlier cycles and the delegation commission are still paid out, and the
//   stake is returned.
// - Every cycle's reward UTXOs are kept under the ID of the RewardAutoRenewedValidatorTx that closed it, a tx of the
//   staker's tx ID and the cycle's end time (no credentials), not under the staker tx.
import { formatId, parseId } from '../../codec/cb58';
import { encodeSignedTx, txIdOf } from '../../codec/pchain/txs';

/** millionths: reward.PercentDenominator. */
const MILLION = 1_000_000;

export type RenewalFacts =
  | { readonly kind: 'fixed' }
  | {
      readonly kind: 'auto-renewed';
      /** getCurrentValidators nextPeriod: seconds of the next cycle; 0: exits at the end of this one. Undefined: not reported. */
      readonly nextPeriodS: bigint | undefined;
      /** autoCompoundRewardShares, millionths of each cycle's reward restaked. */
      readonly compoundShares: number | undefined;
      /** The staker tx (AddAutoRenewedValidatorTx), for the reward tx IDs. */
      readonly txId: string | undefined;
    };

/** At the end of the current period. */
export type PeriodOutcome =
  /** A fixed-term validation: it ends, and the operator re-stakes (or not). */
  | 'ends'
  /** Auto-renewed, its cycle's reward kept: a new cycle starts at once. */
  | 'renews'
  /** Auto-renewed with nextPeriod 0: paid out and removed at the cycle's end. */
  | 'exits'
  /** Auto-renewed whose cycle lost its reward: removed at the cycle's end. */
  | 'removed';

export function periodOutcome(r: RenewalFacts, rewardLost: boolean): PeriodOutcome {
  if (r.kind === 'fixed') return 'ends';
  if (rewardLost) return 'removed';
  return r.nextPeriodS === 0n ? 'exits' : 'renews';
}

/** The share (0-1) of each cycle's reward restaked; undefined when not reported. */
export function compoundShare(r: RenewalFacts): number | undefined {
  return r.kind === 'auto-renewed' && r.compoundShares !== undefined ? Math.min(1, Math.max(0, r.compoundShares / MILLION)) : undefined;
}

/** The renewal facts a getCurrentValidators record carries: ACP-236's auto-renewed validators have a validatorAuthority. */
export function renewalOf(v: {
  readonly txID?: string;
  readonly validatorAuthority?: unknown;
  readonly nextPeriod?: bigint;
  readonly autoCompoundRewardShares?: number;
}): RenewalFacts {
  const auto = (v.validatorAuthority !== undefined && v.validatorAuthority !== null) || v.nextPeriod !== undefined;
  if (!auto) return { kind: 'fixed' };
  return { kind: 'auto-renewed', nextPeriodS: v.nextPeriod, compoundShares: v.autoCompoundRewardShares, txId: v.txID };
}

const rewardTxIds = new Map<string, string | undefined>();
const REWARD_TX_IDS_KEPT = 256;

/**
 * The ID of the RewardAutoRenewedValidatorTx that closes the cycle of `stakerTxId` ending at `cycleEndS`, under which
 * that cycle's reward UTXOs are kept (platform.getRewardUTXOs). The previous cycle's ends at the current one's start.
 */
export function rewardTxIdOf(stakerTxId: string, cycleEndS: number): string | undefined {
  // Asked by every poll plan (poll/plan.ts) of every watched node, and the same for a whole cycle: hashed once.
  const key = `${stakerTxId}@${cycleEndS}`;
  if (rewardTxIds.has(key)) return rewardTxIds.get(key);
  const id = computeRewardTxId(stakerTxId, cycleEndS);
  if (rewardTxIds.size >= REWARD_TX_IDS_KEPT) rewardTxIds.delete(rewardTxIds.keys().next().value!);
  rewardTxIds.set(key, id);
  return id;
}

function computeRewardTxId(stakerTxId: string, cycleEndS: number): string | undefined {
  let txId: Uint8Array;
  try {
    txId = parseId(stakerTxId);
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(cycleEndS) || cycleEndS < 0) return undefined;
  const bytes = encodeSignedTx({
    kind: 'signedTx',
    unsigned: { kind: 'unsignedTx', typeId: 42, typeName: 'RewardAutoRenewedValidatorTx', txId, timestamp: BigInt(cycleEndS) },
    credentials: [],
  });
  return formatId(txIdOf(bytes));
}

/** The reward tx of a record's previous cycle (it ended at this cycle's start); undefined for a fixed-term validation. */
export function lastCycleRewardTxIdOf(v: Parameters<typeof renewalOf>[0] & { readonly startTime?: Date } | undefined): string | undefined {
  if (!v) return undefined;
  const r = renewalOf(v);
  if (r.kind !== 'auto-renewed' || !r.txId || !v.startTime) return undefined;
  return rewardTxIdOf(r.txId, Math.floor(v.startTime.getTime() / 1000));
}
