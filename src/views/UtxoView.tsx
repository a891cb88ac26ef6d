// One UTXO from the UTXOs pane: decoded by our codec, with the tx that created it (Enter opens it).
import { useMemo } from 'react';
import { useAvatop } from '../ui/store-context';
import { formatId } from '../codec/cb58';
import { describeUnknown } from '../state/resource';
import type { NavViewOf } from '../state/ui';
import type { TxDetail } from '../state/view-keys';
import { sanitize } from '../format/sanitize';
import { DetailView } from './DetailView';
import { detailLabelWidth, line, section, type DetailLine } from './detail-lines';
import { utxoLines } from './utxo-model';
import { hexLines } from './raw-lines';
import type { ViewProps } from './view-props';

type UtxoNav = NavViewOf<'utxo'>;

export function UtxoView({ view, ...frame }: ViewProps<UtxoNav>) {
  const { width } = frame;
  const row = useAvatop((s) => s.utxos.queries[view.query]?.page.data?.utxos.rows.find((r) => r.value.id === view.id)?.value);
  const networkId = useAvatop((s) => s.node.networkId.data) ?? 1;
  const decoded = row?.decoded as { txId?: unknown } | undefined;
  const txId = decoded?.txId instanceof Uint8Array ? formatId(decoded.txId) : undefined;
  const tx = useAvatop((s) => (txId ? s.txs.detail[txId] : undefined));
  const lines = useMemo(() => {
    const out: DetailLine[] = [section('UTXO')];
    if (!row) return [...out, line('UTXO', `${sanitize(view.id)} is no longer on this page`, { tone: 'muted' })];
    if (row.decoded === undefined) out.push(line('decode', 'our codec cannot read it', { tone: 'warn' }));
    else out.push(...utxoLines(row.decoded, networkId));
    out.push(section('Created by'));
    const d = tx?.data as TxDetail | undefined;
    if (txId) {
      out.push(line('tx', txId, { link: { kind: 'tx', id: txId }, copy: txId }));
      // What a node error means for this field, in words: a pruned or unindexed creating tx is "not found".
      out.push(line('type', d?.typeName ? sanitize(d.typeName) : sanitize(describeUnknown(tx, 'the node no longer has the creating tx')), { tone: d?.typeName ? 'accent' : 'muted' }));
    }
    out.push(...hexLines('Encoded', row.encoded, width, detailLabelWidth(out, width)));
    return out;
  }, [row, networkId, tx, txId, view.id, width]);
  return <DetailView id={`utxo:${view.query}/${view.id}`} lines={lines} opens="tx" frame={frame} caption='Enter on "created by" opens the tx · y copies' />;
}
