// Txs that move AVAX: a plain transfer, and imports and exports with the X- and C-chains.
import type { SignedTx, UnsignedTx } from '../../codec/pchain/types';
import type { Prng } from '../prng';
import type { Owner } from '../model';
import { FEE, base, inputsWorth, signed, transferOutput, type TxContext } from './parts';

export function baseTransferTx(prng: Prng, ctx: TxContext, outs: { amount: bigint; owner: Owner }[]): SignedTx {
  let total = FEE;
  for (const o of outs) total += o.amount;
  const ins = inputsWorth(prng, ctx.avaxAssetId, total);
  const outputs = outs.map((o) => transferOutput(ctx.avaxAssetId, o.amount, o.owner));
  const memo = prng.chance(0.2) ? new TextEncoder().encode('avatop-sim') : new Uint8Array(0);
  const unsigned: UnsignedTx = { kind: 'unsignedTx', typeId: 34, typeName: 'BaseTx', ...base(ctx, outputs, ins, memo) };
  return signed(prng, unsigned, ins.length);
}

export function importTx(prng: Prng, ctx: TxContext, sourceChain: Uint8Array, amount: bigint, to: Owner): SignedTx {
  const imported = inputsWorth(prng, ctx.avaxAssetId, amount + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 17,
    typeName: 'ImportTx',
    ...base(ctx, [transferOutput(ctx.avaxAssetId, amount, to)], []),
    sourceChain,
    importedInputs: imported,
  };
  return signed(prng, unsigned, imported.length);
}

export function exportTx(prng: Prng, ctx: TxContext, destination: Uint8Array, amount: bigint, to: Owner): SignedTx {
  const ins = inputsWorth(prng, ctx.avaxAssetId, amount + FEE);
  const unsigned: UnsignedTx = {
    kind: 'unsignedTx',
    typeId: 18,
    typeName: 'ExportTx',
    ...base(ctx, [], ins),
    destinationChain: destination,
    exportedOutputs: [transferOutput(ctx.avaxAssetId, amount, to)],
  };
  return signed(prng, unsigned, ins.length);
}
