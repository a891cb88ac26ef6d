import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import type { Column } from '../../columns/column';
import { mapRow, type TableRow } from '../../components/table-model';
import { formatCount } from '../../format/number';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { PRIMARY_NETWORK_ID, type AvatopState } from '../../state/store';
import type { Blockchain, Subnet } from '../../state/types';

/** One table for subnets and their chains: each subnet row followed by its chains, so the tree survives sorting by it. */
// A subnet only its chains name (not in the list) has no owners to show.
type SubnetOf = Subnet | { readonly id: string; readonly controlKeys?: undefined; readonly threshold?: undefined };

export type SubnetTreeRow =
  | { kind: 'subnet'; subnet: SubnetOf; chains: number; validators: number | undefined }
  | { kind: 'chain'; chain: Blockchain; last: boolean; status: string | undefined; bootstrapped: boolean | undefined };

function subnetIdOf(r: SubnetTreeRow): string {
  return r.kind === 'subnet' ? r.subnet.id : (r.chain.subnetID ?? '');
}

const columns: Column<SubnetTreeRow>[] = [
  {
    key: 'tree',
    title: 'SUBNET / CHAIN',
    width: 24,
    maxWidth: 52,
    grow: true,
    priority: 0,
    render: (r) =>
      r.kind === 'subnet'
        ? r.subnet.id === PRIMARY_NETWORK_ID
          ? 'Primary Network'
          : str(r.subnet.id)
        : `${r.last ? '└' : '├'} ${str(r.chain.name, str(r.chain.id))}`,
    filterText: (r) => (r.kind === 'subnet' ? r.subnet.id : `${r.chain.name ?? ''} ${r.chain.id} ${r.chain.subnetID ?? ''}`),
    // Keep each subnet's chains under it: order by subnet, then subnet row first, then chain name.
    sortValue: (r) => `${subnetIdOf(r) === PRIMARY_NETWORK_ID ? ' ' : subnetIdOf(r)}|${r.kind === 'subnet' ? '0' : `1${r.chain.name ?? ''}|${r.chain.id}`}`,
  },
  { key: 'id', title: 'CHAIN ID', width: 14, priority: 3, render: (r) => (r.kind === 'chain' ? str(r.chain.id) : '') },
  { key: 'vm', title: 'VM', width: 12, priority: 2, render: (r) => (r.kind === 'chain' ? str(r.chain.vmID) : '') },
  {
    key: 'owners',
    title: 'OWNERS',
    width: 12,
    priority: 2,
    render: (r) => {
      if (r.kind !== 'subnet') return '';
      const keys = r.subnet.controlKeys ?? [];
      const threshold = r.subnet.threshold;
      return keys.length === 0 ? (r.subnet.id === PRIMARY_NETWORK_ID ? '' : 'none (PoS/L1)') : `${threshold ?? '?'} of ${keys.length}`;
    },
    filterText: (r) => (r.kind === 'subnet' ? (r.subnet.controlKeys ?? []).map((k) => sanitize(k)).join(' ') : ''),
  },
  { key: 'chains', title: 'CHAINS', width: 6, align: 'right', priority: 1, render: (r) => (r.kind === 'subnet' ? formatCount(r.chains) : '') },
  { key: 'validators', title: 'VALIDATORS', width: 10, align: 'right', priority: 3, render: (r) => (r.kind === 'subnet' ? formatCount(r.validators) : '') },
  { key: 'status', title: 'STATUS', width: 12, priority: 1, render: (r) => (r.kind === 'chain' ? str(r.status, '') : '') },
  { key: 'boot', title: 'BOOTSTRAPPED', width: 12, priority: 4, render: (r) => (r.kind === 'chain' ? (r.bootstrapped === undefined ? '' : r.bootstrapped ? 'yes' : 'no') : '') },
];

const BOOT_BY_NAME: Record<string, 'X' | 'C'> = { 'X-Chain': 'X', 'C-Chain': 'C' };

export function buildSubnetTree(s: Pick<AvatopState, 'subnets' | 'validators' | 'node'>): TableRow<SubnetTreeRow>[] {
  const subnets = (s.subnets.list.data?.rows ?? []).filter((r) => r.change !== 'removed');
  const chains = (s.subnets.chains.data?.rows ?? []).filter((r) => r.change !== 'removed');
  const bySubnet = new Map<string, typeof chains>();
  for (const c of chains) {
    const id = c.value.subnetID ?? '';
    bySubnet.set(id, [...(bySubnet.get(id) ?? []), c]);
  }
  const ids = subnets.map((r) => r.value.id);
  // Chains of subnets the list does not name (should not happen, but the node decides) still show.
  for (const id of bySubnet.keys()) if (!ids.includes(id)) ids.push(id);
  const out: TableRow<SubnetTreeRow>[] = [];
  for (const id of ids) {
    const sr = subnets.find((r) => r.value.id === id);
    const own = [...(bySubnet.get(id) ?? [])].sort((a, b) => (a.value.name ?? '').localeCompare(b.value.name ?? ''));
    const subnetRow = (subnet: SubnetOf): SubnetTreeRow => ({ kind: 'subnet', subnet, chains: own.length, validators: s.validators.bySubnet[id]?.data?.size });
    out.push(sr ? mapRow(sr, `s:${id}`, subnetRow) : { key: `s:${id}`, value: subnetRow({ id }) });
    own.forEach((c, i) => {
      const alias = BOOT_BY_NAME[c.value.name ?? ''];
      out.push(
        mapRow(c, `c:${c.key}`, (chain): SubnetTreeRow => ({
          kind: 'chain',
          chain,
          last: i === own.length - 1,
          status: s.subnets.chainStatus[c.value.id]?.data,
          bootstrapped: alias ? s.node.bootstrapped[alias].data : undefined,
        })),
      );
    });
  }
  return out;
}

export function SubnetsPane(props: PaneProps) {
  const subnets = useAvatop((s) => s.subnets);
  const validators = useAvatop((s) => s.validators);
  const node = useAvatop((s) => s.node);
  const rows = useMemo(() => buildSubnetTree({ subnets, validators, node }), [subnets, validators, node]);
  const { list, chains } = subnets;
  const resource = list.status !== 'ok' ? list : chains;
  const nSubnets = rows.filter((r) => r.value.kind === 'subnet').length;
  return (
    <TablePane {...props} pane="subnets" what="Rows" resource={resource} rows={rows} columns={columns}
      defaultSort={{ key: 'tree', dir: 'asc' }} emptyText="no subnets"
      open={(r) => (r.kind === 'subnet' ? { kind: 'subnet', id: r.subnet.id } : { kind: 'chain', id: r.chain.id })}
      summary={`${formatCount(nSubnets)} subnets, ${formatCount(rows.length - nSubnets)} chains · Enter: owners, chains it validates, validators`}
    />
  );
}
