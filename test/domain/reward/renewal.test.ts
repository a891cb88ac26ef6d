// What happens at a period's end (ACP-236, avalanchego v1.15.0 proposal_tx_executor.go RewardAutoRenewedValidatorTx),
// and where a cycle's reward UTXOs are kept: under the reward tx's ID, computed here from its bytes written out by
// hand (codec version 0, type ID 42, the staker tx ID, the cycle end as a u64, no credentials; ID = sha256).
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compoundShare, periodOutcome, renewalOf, rewardTxIdOf } from '../../../src/domain/reward/renewal';
import { cb58Decode, formatId } from '../../../src/codec/cb58';

/** A staker tx ID (any 32 bytes, cb58 with its checksum). */
const STAKER = formatId(new Uint8Array(createHash('sha256').update('an AddAutoRenewedValidatorTx').digest()));

describe('the end of a period', () => {
  it('a fixed-term validation ends; an auto-renewed one renews, exits on nextPeriod 0, or is removed when its cycle lost the reward', () => {
    expect(periodOutcome({ kind: 'fixed' }, false)).toBe('ends');
    expect(periodOutcome({ kind: 'fixed' }, true)).toBe('ends');
    const auto = (nextPeriodS: bigint | undefined) => ({ kind: 'auto-renewed' as const, nextPeriodS, compoundShares: undefined, txId: STAKER });
    expect(periodOutcome(auto(172_800n), false)).toBe('renews');
    expect(periodOutcome(auto(undefined), false)).toBe('renews');
    expect(periodOutcome(auto(0n), false)).toBe('exits');
    // Abort removes the validator whatever NextPeriod says.
    expect(periodOutcome(auto(172_800n), true)).toBe('removed');
    expect(periodOutcome(auto(0n), true)).toBe('removed');
  });

  it('reads a record: a validatorAuthority or nextPeriod marks an auto-renewed validator; the compounding share is millionths', () => {
    expect(renewalOf({ txID: STAKER })).toEqual({ kind: 'fixed' });
    const r = renewalOf({ txID: STAKER, validatorAuthority: { addresses: [] }, nextPeriod: 0n, autoCompoundRewardShares: 250_000 });
    expect(r).toEqual({ kind: 'auto-renewed', nextPeriodS: 0n, compoundShares: 250_000, txId: STAKER });
    expect(compoundShare(r)).toBe(0.25);
    expect(compoundShare({ kind: 'fixed' })).toBeUndefined();
  });

  it('names the reward tx of a cycle: sha256 of its signed bytes', () => {
    const end = 1_790_089_200;
    const bytes = Buffer.alloc(2 + 4 + 32 + 8 + 4);
    bytes.writeUInt16BE(0, 0);
    bytes.writeUInt32BE(42, 2);
    Buffer.from(cb58Decode(STAKER)).copy(bytes, 6);
    bytes.writeBigUInt64BE(BigInt(end), 38);
    bytes.writeUInt32BE(0, 46);
    const expected = formatId(new Uint8Array(createHash('sha256').update(bytes).digest()));
    expect(rewardTxIdOf(STAKER, end)).toBe(expected);
    // Each cycle's is distinct.
    expect(rewardTxIdOf(STAKER, end + 172_800)).not.toBe(expected);
    expect(rewardTxIdOf('not an id', end)).toBeUndefined();
  });
});
