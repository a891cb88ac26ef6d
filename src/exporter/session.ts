// A node watched without a screen: the monitor's client, store and height-gated scheduler, with the overview as the
// "visible" pane so it polls what the header and the overview poll, and nothing heavier.
import { createClient, type AvatopClient } from '../rpc/client';
import { createAvatopStore, type AvatopStore } from '../state/store';
import { createScheduler, type Scheduler } from '../poll/scheduler';

export interface NodeTarget {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface HeadlessSession {
  readonly target: NodeTarget;
  readonly store: AvatopStore;
  close(): Promise<void>;
}

export interface SessionOptions {
  intervalMs: number;
  timeoutMs: number;
}

export function startHeadlessSession(target: NodeTarget, opts: SessionOptions): HeadlessSession {
  const client: AvatopClient = createClient({ url: target.url, headers: { ...target.headers }, timeoutMs: opts.timeoutMs });
  const store = createAvatopStore();
  const scheduler: Scheduler = createScheduler({ client, store, intervalMs: opts.intervalMs, followUi: false });
  scheduler.setVisible('overview');
  scheduler.start();
  return {
    target,
    store,
    async close() {
      scheduler.stop();
      await client.close();
    },
  };
}
