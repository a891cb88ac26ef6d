// A transaction: decoded from the node's hex with our codec (the node's JSON only when our codec cannot read it),
// its status (with the reason when dropped), reward UTXOs once a staking period is over, and a raw toggle.
import { useMemo } from 'react';
import { useAvatop } from '../ui/store-context';
import { usePaneMemory } from '../ui/pane-memory';
import { describeResource, describeUnknown, idleResource, isNotFound, type Resource } from '../state/resource';
import type { NavViewOf } from '../state/ui';
import { viewKeys, type RewardUtxos, type TxDetail } from '../state/view-keys';
import { sanitize } from '../format/sanitize';
import { formatTimestamp } from '../format/time';
import { DetailView } from './DetailView';
import { line, section, type DetailLine } from './detail-lines';
import { isRewardedStaking, stakingEnd, txLines } from './tx-model';
import { flatLines, hexLines, jsonLines } from './raw-lines';
import type { ViewProps } from './view-props';
import { utxoLines } from './utxo-model';
import { namesOf } from '../state/names';

type TxNav = NavViewOf<'tx'>;

const statusTone = (s: string | undefined) => (s === 'Committed' ? 'ok' : s === 'Dropped' || s === 'Aborted' ? 'error' : s === 'Processing' ? 'warn' : 'muted');

export function txStatusLines(status: Resource<unknown>): DetailLine[] {
  const d = status.data as { status?: string; reason?: string } | undefined;
  if (!d) return [line('status', sanitize(describeUnknown(status, 'the node does not know this tx')), { tone: 'muted' })];
  const lines = [line('status', sanitize(d.status ?? 'Unknown'), { tone: statusTone(d.status) })];
  if (d.reason) lines.push(line('reason', sanitize(d.reason), { tone: 'error' }));
  return lines;
}

function rewardLines(detail: TxDetail | undefined, rewards: Resource<unknown>, networkId: number, now: number): DetailLine[] {
  if (!detail?.typeName || !isRewardedStaking(detail.typeName)) return [];
  const end = stakingEnd(detail.decoded);
  const out: DetailLine[] = [section('Reward UTXOs')];
  if (end && end.getTime() > now) return [...out, line('rewards', `after the staking period ends (${formatTimestamp(end)})`, { tone: 'muted' })];
  const data = rewards.data as RewardUtxos | undefined;
  if (!data) return [...out, line('rewards', sanitize(describeUnknown(rewards, 'the node has no reward UTXOs for it')), { tone: 'muted' })];
  if (data.utxos.length === 0) return [...out, line('rewards', 'none (no reward, or not yet distributed)', { tone: 'muted' })];
  data.utxos.forEach((u, i) => {
    out.push(line(`#${i}`, u.error ? `undecodable: ${sanitize(u.error)}` : 'reward UTXO', { copy: u.hex }));
    if (u.decoded) out.push(...utxoLines(u.decoded, networkId).map((l) => ({ ...l, label: `  ${l.label}` })));
  });
  return out;
}

export function TxView({ view, ...frame }: ViewProps<TxNav>) {
  const { width } = frame;
  const detail = useAvatop((s) => s.txs.detail[view.id]) as Resource<TxDetail> | undefined;
  const status = useAvatop((s) => s.txs.status[view.id]) ?? idleResource();
  const json = useAvatop((s) => s.views.data[viewKeys.txJson(view.id)]) ?? idleResource();
  const rewards = useAvatop((s) => s.views.data[viewKeys.rewards(view.id)]) ?? idleResource();
  const networkId = useAvatop((s) => s.node.networkId.data) ?? 1;
  const avaxAssetId = useAvatop((s) => s.supply.stakingAssetId.data);
  const chains = useAvatop((s) => s.subnets.chains.data);
  const names = useMemo(() => namesOf(chains?.rows.map((r) => r.value)), [chains]);
  const chainTime = useAvatop((s) => s.pchain.timestamp.data);
  const [raw, setRaw] = usePaneMemory(`tx:${view.id}.raw`, false);
  const now = chainTime?.getTime() ?? Date.now();
  const data = detail?.data;
  const missing = data === undefined && isNotFound(detail);

  const lines = useMemo(() => {
    const out: DetailLine[] = [];
    if (raw) {
      out.push(...hexLines('Hex (platform.getTx, encoding "hex")', data?.hex, width));
      out.push(...jsonLines('JSON (platform.getTx, encoding "json")', json.data ?? (json.status === 'ok' ? null : undefined)));
      return out;
    }
    // Inputs link to the txs they spend; the node has not every one of them. Said once, in words, not as a failure.
    if (missing) {
      out.push(section('Transaction'), line('ID', view.id, { copy: view.id }));
      out.push(line('tx', 'not on this node (getTx: not found)', { tone: 'warn' }));
      // Short lines: the view does not wrap, and 80 columns must read it whole.
      out.push(line('why', 'an input spent an output of a tx this node does not have:', { tone: 'muted' }));
      out.push(line('', 'a genesis allocation, an export from the X- or C-chain,', { tone: 'muted' }));
      out.push(line('', 'or a tx older than the node keeps', { tone: 'muted' }));
      return out;
    }
    out.push(section('Status'), ...txStatusLines(status));
    if (data?.decoded !== undefined) {
      out.push(...txLines(data.decoded, { networkId, avaxAssetId, names }));
    } else if (data?.decodeError !== undefined) {
      out.push(section('Transaction'), line('ID', view.id, { copy: view.id }));
      out.push(line('our codec', `cannot decode it: ${sanitize(data.decodeError)}`, { tone: 'warn' }));
      const j = json.data as Record<string, unknown> | undefined;
      if (j) {
        out.push(section("The node's JSON"), ...flatLines(j.unsignedTx ?? j));
      } else out.push(line('JSON', sanitize(describeUnknown(json, 'the node does not have this tx')), { tone: 'muted' }));
    } else {
      out.push(section('Transaction'), line('ID', view.id, { copy: view.id }), line('tx', sanitize(describeUnknown(detail, 'the node does not know this tx')), { tone: 'muted' }));
    }
    out.push(...rewardLines(data, rewards, networkId, now));
    return out;
  }, [raw, data, json, status, rewards, networkId, avaxAssetId, names, now, width, view.id, detail, missing]);

  const failed = detail?.status === 'error' && !missing ? `getTx: ${describeResource(detail)}` : undefined;
  const header = `${raw ? 'raw view' : 'decoded'} · x toggles raw/decoded · Enter follows → links · y copies`;
  return (
    <DetailView
      id={`tx:${view.id}`}
      lines={lines}
      frame={frame}
      caption={failed ?? header}
      captionTone={failed ? 'error' : 'muted'}
      onKey={(ev) => {
        if (!ev.is('raw')) return false;
        setRaw(!raw);
        return true;
      }}
    />
  );
}

