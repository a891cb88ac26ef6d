// The one way a command puts its nodes under the event log: the monitor's fleet sessions and the exporter's headless
// sessions alike (each a name, an address, a store and a client).
import type { AvatopStore } from '../state/store';
import type { Keeper } from './keeper';
import type { NodeWatch, RewardAnswer } from './node-watch';

export interface WatchedSession {
  readonly name: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly store: AvatopStore;
  /** The node's client: asked, once a validation ended, whether its reward was paid. */
  readonly client?: { call(name: 'platform.getRewardUTXOs', params: { txID: string; encoding?: 'hex' }): Promise<{ numFetched: number }> };
}

export function watchFleetEvents(keeper: Keeper, sessions: readonly WatchedSession[], opts: { override?: number } = {}): NodeWatch[] {
  return sessions.map((s) =>
    keeper.watch(
      s.store,
      { name: s.name, url: s.url, headers: s.headers },
      {
        override: opts.override,
        rewards: s.client
          ? async (txID): Promise<RewardAnswer> => {
              const r = await s.client!.call('platform.getRewardUTXOs', { txID, encoding: 'hex' });
              return { paid: r.numFetched > 0, utxos: r.numFetched };
            }
          : undefined,
      },
    ),
  );
}
