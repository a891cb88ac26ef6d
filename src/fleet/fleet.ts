// The fleet in the monitor: one session per node (its own client and store, kept while the monitor runs), which one
// is on screen, and the light cadence every other node polls at under the fleet's one request budget.
import type { FleetNode } from '../config/nodes';
import type { AvatopStore } from '../state/store';
import { lightCadence, type LightCadence } from '../domain/fleet/budget';
import { fleetRow, type FleetRow } from '../domain/fleet/row';
import { fleetTable } from '../domain/fleet/table';
import { createNodeSession, type NodeSession, type NodeSessionOptions } from './node-session';

export interface Fleet {
  readonly sessions: readonly NodeSession[];
  readonly light: LightCadence;
  viewed(): NodeSession;
  /** Puts that node on screen: full polling for it, the light plan for the one it replaces. */
  view(name: string): void;
  /** Called when the node on screen changes. */
  subscribe(listener: () => void): () => void;
  close(): Promise<void>;
}

export interface FleetOptions extends NodeSessionOptions {
  /** The first node's store, already made (the monitor paints with it before any node answers). */
  readonly firstStore?: AvatopStore;
}

export function createFleet(nodes: readonly FleetNode[], opts: FleetOptions): Fleet {
  if (nodes.length === 0) throw new Error('a fleet needs at least one node');
  const sessions = nodes.map((n, i) => createNodeSession(n, opts, i === 0 ? opts.firstStore : undefined));
  const light = lightCadence(sessions.length - 1, opts.intervalMs);
  let viewed = sessions[0]!;
  const listeners = new Set<() => void>();
  viewed.setViewed(true, light);
  for (const s of sessions.slice(1)) s.setViewed(false, light);
  return {
    sessions,
    light,
    viewed: () => viewed,
    view(name) {
      const next = sessions.find((s) => s.name === name);
      if (!next || next === viewed) return;
      viewed.setViewed(false, light);
      next.setViewed(true, light);
      viewed = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      await Promise.allSettled(sessions.map((s) => s.close()));
    },
  };
}

/** Every node's row, from its store as it is now, with lags and worst first. */
export function fleetRows(fleet: Fleet, now: number, opts: { override?: number } = {}): FleetRow[] {
  return fleetTable(fleet.sessions.map((s) => fleetRow({ name: s.name, url: s.url, state: s.store.getState() }, now, opts)));
}
