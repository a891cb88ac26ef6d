// Validator and delegator records of getCurrentValidators / getPendingValidators across API generations:
// `stakeAmount` (spec era, removed v1.12.2) or `weight`; permissioned-subnet stakers carry only the base fields;
// L1 validators have no txID/endTime.
import * as z from 'zod';
import { lazy } from '../define';
import { idParam, list, nodeIdParam, owner, percent, signer, u32, u64, unixTime } from '../common';

// Mutates the freshly parsed object instead of spreading it: validator lists run to thousands of rows.
function withWeight<T extends { weight?: bigint; stakeAmount?: bigint }>(r: T, ctx: z.RefinementCtx): T & { weight: bigint } {
  const weight = r.weight ?? r.stakeAmount;
  if (weight === undefined) ctx.addIssue({ code: 'custom', message: 'expected weight or stakeAmount', path: ['weight'] });
  return Object.assign(r, { weight: weight ?? 0n });
}

export const delegatorRecord = lazy(() => z
  .object({
    txID: z.string(),
    startTime: unixTime,
    endTime: unixTime,
    weight: u64.optional(),
    stakeAmount: u64.optional(),
    nodeID: z.string(),
    rewardOwner: owner.optional(),
    potentialReward: u64.optional(),
  })
  .transform(withWeight));
export type DelegatorRecord = z.output<ReturnType<typeof delegatorRecord>>;

export type ValidatorKind = 'permissionless' | 'permissioned' | 'l1';

export const validatorRecord = lazy(() => z
  .object({
    txID: z.string().optional(),
    startTime: unixTime.optional(),
    endTime: unixTime.optional(),
    weight: u64.optional(),
    stakeAmount: u64.optional(),
    nodeID: z.string(),
    validationRewardOwner: owner.optional(),
    delegationRewardOwner: owner.optional(),
    potentialReward: u64.optional(),
    accruedDelegateeReward: u64.optional(),
    /** Percent; the docs prose calls it delegationFeeRate. */
    delegationFee: percent.optional(),
    uptime: percent.optional(),
    connected: z.boolean().optional(),
    signer: signer.nullish().transform((v) => v ?? undefined),
    // v1.15 auto-renewed validators (ACP-236; vms/platformvm/api/validator.go AutoRenewedConfig).
    validatorAuthority: owner.nullish().transform((v) => v ?? undefined),
    /** Seconds of the next cycle; 0: the validator leaves at the end of this one. */
    nextPeriod: u64.optional(),
    /** Millionths of each cycle's reward restaked. */
    autoCompoundRewardShares: u32.optional(),
    delegatorCount: u32.optional(),
    delegatorWeight: u64.optional(),
    delegators: z
      .array(delegatorRecord())
      .nullish()
      .transform((v) => v ?? undefined),
    // L1 validators (Etna)
    validationID: z.string().optional(),
    publicKey: z.string().nullish().transform((v) => v ?? undefined),
    remainingBalanceOwner: owner.optional(),
    deactivationOwner: owner.optional(),
    minNonce: u64.optional(),
    balance: u64.optional(),
  })
  .transform((r, ctx) => {
    const kind: ValidatorKind =
      r.validationID !== undefined
        ? 'l1'
        : r.delegationFee !== undefined || r.potentialReward !== undefined || r.validationRewardOwner !== undefined
          ? 'permissionless'
          : 'permissioned';
    return Object.assign(withWeight(r, ctx), { kind });
  }));
export type ValidatorRecord = z.output<ReturnType<typeof validatorRecord>>;

export const validatorList = lazy(() => list(validatorRecord()));

/** `{ subnetID?, nodeIDs? }`: whose stakers (the primary network's by default), and which nodes only. */
export const stakerListParams = lazy(() => z
  .object({
    subnetID: idParam.optional(),
    nodeIDs: z.array(nodeIdParam).optional(),
  })
  .optional());
