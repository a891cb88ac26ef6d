// The chain's record: every tx by ID, the blocks still held (by height and ID), and the UTXOs txs and rewards pay.
import type { SignedTx, Block } from '../../codec/pchain/types';
import { encodeSignedTx, txIdOf } from '../../codec/pchain/txs';
import { encodeBlock, blockIdOf } from '../../codec/pchain/blocks';
import { formatId } from '../wire';
import type { BlockRecord, Owner, TxRecord } from '../model';
import type { UtxoView } from '../utxo-store';
import type { SimNetwork } from './index';

/** Records a tx under its ID; it becomes `lastRegistered`, so a staker just built can be put into a block. */
export function registerTx(
  net: SimNetwork,
  tx: SignedTx,
  status: TxRecord['status'] = 'Committed',
  prunable = false,
): { id: Uint8Array; idStr: string; bytes: Uint8Array } {
  net.lastRegistered = tx;
  const bytes = encodeSignedTx(tx);
  const id = txIdOf(bytes);
  const idStr = formatId(id);
  net.txs.set(idStr, prunable ? { bytes, status, prunable } : { bytes, status });
  return { id, idStr, bytes };
}

/** Accepts a block: it becomes the tip, and the block `maxBlocks` below it is forgotten with its prunable txs. */
export function storeBlock(net: SimNetwork, block: Block, txs: SignedTx[]): BlockRecord {
  const bytes = encodeBlock(block);
  const id = blockIdOf(bytes);
  const rec: BlockRecord = {
    id,
    idStr: formatId(id),
    height: Number(block.height),
    time: 'time' in block ? Number(block.time) : net.nowSec(),
    bytes,
    txIds: txs.map((tx) => formatId(txIdOf(encodeSignedTx(tx)))),
  };
  net.blocksByHeight.set(rec.height, rec);
  net.blocksById.set(rec.idStr, rec);
  const old = net.blocksByHeight.get(rec.height - net.maxBlocks);
  if (old) {
    net.blocksByHeight.delete(old.height);
    net.blocksById.delete(old.idStr);
    for (const id of old.txIds) if (net.txs.get(id)?.prunable) net.txs.delete(id);
  }
  net.lastBlock = rec;
  net.height = rec.height;
  net.revision++;
  return rec;
}

/**
 * Reward UTXOs, listed by getRewardUTXOs under `keyIdStr` (AddRewardUTXO's txID): a staker's own for a fixed term,
 * the RewardAutoRenewedValidatorTx's for a cycle. As the node's newUTXO calls do, an amount of 0 pays nothing and
 * takes no output index (proposal_tx_executor.go lines 535-551, 742-774).
 */
export function rewardUtxosFor(net: SimNetwork, keyIdStr: string, utxoTxId: Uint8Array, firstIndex: number, payouts: { amount: bigint; owner: Owner }[]): void {
  const list: UtxoView[] = [];
  let outputIndex = firstIndex;
  for (const pay of payouts) {
    if (pay.amount <= 0n) continue;
    const view = net.utxos.add({
      txId: utxoTxId,
      outputIndex: outputIndex++,
      amount: pay.amount,
      kind: 0,
      locktime: 0n,
      addrs: pay.owner.addrs,
      threshold: pay.owner.threshold,
    });
    list.push(view);
  }
  net.rewardUtxos.set(keyIdStr, list);
}

export function addTxOutputs(net: SimNetwork, txId: Uint8Array, outs: { amount: bigint; owner: Owner }[]): void {
  outs.forEach((o, i) =>
    net.utxos.add({ txId, outputIndex: i, amount: o.amount, kind: 0, locktime: 0n, addrs: o.owner.addrs, threshold: o.owner.threshold }),
  );
}

/** The tx newValidator/newDelegator just built. */
export function lastTx(net: SimNetwork): SignedTx {
  return net.lastRegistered!;
}
