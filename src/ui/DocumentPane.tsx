// A pane (or view) that is a scrollable list of label/value lines: fees, versions, detail views.
import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { KeyValue, type KeyValueItem } from '../components/KeyValue';
import { useKeyHandler, type Layer } from '../input';
import { usePaneMemory } from './pane-memory';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';

export function DocumentPane({
  id,
  items,
  width,
  height,
  active,
  layer = 'pane',
  above,
  aboveLines = 0,
}: {
  id: string;
  items: readonly KeyValueItem[];
  width: number;
  height: number;
  active: boolean;
  layer?: Layer;
  above?: ReactNode;
  aboveLines?: number;
}) {
  const theme = useTheme();
  const [scroll, setScroll] = usePaneMemory(`${id}.scroll`, 0);
  const bodyHeight = Math.max(1, height - aboveLines - 1);
  const maxScroll = Math.max(0, items.length - bodyHeight);
  const top = Math.min(scroll, maxScroll);
  useKeyHandler(
    layer,
    (ev) => {
      const page = Math.max(1, bodyHeight - 1);
      const go = (n: number) => setScroll(Math.max(0, Math.min(maxScroll, n)));
      if (ev.is('cursor.down')) go(top + 1);
      else if (ev.is('cursor.up')) go(top - 1);
      else if (ev.is('page.down')) go(top + page);
      else if (ev.is('page.up')) go(top - page);
      else if (ev.is('cursor.top')) go(0);
      else if (ev.is('cursor.bottom')) go(maxScroll);
      else return false;
      return true;
    },
    active,
  );
  const more = items.length > bodyHeight ? `lines ${top + 1}-${Math.min(items.length, top + bodyHeight)} of ${items.length} (j/k, PgUp/PgDn)` : '';
  return (
    <Box flexDirection="column" width={width} height={height}>
      {above}
      <KeyValue items={items} width={width} height={bodyHeight} scroll={top} />
      <Text {...textProps(theme.text.muted)}>{fit(more, width)}</Text>
    </Box>
  );
}
