import { useAppConfig } from '../../ui/config';
import { budgetCell } from '../../ui/budget-model';
import { judgeValidation } from '../../domain/reward/guard';
import { renewalOf } from '../../domain/reward/renewal';
import { heliconFromResource } from '../../domain/reward/threshold';
import { useMemo } from 'react';
import { useAvatop } from '../../ui/store-context';
import { useAvatopStore } from '../../ui/store-context';
import { setSubnet as setUiSubnet } from '../../state/ui';
import { useNow } from '../../components/Clock';
import type { Column } from '../../components/table-layout';
import type { TableRow } from '../../components/table-model';
import { formatWeightCompact, weightIsAvax, weightUnit } from '../../format/weight';
import { formatAvaxColumn } from '../../format/avax';
import { formatCount, formatPercent } from '../../format/number';
import { formatCountdown, formatDate } from '../../format/time';
import { shortenId } from '../../format/ids';
import { str } from '../../format/fields';
import { TableBody, tableBodyHeight, type PaneProps } from '../common';
import { useTablePane } from '../use-table-pane';
import { delegatorCount, delegatorWeight, hasBls, stakeShare, stakeTotal, stakeWeightOf, totalWeight, validatorHealth, weightOf } from './validator-model';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import { idleResource } from '../../state/resource';
import type { Validator } from '../../state/types';
import { useThresholdOf, type ThresholdOf } from '../../ui/use-reward-threshold';
import { splitRuleText } from '../../domain/reward/threshold';

/**
 * Optional columns, shown only where they tell rows apart: RENEW where some validator is auto-renewed (v1.15), NEEDS
 * where validations have different thresholds (on both sides of Helicon); otherwise the summary line says it once.
 */
export interface ValidatorColumnOptions {
  readonly thresholdOf?: ThresholdOf;
  readonly renew?: boolean;
  readonly needs?: boolean;
  /** Whose weights: the primary network's are AVAX, a subnet's or an L1's plain numbers (format/weight.ts). */
  readonly subnetId?: string;
  /** Watched nodes' downtime budgets (--watch-node): a BUDGET column when any is watched. */
  readonly budgetOf?: (v: Validator) => ReturnType<typeof budgetCell> | undefined;
}

export function validatorColumns(now: number, total: bigint, opts: ValidatorColumnOptions = {}): Column<Validator>[] {
  const subnetId = opts.subnetId ?? PRIMARY_NETWORK_ID;
  // AVAX columns line up on the decimal point; a subnet's or an L1's weights are plain numbers.
  const weight = (w: bigint | undefined) => (weightIsAvax(subnetId) ? formatAvaxColumn(w) : formatWeightCompact(w, subnetId));
  const needs = (v: Validator) => opts.thresholdOf?.(v, now).percent;
  const cols: Column<Validator>[] = [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (v) => str(v.nodeID), sortValue: (v) => v.nodeID },
    { key: 'weight', title: 'WEIGHT', width: 9, align: 'right', priority: 0, render: (v) => weight(weightOf(v)), sortValue: (v) => weightOf(v) },
    { key: 'share', title: 'SHARE', width: 7, align: 'right', priority: 2, render: (v) => formatPercent(stakeShare(v, total), 3), sortValue: (v) => stakeWeightOf(v) },
    { key: 'start', title: 'START', width: 10, priority: 5, render: (v) => formatDate(v.startTime?.getTime()), sortValue: (v) => v.startTime?.getTime() },
    { key: 'end', title: 'END', width: 10, priority: 4, render: (v) => formatDate(v.endTime?.getTime()), sortValue: (v) => v.endTime?.getTime() },
    { key: 'left', title: 'LEFT', width: 8, align: 'right', priority: 1, render: (v) => formatCountdown(v.endTime?.getTime(), now), sortValue: (v) => v.endTime?.getTime() },
    { key: 'uptime', title: 'UPTIME', width: 7, align: 'right', priority: 1, render: (v) => formatPercent(v.uptime, 1), sortValue: (v) => v.uptime },
    { key: 'renew', title: 'RENEW', width: 5, priority: 3, render: (v) => renewText(v), sortValue: (v) => renewText(v) },
    { key: 'needs', title: 'NEEDS', width: 5, align: 'right', priority: 3, render: (v) => { const p = needs(v); return p === undefined ? '—' : `${p}%`; }, sortValue: (v) => needs(v) },
    { key: 'budget', title: 'BUDGET', width: 8, align: 'right', priority: 1, render: (v) => opts.budgetOf?.(v)?.text ?? '', sortValue: (v) => opts.budgetOf?.(v)?.sortMs },
    { key: 'connected', title: 'CONN', width: 5, priority: 2, render: (v) => (v.connected === undefined ? '—' : v.connected ? 'yes' : 'NO'), sortValue: (v) => (v.connected === true ? 1 : v.connected === false ? 0 : undefined) },
    { key: 'delegators', title: 'DELEG', width: 5, align: 'right', priority: 3, render: (v) => formatCount(delegatorCount(v)), sortValue: (v) => delegatorCount(v) },
    { key: 'delegated', title: 'DEL.WT', width: 8, align: 'right', priority: 4, render: (v) => weight(delegatorWeight(v)), sortValue: (v) => delegatorWeight(v) },
    { key: 'fee', title: 'FEE', width: 6, align: 'right', priority: 4, render: (v) => formatPercent(v.delegationFee, 1), sortValue: (v) => v.delegationFee },
    { key: 'reward', title: 'REWARD', width: 8, align: 'right', priority: 5, render: (v) => weight(v.potentialReward), sortValue: (v) => v.potentialReward },
    { key: 'bls', title: 'BLS', width: 3, priority: 6, render: (v) => (hasBls(v) ? 'yes' : 'no'), sortValue: (v) => (hasBls(v) ? 1 : 0) },
  ];
  return cols.filter((c) => (c.key !== 'renew' || opts.renew) && (c.key !== 'needs' || opts.needs) && (c.key !== 'budget' || opts.budgetOf !== undefined));
}

/** Watched nodes (--watch-node) judged by the reward guard from this node's view of them; primary network only. */
function useWatchedBudgets(subnet: string, now: number): ValidatorColumnOptions['budgetOf'] {
  const { watch, rewardThreshold } = useAppConfig();
  const upgrades = useAvatop((s) => s.versions.upgrades);
  return useMemo(() => {
    if (!watch || watch.length === 0 || subnet !== PRIMARY_NETWORK_ID) return undefined;
    const watched = new Set(watch);
    const helicon = heliconFromResource(upgrades);
    return (v: Validator) =>
      watched.has(v.nodeID)
        ? budgetCell(
            judgeValidation(
              { nodeId: v.nodeID, validation: 'primary', startMs: v.startTime?.getTime(), endMs: v.endTime?.getTime(), uptimePercent: v.uptime, view: 'this-node', helicon, renewal: renewalOf(v) },
              { now, override: rewardThreshold.override },
            ),
          )
        : undefined;
  }, [watch, subnet, upgrades, now, rewardThreshold.override]);
}

/** ACP-236 auto-renewed validators: "auto" (renews at END), "last" (its authority set the next period to 0). */
export function renewText(v: Validator): string {
  if (v.nextPeriod === undefined && v.validatorAuthority === undefined) return '';
  return v.nextPeriod === 0n ? 'last' : 'auto';
}

export function validatorTone(v: Validator, ownId: string | undefined, thresholdOf: ThresholdOf, now: number) {
  if (ownId && v.nodeID === ownId) return 'own' as const;
  const h = validatorHealth(v, thresholdOf(v, now));
  return h.disconnected || h.belowThreshold ? ('warn' as const) : undefined;
}

/** "80% (Helicon unscheduled)", or both figures when the listed validations differ. */
export function thresholdRuleText(rows: readonly TableRow<Validator>[], thresholdOf: ThresholdOf): { text: string; mixed: boolean } {
  const now = Date.now();
  const seen = new Map<string, ReturnType<ThresholdOf>>();
  for (const r of rows) {
    if (r.change === 'removed') continue;
    const t = thresholdOf(r.value, now);
    if (!seen.has(t.source)) seen.set(t.source, t);
    if (seen.size > 2) break;
  }
  const ts = [...seen.values()];
  if (ts.length === 0) return { text: '', mixed: false };
  if (ts.length === 1) return { text: ts[0]!.short, mixed: false };
  const before = ts.find((t) => t.source === 'before-helicon');
  const after = ts.find((t) => t.source === 'after-helicon');
  return { text: before && after && ts.length === 2 ? splitRuleText(before, after) : ts.map((t) => t.short).join(' / '), mixed: true };
}

/** Subnets the pane can switch between: the primary network first, then every subnet the node reported. */
export function useSubnetChoices(): string[] {
  const subnets = useAvatop((s) => s.subnets.list.data);
  return useMemo(() => {
    const ids = (subnets?.rows ?? []).map((r) => String(r.value.id)).filter((id) => id !== PRIMARY_NETWORK_ID);
    return [PRIMARY_NETWORK_ID, ...ids];
  }, [subnets]);
}

// One empty list while nothing has arrived, so the memos below keep their results between renders.
const NO_ROWS: readonly TableRow<Validator>[] = [];

export function ValidatorsPane({ width, height, active }: PaneProps) {
  const choices = useSubnetChoices();
  // The scheduler polls the subnet in ui.subnet, so the choice lives in the store.
  const store = useAvatopStore();
  const subnet = useAvatop((s) => s.ui.subnet) ?? PRIMARY_NETWORK_ID;
  const setSubnet = (id: string) => store.setState({ ...store.getState(), ui: setUiSubnet(store.getState().ui, id) }, true);
  const resource = useAvatop((s) => s.validators.bySubnet[subnet]) ?? idleResource();
  const ownId = useAvatop((s) => s.node.id.data?.nodeID);
  const thresholdOf = useThresholdOf(subnet);
  const now = useNow(1000, active);
  const rows = (resource.data?.rows ?? NO_ROWS) as readonly TableRow<Validator>[];
  const totalStake = useAvatop((s) => s.supply.totalStake.data);
  const current = useMemo(() => rows.filter((r) => r.change !== 'removed').map((r) => r.value), [rows]);
  // The summary's total is the validators' own stakes (or a subnet's weights); shares are of all stake, the same
  // total the overview divides by (getTotalStake is the primary network's, so a subnet divides by its list).
  const total = useMemo(() => totalWeight(current), [current]);
  const shareTotal = useMemo(
    () => (subnet === PRIMARY_NETWORK_ID ? stakeTotal(totalStake, current) : stakeTotal(undefined, current)) ?? 0n,
    [subnet, totalStake, current],
  );
  // Counting over every row is O(n): once per poll, not once per clock tick.
  const rule = useMemo(() => thresholdRuleText(rows, thresholdOf), [rows, thresholdOf]);
  const anyRenewed = useMemo(() => rows.some((r) => r.change !== 'removed' && renewText(r.value) !== ''), [rows]);
  const mixed = rule.mixed;
  const budgetOf = useWatchedBudgets(subnet, now);
  const columns = useMemo(
    () => validatorColumns(now, shareTotal, { thresholdOf, renew: anyRenewed, needs: mixed, subnetId: subnet, budgetOf }),
    [now, shareTotal, thresholdOf, anyRenewed, mixed, subnet, budgetOf],
  );
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
    return rows.filter((r) => r.change !== 'removed' && validatorTone(r.value, undefined, thresholdOf, t) === 'warn').length;
  }, [rows, thresholdOf]);
  // The figures in use, in words: each validation is judged by its own start against the node's Helicon time.
  const summary = `${subnetName} (${choices.indexOf(subnet) + 1}/${choices.length}) · ${formatWeightCompact(total, subnet)} ${weightUnit(subnet)}${warn ? ` · ${warn} below or offline` : ''}${rule.text ? ` · ${/^\d/.test(rule.text) ? 'needs ' : ''}${rule.text}` : ''}`;
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
      tone={(v) => validatorTone(v, ownId, thresholdOf, now)}
    />
  );
}
