// The resources the header shows on every screen: node identity, bootstrap state, height and time, uptime,
// upgrades, the peer count and health.
import { lens } from '../state/lenses';
import { resolveOk } from '../state/resource';
import type { ChainAlias } from '../state/store';
import { toRows } from './transforms';
import { createPeerSharer } from './peer-sharing';
import type { ResultOf } from '../rpc/methods';
import { call, ignorePrev, type FetchContext, type Intervals, type ResourceSpec } from './resource-spec';
import { rememberViews } from '../domain/reward/node-guard';
import type { VoterWeights } from '../state/reward-memory';
import { lastCycleRewardsKey, type CycleRewards } from '../state/view-keys';
import { obj } from '../format/fields';
import { afterPeers, afterUpgradeFacts } from './upgrade-watch';
import { voterWeightsFromList } from './validator-patch';
import { peersFacts } from '../rpc/methods/info/peers';
import type { PeerFacts } from '../state/types';
import { DEFERRED_START_READS_MS } from './deferred-start';
import { collectBeforeLargeRead } from '../runtime/heap-governor';

const bootstrapped = (chain: ChainAlias): ResourceSpec =>
  call(`bootstrapped:${chain}`, 'info.isBootstrapped', { chain }, 'tick', lens.bootstrapped(chain), ignorePrev((r) => r.isBootstrapped), {
    // Watch closely while the chain syncs; once done it rarely changes.
    intervalMs: (s, i) => (s.node.bootstrapped[chain].data === true ? i.slowMs : i.tickMs),
  });

/**
 * info.peers read peer by peer as the reply arrives, the values peers repeat shared as they come (rpc/streamed-list.ts,
 * poll/peer-sharing.ts): 10,723 peers were 7 MB of text and more again of parsed JSON at once, and the peers of each
 * reading kept their own copies of the strings every peer repeats.
 */
function readPeers(ctx: FetchContext, signal: AbortSignal): Promise<ResultOf<'info.peers'>> {
  return ctx.client.call('info.peers', {}, { signal, list: { key: 'peers', keep: createPeerSharer() } });
}

/**
 * info.peers feeds the peers list, the header's count and, for a validator, the reward guard's view of the vote
 * (each peer's observedUptime); `slow` where only a summary is shown (versions, the header of a validator);
 * `plain` rows where nothing shows what changed: the exporter, and the slow list, which only the peers pane (with its
 * own list, every tick) would mark. Diffing 1,590 peers a minute against the last reading, each of them changed (its
 * lastSent), was 6% of the monitor's garbage at idle.
 */
export const peersSpec = (cadence: 'tick' | 'slow' = 'tick', rows: 'diff' | 'plain' = cadence === 'slow' ? 'plain' : 'diff'): ResourceSpec =>
  call(cadence === 'tick' ? 'peers' : 'peers:slow', 'info.peers', {}, cadence, lens.peers, rows === 'diff' ? toRows.peers : toRows.plainPeers, {
    fetch: readPeers,
    keepIdentity: rows === 'diff',
    // The whole list (0.7 MB with a mainnet node's 1,500 peers) at most once a minute outside the peers pane.
    // A slow reading after the peers pane's waits out its minute from the pane's last one (the first delay of a list
    // already read): it was read again at once on leaving the pane, 10,723 peers on top of all the pane kept, the
    // big scenario's highest memory after the UTXOs (docs/performance.md).
    ...(cadence === 'slow' ? { intervalMs: (_s: unknown, i: Intervals) => Math.max(i.slowMs, PEER_COUNT_MS), initialDelayMs: 0 } : {}),
    // One count: the list's own (without the peers kept one update to show they left), so the header and the
    // pane never disagree; numPeers only where the list was not read. Each reading of the views is also the
    // guard's: remembered as the last trustworthy budget when more than half of the stake's view is known.
    also: (s, r, meta) =>
      rememberViews(afterPeers(lens.peerCount.set(s, resolveOk(lens.peerCount.get(s), lens.peers.get(s).data?.size ?? r.numPeers, meta)), r, meta), meta.at),
  });

/**
 * info.peers read for what the rules use of each peer alone (rpc/methods/info/peers.ts `peersFacts`: node ID,
 * release, observed uptime, announced upgrade), where no screen shows the list: the exporter's reading. It writes
 * what the whole list's reading writes besides the list: the count (the peers', each once), the announcements and the
 * guard's remembered views. Without the list's other fields (IPs, message times, subnets, ACP votes) a mainnet
 * node's 0.67 MB reply builds 1,590 small records instead of 1,590 peers parsed, checked and copied.
 */
export const peerFactsSpec = (): ResourceSpec<readonly PeerFacts[], PeersFacts> => ({
  key: 'peers',
  method: 'info.peers',
  params: {},
  cadence: 'tick',
  pchain: false,
  lens: lens.peerFacts,
  keepIdentity: false,
  intervalMs: soonWhileUnread((_s, i) => i.tickMs),
  fetch: readFacts,
  toData: (_prev, r) => eachNodeOnce(r.peers),
  also: (s, r, meta) => {
    const count = lens.peerFacts.get(s).data?.length ?? r.numPeers;
    return rememberViews(afterPeers(lens.peerCount.set(s, resolveOk(lens.peerCount.get(s), count, meta)), r, meta), meta.at);
  },
});

/**
 * The peers' facts once a minute where no pane shows their list: the header's count, the upgrade rule's announcements
 * and, for a validator, the guard's views, all of which the facts carry (state/peer-facts.ts). The whole list read
 * for them on the overview was a sixth of the monitor's garbage at idle (1,590 peers parsed, checked and kept with
 * their IPs, subnets and message times, about 10 MB allocated a minute; allocation sampling) and 0.4 MiB held.
 */
const slowPeerFacts: ResourceSpec = {
  ...peerFactsSpec(),
  key: 'peerCount',
  cadence: 'slow',
  // The monitor's one large read a minute, after a collection of the garbage there is (runtime/heap-governor.ts): made
  // on top of it, what the read promotes was the monitor's highest resident memory each minute.
  fetch: async (ctx, signal) => {
    await collectBeforeLargeRead();
    return readFacts(ctx, signal);
  },
  // Out of the first replies' way, as the own validations are: read with them, the 0.7 MB reply was most of the
  // start's peak of resident memory (72 → 68 MiB, side by side); the count and the guard's views come 1.5 s later.
  initialDelayMs: DEFERRED_START_READS_MS,
  // A minute after the newer reading of the peers, this one's or the peers pane's list (the rules read either,
  // state/peer-facts.ts): on leaving the pane they were read again at once, 10,723 on the big scenario.
  intervalMs: soonWhileUnread((s, i) => {
    const every = Math.max(i.slowMs, PEER_COUNT_MS);
    const list = s.peers.list.updatedAt;
    const facts = s.peers.facts.updatedAt;
    return list !== undefined && facts !== undefined && list > facts ? list - facts + every : every;
  }),
};

/**
 * The peers' facts not read yet and the last try failed: tried again at the poller's backoff (about 1 s, doubling to
 * 30 s), not a whole interval later. One slow first reply (a loaded node, an exporter's 1 s --timeout) left the
 * guard's vote, the peer count and the upgrade rule's announcements empty for a minute (the exporter's slow look reads
 * them once a minute); once read, a failure waits out the interval as before and the last reading stands.
 */
function soonWhileUnread(every: NonNullable<ResourceSpec['intervalMs']>): NonNullable<ResourceSpec['intervalMs']> {
  return (s, i, last) => (last?.failing && lens.peerFacts.get(s).data === undefined ? 0 : every(s, i, last));
}

type PeersFacts = { readonly numPeers: number; readonly peers: readonly PeerFacts[] };

function readFacts(ctx: FetchContext, signal: AbortSignal): Promise<PeersFacts> {
  return ctx.client.read ? ctx.client.read(peersFacts, {}, { signal }) : ctx.client.call('info.peers', {}, { signal });
}

/** A node listed twice counts once (the first, as the list's rows keep it). */
function eachNodeOnce(peers: readonly PeerFacts[]): readonly PeerFacts[] {
  const seen = new Set<string>();
  // A copy only from the first repeat (a node lists each peer once): the list itself otherwise.
  let out: PeerFacts[] | undefined;
  for (let i = 0; i < peers.length; i++) {
    const p = peers[i]!;
    if (seen.has(p.nodeID)) {
      out ??= peers.slice(0, i);
      continue;
    }
    seen.add(p.nodeID);
    out?.push(p);
  }
  return out ?? peers;
}

/**
 * The P-chain's time: the node's state time (platform.getTimestamp), which each accepted Banff block sets to its own
 * timestamp (avalanchego v1.15.0 vms/platformvm/block/executor/verifier.go:76-77 and 130-134; an option block's must
 * equal its parent's, 283-290). So the block at the height just read answers it without a request, where the block
 * watcher has read that block (it fetches each one before the tick's other resources); otherwise, or for an Apricot
 * block with no time, the node is asked. 30 requests a minute fewer at idle on a chain with a block every 2 s.
 */
export function timestampSpec(): ResourceSpec {
  const spec = call('timestamp', 'platform.getTimestamp', {}, 'tick', lens.timestamp, ignorePrev((r) => r.timestamp));
  return {
    ...spec,
    fetch(ctx, signal) {
      const height = ctx.height();
      const time = height === undefined ? undefined : ctx.blockCache.get(height)?.time;
      return time ? Promise.resolve({ timestamp: time }) : spec.fetch(ctx, signal);
    },
  };
}

/** How often the validator set that weighs the voters is read: weights change with stakers joining and leaving. */
export const VOTER_WEIGHTS_EVERY_MS = 10 * 60_000;

/**
 * The validator set at the latest height (platform.getValidatorsAt: every validator's weight with its delegations,
 * what consensus samples by), for the reward guard's stake-weighted vote. Heavy on mainnet (a few hundred kB), so
 * read every 10 minutes, and by a numeric height (v1.11 nodes reject "proposed"); taken from the primary validator
 * list where a pane holds it (poll/validator-patch.ts).
 */
export function voterWeightsSpec(): ResourceSpec<VoterWeights, VoterWeights> {
  return {
    key: 'voterWeights',
    method: 'platform.getValidatorsAt',
    cadence: 'slow',
    pchain: true,
    lens: lens.voterWeights,
    // Whether the last read failed, not whether the store holds weights: asked right after a poll, before its answer
    // is written, the store said "none yet" after the first read and made it twice in the first half minute.
    intervalMs: (_s, i, last) => (last?.failing ? i.slowMs : Math.max(i.slowMs, VOTER_WEIGHTS_EVERY_MS)),
    async fetch(ctx, signal) {
      // A pane that holds the primary validator list (kept current by the blocks) has the same set: no request.
      const held = voterWeightsFromList(ctx.state());
      if (held) return held;
      const height = ctx.height() ?? (await ctx.client.call('platform.getHeight', {}, { signal })).height;
      const r = await ctx.client.call('platform.getValidatorsAt', { height: Number(height) }, { signal });
      return { height, validators: r.validators.map((v) => ({ nodeID: v.nodeID, weight: v.weight })), totalWeight: r.totalWeight };
    },
    toData: (_prev, w) => w,
    also: (s, _w, meta) => rememberViews(s, meta.at),
  };
}

/**
 * `validator`: this node is a current validator, so the header's reward badge needs the vote: the peers' views
 * (their facts, slowly, unless a pane polls the list) and the validator set that weighs them.
 */
export function header(peersPolled: boolean, validator = false): ResourceSpec[] {
  const specs = [
    call('nodeId', 'info.getNodeID', {}, 'slow', lens.nodeId, ignorePrev((r) => r)),
    call('networkId', 'info.getNetworkID', {}, 'once', lens.networkId, ignorePrev((r) => r.networkID)),
    call('networkName', 'info.getNetworkName', {}, 'once', lens.networkName, ignorePrev((r) => r.networkName)),
    // Slowly, not once: an upgrade restarts the node under a running monitor, and the new version is an event.
    call('nodeVersion', 'info.getNodeVersion', {}, 'slow', lens.nodeVersion, ignorePrev((r) => r)),
    bootstrapped('P'),
    bootstrapped('X'),
    bootstrapped('C'),
    call('height', 'platform.getHeight', {}, 'tick', lens.height, ignorePrev((r) => r.height), { probe: { height: (r) => r.height } }),
    timestampSpec(),
    call('uptime', 'info.uptime', {}, 'slow', lens.uptime, ignorePrev((r) => r)),
    // The node's Helicon time decides the reward threshold the header, overview and validators show.
    upgradesSpec(),
  ];
  // A pane's own info.peers poll feeds the count; elsewhere the peers' facts once a minute (0.7 MB from a mainnet
  // node with 1,500 peers) give the header's count, every peer's announced upgrade time for the upgrade-deadline
  // rule (upgrade-watch.ts) and, for a validator, the vote's views.
  // One key whether or not the node validates: a monitor learns that only after its first reads, and a second key
  // read the whole list a second time within the first second (the start's peak of resident memory).
  if (!peersPolled) specs.push(slowPeerFacts);
  if (validator) specs.push(voterWeightsSpec());
  specs.push(healthSpec('slow'));
  return specs;
}

/**
 * health.health feeds the header's health segment on every screen, so it polls lightly: slowly while the node says
 * it is healthy, every few ticks while it is not (checks not yet run turn into results on the node's own cadence,
 * 30 s by default). The overview shows the checks' verdict and asks every PANE_HEALTH_MS: the node runs its checks
 * every 30 s (--health-check-frequency), so asking every tick read the same report fifteen times. The health view
 * lists every check and asks every tick. 'health' (either) replaces 'health:slow'.
 */
export const healthSpec = (cadence: 'tick' | 'pane' | 'slow'): ResourceSpec =>
  call(cadence === 'slow' ? 'health:slow' : 'health', 'health.health', {}, cadence === 'pane' ? 'tick' : cadence, lens.health, ignorePrev((r) => r), {
    also: afterUpgradeFacts,
    intervalMs: (s, i) =>
      cadence === 'tick'
        ? i.tickMs
        : cadence === 'pane'
          ? Math.max(i.tickMs, PANE_HEALTH_MS)
          : s.node.health.data?.healthy === true
            ? i.slowMs
            : Math.min(i.slowMs, Math.max(i.tickMs, UNHEALTHY_HEALTH_MS)),
  });

/** How often the header asks an unhealthy node again. */
export const UNHEALTHY_HEALTH_MS = 10_000;
/** How often the overview asks for the health report. */
export const PANE_HEALTH_MS = 10_000;
/** How often the header's peer count (the whole info.peers list) is read off the peers pane. */
export const PEER_COUNT_MS = 60_000;
export const upgradesSpec = () => call('upgrades', 'info.upgrades', {}, 'once', lens.upgrades, ignorePrev((r) => r));

/**
 * The reward UTXOs of this node's previous auto-renewed cycle, under the reward tx that closed it (a tx of the staker
 * tx's ID and the cycle's end, which is this cycle's start): asked once per cycle, as a paid reward never changes.
 */
export function lastCycleRewardsSpec(rewardTxId: string): ResourceSpec<CycleRewards, CycleRewards> {
  const key = lastCycleRewardsKey(rewardTxId);
  return {
    key,
    method: 'platform.getRewardUTXOs',
    params: { txID: rewardTxId, encoding: 'hex' },
    cadence: 'once',
    pchain: true,
    lens: lens.view<CycleRewards>(key),
    async fetch(ctx, signal) {
      const r = await ctx.client.call('platform.getRewardUTXOs', { txID: rewardTxId, encoding: 'hex' }, { signal });
      let amount = 0n;
      for (const hex of r.utxos) {
        try {
          // The codec's UTXO, read tolerantly: a TransferOutput, or one inside a stakeable lock.
          const out = obj(obj(ctx.decoders.utxo?.(ctx.decoders.hex(hex))).output);
          const value = typeof out.amount === 'bigint' ? out.amount : obj(out.output).amount;
          if (typeof value === 'bigint') amount += value;
        } catch {
          // An undecodable UTXO adds nothing; it is still counted.
        }
      }
      return { rewardTxId, utxos: r.utxos.length, amount };
    },
    toData: (_prev, r) => r,
  };
}
