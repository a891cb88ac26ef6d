// Two lines: who the node is and where the chain is; then health of the connection and how fresh the data is.
import { useMemo, useRef } from 'react';
import { Box } from 'ink';
import { useAvatop } from '../ui/store-context';
import { useNowText } from '../components/Clock';
import { Segments } from '../components/StatusBar';
import { sparkline } from '../components/Sparkline';
import { useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { sanitize } from '../format/sanitize';
import { truncateWords } from '../format/width';
import { useAppConfig } from '../ui/config';
import { shortenId } from '../format/ids';
import { formatCount, formatLatency, formatPercent } from '../format/number';
import { formatBehind, formatClock, formatDataAge } from '../format/time';
import { addHeight, blocksPerMinute, EMPTY_HEIGHT_HISTORY, heightDropNote, unreachableText, type HeightHistory } from './header-model';
import { selectLiveness, type Liveness } from '../state/liveness';
import { connectedParts, healthParts } from './health-model';
import { useOwnThreshold } from '../ui/use-reward-threshold';
import { fitHeaderParts, type HeaderPart } from './header-fit';
import type { Resource } from '../state/resource';
import { headerMetricParts } from './header-metrics';
import { addLatency, EMPTY_RPC_LATENCY, shownLatency, type RpcLatency } from './rpc-latency';
import { isBelow } from '../domain/reward/threshold';
import { validationsBadge } from '../ui/validations-model';
import { useOwnValidations } from '../ui/use-own-validations';
import { useFleetAttention, useViewedName } from '../fleet/fleet-context';
import { useBookEvents, useEventBook, useSeenAt } from '../ui/use-events';
import { newWarningCount, newWarningsText } from '../panes/events/events-model';
import { useUpgradeVerdict } from '../ui/use-upgrade-verdict';
import { upgradeBadgeParts } from './upgrade-badge';

/** "⚑ 3 new since 09:12" while warnings arrived since the Events pane was last opened (e opens it). */
function useNewWarnings(now: number): { count: string; since: string | undefined; critical: boolean } | undefined {
  const book = useEventBook();
  const events = useBookEvents(book);
  const seenAt = useSeenAt(book);
  const onEvents = useAvatop((s) => s.ui.pane === 'events' && s.ui.nav.length === 0);
  const fresh = useMemo(() => newWarningCount(events, seenAt), [events, seenAt]);
  if (onEvents || fresh.count === 0) return undefined;
  const text = newWarningsText(fresh.count, seenAt, now);
  const cut = text.indexOf(' since ');
  return cut < 0 ? { count: `⚑ ${text}`, since: undefined, critical: fresh.critical } : { count: `⚑ ${text.slice(0, cut)}`, since: text.slice(cut + 1), critical: fresh.critical };
}

// Histories are kept in refs and extended while rendering, not in state set from an effect: that set a second
// render and a second frame about 20 ms after every new height or latency. Extending is keyed on the sample, so a
// render that runs twice adds it once.
function useHeightHistory(height: bigint | undefined, at: number | undefined): HeightHistory {
  const ref = useRef<{ key?: string; history: HeightHistory }>({ history: EMPTY_HEIGHT_HISTORY });
  if (height !== undefined && at !== undefined) {
    const key = `${height}@${at}`;
    if (ref.current.key !== key) ref.current = { key, history: addHeight(ref.current.history, { at, height }) };
  }
  return ref.current.history;
}

/** The rpc latency by windows of ten seconds (rpc-latency.ts), extended like the heights. */
function useRpcLatency(latency: number | undefined, at: number | undefined): RpcLatency {
  const ref = useRef<RpcLatency>(EMPTY_RPC_LATENCY);
  if (latency !== undefined && at !== undefined) ref.current = addLatency(ref.current, at, latency);
  return ref.current;
}

function resourceStyle(r: Resource<unknown>, theme: ReturnType<typeof useTheme>, good: Style): Style {
  if (r.status === 'error' && !r.bootstrapping) return theme.status.error;
  if (r.stale || r.bootstrapping) return theme.status.stale;
  return good;
}

export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const nodeId = useAvatop((s) => s.node.id);
  const networkName = useAvatop((s) => s.node.networkName);
  const version = useAvatop((s) => s.node.version);
  const height = useAvatop((s) => s.pchain.height);
  const timestamp = useAvatop((s) => s.pchain.timestamp);
  const bootP = useAvatop((s) => s.node.bootstrapped.P);
  const bootX = useAvatop((s) => s.node.bootstrapped.X);
  const bootC = useAvatop((s) => s.node.bootstrapped.C);
  const peerCount = useAvatop((s) => s.peers.count);
  const health = useAvatop((s) => s.node.health);
  const uptime = useAvatop((s) => s.node.uptime);
  const paused = useAvatop((s) => s.ui.paused);
  const metrics = useAvatop((s) => s.metrics.series.data);
  const heights = useHeightHistory(height.data, height.updatedAt);
  const rpc = shownLatency(useRpcLatency(height.latencyMs, height.updatedAt));
  const bpm = blocksPerMinute(heights.samples);
  const drop = heightDropNote(heights, Date.now());
  // While the node cannot be reached, every claim below is only last known: dimmed, and said so on line 2.
  const live = useAvatop(selectLiveness);
  const down = live.state === 'down';
  const claim = (s: Style) => (down ? theme.status.stale : s);

  const label = theme.header.label;
  const value = theme.header.value;
  const id = nodeId.data ? shortenId(sanitize(nodeId.data.nodeID), 6) : nodeId.status === 'error' ? 'node ?' : 'connecting…';
  const ver = version.data ? sanitize(version.data.version).replace(/^avalanchego\//, 'v') : '';
  const boot = (name: string, r: Resource<boolean>) => ({
    text: `${name}${r.data === true ? '✓' : r.data === false ? '…' : '?'}`,
    style: claim(r.data === true ? theme.status.ok : r.data === false ? theme.status.warn : theme.text.muted),
  });
  const rewarding = uptime.data?.rewardingStakePercentage;
  // The threshold this node's validation has (domain/reward/threshold.ts); for a non-validator, a new validation's.
  // The node counts info.uptime's rewarding stake at it.
  const threshold = useOwnThreshold(Date.now());
  const now = Date.now();
  // The worst of this node's validations (primary, subnet, L1) by the reward guard.
  const validations = useOwnValidations(now);
  const primary = validations[0]?.kind === 'primary' ? validations[0].guard : undefined;
  const budget = validationsBadge(validations, now);
  // A validator's uptime is the vote's: the stake-weighted median voter (info.uptime's average counts unconnected
  // stake as 0 and is only shown on the overview). A projection's figure is live, not last known: never dimmed.
  const vote = primary?.basis.kind === 'vote' ? primary.uptimePercent : undefined;
  const shown = primary ? vote : uptime.data?.weightedAveragePercentage;
  const upStyle = claim(shown === undefined ? theme.text.muted : isBelow(shown, threshold) ? theme.status.warn : theme.status.ok);
  const upText = shown === undefined ? (primary ? '?' : '—') : `${formatPercent(shown, primary ? 0 : 1)}${primary ? ' median' : ''}`;
  const budgetLive = primary !== undefined && (primary.basis.kind === 'projected' || primary.basis.kind === 'unknown');
  // A network upgrade this node's release does not schedule (domain/upgrades), beside the version it is about.
  const upgrade = useUpgradeVerdict(now);

  // With several nodes, which one this is (the fleet's name for it) comes first.
  const fleetName = useViewedName();
  const news = useNewWarnings(now);
  // Another node of the fleet that needs attention shows on every pane of this one, right after its name.
  const attention = useFleetAttention(useAppConfig().rewardThreshold.override);
  const line1 = [
    ...(fleetName ? [{ text: `[${sanitize(fleetName)}] `, style: theme.header.title }] : []),
    ...(attention ? [{ text: `${attention.severity >= 2 ? '✗' : '!'} ${truncateWords(sanitize(attention.text), Math.max(20, Math.floor(width / 3)))}  `, style: attention.severity >= 2 ? theme.status.error : theme.status.warn }] : []),
    { text: id, style: theme.header.title },
    { text: ` ${sanitize(networkName.data ?? '')}`, style: value },
    { text: ver ? ` ${ver}` : '', style: label, drop: 2 },
    ...upgradeBadgeParts(upgrade, theme, down),
    { text: '  height ', style: label },
    { text: height.data !== undefined ? formatCount(height.data) : '—', style: claim(resourceStyle(height, theme, value)) },
    drop
      ? { text: ` ${drop}`, style: theme.status.warn }
      : { text: bpm !== undefined ? (down ? ` (was ${bpm.toFixed(1)} blk/min)` : ` ${bpm.toFixed(1)} blk/min`) : '', style: claim(label), drop: 1 },
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Segments
          parts={fitHeaderParts(
            [
              ...line1,
              { text: '  ', style: label },
              ...chainTimeParts(timestamp, theme, down),
              // The count stays longest; when narrow, "since 09:12" goes first.
              ...(news
                ? [
                    { text: `  ${news.count}`, style: news.critical ? theme.status.error : theme.status.warn, drop: 5 },
                    ...(news.since ? [{ text: ` ${news.since}`, style: news.critical ? theme.status.error : theme.status.warn, drop: 4 }] : []),
                  ]
                : []),
            ],
            width,
          )}
          width={width}
        />
      </Box>
      <Box width={width}>
        <HeaderLine2
          width={width}
          parts={[
            boot('P', bootP),
            { text: ' ', style: label },
            boot('X', bootX),
            { text: ' ', style: label },
            boot('C', bootC),
            // At 80 columns the health words shrink and the peer count goes before the reward badge or the data
            // age is cut: those say whether the node is earning and whether what is on screen is current.
            ...healthParts(health, theme).map((p, i) => (i === 1 ? { ...p, minWidth: 8 } : p)),
            ...headerMetricParts(metrics, { P: bootP.data, X: bootX.data, C: bootC.data }).map((p) => ({ text: `  ${p.text}`, style: theme.status[p.tone] })),
            { text: '  peers ', style: label, drop: 4 },
            { text: peerCount.data !== undefined ? formatCount(peerCount.data) : '—', style: claim(resourceStyle(peerCount, theme, value)), drop: 4 },
            ...connectedParts(health, theme).map((p) => ({ ...p, drop: 4 })),
            { text: '  uptime ', style: label },
            { text: upText, style: upStyle },
            {
              text: rewarding !== undefined ? ` (rewarding ${formatPercent(rewarding, 1)}${threshold.percent === undefined ? '' : ` at ${threshold.percent}%`})` : '',
              style: claim(label),
              drop: 3,
            },
          ]}
          reward={budget ? { text: `  ${budget.text}`, style: (budgetLive ? (st: Style) => st : claim)(budget.tone === 'muted' ? theme.text.muted : theme.status[budget.tone]) } : undefined}
          latencyMs={rpc.latencyMs}
          latencies={rpc.bars}
          updatedAt={height.updatedAt}
          paused={paused}
          live={live}
        />
      </Box>
    </Box>
  );
}

function chainTimeParts(timestamp: Resource<Date>, theme: ReturnType<typeof useTheme>, down = false) {
  if (!timestamp.data || timestamp.updatedAt === undefined) return [];
  const chain = timestamp.data.getTime();
  // Chain time against the clock at the moment it was read: a large lag means the chain is not advancing.
  const lag = timestamp.updatedAt - chain;
  const clock = formatClock(chain, timestamp.updatedAt);
  const lagText = formatBehind(lag);
  const style = down ? theme.status.stale : Math.abs(lag) > 5 * 60_000 ? theme.status.warn : theme.header.label;
  // At 80 columns the clock goes before the sync state, which is what an operator looks for.
  return [
    { text: 'chain ', style: theme.header.label },
    { text: `${clock} `, style: down ? theme.status.stale : theme.header.value, drop: 3 },
    { text: `(${down ? 'was ' : ''}${lagText})`, style },
  ];
}

/** Data older than this is dimmed in the header. */
const STALE_DATA_MS = 30_000;

/** The part that ticks: data age changes every second, so only this line re-renders on the clock. */
function HeaderLine2({
  width,
  parts,
  latencyMs,
  latencies,
  updatedAt,
  paused,
  live,
  reward,
}: {
  width: number;
  parts: Array<HeaderPart<Style>>;
  /** The reward badge: last on the line, or right after the unreachable notice (a projected budget counts down then). */
  reward?: HeaderPart<Style>;
  latencyMs: number | undefined;
  latencies: readonly number[];
  updatedAt: number | undefined;
  paused: boolean;
  live: Liveness;
}) {
  const theme = useTheme();
  const intervalMs = useAppConfig().intervalMs ?? 0;
  // What of the time this line shows: the unreachable notice, the data age and whether it is stale.
  const now = useNowText(1000, (t) => `${unreachableText(live, t) ?? ''}|${updatedAt !== undefined ? `${formatDataAge(updatedAt, t, intervalMs)}|${t - updatedAt > STALE_DATA_MS}` : ''}`);
  const spark = width >= 110 ? sparkline(latencies, 12) : '';
  const unreachable = unreachableText(live, now);
  if (unreachable) {
    // First, so it survives a narrow terminal, then the reward budget counting down; the latency and data age belong
    // to a connection that is gone.
    return <Segments width={width} parts={[{ text: unreachable, style: theme.status.error }, ...(reward ? [{ ...reward, text: reward.text.trimStart() }, { text: '  ', style: theme.header.label }] : []), ...parts, { text: paused ? '  PAUSED' : '', style: theme.status.warn }]} />;
  }
  return (
    <Segments
      width={width}
      parts={fitHeaderParts(
        [
          ...parts,
          ...(reward ? [reward] : []),
          { text: '  rpc ', style: theme.header.label, drop: 2 },
          { text: formatLatency(latencyMs), style: theme.header.value, drop: 2 },
          { text: spark ? ` ${spark}` : '', style: theme.chrome.sparkline, drop: 1 },
          { text: '  data ', style: theme.header.label },
          { text: updatedAt !== undefined ? formatDataAge(updatedAt, now, intervalMs) : '—', style: updatedAt !== undefined && now - updatedAt > STALE_DATA_MS ? theme.status.stale : theme.header.value },
          { text: paused ? '  PAUSED' : '', style: theme.status.warn },
        ],
        width,
      )}
    />
  );
}
