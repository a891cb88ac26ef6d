// The fleet, for the screens that show more than the node on screen: the fleet pane and the header's node name.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Fleet } from './fleet';

const FleetContext = createContext<Fleet | undefined>(undefined);

export function FleetProvider({ fleet, children }: { fleet: Fleet | undefined; children: ReactNode }) {
  return <FleetContext.Provider value={fleet}>{children}</FleetContext.Provider>;
}

/** The fleet, or undefined where the app runs without one (screen tests of a single store). */
export function useFleet(): Fleet | undefined {
  return useContext(FleetContext);
}

const none = () => () => {};

/** The name of the node on screen when there are several (the header names it); undefined for a lone node. */
export function useViewedName(): string | undefined {
  const fleet = useFleet();
  const name = useSyncExternalStore(fleet ? fleet.subscribe : none, () => fleet?.viewed().name);
  return fleet && fleet.sessions.length > 1 ? name : undefined;
}
