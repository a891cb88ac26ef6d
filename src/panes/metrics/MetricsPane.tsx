// The node's own resources and engine, read from /ext/metrics: one line per quantity with its value and a sparkline
// of the last minutes. Only this pane reads the page at the fast cadence (see poll/metrics-spec.ts).
import { memo } from 'react';
import { Box, Text } from 'ink';
import { useAvatop } from '../../ui/store-context';
import { sparkline } from '../../components/Sparkline';
import { toneStyle } from '../../components/KeyValue';
import { textProps, useTheme } from '../../theme/ThemeContext';
import { fit } from '../../format/width';
import { formatBytes, formatCount } from '../../format/number';
import { HISTORY_MS } from '../../metrics/series';
import { ResourceNotice, noticeHeight, type PaneProps } from '../common';
import { metricsLines, type MetricsLine } from './metrics-model';

const LABEL = 22;
const VALUE = 46;
const VALUE_MIN = 30;
const SPARK_MIN = 24;

export function MetricsPane({ width, height }: PaneProps) {
  const series = useAvatop((s) => s.metrics.series);
  const bootP = useAvatop((s) => s.node.bootstrapped.P.data);
  const bootX = useAvatop((s) => s.node.bootstrapped.X.data);
  const bootC = useAvatop((s) => s.node.bootstrapped.C.data);
  const theme = useTheme();
  const data = series.data;
  const all = data ? metricsLines({ series: data, bootstrapped: { P: bootP, X: bootX, C: bootC } }) : [];
  const notice = noticeHeight(series);
  const body = Math.max(0, height - notice - 1);
  // A short terminal keeps the quantities and drops the section titles first.
  const lines = all.length > body ? all.filter((l) => !('section' in l)) : all;
  const points = data?.points.length ?? 0;
  const summary = data
    ? `/ext/metrics: ${formatBytes(data.bytes)} a reading, ${formatCount(points)} reading${points === 1 ? '' : 's'} kept (${Math.round(HISTORY_MS / 60_000)} min)` +
      (data.skipped > 0 ? ` · ${formatCount(data.skipped)} unreadable line${data.skipped === 1 ? '' : 's'} skipped` : '')
    : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <ResourceNotice resource={series} width={width} what="node metrics" />
      {lines.slice(0, body).map((line, i) => (
        <Line key={i} line={line} width={width} />
      ))}
      {summary ? <Text {...textProps(theme.text.muted)}>{fit(summary, width)}</Text> : null}
    </Box>
  );
}

const Line = memo(function Line({ line, width }: { line: MetricsLine; width: number }) {
  const theme = useTheme();
  if ('section' in line) {
    return (
      <Text {...textProps(theme.text.accent)} bold>
        {fit(line.section, width)}
      </Text>
    );
  }
  const labelW = Math.min(LABEL, Math.floor(width / 3));
  // The sparkline keeps at least SPARK_MIN columns; the value gives way first (down to what its longest text needs).
  const valueW = Math.max(0, Math.min(VALUE, Math.max(VALUE_MIN, width - labelW - 2 - SPARK_MIN)));
  const sparkW = Math.max(0, Math.min(60, width - labelW - valueW - 2));
  const spark = line.spark && sparkW > 0 ? sparkline(line.spark, sparkW) : '';
  return (
    <Text wrap="truncate">
      <Text {...textProps(theme.text.label)}>{fit(line.label, labelW)}</Text>
      <Text> </Text>
      <Text {...textProps(toneStyle(theme, line.tone))}>{fit(line.value, valueW)}</Text>
      <Text> </Text>
      <Text {...textProps(theme.chrome.sparkline)}>{fit(spark, Math.max(0, width - labelW - valueW - 2))}</Text>
    </Text>
  );
});
