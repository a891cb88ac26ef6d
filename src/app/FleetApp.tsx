// The monitor over a fleet: the app drawn on the store of the node on screen, with that node's client for the
// prompt and the console and its scheduler for refresh. Switching nodes draws the app afresh on the other store
// (keyed by name, so no screen keeps state that belonged to the node before).
import { useSyncExternalStore } from 'react';
import { App, type AppProps } from './App';
import type { AppConfig } from '../ui/config';
import { FleetProvider } from '../fleet/fleet-context';
import type { Fleet } from '../fleet/fleet';

export interface FleetAppProps extends Omit<AppProps, 'store'> {
  readonly fleet: Fleet;
}

export function FleetApp({ fleet, theme, config, size }: FleetAppProps) {
  const viewed = useSyncExternalStore(fleet.subscribe, () => fleet.viewed());
  const several = fleet.sessions.length > 1;
  const cfg: AppConfig = {
    ...config,
    url: several ? `${viewed.name} · ${viewed.url}` : config.url,
    client: viewed.client,
    actions: { ...config.actions, refresh: () => viewed.scheduler()?.refresh() },
  };
  return (
    <FleetProvider fleet={fleet}>
      <App key={viewed.name} store={viewed.store} theme={theme} config={cfg} size={size} />
    </FleetProvider>
  );
}
