import { Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';

const BARS = '▁▂▃▄▅▆▇█';

/**
 * The last `width` values as bar characters scaled between their min and max. A flat line has no scale: a flat
 * zero lies on the floor (drawn at mid-height it read as a value), any other flat value at mid-height.
 */
export function sparkline(values: readonly number[], width: number): string {
  const vs = values.filter((v) => Number.isFinite(v)).slice(-width);
  if (vs.length === 0 || width <= 0) return '';
  const min = Math.min(...vs);
  const max = Math.max(...vs);
  const span = max - min;
  const flat = BARS[max === 0 ? 0 : 3];
  return vs.map((v) => (span === 0 ? flat : BARS[Math.round(((v - min) / span) * (BARS.length - 1))])).join('');
}

export function Sparkline({ values, width }: { values: readonly number[]; width: number }) {
  const theme = useTheme();
  return <Text {...textProps(theme.chrome.sparkline)}>{sparkline(values, width)}</Text>;
}
