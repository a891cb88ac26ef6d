// A block by ID or height: type, ID, parent, height, time and its transactions (Enter opens one); < and > walk
// to the parent and the child block.
import { useMemo } from 'react';
import { useAvatop, useAvatopStore } from '../ui/store-context';
import { useFlash } from '../ui/flash';
import { formatId } from '../codec/cb58';
import { txsInBlock } from '../codec/pchain/block-txs';
import { describeResource, describeUnknown } from '../state/resource';
import { popView, pushView, type NavView, type NavViewOf } from '../state/ui';
import type { BlockDetail } from '../state/types';
import { formatBytes, formatCount } from '../format/number';
import { formatTimestamp } from '../format/time';
import { sanitize } from '../format/sanitize';
import { DetailView } from './DetailView';
import { line, section, type DetailLine } from './detail-lines';
import { txParts } from './tx-model';
import type { ViewProps } from './view-props';

type BlockNav = NavViewOf<'block'>;
type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj => (v !== null && typeof v === 'object' ? (v as Obj) : {});

export function blockLines(detail: BlockDetail): DetailLine[] {
  const h = detail.header;
  const lines: DetailLine[] = [section('Block'), line('type', sanitize(h.type ?? 'unknown'), { tone: 'accent' })];
  if (h.id) lines.push(line('ID', h.id, { copy: h.id }));
  if (h.parentId) lines.push(line('parent', h.parentId, { link: { kind: 'block', id: h.parentId, height: h.height > 0n ? h.height - 1n : undefined }, copy: h.parentId }));
  lines.push(line('height', formatCount(h.height), { copy: h.height.toString() }));
  lines.push(line('time', h.time ? formatTimestamp(h.time) : '— (Apricot blocks carry no time)'));
  if (h.bytes !== undefined) lines.push(line('size', formatBytes(h.bytes)));
  if (h.decodeError) lines.push(line('decode', `our codec cannot read it: ${sanitize(h.decodeError)}`, { tone: 'warn' }));
  const txs = txsInBlock(detail.decoded);
  lines.push(section(`Transactions (${txs.length})`));
  if (txs.length === 0) lines.push(line('', 'none (an option or empty block)', { tone: 'muted' }));
  txs.forEach((t, i) => {
    const { typeName, id } = txParts(t);
    const raw = asObj(t).id;
    const txId = id ?? (raw instanceof Uint8Array ? formatId(raw) : undefined);
    lines.push(line(`#${i} ${sanitize(typeName)}`, txId ?? '?', txId ? { link: { kind: 'tx', id: txId }, copy: txId } : {}));
  });
  return lines;
}

export function BlockView({ view, ...frame }: ViewProps<BlockNav>) {
  const store = useAvatopStore();
  const flash = useFlash();
  const key = view.id ?? `height:${view.height}`;
  const detail = useAvatop((s) => s.blocks.detail[key]);
  const tip = useAvatop((s) => s.pchain.height.data);
  const data = detail?.data;
  const lines = useMemo(() => (data ? blockLines(data) : [section('Block'), line('block', sanitize(describeUnknown(detail, 'the node does not have this block')), { tone: 'muted' })]), [data, detail]);
  const replace = (next: NavView) => store.setState({ ...store.getState(), ui: pushView(popView(store.getState().ui), next) }, true);
  const h = data?.header.height ?? view.height;
  const failed = detail?.status === 'error' ? `block: ${describeResource(detail)}` : undefined;
  return (
    <DetailView
      id={`block:${key}`}
      lines={lines}
      opens="tx"
      frame={frame}
      caption={failed ?? '< parent · > child · Enter opens a transaction · y copies'}
      captionTone={failed ? 'error' : 'muted'}
      onKey={(ev) => {
        if (ev.is('block.parent')) {
          const parent = data?.header.parentId;
          if (parent) replace({ kind: 'block', id: parent, ...(h !== undefined && h > 0n ? { height: h - 1n } : {}) });
          else if (h !== undefined && h > 0n) replace({ kind: 'block', height: h - 1n });
          else flash.show('this block has no parent');
          return true;
        }
        if (ev.is('block.child')) {
          if (h === undefined) return true;
          if (tip !== undefined && h + 1n > tip) flash.show(`no child yet: ${h} is the last accepted block`);
          else replace({ kind: 'block', height: h + 1n });
          return true;
        }
        return false;
      }}
    />
  );
}
