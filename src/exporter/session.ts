// A node watched without a screen: the monitor's client, store and height-gated scheduler, with the overview as the
// "visible" pane so it polls what the header and the overview poll. A second scheduler on the same store looks at
// the peers once a minute (their versions, for the version-lag series). The validator set that weighs them is the
// heaviest reply a node gives and the same for every node of a network, so only one session per network asks for
// it (`setStakeSource`), every 10 minutes at most.
import { createClient, type AvatopClient } from '../rpc/client';
import { collectGarbage } from '../runtime/gc';
import { createAvatopStore, type AvatopStore } from '../state/store';
import { createScheduler, type Scheduler } from '../poll/scheduler';
import { watchL1Validations, type L1Reading } from './l1-watch';

/** The versions view's pace: its header duplicates once a minute, the peer and validator lists every 10 minutes. */
const VERSIONS_TICK_MS = 60_000;
const VERSIONS_EVERY_MS = 10 * 60_000;

export interface NodeTarget {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** L1 validation IDs to follow for their balance runway. */
  readonly l1Validations?: readonly string[];
}

export interface HeadlessSession {
  readonly target: NodeTarget;
  readonly store: AvatopStore;
  readonly client: AvatopClient;
  l1(): readonly L1Reading[];
  /** Whether this session also fetches the validator set (for every node of its network). */
  setStakeSource(on: boolean): void;
  readonly isStakeSource: boolean;
  close(): Promise<void>;
}

export interface SessionOptions {
  intervalMs: number;
  timeoutMs: number;
}

export function startHeadlessSession(target: NodeTarget, opts: SessionOptions): HeadlessSession {
  const client: AvatopClient = createClient({ url: target.url, headers: { ...target.headers }, timeoutMs: opts.timeoutMs, collectGarbage });
  const store = createAvatopStore();
  const scheduler: Scheduler = createScheduler({ client, store, intervalMs: opts.intervalMs, followUi: false });
  scheduler.setVisible('overview');
  scheduler.start();
  const slow: Scheduler = createScheduler({
    client,
    store,
    intervalMs: Math.max(opts.intervalMs, VERSIONS_TICK_MS),
    slowMs: VERSIONS_EVERY_MS,
    heavyMinIntervalMs: VERSIONS_EVERY_MS,
    maxAgeMs: VERSIONS_EVERY_MS,
    followUi: false,
  });
  let stakeSource = false;
  slow.setVisible('peers');
  slow.start();
  const l1 = watchL1Validations(client, target.l1Validations ?? []);
  return {
    target,
    store,
    client,
    l1: () => l1.readings(),
    setStakeSource(on) {
      if (on === stakeSource) return;
      stakeSource = on;
      slow.setVisible(on ? 'versions' : 'peers');
    },
    get isStakeSource() {
      return stakeSource;
    },
    async close() {
      scheduler.stop();
      slow.stop();
      l1.stop();
      await client.close();
    },
  };
}
