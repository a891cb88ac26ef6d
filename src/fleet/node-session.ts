// One node of the fleet in the monitor: its client and its own store for as long as the monitor runs, and one
// scheduler at a time: the full one (following the store's pane and views) while the node is on screen, the light
// plan under the fleet's request budget otherwise. Switching swaps the scheduler, never the store, so a node shown
// again starts from everything already kept.
import { createClient, type AvatopClient } from '../rpc/client';
import { collectGarbage } from '../runtime/gc';
import { createAvatopStore, type AvatopStore } from '../state/store';
import { createScheduler, type Scheduler } from '../poll/scheduler';
import type { ViewPlans } from '../poll/plan';
import type { FleetNode } from '../config/nodes';
import type { LightCadence } from '../domain/fleet/budget';
import { lightPlan } from './light-plan';

export interface NodeSessionOptions {
  readonly intervalMs: number;
  readonly timeoutMs: number;
  /** The monitor's on-screen clock (runtime/ticker's onNextSecond) for the viewed node's writes. */
  readonly nextTick?: (fn: () => void) => () => void;
  /** What each drill-down view polls while the node is on screen (the view table, app/view-table.ts). */
  readonly views: ViewPlans;
}

export interface NodeSession {
  readonly name: string;
  readonly url: string;
  readonly client: AvatopClient;
  readonly store: AvatopStore;
  readonly viewed: boolean;
  /** Full polling (true) or the light plan at this cadence. */
  setViewed(on: boolean, light: LightCadence): void;
  scheduler(): Scheduler | undefined;
  close(): Promise<void>;
}

export function createNodeSession(node: FleetNode, opts: NodeSessionOptions, store: AvatopStore = createAvatopStore()): NodeSession {
  const client = createClient({ url: node.url, headers: { ...node.headers }, timeoutMs: opts.timeoutMs, collectGarbage });
  let current: Scheduler | undefined;
  let viewed = false;
  let cadenceKey = '';
  return {
    name: node.name,
    url: node.url,
    client,
    store,
    get viewed() {
      return viewed;
    },
    setViewed(on, light) {
      const key = on ? 'full' : `${light.tickMs}/${light.slowMs}/${light.heightMinMs}`;
      if (current && key === cadenceKey) return;
      current?.stop();
      viewed = on;
      cadenceKey = key;
      current = on
        ? createScheduler({ client, store, intervalMs: opts.intervalMs, nextTick: opts.nextTick, views: opts.views })
        : createScheduler({
            client,
            store,
            intervalMs: light.tickMs,
            slowMs: light.slowMs,
            heavyMinIntervalMs: light.heightMinMs,
            followUi: false,
            plan: lightPlan,
          });
      current.start();
    },
    scheduler: () => current,
    async close() {
      current?.stop();
      current = undefined;
      await client.close();
    },
  };
}
