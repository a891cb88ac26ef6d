// The validators table (platform.getCurrentValidators): the validators pane draws it, `avatop get validators`
// prints it. Weights are AVAX on the primary network and plain numbers on a subnet or an L1 (format/weight.ts).
import type { Column } from './column';
import type { Validator } from '../state/types';
import type { Threshold } from '../domain/reward/threshold';
import { delegatorCount, delegatorWeight, hasBls, stakeShare, stakeWeightOf, weightOf } from '../domain/stake';
import { formatWeightCompact, weightIsAvax } from '../format/weight';
import { formatAvaxColumn, formatAvaxExact } from '../format/avax';
import { formatCount, formatPercent } from '../format/number';
import { formatCountdown, formatDate, formatDuration, formatTimestamp } from '../format/time';
import { str } from '../format/fields';
import { PRIMARY_NETWORK_ID } from '../state/constants';

/**
 * What the cells need besides the row. Optional columns show only where they tell rows apart: RENEW where some
 * validator is auto-renewed (v1.15), NEEDS where validations have different thresholds (on both sides of Helicon;
 * otherwise the pane's summary line says it once), BUDGET where a node is watched.
 */
export interface ValidatorColumnOptions {
  /** Each validation's reward threshold (domain/reward/threshold.ts). */
  readonly thresholdOf?: (v: Validator, now: number) => Threshold;
  readonly renew?: boolean;
  readonly needs?: boolean;
  /** Whose weights: the primary network's are AVAX, a subnet's or an L1's plain numbers. */
  readonly subnetId?: string;
  /** Watched nodes' downtime budgets (--watch-node): a BUDGET column when any is watched. */
  readonly budgetOf?: (v: Validator) => { readonly text: string; readonly sortMs: number | undefined } | undefined;
  /** An L1's validators: their balance now (counted down from the list's reading), a BALANCE column. */
  readonly balanceOf?: (v: Validator) => bigint | undefined;
  /**
   * An L1's validators: how long the balance lasts at the fee price (ms; undefined while the price is not known or
   * no fee is charged), a RUNWAY column. With BALANCE, an L1's list shows no delegation or reward columns: an L1
   * validator has neither.
   */
  readonly runwayOf?: (v: Validator) => number | undefined;
}

/** Columns an L1 validator never fills (no end time, no delegation, no staking reward): left out of an L1's list. */
const NOT_ON_L1 = new Set(['end', 'left', 'delegators', 'delegated', 'fee', 'reward']);

/** "271d 3h", "spent" once the balance is gone, "—" with no fee price. */
function runwayText(ms: number | undefined): string {
  if (ms === undefined) return '—';
  return ms <= 0 ? 'spent' : formatDuration(ms);
}

/** ACP-236 auto-renewed validators: "auto" (renews at END), "last" (its authority set the next period to 0). */
export function renewText(v: Validator): string {
  if (v.nextPeriod === undefined && v.validatorAuthority === undefined) return '';
  return v.nextPeriod === 0n ? 'last' : 'auto';
}

/** `get` writes "-" where a value is missing. */
const orDash = <X>(x: X | undefined, f: (x: X) => string): string => (x === undefined ? '-' : f(x));

export function validatorColumns(now: number, total: bigint, opts: ValidatorColumnOptions = {}): Column<Validator>[] {
  const subnetId = opts.subnetId ?? PRIMARY_NETWORK_ID;
  const avax = weightIsAvax(subnetId);
  // AVAX columns line up on the decimal point; a subnet's or an L1's weights are plain numbers.
  const weight = (w: bigint | undefined) => (avax ? formatAvaxColumn(w) : formatWeightCompact(w, subnetId));
  const exactWeight = (w: bigint | undefined) => orDash(w, (x) => (avax ? formatAvaxExact(x) : formatCount(x)));
  const needs = (v: Validator) => opts.thresholdOf?.(v, now).percent;
  const cols: Column<Validator>[] = [
    { key: 'nodeID', cut: 'middle', title: 'NODE', width: 20, maxWidth: 47, grow: true, priority: 0, render: (v) => str(v.nodeID), sortValue: (v) => v.nodeID, get: { title: 'NODE ID' } },
    { key: 'weight', title: 'WEIGHT', width: 9, align: 'right', priority: 0, render: (v) => weight(weightOf(v)), sortValue: (v) => weightOf(v), get: { title: avax ? 'WEIGHT (AVAX)' : 'WEIGHT', value: (v) => exactWeight(v.weight) } },
    { key: 'share', title: 'SHARE', width: 7, align: 'right', priority: 2, render: (v) => formatPercent(stakeShare(v, total), 3), sortValue: (v) => stakeWeightOf(v), get: false },
    { key: 'start', title: 'START', width: 10, priority: 5, render: (v) => formatDate(v.startTime?.getTime()), sortValue: (v) => v.startTime?.getTime(), get: { value: (v) => orDash(v.startTime, formatTimestamp) } },
    { key: 'end', title: 'END', width: 10, priority: 4, render: (v) => formatDate(v.endTime?.getTime()), sortValue: (v) => v.endTime?.getTime(), get: { value: (v) => orDash(v.endTime, formatTimestamp) } },
    { key: 'left', title: 'LEFT', width: 8, align: 'right', priority: 1, render: (v) => formatCountdown(v.endTime?.getTime(), now), sortValue: (v) => v.endTime?.getTime(), get: false },
    { key: 'runway', title: 'RUNWAY', width: 9, align: 'right', priority: 1, render: (v) => runwayText(opts.runwayOf?.(v)), sortValue: (v) => opts.runwayOf?.(v), get: { title: 'RUNWAY (S)', value: (v) => orDash(opts.runwayOf?.(v), (ms) => String(Math.max(0, Math.floor(ms / 1000)))) } },
    { key: 'uptime', title: 'UPTIME', width: 7, align: 'right', priority: 1, render: (v) => formatPercent(v.uptime, 1), sortValue: (v) => v.uptime, get: { value: (v) => orDash(v.uptime, (u) => formatPercent(u)) } },
    { key: 'renew', title: 'RENEW', width: 5, priority: 3, render: (v) => renewText(v), sortValue: (v) => renewText(v), get: false },
    { key: 'needs', title: 'NEEDS', width: 5, align: 'right', priority: 3, render: (v) => { const p = needs(v); return p === undefined ? '—' : `${p}%`; }, sortValue: (v) => needs(v), get: { value: (v) => orDash(needs(v), (p) => `${p}%`) } },
    { key: 'budget', title: 'BUDGET', width: 8, align: 'right', priority: 1, render: (v) => opts.budgetOf?.(v)?.text ?? '', sortValue: (v) => opts.budgetOf?.(v)?.sortMs, get: false },
    { key: 'connected', title: 'CONN', width: 5, priority: 2, render: (v) => (v.connected === undefined ? '—' : v.connected ? 'yes' : 'NO'), sortValue: (v) => (v.connected === true ? 1 : v.connected === false ? 0 : undefined), get: { value: (v) => orDash(v.connected, (c) => (c ? 'yes' : 'NO')) } },
    { key: 'delegators', title: 'DELEG', width: 5, align: 'right', priority: 3, render: (v) => formatCount(delegatorCount(v)), sortValue: (v) => delegatorCount(v), get: { value: (v) => orDash(v.delegatorCount, String) } },
    { key: 'delegated', title: 'DEL.WT', width: 8, align: 'right', priority: 4, render: (v) => weight(delegatorWeight(v)), sortValue: (v) => delegatorWeight(v), get: false },
    { key: 'fee', title: 'FEE', width: 6, align: 'right', priority: 4, render: (v) => formatPercent(v.delegationFee, 1), sortValue: (v) => v.delegationFee, get: { value: (v) => orDash(v.delegationFee, (f) => formatPercent(f)) } },
    { key: 'reward', title: 'REWARD', width: 8, align: 'right', priority: 5, render: (v) => weight(v.potentialReward), sortValue: (v) => v.potentialReward, get: false },
    { key: 'bls', title: 'BLS', width: 3, priority: 6, render: (v) => (hasBls(v) ? 'yes' : 'no'), sortValue: (v) => (hasBls(v) ? 1 : 0), get: false },
    // Spent: the node deactivated it as chain time passed, with no tx (it is listed again at the next reading).
    { key: 'balance', title: 'BALANCE', width: 10, align: 'right', priority: 1, render: (v) => { const b = opts.balanceOf?.(v); return b === undefined ? '—' : b === 0n ? 'spent' : formatAvaxColumn(b); }, sortValue: (v) => opts.balanceOf?.(v), get: { value: (v) => orDash(opts.balanceOf?.(v), formatAvaxExact) } },
  ];
  return cols.filter(
    (c) => (c.key !== 'renew' || opts.renew) && (c.key !== 'needs' || opts.needs) && (c.key !== 'budget' || opts.budgetOf !== undefined) && (c.key !== 'balance' || opts.balanceOf !== undefined),
  ).filter((c) => (c.key !== 'runway' || opts.runwayOf !== undefined) && !(opts.balanceOf !== undefined && NOT_ON_L1.has(c.key)));
}
