// issueTx's mempool: a decoded tx waits here, Processing, until the next standard block commits it.
import type { SignedTx } from '../../codec/pchain/types';
import { txIdOf } from '../../codec/pchain/txs';
import { formatId } from '../wire';
import type { TxRecord } from '../model';

export interface MempoolEntry {
  id: string;
  bytes: Uint8Array;
  tx: SignedTx;
}

/** Adds a tx (a known ID is left alone) and returns its ID and whether it was new. */
export function issueTx(mempool: MempoolEntry[], txs: Map<string, TxRecord>, bytes: Uint8Array, tx: SignedTx): { idStr: string; added: boolean } {
  const idStr = formatId(txIdOf(bytes));
  if (txs.get(idStr)) return { idStr, added: false };
  txs.set(idStr, { bytes, status: 'Processing' });
  mempool.push({ id: idStr, bytes, tx });
  return { idStr, added: true };
}

/** The oldest `max` waiting txs, taken out for a block. */
export function takeIssued(mempool: MempoolEntry[], max: number): MempoolEntry[] {
  return mempool.splice(0, max);
}

export function markCommitted(txs: Map<string, TxRecord>, issued: MempoolEntry[]): void {
  for (const m of issued) {
    const rec = txs.get(m.id);
    if (rec) rec.status = 'Committed';
  }
}
