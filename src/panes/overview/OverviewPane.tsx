import { useCallback, useMemo } from 'react';
import { Box } from 'ink';
import { useAvatop, useAvatopStore } from '../../ui/store-context';
import { useAppConfig } from '../../ui/config';
import { useOwnThreshold } from '../../ui/use-reward-threshold';
import { selectOwnValidator } from '../../state/own-validator';
import { useNowText } from '../../components/Clock';
import { rewardCard } from '../../ui/budget-model';
import { useOwnValidations } from '../../ui/use-own-validations';
import { discoveryRows, otherValidationRows } from '../../ui/validations-model';
import { ownValidationsResource } from '../../state/view-keys';
import { lastCycleRewards } from '../../domain/reward/node-guard';
import { KeyValue, type KeyValueItem } from '../../components/KeyValue';
import { ErrorBanner } from '../../components/ErrorBanner';
import { formatAvax } from '../../format/avax';
import { formatCount, formatPercent } from '../../format/number';
import { formatCountdown, formatTimestamp } from '../../format/time';
import { fitHex } from '../../format/ids';
import { columnItems, layoutCards, type Card, type LaidColumn } from './overview-layout';
import { sanitize } from '../../format/sanitize';
import { str } from '../../format/fields';
import type { PaneProps } from '../common';
import { DocumentPane } from '../../ui/DocumentPane';
import { healthSummaryOf } from '../../domain/health/health-summary';
import { delegatorCount, delegatorWeight, stakeShare, stakeTotal, validatorHealth, weightOf } from '../../domain/stake';
import { PRIMARY_NETWORK_ID } from '../../state/store';
import type { Resource } from '../../state/resource';
import type { Validator } from '../../state/types';
import { describeUnknown } from '../../state/resource';
import { useBookEvents, useEventBook } from '../../ui/use-events';
import { sameShownHealth, useAvatopShown, useShownResource } from '../../ui/use-shown';
import { recentEventItems } from './recent-events';
import { overviewClockText } from './overview-clock';

function val<T>(r: Resource<T>, show: (d: T) => string): string {
  if (r.data !== undefined) return show(r.data) + (r.stale ? ' (stale)' : '');
  return r.status === 'ok' ? '—' : sanitize(describeUnknown(r as Resource<unknown>));
}

export function OverviewPane({ width, height, active }: PaneProps) {
  const store = useAvatopStore();
  const { rewardThreshold: settings } = useAppConfig();
  const book = useEventBook();
  // The clock renders this pane again only when a text of the time on it changes (overview-clock.ts has each one):
  // a countdown, the budget, an event's age; a second that changes none of them is no render and no frame.
  const clockText = useCallback((t: number) => overviewClockText(store.getState(), settings, book?.events(), height, t), [store, settings, book, height]);
  const now = useNowText(1000, clockText);
  // Each as it shows (ui/use-shown.ts): a new answer of the same figures is no render.
  const nodeId = useShownResource((s) => s.node.id);
  const ip = useShownResource((s) => s.node.ip);
  const health = useAvatopShown((s) => s.node.health, sameShownHealth);
  const uptime = useShownResource((s) => s.node.uptime);
  const version = useShownResource((s) => s.node.version);
  const networkName = useShownResource((s) => s.node.networkName);
  const networkId = useShownResource((s) => s.node.networkId);
  const supply = useShownResource((s) => s.supply.current);
  const assetId = useShownResource((s) => s.supply.stakingAssetId);
  const minStake = useShownResource((s) => s.supply.minStake);
  const totalStake = useShownResource((s) => s.supply.totalStake);
  const ownId = nodeId.data?.nodeID;
  const detail = useShownResource((s) => (ownId ? s.validators.detail[`${PRIMARY_NETWORK_ID}/${ownId}`] : undefined));
  const list = useAvatop((s) => s.validators.bySubnet[PRIMARY_NETWORK_ID]);
  const bootstrapping = useAvatop((s) => s.pchain.height.bootstrapping);

  const own: Validator | undefined = useAvatop(selectOwnValidator);
  // This node's validation's threshold (a new validation's when it is not validating), with where it comes from.
  const ownThreshold = useOwnThreshold(now);
  // Every validation of this node, judged by the reward guard; the primary one first.
  const validations = useOwnValidations(now);
  const discovery = useAvatop(ownValidationsResource);
  const lastCycle = useAvatop(lastCycleRewards);
  const guard = validations[0]?.kind === 'primary' ? validations[0].guard : undefined;
  const bookEvents = useBookEvents(book);
  // No event log in this view (a screen test's store): no card.
  const events = book ? bookEvents : undefined;
  const total = useMemo(
    () => stakeTotal(totalStake.data, list?.data?.rows.filter((r) => r.change !== 'removed').map((r) => r.value)),
    [totalStake.data, list],
  );

  const up = uptime.data;
  const pop = nodeId.data?.nodePOP;
  // Checks that have not run yet since the node started are not failures (domain/health says which is which).
  const healthSummary = healthSummaryOf(health.data);
  const names = (xs: readonly string[]) => xs.map((n) => sanitize(n)).join(', ');

  const blsKey = pop?.publicKey ? str(pop.publicKey) : undefined;
  const blsPop = pop?.proofOfPossession ? str(pop.proofOfPossession) : undefined;
  const node = (valueWidth: number): KeyValueItem[] => [
    { section: 'Node' },
    { label: 'Node ID', value: val(nodeId, (d) => sanitize(d.nodeID)), tone: 'accent' },
    // Whole where the column allows (a BLS key is 98 characters; the overview widens a column for it).
    { label: 'BLS key', value: blsKey ? fitHex(blsKey, valueWidth) : nodeId.data ? 'none' : '—' },
    { label: 'BLS PoP', value: blsPop ? fitHex(blsPop, valueWidth) : '—' },
    { label: 'IP', value: val(ip, (d) => sanitize(d)) },
    { label: 'Network', value: `${sanitize(networkName.data ?? '—')}${networkId.data !== undefined ? ` (ID ${networkId.data})` : ''}` },
    { label: 'Version', value: val(version, (d) => sanitize(d.version)) },
    { label: 'Database', value: sanitize(String(version.data?.databaseVersion ?? '—')) },
    {
      label: 'Health',
      value:
        health.status === 'unsupported'
          ? 'health API not available'
          : val(health, (d) =>
              d.healthy
                ? 'healthy'
                : healthSummary.kind === 'pending'
                  ? `checks pending: ${names(healthSummary.pending)}`
                  : `UNHEALTHY${healthSummary.failing.length ? `: ${names(healthSummary.failing)}` : ''}${healthSummary.pending.length ? `; pending: ${names(healthSummary.pending)}` : ''}`,
            ),
      tone: health.data ? healthSummary.tone : 'muted',
    },
  ];
  // info.uptime is the node's own sum over all stake (unconnected stake as 0), not the vote: the reward card reads
  // the vote itself.
  const figures: KeyValueItem[] = [
    { section: "The node's uptime figures (info.uptime)" },
    { label: 'Average', value: `${formatPercent(up?.weightedAveragePercentage, 2)} (unconnected stake as 0)`, tone: 'muted' },
    { label: 'Rewarding stake', value: `${formatPercent(up?.rewardingStakePercentage, 2)}${ownThreshold.percent === undefined ? '' : ` (counted at ${ownThreshold.percent}%)`}`, tone: 'muted' },
    { label: 'Reward threshold', value: ownThreshold.percent === undefined ? ownThreshold.reason : `${ownThreshold.percent}%, ${ownThreshold.reason}`, tone: 'muted' },
  ];

  const signer = own?.signer?.publicKey ? str(own.signer.publicKey) : undefined;
  const mine = (valueWidth: number): KeyValueItem[] => {
    const items: KeyValueItem[] = [{ section: 'My validator (primary network)' }];
    if (!own) {
      items.push({
        label: 'Status',
        value: ownId ? (list?.status === 'ok' || detail?.status === 'ok' ? 'not a current validator' : bootstrapping ? 'not known until the P-chain has bootstrapped' : 'looking it up…') : '—',
        tone: 'muted',
      });
      return items;
    }
    const w = weightOf(own);
    const h = validatorHealth(own, ownThreshold);
    items.push(
      // The share is of its weight in consensus (own stake and delegations), as getTotalStake counts it.
      { label: 'Weight', value: `${formatAvax(w, { unit: true })}${total ? ` (${formatPercent(stakeShare(own, total), 4)} of stake)` : ''}` },
      { label: 'Start', value: formatTimestamp(own.startTime?.getTime()) },
      { label: 'End', value: `${formatTimestamp(own.endTime?.getTime())} (${formatCountdown(own.endTime?.getTime(), now)} left)` },
      { label: 'Uptime', value: `${formatPercent(own.uptime, 2)} (needs ${h.threshold.percent ?? '—'}%)`, tone: h.belowThreshold ? 'warn' : own.uptime !== undefined ? 'ok' : undefined },
      { label: 'Connected', value: own.connected === undefined ? '—' : own.connected ? 'yes' : 'NO', tone: h.disconnected ? 'error' : 'ok' },
      { label: 'Potential reward', value: formatAvax(own.potentialReward, { unit: true }) },
      { label: 'Delegators', value: `${formatCount(delegatorCount(own))} with ${formatAvax(delegatorWeight(own) ?? 0n, { unit: true })}` },
      { label: 'Delegation fee', value: formatPercent(own.delegationFee, 2) },
      { label: 'BLS signer', value: signer ? fitHex(signer, valueWidth) : 'none' },
    );
    return items;
  };
  // Every validation of this node in one card: the primary one's budget, then each subnet and L1 validation.
  const others = [...otherValidationRows(validations, now), ...discoveryRows(discovery)];
  const reward: KeyValueItem[] =
    guard || others.length > 0 ? [{ section: guard?.autoRenewed ? 'Reward this cycle' : 'Reward this period' }, ...(guard ? rewardCard(guard, now, lastCycle) : []), ...others] : [];
  const network: KeyValueItem[] = [
    { section: 'Network' },
    { label: 'Supply', value: val(supply, (d) => formatAvax(d, { unit: true, decimals: 0 })) },
    { label: 'Total stake', value: val(totalStake, (d) => formatAvax(d, { unit: true, decimals: 0 })) },
    { label: 'Staking asset', value: val(assetId, (d) => sanitize(d)) },
    { label: 'Min validator stake', value: val(minStake, (d) => formatAvax(d.minValidatorStake, { unit: true })) },
    { label: 'Min delegator stake', value: val(minStake, (d) => formatAvax(d.minDelegatorStake, { unit: true })) },
  ];

  const card = (id: string, items: (w: number) => KeyValueItem[], wantsValue?: number): Card => {
    const sample = items(0);
    return { id, items, lines: sample.length, wantsValue, labels: sample.flatMap((i) => ('label' in i ? [i.label] : [])) };
  };
  const cards = {
    node: card('node', node, blsKey?.length),
    figures: card('figures', () => figures),
    mine: card('mine', mine, signer?.length),
    reward: card('reward', () => reward),
    network: card('network', () => network),
  };
  const present = (cs: Card[]) => cs.filter((c) => c.lines > 0);
  const banner = nodeId.status === 'error' && !nodeId.data ? <ErrorBanner width={width} title="Node" error={nodeId.error} /> : null;
  const bannerLines = banner ? 2 : 0;
  // Two columns: the node and its validation (both with a BLS key) on the left, the rest balanced by layoutCards, the
  // reward card heading whichever column it lands in; one column: the reward first, above the fold at 80x24.
  const columns = layoutCards(
    present([cards.node, cards.reward, cards.figures, cards.mine, cards.network]),
    present([cards.reward, cards.node, cards.figures, cards.mine, cards.network]),
    width,
    height - bannerLines,
  );
  if (columns.length === 2) {
    const [left, right] = columns as [LaidColumn, LaidColumn];
    // A tall terminal's spare rows, under the shorter column: this node's newest events.
    const rows = height - bannerLines;
    let leftItems = columnItems(left);
    let rightItems = columnItems(right);
    if (leftItems.length <= rightItems.length) leftItems = [...leftItems, ...recentEventItems(events, ownId, rows - leftItems.length, now)];
    else rightItems = [...rightItems, ...recentEventItems(events, ownId, rows - rightItems.length, now)];
    return (
      <Box flexDirection="column" width={width} height={height}>
        {banner}
        <Box flexDirection="row" width={width} height={height - bannerLines}>
          {/* Widths are exact (layoutCards); the gap is the left box's own, so no empty box can be shrunk away. */}
          <Box width={width - right.width} flexShrink={0}>
            <KeyValue items={leftItems} width={left.width} labelWidth={left.labelWidth} height={height - bannerLines} />
          </Box>
          <Box width={right.width} flexShrink={0}>
            <KeyValue items={rightItems} width={right.width} labelWidth={right.labelWidth} height={height - bannerLines} />
          </Box>
        </Box>
      </Box>
    );
  }
  // Narrow or short terminals: one column that scrolls with j/k.
  return <DocumentPane id="overview" items={columnItems(columns[0]!)} width={width} height={height} active={active} above={banner} aboveLines={bannerLines} />;
}
