// The pieces every simulated tx is made of: owners, outputs, inputs worth an amount, credentials. Signatures are
// random bytes of the right size: nothing on the client side verifies them, and real keys would cost startup time.
import type { Credential, OutputOwners, SignedTx, TransferableInput, TransferableOutput, UnsignedTx } from '../../codec/pchain/types';
import type { Prng } from '../prng';
import type { Owner } from '../model';

export interface TxContext {
  networkId: number;
  /** 32 zero bytes: the P-chain's blockchain ID. */
  pChainId: Uint8Array;
  avaxAssetId: Uint8Array;
}

export function outputOwners(owner: Owner): OutputOwners {
  return {
    typeId: 11,
    typeName: 'secp256k1fx.OutputOwners',
    locktime: owner.locktime,
    threshold: owner.threshold,
    addresses: owner.addrs,
  };
}

export function transferOutput(assetId: Uint8Array, amount: bigint, owner: Owner): TransferableOutput {
  return {
    kind: 'transferableOutput',
    assetId,
    output: {
      typeId: 7,
      typeName: 'secp256k1fx.TransferOutput',
      amount,
      locktime: owner.locktime,
      threshold: owner.threshold,
      addresses: owner.addrs,
    },
  };
}

/** Inputs spending earlier (unlisted) UTXOs worth `amount` in total, split over 1-3 inputs. */
export function inputsWorth(prng: Prng, assetId: Uint8Array, amount: bigint): TransferableInput[] {
  const n = prng.int(1, 3);
  const out: TransferableInput[] = [];
  let left = amount;
  for (let i = 0; i < n; i++) {
    const part = i === n - 1 ? left : left / BigInt(n - i) + BigInt(prng.int(0, 1000));
    left -= part;
    out.push({
      txId: prng.bytes(32),
      outputIndex: prng.int(0, 3),
      assetId,
      input: { typeId: 5, typeName: 'secp256k1fx.TransferInput', amount: part, signatureIndices: [0] },
    });
  }
  // The codec sorts nothing: inputs must already be sorted by (txID, index) as the node requires.
  out.sort((a, b) => Buffer.compare(a.txId, b.txId) || a.outputIndex - b.outputIndex);
  return out;
}

export function credentials(prng: Prng, count: number, sigsEach = 1): Credential[] {
  const creds: Credential[] = [];
  for (let i = 0; i < count; i++) {
    const signatures: Uint8Array[] = [];
    for (let s = 0; s < sigsEach; s++) {
      const sig = prng.bytes(65);
      sig[64] = sig[64]! & 1;
      signatures.push(sig);
    }
    creds.push({ typeId: 9, typeName: 'secp256k1fx.Credential', signatures });
  }
  return creds;
}

export function base(ctx: TxContext, outputs: TransferableOutput[], inputs: TransferableInput[], memo = new Uint8Array(0)) {
  return { networkId: ctx.networkId, blockchainId: ctx.pChainId, outputs, inputs, memo };
}

export function signed(prng: Prng, unsigned: UnsignedTx, credCount: number): SignedTx {
  return { kind: 'signedTx', unsigned, credentials: credentials(prng, credCount) };
}

/** What every simulated tx burns. */
export const FEE = 1_000_000n;

/** A subnet-auth input signed by the first `n` control keys. */
export const auth = (n: number) => ({
  typeId: 10 as const,
  typeName: 'secp256k1fx.Input' as const,
  signatureIndices: Array.from({ length: n }, (_, i) => i),
});
