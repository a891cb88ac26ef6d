import { Box, Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import { displayWidth } from '../format/width';

export interface Tab {
  readonly id: string;
  readonly title: string;
  readonly key: string;
}

/** Tab labels at the widest form that fits: "1 Overview", then "1 Over", then "1". */
export function tabLabels(tabs: readonly Tab[], width: number): string[] {
  const forms = [
    (t: Tab) => ` ${t.key} ${t.title} `,
    (t: Tab) => ` ${t.key} ${t.title.slice(0, 4)} `,
    (t: Tab) => ` ${t.key} `,
  ];
  for (const form of forms) {
    const labels = tabs.map(form);
    if (labels.reduce((n, l) => n + displayWidth(l), 0) <= width) return labels;
  }
  return tabs.map(forms[2]!);
}

export function TabBar({ tabs, active, width }: { tabs: readonly Tab[]; active: string; width: number }) {
  const theme = useTheme();
  const labels = tabLabels(tabs, width);
  const used = labels.reduce((n, l) => n + displayWidth(l), 0);
  return (
    <Box width={width} height={1}>
      <Text wrap="truncate">
        {tabs.map((t, i) => (
          <Text key={t.id} {...textProps(t.id === active ? theme.tab.active : theme.tab.inactive)}>
            {labels[i]}
          </Text>
        ))}
        {used < width ? ' '.repeat(width - used) : ''}
      </Text>
    </Box>
  );
}

