// Two lines: who the node is and where the chain is; then health of the connection and how fresh the data is.
import { useRef } from 'react';
import { Box } from 'ink';
import { useAvatop } from './store-context';
import { useNow } from '../components/Clock';
import { Segments } from '../components/StatusBar';
import { sparkline } from '../components/Sparkline';
import { useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { sanitize } from '../format/sanitize';
import { shortenId } from '../format/ids';
import { formatCount, formatLatency, formatPercent } from '../format/number';
import { formatAge, formatDuration } from '../format/time';
import { addSample, blocksPerMinute, type HeightSample } from './header-model';
import { fitHeaderParts, type HeaderPart } from './header-fit';
import { useAppConfig, thresholdFor } from './config';
import { obj, num, date } from '../panes/fields';
import { selectOwnValidator } from './own-validator';
import type { Resource } from '../state/resource';

// Histories are kept in refs and extended while rendering, not in state set from an effect: that set a second
// render and a second frame about 20 ms after every new height or latency. Extending is keyed on the sample, so a
// render that runs twice adds it once.
function useHeightHistory(height: bigint | undefined, at: number | undefined): HeightSample[] {
  const ref = useRef<{ key?: string; samples: HeightSample[] }>({ samples: [] });
  if (height !== undefined && at !== undefined) {
    const key = `${height}@${at}`;
    if (ref.current.key !== key) ref.current = { key, samples: addSample(ref.current.samples, { at, height }) };
  }
  return ref.current.samples;
}

function useLatencyHistory(latency: number | undefined, at: number | undefined): number[] {
  const ref = useRef<{ key?: string; values: number[] }>({ values: [] });
  if (latency !== undefined && at !== undefined) {
    const key = `${latency}@${at}`;
    if (ref.current.key !== key) ref.current = { key, values: [...ref.current.values, latency].slice(-30) };
  }
  return ref.current.values;
}

function resourceStyle(r: Resource<unknown>, theme: ReturnType<typeof useTheme>, good: Style): Style {
  if (r.status === 'error' && !r.bootstrapping) return theme.status.error;
  if (r.stale || r.bootstrapping) return theme.status.stale;
  return good;
}

export function Header({ width }: { width: number }) {
  const theme = useTheme();
  const { rewardThreshold } = useAppConfig();
  const nodeId = useAvatop((s) => s.node.id);
  const networkName = useAvatop((s) => s.node.networkName);
  const version = useAvatop((s) => s.node.version);
  const height = useAvatop((s) => s.pchain.height);
  const timestamp = useAvatop((s) => s.pchain.timestamp);
  const bootP = useAvatop((s) => s.node.bootstrapped.P);
  const bootX = useAvatop((s) => s.node.bootstrapped.X);
  const bootC = useAvatop((s) => s.node.bootstrapped.C);
  const peerCount = useAvatop((s) => s.peers.count);
  const uptime = useAvatop((s) => s.node.uptime);
  const paused = useAvatop((s) => s.ui.paused);
  const samples = useHeightHistory(height.data, height.updatedAt);
  const latencies = useLatencyHistory(height.latencyMs, height.updatedAt);
  const bpm = blocksPerMinute(samples);

  const label = theme.header.label;
  const value = theme.header.value;
  const id = nodeId.data ? shortenId(sanitize(nodeId.data.nodeID), 6) : nodeId.status === 'error' ? 'node ?' : 'connecting…';
  const ver = version.data ? sanitize(version.data.version).replace(/^avalanchego\//, 'v') : '';
  const boot = (name: string, r: Resource<boolean>) => ({
    text: `${name}${r.data === true ? '✓' : r.data === false ? '…' : '?'}`,
    style: r.data === true ? theme.status.ok : r.data === false ? theme.status.warn : theme.text.muted,
  });
  const up = obj(uptime.data);
  const rewarding = num(up.rewardingStakePercentage);
  const weighted = num(up.weightedAveragePercentage);
  // The threshold that applies to this node's validation (by its start date); for a non-validator, today's.
  const own = useAvatop(selectOwnValidator);
  const threshold = thresholdFor(rewardThreshold, date(own?.startTime), Date.now());
  const upStyle = weighted === undefined ? theme.text.muted : weighted < threshold ? theme.status.warn : theme.status.ok;

  const line1 = [
    { text: id, style: theme.header.title },
    { text: ` ${sanitize(networkName.data ?? '')}`, style: value },
    { text: ver ? ` ${ver}` : '', style: label, drop: 2 },
    { text: '  height ', style: label },
    { text: height.data !== undefined ? formatCount(height.data) : '—', style: resourceStyle(height, theme, value) },
    { text: bpm !== undefined ? ` ${bpm.toFixed(1)} blk/min` : '', style: label, drop: 1 },
  ];
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Segments parts={fitHeaderParts([...line1, { text: '  ', style: label }, ...chainTimeParts(timestamp, theme)], width)} width={width} />
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
            { text: '  peers ', style: label },
            { text: peerCount.data !== undefined ? formatCount(peerCount.data) : '—', style: resourceStyle(peerCount, theme, value) },
            { text: '  uptime ', style: label },
            { text: weighted !== undefined ? `${formatPercent(weighted, 1)}` : '—', style: upStyle },
            { text: rewarding !== undefined ? ` (rewarding ${formatPercent(rewarding, 1)})` : '', style: label, drop: 3 },
          ]}
          latencyMs={height.latencyMs}
          latencies={latencies}
          updatedAt={height.updatedAt}
          paused={paused}
        />
      </Box>
    </Box>
  );
}

function chainTimeParts(timestamp: Resource<Date>, theme: ReturnType<typeof useTheme>) {
  if (!timestamp.data || timestamp.updatedAt === undefined) return [];
  const chain = timestamp.data.getTime();
  // Chain time against the clock at the moment it was read: a large lag means the chain is not advancing.
  const lag = timestamp.updatedAt - chain;
  const iso = timestamp.data.toISOString().slice(11, 19);
  const lagText = Math.abs(lag) < 1000 ? 'in sync' : lag > 0 ? `${formatDuration(lag)} behind` : `${formatDuration(-lag)} ahead`;
  const style = Math.abs(lag) > 5 * 60_000 ? theme.status.warn : theme.header.label;
  // At 80 columns the clock goes before the sync state, which is what an operator looks for.
  return [
    { text: 'chain ', style: theme.header.label },
    { text: `${iso}Z `, style: theme.header.value, drop: 3 },
    { text: `(${lagText})`, style },
  ];
}

/** The part that ticks: data age changes every second, so only this line re-renders on the clock. */
function HeaderLine2({
  width,
  parts,
  latencyMs,
  latencies,
  updatedAt,
  paused,
}: {
  width: number;
  parts: Array<HeaderPart<Style>>;
  latencyMs: number | undefined;
  latencies: number[];
  updatedAt: number | undefined;
  paused: boolean;
}) {
  const theme = useTheme();
  const now = useNow(1000);
  const spark = width >= 110 ? sparkline(latencies, 12) : '';
  return (
    <Segments
      width={width}
      parts={fitHeaderParts(
        [
          ...parts,
          { text: '  rpc ', style: theme.header.label, drop: 2 },
          { text: formatLatency(latencyMs), style: theme.header.value, drop: 2 },
          { text: spark ? ` ${spark}` : '', style: theme.chrome.sparkline, drop: 1 },
          { text: '  data ', style: theme.header.label },
          { text: updatedAt !== undefined ? formatAge(updatedAt, now) : '—', style: updatedAt !== undefined && now - updatedAt > 30_000 ? theme.status.stale : theme.header.value },
          { text: paused ? '  PAUSED' : '', style: theme.status.warn },
        ],
        width,
      )}
    />
  );
}
