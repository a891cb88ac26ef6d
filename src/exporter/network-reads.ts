// What every node of one network answers alike, read once for all of them: the P-chain's supply, total stake,
// minimum stakes, staking asset and the validator set's weights (the reward guard's voters) are the same on every
// node of a network at a height, so one session per network (the stake source, stake-sources.ts: one that answers
// and does not lag) reads them and they are written into the stores of the others. What is the node's own stays
// each node's: its height (the liveness probe), health, metrics, peers, node ID, version, bootstrap state, uptime
// and its own validator record (whose uptime and connection are as this node sees them). Its chain time too (the
// chain-time-behind series and its alert say whether this node's chain moves), but that is the time of the block at
// the node's height, the same on every node at that height: read with the network's blocks (chainTimeSpec).
import { lens, type ResourceLens } from '../state/lenses';
import type { ResourceSpec } from '../poll/resource-spec';
import { timestampSpec } from '../poll/header-plan';
import { blockHeaderAt } from '../poll/pchain-specs';
import type { AvatopState, AvatopStore } from '../state/store';

/** The network's reads, by the key of the resource that reads them (poll/pane-plans.ts, poll/header-plan.ts). */
export const NETWORK_READS: ReadonlyArray<{ readonly key: string; readonly lens: ResourceLens<unknown> }> = [
  { key: 'supply', lens: lens.supply },
  { key: 'totalStake', lens: lens.totalStake },
  { key: 'minStake', lens: lens.minStake },
  { key: 'stakingAssetId', lens: lens.stakingAssetId },
  { key: 'voterWeights', lens: lens.voterWeights },
];

const KEYS = new Set(NETWORK_READS.map((r) => r.key));

/** Whether a resource is one of the network's reads (a session that is not its network's source leaves it out). */
export const isNetworkRead = (key: string): boolean => KEYS.has(key);

export interface SharingSession {
  readonly store: AvatopStore;
  readonly isStakeSource: boolean;
}

/**
 * Writes each network source's answers into the stores of the other sessions of its network, as they come (each
 * answer once: the resource as the source holds it, so its age says how old it is), and gives a session what its
 * network's source holds when it learns its network. Only answers: a failed read leaves the others' last good value,
 * and the source is handed on (stake-sources.ts) while its node is down or lags. Returns a function that stops it.
 */
export function shareNetworkReads(sessions: readonly SharingSession[]): () => void {
  const networkOf = (x: SharingSession) => x.store.getState().node.networkName.data;
  const give = (from: AvatopState, to: SharingSession, only?: (i: number) => boolean) => {
    to.store.setState((t) => {
      let next = t;
      NETWORK_READS.forEach((read, i) => {
        const r = read.lens.get(from);
        if (r.status === 'ok' && (!only || only(i))) next = read.lens.set(next, r);
      });
      return next;
    }, true);
  };
  const sent = new Map<SharingSession, unknown[]>();
  const known = new Map<SharingSession, string>();
  const offs = sessions.map((x) =>
    x.store.subscribe((s) => {
      const network = s.node.networkName.data;
      if (network === undefined) return;
      if (!x.isStakeSource) {
        // Told its network: what the source of it holds now (later answers come as they arrive).
        if (known.get(x) === network) return;
        known.set(x, network);
        const source = sessions.find((o) => o.isStakeSource && networkOf(o) === network);
        if (source) give(source.store.getState(), x);
        return;
      }
      const last = sent.get(x) ?? [];
      sent.set(x, last);
      const fresh = NETWORK_READS.map((read, i) => {
        const r = read.lens.get(s);
        if (r.status !== 'ok' || last[i] === r) return false;
        last[i] = r;
        return true;
      });
      if (!fresh.includes(true)) return;
      for (const other of sessions) {
        if (other === x || other.isStakeSource || networkOf(other) !== network) continue;
        give(s, other, (i) => fresh[i]!);
      }
    }),
  );
  return () => {
    for (const off of offs) off();
  };
}

/**
 * The chain time read when this node's height moves, not at every tick: it is the state's time, which each accepted
 * block sets (poll/header-plan.ts timestampSpec, whose rule this uses: the time of the block at the height just
 * read, or platform.getTimestamp where the block has none), so the same at one height on every node of a network. It
 * waits for that block, which the block watcher reads for the network at the same moment (one read of each block
 * for every node: the exporter's shared block cache); a node that stands still keeps its time, and its
 * chain-time-behind series grows as its own would. At a tick instead, it would be the time of the height the probe
 * read one pace earlier: 15 s behind with Prometheus' usual scrape.
 */
export function chainTimeSpec(): ResourceSpec {
  const spec = timestampSpec();
  return {
    ...spec,
    cadence: 'height',
    everyHeight: true,
    async fetch(ctx, signal) {
      const height = ctx.height();
      // A block the node will not give leaves the question to the node (timestampSpec).
      if (height !== undefined) await blockHeaderAt(ctx, height, signal).catch(() => undefined);
      return spec.fetch(ctx, signal);
    },
  };
}
