import { memo } from 'react';
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

interface KeyValueProps {
  items: readonly KeyValueItem[];
  width: number;
  height?: number;
  scroll?: number;
  labelWidth?: number;
}

const sameItem = (a: KeyValueItem, b: KeyValueItem) =>
  'section' in a ? 'section' in b && a.section === b.section : !('section' in b) && a.label === b.label && a.value === b.value && a.tone === b.tone;

/** Equal lines are not drawn again: a pane that re-renders with its clock makes new items of the same text. */
function sameProps(a: KeyValueProps, b: KeyValueProps): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.scroll === b.scroll &&
    a.labelWidth === b.labelWidth &&
    (a.items === b.items || (a.items.length === b.items.length && a.items.every((item, i) => sameItem(item, b.items[i]!))))
  );
}

interface LineProps {
  item: KeyValueItem;
  width: number;
  labelWidth: number;
}

/**
 * One line, drawn again only when its own text, tone or widths change: a column whose one value moved (the supply at
 * a block) redraws that line, not the forty around it, nor hands Ink forty unchanged Texts to compare.
 */
const Line = memo(
  function Line({ item, width, labelWidth }: LineProps) {
    const theme = useTheme();
    return 'section' in item ? (
      <Text {...textProps(theme.text.accent)} bold>
        {fit(item.section, width)}
      </Text>
    ) : (
      <Text wrap="truncate">
        <Text {...textProps(theme.text.label)}>{fit(item.label, labelWidth)} </Text>
        <Text {...textProps(toneStyle(theme, item.tone))}>{fitWords(item.value, Math.max(0, width - labelWidth - 1))}</Text>
      </Text>
    );
  },
  (a, b) => a.width === b.width && a.labelWidth === b.labelWidth && (a.item === b.item || sameItem(a.item, b.item)),
);

/**
 * Label/value lines (values already sanitized). Cut to `height` lines; `scroll` skips lines from the top.
 */
export const KeyValue = memo(function KeyValue({
  items,
  width,
  height,
  scroll = 0,
  labelWidth,
}: KeyValueProps) {
  const lw = Math.min(
    labelWidth ?? Math.max(0, ...items.map((i) => ('label' in i ? displayWidth(i.label) : 0))),
    Math.floor(width / 2),
  );
  const shown = items.slice(scroll, height === undefined ? undefined : scroll + height);
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((item, k) => (
        <Line key={k} item={item} width={width} labelWidth={lw} />
      ))}
    </Box>
  );
}, sameProps);
