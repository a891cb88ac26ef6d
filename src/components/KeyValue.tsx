import { Box, Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Theme } from '../theme/schema';
import { displayWidth, fit, fitWords } from '../format/width';

export type Tone = 'ok' | 'warn' | 'error' | 'stale' | 'info' | 'muted' | 'accent' | 'own';

export type KeyValueItem =
  | { readonly label: string; readonly value: string; readonly tone?: Tone }
  | { readonly section: string };

/** The theme style of a semantic tone; drill-down views share it. */
export function toneStyle(theme: Theme, tone: Tone | undefined) {
  switch (tone) {
    case 'ok':
    case 'warn':
    case 'error':
    case 'stale':
    case 'info':
      return theme.status[tone];
    case 'muted':
      return theme.text.muted;
    case 'accent':
      return theme.text.accent;
    case 'own':
      return theme.row.own;
    default:
      return theme.text.value;
  }
}

/**
 * Label/value lines (values already sanitized). Cut to `height` lines; `scroll` skips lines from the top.
 */
export function KeyValue({
  items,
  width,
  height,
  scroll = 0,
  labelWidth,
}: {
  items: readonly KeyValueItem[];
  width: number;
  height?: number;
  scroll?: number;
  labelWidth?: number;
}) {
  const theme = useTheme();
  const lw = Math.min(
    labelWidth ?? Math.max(0, ...items.map((i) => ('label' in i ? displayWidth(i.label) : 0))),
    Math.floor(width / 2),
  );
  const shown = items.slice(scroll, height === undefined ? undefined : scroll + height);
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((item, k) =>
        'section' in item ? (
          <Text key={k} {...textProps(theme.text.accent)} bold>
            {fit(item.section, width)}
          </Text>
        ) : (
          <Text key={k} wrap="truncate">
            <Text {...textProps(theme.text.label)}>{fit(item.label, lw)} </Text>
            <Text {...textProps(toneStyle(theme, item.tone))}>{fitWords(item.value, Math.max(0, width - lw - 1))}</Text>
          </Text>
        ),
      )}
    </Box>
  );
}
