// Pieces every pane uses: its props and the resource status line (a table pane is TablePane.tsx).
import { Text } from 'ink';
import { ErrorBanner } from '../components/ErrorBanner';
import { textProps, useTheme } from '../theme/ThemeContext';
import { fit } from '../format/width';
import type { Resource } from '../state/resource';

export interface PaneProps {
  readonly width: number;
  readonly height: number;
  /** False while a view or overlay covers the pane: it must not take keys then. */
  readonly active: boolean;
}

/** Loading, failed, unsupported or bootstrapping, in words; nothing when the data is fine. */
export function ResourceNotice({ resource, width, what }: { resource: Resource<unknown>; width: number; what: string }) {
  const theme = useTheme();
  if (resource.status === 'unsupported') {
    return <Text {...textProps(theme.status.info)}>{fit(`${what}: ${resource.reason ?? 'not available on this node'}`, width)}</Text>;
  }
  if (resource.bootstrapping) {
    return (
      <ErrorBanner
        width={width}
        tone="warn"
        error={{ short: `${what}: the node is still bootstrapping the P-chain`, hint: 'P-chain data appears once bootstrapping finishes; Info API data is shown meanwhile.' }}
      />
    );
  }
  if (resource.status === 'error') {
    return <ErrorBanner width={width} title={what} error={resource.error} staleSince={resource.stale ? resource.updatedAt : undefined} now={Date.now()} />;
  }
  if (resource.status === 'idle' || resource.status === 'loading') {
    return <Text {...textProps(theme.text.muted)}>{fit(`${what}: loading…`, width)}</Text>;
  }
  return null;
}

export function noticeHeight(resource: Resource<unknown>): number {
  if (resource.status === 'ok') return 0;
  if (resource.status === 'error' || resource.bootstrapping) return resource.error?.hint || resource.bootstrapping ? 2 : 1;
  return 1;
}
