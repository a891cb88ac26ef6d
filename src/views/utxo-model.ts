// A decoded UTXO as detail lines: its ID, the tx that created it (Enter opens it), the amount and its owners.
import { formatId } from '../codec/cb58';
import { utxoIdOf } from '../codec/pchain/utxo';
import { line, type DetailLine } from './detail-lines';
import { unsignedTxLines } from './tx-model';

type Obj = Record<string, unknown>;

export function utxoLines(decoded: unknown, networkId: number): DetailLine[] {
  const u = decoded !== null && typeof decoded === 'object' ? (decoded as Obj) : {};
  const lines: DetailLine[] = [];
  if (u.txId instanceof Uint8Array && typeof u.outputIndex === 'number') {
    const utxoId = formatId(utxoIdOf(u.txId, u.outputIndex));
    const txId = formatId(u.txId);
    lines.push(line('UTXO ID', utxoId, { copy: utxoId }));
    lines.push(line('created by tx', txId, { link: { kind: 'tx', id: txId }, copy: txId, tone: 'accent' }));
    lines.push(line('output index', String(u.outputIndex)));
  }
  if (u.assetId instanceof Uint8Array) lines.push(line('asset', formatId(u.assetId)));
  // The output renders like a tx's outputs: reuse that walk with a one-output pseudo tx.
  const out = unsignedTxLines({ outputs: [{ assetId: u.assetId, output: u.output }] }, { networkId }).filter((l) => !l.section && l.label !== '#0');
  lines.push(...out);
  return lines;
}
