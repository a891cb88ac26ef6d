// The monitor over a fleet: the app drawn on the store of the node on screen, with that node's client for the
// prompt and the console and its scheduler for refresh. Switching nodes draws the app afresh on the other store
// (keyed by the store, so no screen keeps state that belonged to the node before). The monitor renders this one
// component from its first frame ("starting the simulated node…", before there is a fleet) on: a root of another
// type would remount the whole tree when the fleet arrives, and Ink turns raw mode off and on around the remounted
// key router, dropping input in flight (an Esc waiting to be told from an escape sequence).
import { useSyncExternalStore } from 'react';
import { App, type AppProps } from './App';
import type { AppConfig } from '../ui/config';
import { FleetProvider } from '../fleet/fleet-context';
import type { Fleet } from '../fleet/fleet';
import type { AvatopStore } from '../state/store';

export interface FleetAppProps extends Omit<AppProps, 'store'> {
  /** Undefined until the nodes are known (the demo's simulated node is still starting). */
  readonly fleet: Fleet | undefined;
  /** What is shown without a fleet; the fleet's first node keeps it, so nothing is drawn afresh when it arrives. */
  readonly store?: AvatopStore;
}

const none = () => () => {};
const storeKeys = new WeakMap<AvatopStore, string>();
let storesSeen = 0;
function keyOf(store: AvatopStore): string {
  let key = storeKeys.get(store);
  if (key === undefined) storeKeys.set(store, (key = `store-${++storesSeen}`));
  return key;
}

export function FleetApp({ fleet, store, theme, config, size }: FleetAppProps) {
  const viewed = useSyncExternalStore(fleet ? fleet.subscribe : none, () => fleet?.viewed());
  const shown = viewed?.store ?? store;
  const several = (fleet?.sessions.length ?? 0) > 1;
  const cfg: AppConfig = viewed
    ? {
        ...config,
        url: several ? `${viewed.name} · ${viewed.url}` : config.url,
        client: viewed.client,
        actions: { ...config.actions, refresh: () => viewed.scheduler()?.refresh() },
      }
    : config;
  if (!shown) return null;
  return (
    <FleetProvider fleet={fleet}>
      <App key={keyOf(shown)} store={shown} theme={theme} config={cfg} size={size} />
    </FleetProvider>
  );
}
