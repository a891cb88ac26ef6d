import { Text } from 'ink';
import { memo, type ReactNode } from 'react';
import { textProps, useTheme } from '../theme/ThemeContext';
import type { Style } from '../theme/schema';
import { displayWidth, fit, truncate } from '../format/width';
import { styledText } from '../theme/styled-text';

/** One line: text on the left, text on the right; the left side gives way when both do not fit. */
export function joinSides(left: string, right: string, width: number): string {
  const rw = Math.min(displayWidth(right), width);
  const r = truncate(right, rw);
  const lw = Math.max(0, width - rw - (rw > 0 ? 1 : 0));
  return fit(left, lw) + (rw > 0 ? ' ' + r : '');
}

export function StatusBar({ left, right = '', width, style }: { left: string; right?: string; width: number; style?: Style }) {
  const theme = useTheme();
  return <Text {...textProps(style ?? theme.text.muted)}>{joinSides(left, right, width)}</Text>;
}

type SegmentsProps = { parts: ReadonlyArray<{ text: string; style?: Style }>; width: number };

/** The same parts, text for text and style for style (a theme's styles are the same objects from frame to frame). */
const sameSegments = (a: SegmentsProps, b: SegmentsProps) =>
  a.width === b.width && (a.parts === b.parts || (a.parts.length === b.parts.length && a.parts.every((p, i) => p.text === b.parts[i]!.text && p.style === b.parts[i]!.style)));

/**
 * A line of differently styled segments, truncated to the width as a whole. Drawn again only when a part's text or
 * style changes: the header makes its parts afresh on every clock tick. One <Text> holding the parts with their
 * escapes (theme/styled-text.ts), not a <Text> per part.
 */
export const Segments = memo(function Segments({ parts, width }: SegmentsProps): ReactNode {
  let left = width;
  let line = '';
  for (const p of parts) {
    if (left <= 0) break;
    const text = truncate(p.text, left);
    left -= displayWidth(text);
    line += styledText(text, p.style);
  }
  if (left > 0) line += ' '.repeat(left);
  return <Text wrap="truncate">{line}</Text>;
}, sameSegments);
