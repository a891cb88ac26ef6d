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
import type { TableRow } from '../../components/table-model';
import { formatWeightCompact, weightUnit } from '../../format/weight';
import { formatAgeShort } from '../../format/time';
import { l1BalanceAt } from '../../domain/staking/l1-balance';
import { lens } from '../../state/lenses';
import { listReadAtKey, validatorReadingKey, type ValidatorReading } from '../../state/view-keys';
import { shortenId } from '../../format/ids';
import { sanitize } from '../../format/sanitize';
import { namesOf } from '../../state/names';
import { balanceRunwayMs } from '../../domain/reward/tiers';
import type { PaneProps } from '../common';
import { TablePane } from '../TablePane';
import { stakeTotal, totalWeight, validatorHealth } from '../../domain/stake';
import { renewText, validatorColumns, type ValidatorColumnOptions } from '../../columns/validators';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import { idleResource } from '../../state/resource';
import type { Validator } from '../../state/types';
import { useThresholdOf, type ThresholdOf } from '../../ui/use-reward-threshold';
import { splitRuleText } from '../../domain/reward/threshold';

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
              { now, override: rewardThreshold.override, overrideFrom: rewardThreshold.overrideFrom },
            ),
          )
        : undefined;
  }, [watch, subnet, upgrades, now, rewardThreshold.override, rewardThreshold.overrideFrom]);
}

/** How long each L1 validator's balance lasts at the fee price now (domain/reward/tiers.ts balanceRunwayMs). */
function useL1Runways(balanceOf: ValidatorColumnOptions['balanceOf']): ValidatorColumnOptions['runwayOf'] {
  const price = useAvatop((s) => s.fees.validatorFeeState.data?.price);
  return useMemo(() => {
    if (!balanceOf) return undefined;
    return (v: Validator) => {
      const b = balanceOf(v);
      return b === undefined || price === undefined ? undefined : balanceRunwayMs(b, price);
    };
  }, [balanceOf, price]);
}

/**
 * An L1's validators' balances at the P-chain's time now: the node's reading counted down by the fee price since
 * (domain/staking/l1-balance.ts). Undefined where the list holds no L1 validator.
 */
function useL1Balances(subnet: string, rows: readonly TableRow<Validator>[]): ValidatorColumnOptions['balanceOf'] {
  const readAt = useAvatop((s) => lens.view<number>(listReadAtKey(subnet)).get(s).data);
  const chainNow = useAvatop((s) => s.pchain.timestamp.data?.getTime());
  const price = useAvatop((s) => s.fees.validatorFeeState.data?.price);
  const l1 = useMemo(() => rows.some((r) => r.value.kind === 'l1'), [rows]);
  return useMemo(() => {
    if (!l1) return undefined;
    return (v: Validator) => {
      if (v.balance === undefined) return undefined;
      if (readAt === undefined || chainNow === undefined || price === undefined) return v.balance;
      return l1BalanceAt(v.balance, readAt, chainNow, [{ price, atMs: readAt }]);
    };
  }, [l1, readAt, chainNow, price]);
}

function validatorTone(v: Validator, ownId: string | undefined, thresholdOf: ThresholdOf, now: number) {
  if (ownId && v.nodeID === ownId) return 'own' as const;
  const h = validatorHealth(v, thresholdOf(v, now));
  return h.disconnected || h.belowThreshold ? ('warn' as const) : undefined;
}

/** "80% (Helicon unscheduled)", or both figures when the listed validations differ. */
function thresholdRuleText(rows: readonly TableRow<Validator>[], thresholdOf: ThresholdOf): { text: string; mixed: boolean } {
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
function useSubnetChoices(): string[] {
  const subnets = useAvatop((s) => s.subnets.list.data);
  return useMemo(() => {
    const ids = (subnets?.rows ?? []).map((r) => String(r.value.id)).filter((id) => id !== PRIMARY_NETWORK_ID);
    return [PRIMARY_NETWORK_ID, ...ids];
  }, [subnets]);
}

// One empty list while nothing has arrived, so the memos below keep their results between renders.
const NO_ROWS: readonly TableRow<Validator>[] = [];

export function ValidatorsPane(props: PaneProps) {
  const choices = useSubnetChoices();
  // The scheduler polls the subnet in ui.subnet, so the choice lives in the store.
  const store = useAvatopStore();
  const subnet = useAvatop((s) => s.ui.subnet) ?? PRIMARY_NETWORK_ID;
  const setSubnet = (id: string) => store.setState({ ...store.getState(), ui: setUiSubnet(store.getState().ui, id) }, true);
  const resource = useAvatop((s) => s.validators.bySubnet[subnet]) ?? idleResource();
  const ownId = useAvatop((s) => s.node.id.data?.nodeID);
  const thresholdOf = useThresholdOf(subnet);
  const now = useNow(1000, props.active);
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
  const balanceOf = useL1Balances(subnet, rows);
  const runwayOf = useL1Runways(balanceOf);
  const columns = useMemo(
    () => validatorColumns(now, shareTotal, { thresholdOf, renew: anyRenewed, needs: mixed, subnetId: subnet, budgetOf, balanceOf, runwayOf }),
    [now, shareTotal, thresholdOf, anyRenewed, mixed, subnet, budgetOf, balanceOf, runwayOf],
  );
  // A subnet by its chains' names where the node knows them (it has no name of its own on the P-chain).
  const chains = useAvatop((s) => s.subnets.chains.data);
  const named = useMemo(() => namesOf(chains?.rows.map((r) => r.value)).subnet(subnet), [chains, subnet]);
  const subnetName = subnet === PRIMARY_NETWORK_ID ? 'primary network' : `subnet ${shortenId(subnet)}${named ? ` (${sanitize(named, { maxLength: 40 })})` : ''}`;
  // What the total counts: the validators' own stakes (delegations apart: "own") on the primary network, weights
  // elsewhere. Short, so the rule after it fits 140 columns.
  const totalText = subnet === PRIMARY_NETWORK_ID ? `${formatWeightCompact(total, subnet)} ${weightUnit(subnet)} own stake` : `total weight ${formatWeightCompact(total, subnet)}`;
  // Counting over every row is O(n): once per poll, not once per key press or clock tick.
  const warn = useMemo(() => {
    const t = Date.now();
    return rows.filter((r) => r.change !== 'removed' && validatorTone(r.value, undefined, thresholdOf, t) === 'warn').length;
  }, [rows, thresholdOf]);
  // The list is read again when a block changes it and every few minutes: its uptimes are as old as the reading.
  // The primary list is patched, its uptimes read again a slice at a time (poll/validator-patch.ts): the oldest.
  const oldestRead = useAvatop((s) => (subnet === PRIMARY_NETWORK_ID ? lens.view<ValidatorReading>(validatorReadingKey(subnet)).get(s).data?.oldestReadAt : undefined));
  const read =
    oldestRead !== undefined
      ? ` · uptimes read within ${formatAgeShort(oldestRead, now)}`
      : resource.updatedAt !== undefined
        ? ` · uptimes read ${formatAgeShort(resource.updatedAt, now)} ago`
        : '';
  // The figures in use, in words: each validation is judged by its own start against the node's Helicon time.
  const summary = `${subnetName} (${choices.indexOf(subnet) + 1}/${choices.length}) · ${totalText}${warn ? ` · ${warn} below or offline` : ''}${rule.text ? ` · ${/^\d/.test(rule.text) ? 'needs ' : ''}${rule.text}` : ''}${read}`;
  return (
    <TablePane {...props} pane="validators" what="Validators" resource={resource} rows={rows} columns={columns}
      defaultSort={{ key: 'weight', dir: 'desc' }} emptyText="no validators"
      open={(v) => ({ kind: 'validator', nodeId: String(v.nodeID), subnetId: subnet })}
      onKey={(ev) => {
        const i = Math.max(0, choices.indexOf(subnet));
        if (ev.is('subnet.next')) setSubnet(choices[(i + 1) % choices.length]!);
        else if (ev.is('subnet.prev')) setSubnet(choices[(i - 1 + choices.length) % choices.length]!);
        else return false;
        return true;
      }}
      summary={summary}
      tone={(v) => validatorTone(v, ownId, thresholdOf, now)}
    />
  );
}
