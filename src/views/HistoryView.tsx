// The node's history (`:history`, T): one chart at a time of what the event log samples every minute (the peers'
// view of its uptime with the reward threshold drawn, connected stake, peers, the P-chain's block rate, the
// downtime budget, the API's latency) over the last hour, day or week, with the events of that span marked under
// the time axis. ↑/↓ (k/j) pick the chart, w the span.
import { useEffect, useMemo, useState } from 'react';
import { Box, Text } from 'ink';
import { useAvatop } from '../ui/store-context';
import { useNow } from '../components/Clock';
import { useKeyHandler } from '../input';
import { useBookEvents, useEventBook } from '../ui/use-events';
import { useThresholdOf } from '../ui/use-reward-threshold';
import { selectOwnValidator } from '../state/own-validator';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { fit } from '../format/width';
import { sanitize } from '../format/sanitize';
import { layoutChart, type ChartRole } from '../components/chart-layout';
import { historyChart, windowFor } from './history-model';
import { HISTORY_SERIES, HISTORY_WINDOWS } from '../domain/events/history';
import type { ViewProps } from './view-props';
import type { NavView } from '../state/ui';

export function HistoryView({ view, width, height, active }: ViewProps<Extract<NavView, { kind: 'history' }>>) {
  const theme = useTheme();
  const book = useEventBook();
  const events = useBookEvents(book);
  const now = useNow(10_000);
  const [series, setSeries] = useState(0);
  const [win, setWin] = useState(() => windowFor(view.at, Date.now()));
  const [, setVersion] = useState(0);
  useEffect(() => book?.subscribe(() => setVersion((v) => v + 1)), [book]);
  const nodeId = useAvatop((s) => s.node.id.data?.nodeID);
  const network = useAvatop((s) => s.node.networkName.data);
  const own = useAvatop(selectOwnValidator);
  const threshold = useThresholdOf(PRIMARY_NETWORK_ID)(own, now).percent;

  useKeyHandler(
    'view',
    (ev) => {
      if (ev.is('history.window')) setWin((w) => (w + 1) % HISTORY_WINDOWS.length);
      else if (ev.is('cursor.down')) setSeries((i) => (i + 1) % HISTORY_SERIES.length);
      else if (ev.is('cursor.up')) setSeries((i) => (i - 1 + HISTORY_SERIES.length) % HISTORY_SERIES.length);
      else return false;
      return true;
    },
    active,
  );

  const w = HISTORY_WINDOWS[win]!;
  const info = HISTORY_SERIES[series]!;
  const samples = book && nodeId && network ? book.history({ network, nodeId }, now - w.ms) : [];
  const nodeEvents = useMemo(() => events.filter((e) => e.nodeId === nodeId && e.network === network), [events, nodeId, network]);
  // Room for the title, the chart's axis, marks and labels, and the legend.
  const plotHeight = Math.max(3, height - 5);
  const chart = historyChart({ samples, series: info.key, window: w, now, width, plotHeight, events: nodeEvents, threshold: info.key === 'uptime' ? threshold : undefined, at: view.at });
  const roles: Record<ChartRole, Style> = {
    axis: theme.text.muted,
    bar: theme.chrome.sparkline,
    threshold: theme.status.warn,
    down: theme.status.error,
    mark: theme.status.warn,
    label: theme.text.muted,
    empty: theme.text.primary,
  };
  const title = `${info.title} · last ${w.name} · ↑↓ chart ${series + 1}/${HISTORY_SERIES.length}, w hour/day/week`;
  if (!book) return <Text {...textProps(theme.text.muted)}>{fit('no history in this view', width)}</Text>;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text {...textProps(theme.text.accent)}>{fit(title, width)}</Text>
      {chart.empty ? (
        <Text {...textProps(theme.text.muted)} wrap="wrap">
          {sanitize(chart.empty)}
        </Text>
      ) : (
        layoutChart(chart.input).map((line, i) => (
          <Text key={i}>
            {line.map((seg, j) => (
              <Text key={j} {...textProps(roles[seg.role])}>
                {seg.text}
              </Text>
            ))}
          </Text>
        ))
      )}
      <Text {...textProps(theme.text.muted)}>{fit(chart.legend, width)}</Text>
    </Box>
  );
}
