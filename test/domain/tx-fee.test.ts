// What a tx burned: consumed less produced, per avalanchego's flow check (vms/platformvm/utxo/verifier.go
// VerifySpendUTXOs: the inputs and imported inputs pay for the outputs, the stake, the exported outputs, the L1
// balances and the fee, in AVAX).
import { describe, expect, it } from 'vitest';
import { txFee } from '../../src/domain/tx-fee';
import { formatId } from '../../src/codec/cb58';

const AVAX = new Uint8Array(32).fill(7);
const OTHER = new Uint8Array(32).fill(9);
const avaxId = formatId(AVAX);
const input = (amount: bigint, assetId = AVAX) => ({ txId: new Uint8Array(32), outputIndex: 0, assetId, input: { typeName: 'secp256k1fx.TransferInput', amount } });
const output = (amount: bigint, assetId = AVAX) => ({ kind: 'transferableOutput', assetId, output: { typeName: 'secp256k1fx.TransferOutput', amount } });
const locked = (amount: bigint) => ({ kind: 'transferableOutput', assetId: AVAX, output: { typeName: 'stakeable.LockOut', locktime: 1n, output: { amount } } });

describe('txFee', () => {
  it('a transfer: inputs less outputs', () => {
    expect(txFee({ inputs: [input(5_000_000n), input(1_000_000n)], outputs: [output(4_999_000n)] }, avaxId)).toEqual({ amount: 1_001_000n, assetId: avaxId });
  });

  it('a staking tx: the stake (stake-locked or not) is produced, not burned', () => {
    const tx = { inputs: [input(2_000_001_000_000n)], outputs: [], stake: [output(1_000_000_000_000n), locked(1_000_000_000_000n)] };
    expect(txFee(tx, avaxId)?.amount).toBe(1_000_000n);
  });

  it('an import pays with imported inputs; an export produces its exported outputs', () => {
    expect(txFee({ inputs: [], importedInputs: [input(3_000_000n)], outputs: [output(2_000_000n)] }, avaxId)?.amount).toBe(1_000_000n);
    expect(txFee({ inputs: [input(3_000_000n)], outputs: [], exportedOutputs: [output(2_500_000n)] }, avaxId)?.amount).toBe(500_000n);
  });

  it("L1 balances are produced: a conversion's validators, a registration's or a top-up's balance", () => {
    expect(txFee({ inputs: [input(10_000_000n)], outputs: [], validators: [{ balance: 4_000_000n }, { balance: 5_000_000n }] }, avaxId)?.amount).toBe(1_000_000n);
    expect(txFee({ inputs: [input(10_000_000n)], outputs: [], balance: 9_500_000n }, avaxId)?.amount).toBe(500_000n);
  });

  it('counts the fee asset only; without it, the one asset whose consumption exceeds its production', () => {
    const tx = { inputs: [input(3_000_000n), input(50n, OTHER)], outputs: [output(2_000_000n), output(50n, OTHER)] };
    expect(txFee(tx, avaxId)?.amount).toBe(1_000_000n);
    expect(txFee(tx)).toEqual({ amount: 1_000_000n, assetId: avaxId });
    // Two assets both burned: which one paid the fee cannot be told without AVAX's ID.
    expect(txFee({ inputs: [input(3n), input(5n, OTHER)], outputs: [] })).toBeUndefined();
  });

  it('no fee for a tx that spends nothing (a reward or time tx)', () => {
    expect(txFee({ txId: new Uint8Array(32) }, avaxId)).toBeUndefined();
  });
});
