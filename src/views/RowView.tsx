// The drill-down of kinds with no view of their own (peer, subnet, chain): the row, and whatever detail resource the
// scheduler loaded for it, as label/value lines.
import { useMemo } from 'react';
import { useAvatop } from '../ui/store-context';
import type { KeyValueItem } from '../components/KeyValue';
import { DocumentPane } from '../ui/DocumentPane';
import { flatten } from '../format/fields';
import { describeResource, type Resource } from '../state/resource';
import { PRIMARY_NETWORK_ID, type AvatopState } from '../state/store';
import type { NavViewOf } from '../state/ui';
import type { ViewProps } from './view-props';
import { describeEmptyId, shortenId } from '../format/ids';
import { sanitize } from '../format/sanitize';

interface Part {
  readonly title: string;
  readonly data: unknown;
  readonly resource?: Resource<unknown>;
}

function findRow<T>(list: { rows: ReadonlyArray<{ key: string; value: T }> } | undefined, match: (v: T) => boolean): T | undefined {
  return list?.rows.find((r) => match(r.value))?.value;
}

/** The kinds this view shows. */
export type RowNav = NavViewOf<'peer' | 'subnet' | 'chain'>;

/** What the store knows about the thing a view is about. */
function partsFor(view: RowNav, s: AvatopState): Part[] {
  switch (view.kind) {
    case 'peer':
      return [{ title: 'Peer', data: findRow(s.peers.list.data, (p) => p.nodeID === view.nodeId), resource: s.peers.list }];
    case 'subnet':
      return [
        { title: 'Subnet', data: s.subnets.detail[view.id]?.data ?? findRow(s.subnets.list.data, (x) => x.id === view.id), resource: s.subnets.detail[view.id] },
        { title: 'Chains it validates', data: s.subnets.chainsOf[view.id]?.data, resource: s.subnets.chainsOf[view.id] },
        {
          title: 'Validators',
          data: s.validators.bySubnet[view.id]?.data?.rows.map((r) => r.value.nodeID),
          resource: s.validators.bySubnet[view.id],
        },
      ];
    case 'chain': {
      const chain = findRow(s.subnets.chains.data, (c) => c.id === view.id);
      const subnet = chain?.subnetID ? String(chain.subnetID) : undefined;
      return [
        { title: 'Chain', data: chain, resource: s.subnets.chains },
        { title: 'Status', data: s.subnets.chainStatus[view.id]?.data, resource: s.subnets.chainStatus[view.id] },
        ...(subnet ? [{ title: `Validated by subnet ${shortenId(subnet)}`, data: s.validators.bySubnet[subnet]?.data?.rows.map((r) => r.value.nodeID) }] : []),
      ];
    }
  }
}

export function RowView({ view, width, height, active }: ViewProps<RowNav>) {
  // The whole state, then derive: a selector building new arrays would re-render forever.
  const state = useAvatop((s) => s);
  const parts = useMemo(() => partsFor(view, state), [view, state]);
  const items: KeyValueItem[] = [];
  for (const p of parts) {
    items.push({ section: p.title });
    if (p.data === undefined) {
      items.push({ label: 'status', value: p.resource ? describeResource(p.resource) : 'not loaded', tone: 'muted' });
      continue;
    }
    for (const [k, v] of flatten(p.data)) items.push({ label: k, value: describeEmptyId(k, v), tone: v === PRIMARY_NETWORK_ID ? 'muted' : undefined });
  }
  return <DocumentPane id={`view:${sanitize(JSON.stringify(view, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)))}`} items={items} width={width} height={height} active={active} layer="view" />;
}
