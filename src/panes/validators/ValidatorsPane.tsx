import { useMemo } from 'react';
import { useAvatop } from '../../app/store-context';
import { useAppConfig } from '../../app/config';
import { useAvatopStore } from '../../app/store-context';
import { setSubnet as setUiSubnet } from '../../state/ui';
import { useNow } from '../../components/Clock';
import type { Column } from '../../components/table-layout';
import type { TableRow } from '../../components/table-model';
import { formatAvaxColumn, formatAvaxCompact, shareOf } from '../../format/avax';
import { formatCount, formatPercent } from '../../format/number';
import { formatCountdown, formatDate } from '../../format/time';
import { shortenId } from '../../format/ids';
import { bool, big, date, num, str } from '../fields';
import { TableBody, tableBodyHeight, type PaneProps } from '../common';
import { useTablePane } from '../use-table-pane';
import { delegatorCount, delegatorWeight, hasBls, totalWeight, validatorHealth, weightOf } from './validator-model';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import { idleResource } from '../../state/resource';
import type { Validator } from '../../state/types';
import type { RewardThreshold } from '../../app/config';

export function validatorColumns(now: number, total: bigint): Column<Validator>[] {
  return [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (v) => str(v.nodeID), sortValue: (v) => String(v.nodeID) },
    { key: 'weight', title: 'WEIGHT', width: 9, align: 'right', priority: 0, render: (v) => formatAvaxColumn(weightOf(v)), sortValue: (v) => weightOf(v) },
    { key: 'share', title: 'SHARE', width: 7, align: 'right', priority: 2, render: (v) => formatPercent(shareOf(weightOf(v), total), 3), sortValue: (v) => weightOf(v) },
    { key: 'start', title: 'START', width: 10, priority: 5, render: (v) => formatDate(date(v.startTime)), sortValue: (v) => date(v.startTime) },
    { key: 'end', title: 'END', width: 10, priority: 4, render: (v) => formatDate(date(v.endTime)), sortValue: (v) => date(v.endTime) },
    { key: 'left', title: 'LEFT', width: 8, align: 'right', priority: 1, render: (v) => formatCountdown(date(v.endTime), now), sortValue: (v) => date(v.endTime) },
    { key: 'uptime', title: 'UPTIME', width: 7, align: 'right', priority: 1, render: (v) => formatPercent(num(v.uptime), 1), sortValue: (v) => num(v.uptime) },
    { key: 'connected', title: 'CONN', width: 5, priority: 2, render: (v) => (bool(v.connected) === undefined ? '—' : v.connected ? 'yes' : 'NO'), sortValue: (v) => (v.connected === true ? 1 : v.connected === false ? 0 : undefined) },
    { key: 'delegators', title: 'DELEG', width: 5, align: 'right', priority: 3, render: (v) => formatCount(delegatorCount(v)), sortValue: (v) => delegatorCount(v) },
    { key: 'delegated', title: 'DEL.WT', width: 8, align: 'right', priority: 4, render: (v) => formatAvaxColumn(delegatorWeight(v)), sortValue: (v) => delegatorWeight(v) },
    { key: 'fee', title: 'FEE', width: 6, align: 'right', priority: 4, render: (v) => formatPercent(num(v.delegationFee), 1), sortValue: (v) => num(v.delegationFee) },
    { key: 'reward', title: 'REWARD', width: 8, align: 'right', priority: 5, render: (v) => formatAvaxColumn(big(v.potentialReward)), sortValue: (v) => big(v.potentialReward) },
    { key: 'bls', title: 'BLS', width: 3, priority: 6, render: (v) => (hasBls(v) ? 'yes' : 'no'), sortValue: (v) => (hasBls(v) ? 1 : 0) },
  ];
}

export function validatorTone(v: Validator, ownId: string | undefined, t: RewardThreshold, now: number) {
  if (ownId && v.nodeID === ownId) return 'own' as const;
  const h = validatorHealth(v, t, now);
  return h.disconnected || h.belowThreshold ? ('warn' as const) : undefined;
}

/** Subnets the pane can switch between: the primary network first, then every subnet the node reported. */
export function useSubnetChoices(): string[] {
  const subnets = useAvatop((s) => s.subnets.list.data);
  return useMemo(() => {
    const ids = (subnets?.rows ?? []).map((r) => String(r.value.id)).filter((id) => id !== PRIMARY_NETWORK_ID);
    return [PRIMARY_NETWORK_ID, ...ids];
  }, [subnets]);
}

export function ValidatorsPane({ width, height, active }: PaneProps) {
  const { rewardThreshold } = useAppConfig();
  const choices = useSubnetChoices();
  // The scheduler polls the subnet in ui.subnet, so the choice lives in the store.
  const store = useAvatopStore();
  const subnet = useAvatop((s) => s.ui.subnet) ?? PRIMARY_NETWORK_ID;
  const setSubnet = (id: string) => store.setState({ ...store.getState(), ui: setUiSubnet(store.getState().ui, id) }, true);
  const resource = useAvatop((s) => s.validators.bySubnet[subnet]) ?? idleResource();
  const ownId = useAvatop((s) => s.node.id.data?.nodeID);
  const now = useNow(1000, active);
  const rows = (resource.data?.rows ?? []) as readonly TableRow<Validator>[];
  const total = useMemo(() => totalWeight(rows.filter((r) => r.change !== 'removed').map((r) => r.value)), [rows]);
  const columns = useMemo(() => validatorColumns(now, total), [now, total]);
  const bodyHeight = tableBodyHeight(height, resource);
  const table = useTablePane({
    pane: 'validators',
    rows,
    columns,
    bodyHeight,
    active,
    defaultSort: { key: 'weight', dir: 'desc' },
    open: (v) => ({ kind: 'validator', nodeId: String(v.nodeID), subnetId: subnet }),
    onKey: (ev) => {
      const i = Math.max(0, choices.indexOf(subnet));
      if (ev.is('subnet.next')) setSubnet(choices[(i + 1) % choices.length]!);
      else if (ev.is('subnet.prev')) setSubnet(choices[(i - 1 + choices.length) % choices.length]!);
      else return false;
      return true;
    },
  });
  const subnetName = subnet === PRIMARY_NETWORK_ID ? 'primary network' : `subnet ${shortenId(subnet)}`;
  // Counting over every row is O(n): once per poll, not once per key press or clock tick.
  const warn = useMemo(() => {
    const t = Date.now();
    return rows.filter((r) => r.change !== 'removed' && validatorTone(r.value, undefined, rewardThreshold, t) === 'warn').length;
  }, [rows, rewardThreshold]);
  const summary = `${subnetName} (${choices.indexOf(subnet) + 1}/${choices.length}, n: next) · total ${formatAvaxCompact(total)} AVAX${warn ? ` · ${warn} below ${rewardThreshold.before}/${rewardThreshold.after}% or offline` : ''}`;
  return (
    <TableBody
      width={width}
      height={height}
      resource={resource}
      what="Validators"
      table={table}
      columns={columns}
      active={active}
      summary={summary}
      emptyText="no validators"
      tone={(v) => validatorTone(v, ownId, rewardThreshold, now)}
    />
  );
}
