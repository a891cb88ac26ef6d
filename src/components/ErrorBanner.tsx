import { Box, Text } from 'ink';
import { textProps, useTheme } from '../theme/ThemeContext';
import { sanitize } from '../format/sanitize';
import { formatAge } from '../format/time';
import { fitWords } from '../format/width';

export interface BannerError {
  readonly short?: string;
  readonly message?: string;
  readonly hint?: string;
}

/** What went wrong, in words, with what to do next; never a stack trace. */
export function describeError(error: BannerError | undefined): { text: string; hint: string } {
  if (!error) return { text: 'unknown error', hint: '' };
  return { text: sanitize(error.short ?? error.message ?? 'error'), hint: sanitize(error.hint ?? '') };
}

export function ErrorBanner({
  error,
  width,
  staleSince,
  now,
  tone = 'error',
  title,
}: {
  error: BannerError | undefined;
  width: number;
  /** When the data shown was last good; shows "stale since …". */
  staleSince?: number;
  now?: number;
  tone?: 'error' | 'warn' | 'info';
  title?: string;
}) {
  const theme = useTheme();
  const { text, hint } = describeError(error);
  const style = tone === 'error' ? theme.status.error : tone === 'warn' ? theme.status.warn : theme.status.info;
  const stale = staleSince !== undefined && now !== undefined ? ` — showing data from ${formatAge(staleSince, now)}` : '';
  return (
    <Box flexDirection="column" width={width}>
      <Text {...textProps(style)}>{fitWords(`${title ? `${title}: ` : ''}${text}${stale}`, width)}</Text>
      {hint ? <Text {...textProps(theme.text.muted)}>{fitWords(hint, width)}</Text> : null}
    </Box>
  );
}
