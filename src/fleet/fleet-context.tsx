// The fleet, for the screens that show more than the node on screen: the fleet pane, the header's node name and the
// other nodes that need attention.
import { createContext, useCallback, useContext, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { fleetRows, type Fleet } from './fleet';
import { fleetAttention, type FleetAttention } from '../domain/fleet/table';
import { subscribeTick, tickNow } from '../runtime/ticker';

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

/** How often the header looks at the other nodes. */
const FLEET_PACE_MS = 5000;

/**
 * Another fleet node that needs attention, for the header of the node on screen, judged as the fleet pane judges its
 * rows. Read at the fleet pane's pace (the other nodes' stores and a budget's tier move without this node's store),
 * and the same object while its words stay the same, so the header redraws only when they change.
 */
export function useFleetAttention(override?: number): FleetAttention | undefined {
  const fleet = useFleet();
  const many = fleet !== undefined && fleet.sessions.length > 1;
  const now = useSyncExternalStore(
    useCallback((notify: () => void) => (many ? subscribeTick(FLEET_PACE_MS, notify) : () => {}), [many]),
    () => tickNow(FLEET_PACE_MS),
  );
  const viewed = useSyncExternalStore(fleet ? fleet.subscribe : none, () => fleet?.viewed().name);
  const last = useRef<FleetAttention | undefined>(undefined);
  const next = many && viewed !== undefined ? fleetAttention(fleetRows(fleet, now, { override }), viewed) : undefined;
  if (next?.text !== last.current?.text || next?.severity !== last.current?.severity) last.current = next;
  return last.current;
}
