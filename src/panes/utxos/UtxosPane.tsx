import { useMemo } from 'react';
import { Box, Text } from 'ink';
import { useAvatop, useAvatopStore } from '../../ui/store-context';
import type { Column } from '../../columns/column';
import { mapRow, type TableRow } from '../../components/table-model';
import { formatAvax } from '../../format/avax';
import { formatTimestamp } from '../../format/time';
import { sanitize } from '../../format/sanitize';
import { fit } from '../../format/width';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { useKeyHandler } from '../../input';
import { openPrompt } from '../../state/ui';
import { addressSetKey, hasNextPage, nextUtxoPage, openUtxoQuery, prevUtxoPage, setUtxoPageSize, UTXO_PAGE_SIZE_MAX } from '../../state/utxos';
import { idleResource } from '../../state/resource';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { describeUtxo, sumBalances, type UtxoInfo } from './utxo-model';
import { totalsLines, type TotalsTone } from './totals-model';

type Row = { id: string; info: UtxoInfo };

const PAGE_SIZES = [10, 25, 50, 100, 250, 500, 1024];
export const SOURCE_CHAINS: ReadonlyArray<string | undefined> = [undefined, 'X', 'C'];

function lockText(t: bigint): string {
  return t === 0n ? '-' : formatTimestamp(Number(t) * 1000);
}

const columns: Column<Row>[] = [
  { key: 'amount', title: 'AMOUNT (AVAX)', width: 16, align: 'right', priority: 0, render: (r) => formatAvax(r.info.amount, { decimals: 9, fixed: true }), sortValue: (r) => r.info.amount },
  { key: 'kind', title: 'STATE', width: 20, priority: 1, render: (r) => r.info.kind, sortValue: (r) => r.info.kind },
  { key: 'threshold', title: 'THR', width: 3, align: 'right', priority: 2, render: (r) => (r.info.threshold === undefined ? '—' : String(r.info.threshold)), sortValue: (r) => r.info.threshold },
  { key: 'owners', title: 'OWNERS', width: 20, maxWidth: 60, grow: true, priority: 1, render: (r) => r.info.owners.map((o) => sanitize(o)).join(' ') || '—', sortValue: (r) => r.info.owners[0] ?? '' },
  { key: 'locktime', title: 'LOCKED UNTIL', width: 20, priority: 3, render: (r) => lockText(r.info.stakeableUntil ?? r.info.locktime), sortValue: (r) => r.info.stakeableUntil ?? r.info.locktime },
  { key: 'id', cut: 'middle', title: 'UTXO ID', width: 14, priority: 4, render: (r) => sanitize(r.id), sortValue: (r) => r.id },
];

export function UtxosPane({ width, height, active }: PaneProps) {
  const theme = useTheme();
  const store = useAvatopStore();
  const query = useAvatop((s) => (s.utxos.active === undefined ? undefined : s.utxos.queries[s.utxos.active]));
  const networkId = useAvatop((s) => s.node.networkId.data);
  const chainTime = useAvatop((s) => s.pchain.timestamp.data);
  const assetId = useAvatop((s) => s.supply.stakingAssetId.data);
  const page = query?.page ?? idleResource();
  const setKey = query ? addressSetKey(query.addresses) : undefined;
  const balance = useAvatop((s) => (setKey === undefined ? undefined : s.utxos.balances[setKey])) ?? idleResource();
  const stake = useAvatop((s) => (setKey === undefined ? undefined : s.utxos.stakes[setKey])) ?? idleResource();
  const nowSec = BigInt(Math.floor((chainTime?.getTime() ?? Date.now()) / 1000));
  const utxos = page.data?.utxos;
  const rows = useMemo<TableRow<Row>[]>(
    () => (utxos?.rows ?? []).map((r) => mapRow(r, r.key, (u) => ({ id: u.id, info: describeUtxo(u.decoded, networkId, nowSec) }))),
    // Lock states move with chain time only at minute scale: recomputed when the page's rows change (a page asked
    // again at a block is the same list when its UTXOs are: poll/transforms.ts) and each chain minute, not every tick.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [utxos, networkId, nowSec / 60n],
  );
  const live = useMemo(() => rows.filter((r) => r.change !== 'removed'), [rows]);
  const balances = useMemo(() => sumBalances(live.map((r) => r.value.info), assetId), [live, assetId]);
  const update = (f: (s: ReturnType<typeof store.getState>) => ReturnType<typeof store.getState>) => store.setState(f(store.getState()), true);
  const totals = query
    ? totalsLines({ balance, stake, page: page.data ? balances : undefined, pageCount: live.length, assetId, atomicFrom: query.sourceChain, width, maxLines: height - 2 - 5 })
    : [];
  // Addresses, the totals (titles, all UTXOs, this page, staked; one row per kind when narrow; a summary when short,
  // so the table keeps at least a few rows), the paging line.
  const headerLines = totals.length + 2;
  // The pane's own keys work before any address is entered (a asks for them), so they are not the table's.
  useKeyHandler(
    'pane',
    (ev) => {
      if (ev.is('utxo.addresses')) {
        update((s) => ({ ...s, ui: openPrompt(s.ui, 'utxo-addresses', query?.addresses.join(' ') ?? '') }));
        ev.opensText();
        return true;
      }
      if (!query) return false;
      if (ev.is('utxo.next')) update((s) => ({ ...s, utxos: nextUtxoPage(s.utxos, query.key) }));
      else if (ev.is('utxo.prev')) update((s) => ({ ...s, utxos: prevUtxoPage(s.utxos, query.key) }));
      else if (ev.is('utxo.bigger') || ev.is('utxo.smaller')) {
        const i = PAGE_SIZES.findIndex((n) => n >= query.pageSize);
        const next = PAGE_SIZES[Math.max(0, Math.min(PAGE_SIZES.length - 1, (i < 0 ? PAGE_SIZES.length - 1 : i) + (ev.is('utxo.bigger') ? 1 : -1)))]!;
        update((s) => ({ ...s, utxos: setUtxoPageSize(s.utxos, query.key, Math.min(UTXO_PAGE_SIZE_MAX, next)) }));
      } else if (ev.is('utxo.chain')) {
        const i = SOURCE_CHAINS.indexOf(query.sourceChain);
        const sourceChain = SOURCE_CHAINS[(i + 1) % SOURCE_CHAINS.length];
        update((s) => ({ ...s, utxos: openUtxoQuery(s.utxos, { addresses: query.addresses, sourceChain, pageSize: query.pageSize }) }));
      } else return false;
      return true;
    },
    active,
  );
  if (!query) {
    return (
      <Box flexDirection="column" width={width} height={height}>
        <Text {...textProps(theme.text.primary)}>{fit('No addresses yet. Press a and enter one or more P-chain addresses (P-avax1…), separated by spaces.', width)}</Text>
        <Text {...textProps(theme.text.muted)}>{fit('Then ] and [ page through the UTXOs, + and - change the page size, c switches to atomic UTXOs exported from X or C.', width)}</Text>
      </Box>
    );
  }
  const toneStyle: Record<TotalsTone, Parameters<typeof textProps>[0]> = {
    heading: theme.row.header,
    value: theme.text.primary,
    muted: theme.text.muted,
    warn: theme.status.warn,
  };
  const pageNo = query.prevStarts.length + 1;
  const source = query.sourceChain ? `atomic UTXOs from ${query.sourceChain} (awaiting import)` : 'P-chain UTXOs';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...textProps(theme.text.accent)}>{fit(`${query.addresses.map((a) => sanitize(a)).join(' ')}`, width)}</Text>
      {totals.map((l, i) => (
        <Text key={i} {...textProps(toneStyle[l.tone])}>
          {l.text}
        </Text>
      ))}
      <Text {...textProps(theme.text.muted)}>
        {fit(`${source} · page ${pageNo}${hasNextPage(query) ? ' (] next)' : ' (last)'}${pageNo > 1 ? ' ([ prev)' : ''} · page size ${query.pageSize} (+/-) · c: source chain`, width)}
      </Text>
      <TablePane width={width} height={height - headerLines} active={active} pane="utxos" what="UTXOs" resource={page} rows={rows} columns={columns}
        defaultSort={{ key: 'amount', dir: 'desc' }} emptyText="no UTXOs for these addresses"
        open={(r) => ({ kind: 'utxo', id: r.id, query: query.key })}
      />
    </Box>
  );
}
