import { useTheme } from '../theme/ThemeContext';
import { Segments } from './StatusBar';

/** The drill-down path: "Validators › NodeID-7Xhw… › delegators". */
export function Crumbs({ path, width }: { path: readonly string[]; width: number }) {
  const theme = useTheme();
  const parts = path.flatMap((p, i) => [
    ...(i > 0 ? [{ text: ' › ', style: theme.text.muted }] : []),
    { text: p, style: i === path.length - 1 ? theme.text.accent : theme.chrome.crumb },
  ]);
  return <Segments parts={parts} width={width} />;
}
