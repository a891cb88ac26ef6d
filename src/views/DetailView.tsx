// The frame every drill-down view uses: a caption line, then detail lines with a cursor. Enter opens what the
// line under the cursor links to, `y` copies its ID, address or key; j/k/PgUp/PgDn/g/G move.
import { Box, Text } from 'ink';
import { useMemo, useRef, type ReactElement } from 'react';
import { useAvatopStore } from '../ui/store-context';
import { usePaneMemory } from '../ui/pane-memory';
import { useAppConfig } from '../ui/config';
import { useFlash } from '../ui/flash';
import { useKeyHandler, type KeyEvent } from '../input';
import { toneStyle, type Tone } from '../components/KeyValue';
import { pushView, type NavView } from '../state/ui';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import { osc52Copy } from '../terminal/copy';
import { detailLabelWidth, initialCursor, type DetailLine } from './detail-lines';
import type { ViewFrame } from './view-props';

export interface DetailViewProps {
  /** Remembers cursor and scroll per view across pushes and pops. */
  readonly id: string;
  readonly lines: readonly DetailLine[];
  readonly frame: ViewFrame;
  /**
   * The one line above the list: a hint or a status in words (fitted to the width, in `captionTone`, muted unless
   * said), or a line drawn by the view itself (the validator's weight sparkline).
   */
  readonly caption?: string | ReactElement;
  readonly captionTone?: Tone;
  /** View-specific keys, offered first. */
  readonly onKey?: (ev: KeyEvent) => boolean;
  /** What the view's hint says Enter opens: the cursor starts on the first such line. */
  readonly opens?: NavView['kind'];
}

export function DetailView({ id, lines, frame, caption, captionTone = 'muted', onKey, opens }: DetailViewProps) {
  const { width, height, active } = frame;
  const aboveLines = caption === undefined ? 0 : 1;
  const theme = useTheme();
  const store = useAvatopStore();
  const config = useAppConfig();
  const flash = useFlash();
  // Unset until the user moves it: meanwhile it follows the lines as they load, onto the first one that opens.
  const [cursorRaw, setCursor] = usePaneMemory<number | undefined>(`${id}.cursor`, undefined);
  const bodyHeight = Math.max(1, height - aboveLines - 1);
  const cursor = Math.max(0, Math.min(cursorRaw ?? initialCursor(lines, opens), lines.length - 1));
  const [scrollRaw, setScroll] = usePaneMemory(`${id}.scroll`, 0);
  let scroll = Math.min(scrollRaw, Math.max(0, lines.length - bodyHeight));
  if (cursor < scroll) scroll = cursor;
  if (cursor >= scroll + bodyHeight) scroll = cursor - bodyHeight + 1;
  // Keys can arrive faster than renders: move from the latest cursor, not the one this render saw.
  const latest = useRef({ cursor, scroll });
  latest.current = { cursor, scroll };

  useKeyHandler(
    'view',
    (ev) => {
      if (onKey?.(ev)) return true;
      const { cursor: at, scroll: top } = latest.current;
      const go = (n: number) => {
        const c = Math.max(0, Math.min(lines.length - 1, n));
        const sc = c < top ? c : c >= top + bodyHeight ? c - bodyHeight + 1 : top;
        latest.current = { cursor: c, scroll: sc };
        setCursor(c);
        setScroll(sc);
      };
      const page = Math.max(1, bodyHeight - 1);
      const cur = lines[at];
      if (ev.is('cursor.down')) go(at + 1);
      else if (ev.is('cursor.up')) go(at - 1);
      else if (ev.is('page.down')) go(at + page);
      else if (ev.is('page.up')) go(at - page);
      else if (ev.is('cursor.top')) go(0);
      else if (ev.is('cursor.bottom')) go(lines.length - 1);
      else if (ev.is('open')) {
        if (!cur?.link) {
          flash.show('nothing to open on this line');
          return true;
        }
        const link = cur.link;
        store.setState({ ...store.getState(), ui: pushView(store.getState().ui, link) }, true);
      } else if (ev.is('copy')) {
        const text = cur?.copy ?? (cur && !cur.section ? cur.value : undefined);
        flash.show(text ? osc52Copy(config, text) : 'nothing to copy on this line');
      } else return false;
      return true;
    },
    active,
  );

  const labelWidth = useMemo(() => detailLabelWidth(lines, width), [lines, width]);
  const shown = lines.slice(scroll, scroll + bodyHeight);
  const more = lines.length > bodyHeight ? `line ${cursor + 1} of ${lines.length} (j/k, PgUp/PgDn)` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      {typeof caption === 'string' ? <Text {...textProps(toneStyle(theme, captionTone))}>{fit(caption, width)}</Text> : caption}
      <Box flexDirection="column" width={width} height={bodyHeight}>
        {shown.map((l, k) => {
          const at = scroll + k === cursor && active;
          const marker = at ? '›' : l.link ? '→' : ' ';
          if (l.section) {
            return (
              <Text key={k} {...textProps(at ? theme.row.cursor : theme.text.accent)} bold>
                {fit(`${marker}${l.label}`, width)}
              </Text>
            );
          }
          const valueWidth = Math.max(0, width - labelWidth - 2);
          if (at) {
            return (
              <Text key={k} {...textProps(theme.row.cursor)}>
                {fit(`${marker}${fit(l.label, labelWidth)} ${fit(l.value, valueWidth)}`, width)}
              </Text>
            );
          }
          return (
            <Text key={k} wrap="truncate">
              <Text {...textProps(theme.text.label)}>{`${marker}${fit(l.label, labelWidth)} `}</Text>
              <Text {...textProps(toneStyle(theme, l.tone))}>{fit(l.value, valueWidth)}</Text>
            </Text>
          );
        })}
      </Box>
      <Text {...textProps(theme.text.muted)}>{fit(more, width)}</Text>
    </Box>
  );
}

