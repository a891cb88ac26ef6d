// What to poll for what is on screen: the header's resources, each pane's, and each drill-down view's. The table
// is data so it can be tested and printed; the scheduler starts and stops pollers to match it.
import type { ResourceLens } from '../state/lenses';
import { lens } from '../state/lenses';
import { resolveOk, type PollMeta } from '../state/resource';
import { diffRows, liveValues, type RowList } from '../state/rows';
import type { AvatopState, ChainAlias } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { BlockHeader, UtxoPage } from '../state/types';
import type { NavView, PaneId } from '../state/ui';
import { addressSetKey } from '../state/utxos';
import { parseAddress } from '../codec/address';
import {
  balanceFromResult,
  chunkAddresses,
  stakedBlobs,
  stakedOutputFacts,
  sumStakeChunks,
  type StakeChunk,
} from './address-totals';
import type { Decoders } from './decoders';
import { blockFromResult, transform, utxoPageFromResult } from './transforms';
import { uptimeRequirementSpec, viewPlan } from './view-plan';
import { call } from './resource-spec';
import type { MetricsGetter } from '../metrics/fetch';
import { metricsSpec } from './metrics-spec';
import { ownValidationsSpec } from './own-validations';

/**
 * tick: every interval. slow: every slow interval (cheap but rarely changing). once: until it succeeds (static
 * facts). height: when platform.getHeight moves, on refresh, or when older than the maximum age (heavy lists).
 */
export type Cadence = 'tick' | 'slow' | 'once' | 'height';

/** The narrow client the pollers need: the typed client from rpc/client satisfies it. */
export interface PollClient {
  call(name: string, params?: unknown, opts?: { signal?: AbortSignal }): Promise<unknown>;
  /** GET with a streamed body (/ext/metrics); a client without it polls no metrics. */
  getStream?: MetricsGetter['getStream'];
  onCall(listener: (e: { method: string; bytes: number; latencyMs: number; ok: boolean }) => void): unknown;
}

export interface FetchContext {
  readonly client: PollClient;
  readonly decoders: Decoders;
  readonly recentBlocks: number;
  /** Last P-chain height seen by the header poller. */
  height(): bigint | undefined;
  /** Block headers already fetched, by height: blocks never change, so each height is fetched once. */
  readonly blockCache: Map<bigint, BlockHeader>;
  /** The store as it is now (what a multi-call resource already knows). */
  state(): AvatopState;
  now(): number;
  readonly maxAgeMs: number;
}

export interface ResourceSpec {
  /** Unique per resource instance, e.g. `validators:<subnetID>`. */
  readonly key: string;
  /** The JSON-RPC method it calls (for accounting and bytes per resource). */
  readonly method: string;
  /** Its params, when it is a single call (for the benchmark's naive loop and debugging). */
  readonly params?: unknown;
  readonly cadence: Cadence;
  /** Answers 503 while the P-chain bootstraps. */
  readonly pchain: boolean;
  readonly lens: ResourceLens<any>;
  fetch(ctx: FetchContext, signal: AbortSignal): Promise<unknown>;
  /** Raw result → store data, given the data already in the store (for row diffs). Runs at apply time. */
  toData(prev: any, result: any): unknown;
  /** Other store writes a success makes (e.g. info.peers also sets the header's peer count). */
  also?(s: AvatopState, result: any, meta: PollMeta): AvatopState;
  /** A height-cadence resource that is cheap per height (recent blocks): follows every height, no floor. */
  everyHeight?: boolean;
  /** Custom cadence in ms, given the current state (overrides the cadence's interval). */
  intervalMs?(s: AvatopState, intervals: Intervals): number;
  /** The first poll of a resource with nothing to show yet may wait this long (kept out of the first frame's way). */
  initialDelayMs?: number;
}

export interface Intervals {
  readonly tickMs: number;
  readonly slowMs: number;
  readonly maxAgeMs: number;
}


const ignorePrev =
  <R>(f: (r: unknown) => R) =>
  (_prev: unknown, r: unknown) =>
    f(r);

const bootstrapped = (chain: ChainAlias): ResourceSpec =>
  call(`bootstrapped:${chain}`, 'info.isBootstrapped', { chain }, 'tick', lens.bootstrapped(chain), ignorePrev(transform.bootstrapped), {
    // Watch closely while the chain syncs; once done it rarely changes.
    intervalMs: (s, i) => (s.node.bootstrapped[chain].data === true ? i.slowMs : i.tickMs),
  });

/** info.peers feeds the peers list and the header's count; `slow` where only a summary is shown (versions). */
const peersSpec = (cadence: 'tick' | 'slow' = 'tick'): ResourceSpec =>
  call(cadence === 'tick' ? 'peers' : 'peers:slow', 'info.peers', {}, cadence, lens.peers, transform.peers, {
    // One count: the list's own (without the peers kept one update to show they left), so the header and the
    // pane never disagree; numPeers only where the list was not read.
    also: (s, r, meta) =>
      lens.peerCount.set(s, resolveOk(lens.peerCount.get(s), lens.peers.get(s).data?.size ?? transform.peerCount(r), meta)),
  });

function header(peersPolled: boolean): ResourceSpec[] {
  const specs = [
    call('nodeId', 'info.getNodeID', {}, 'slow', lens.nodeId, ignorePrev(transform.nodeId)),
    call('networkId', 'info.getNetworkID', {}, 'once', lens.networkId, ignorePrev(transform.networkId)),
    call('networkName', 'info.getNetworkName', {}, 'once', lens.networkName, ignorePrev(transform.networkName)),
    call('nodeVersion', 'info.getNodeVersion', {}, 'once', lens.nodeVersion, ignorePrev(transform.loose)),
    bootstrapped('P'),
    bootstrapped('X'),
    bootstrapped('C'),
    call('height', 'platform.getHeight', {}, 'tick', lens.height, ignorePrev(transform.height)),
    call('timestamp', 'platform.getTimestamp', {}, 'tick', lens.timestamp, ignorePrev(transform.timestamp)),
    call('uptime', 'info.uptime', {}, 'slow', lens.uptime, ignorePrev(transform.loose)),
    // The node's Helicon time decides the reward threshold the header, overview and validators show.
    upgradesSpec(),
  ];
  // A pane's own info.peers poll feeds the count; elsewhere a slow count is enough for the header.
  if (!peersPolled) specs.push(call('peerCount', 'info.peers', {}, 'slow', lens.peerCount, ignorePrev(transform.peerCount)));
  specs.push(healthSpec('slow'));
  return specs;
}

/**
 * health.health feeds the header's health segment on every screen, so it polls lightly: slowly while the node says
 * it is healthy, every few ticks while it is not (checks not yet run turn into results on the node's own cadence,
 * 30 s by default). The overview and the health view poll it every tick ('health' replaces 'health:slow').
 */
const healthSpec = (cadence: 'tick' | 'slow'): ResourceSpec =>
  call(cadence === 'tick' ? 'health' : 'health:slow', 'health.health', {}, cadence, lens.health, ignorePrev(transform.loose), {
    intervalMs: (s, i) => (cadence === 'tick' ? i.tickMs : s.node.health.data?.healthy === true ? i.slowMs : Math.min(i.slowMs, Math.max(i.tickMs, UNHEALTHY_HEALTH_MS))),
  });

/** How often the header asks an unhealthy node again. */
export const UNHEALTHY_HEALTH_MS = 10_000;
const upgradesSpec = () => call('upgrades', 'info.upgrades', {}, 'once', lens.upgrades, ignorePrev(transform.loose));

const validatorsSpec = (subnetId: string): ResourceSpec =>
  call(
    `validators:${subnetId}`,
    'platform.getCurrentValidators',
    subnetId === PRIMARY_NETWORK_ID ? {} : { subnetID: subnetId },
    'height',
    lens.validators(subnetId),
    transform.validators,
  );

const subnetsSpec = () => call('subnets', 'platform.getSubnets', {}, 'height', lens.subnets, transform.subnets);

function validatorDetailSpec(subnetId: string, nodeId: string): ResourceSpec {
  const params: Record<string, unknown> = { nodeIDs: [nodeId] };
  if (subnetId !== PRIMARY_NETWORK_ID) params.subnetID = subnetId;
  return call(`validator:${subnetId}/${nodeId}`, 'platform.getCurrentValidators', params, 'height', lens.validatorDetail(subnetId, nodeId), ignorePrev(transform.validatorDetail));
}

const blockchainsSpec = () =>
  call('blockchains', 'platform.getBlockchains', {}, 'height', lens.blockchains, transform.blockchains);

function recentBlocksSpec(): ResourceSpec {
  return {
    key: 'recentBlocks',
    method: 'platform.getBlockByHeight',
    cadence: 'height',
    everyHeight: true,
    pchain: true,
    lens: lens.recentBlocks,
    async fetch(ctx, signal) {
      let top = ctx.height();
      if (top === undefined) top = transform.height(await ctx.client.call('platform.getHeight', {}, { signal }));
      const low = top - BigInt(ctx.recentBlocks) + 1n;
      // Newest first, so the top of the table fills in first and a failure part-way keeps what was fetched.
      for (let h = top; h >= 0n && h >= low; h--) {
        if (ctx.blockCache.has(h)) continue;
        const r = await ctx.client.call('platform.getBlockByHeight', { height: Number(h), encoding: 'hex' }, { signal });
        ctx.blockCache.set(h, blockFromResult(r, ctx.decoders, { height: h }).header);
      }
      for (const h of ctx.blockCache.keys()) if (h < low || h > top) ctx.blockCache.delete(h);
      return [...ctx.blockCache.values()].sort((a, b) => (a.height > b.height ? -1 : a.height < b.height ? 1 : 0));
    },
    toData: (prev, headers: BlockHeader[]) => {
      // Blocks are immutable: keep the objects already shown so only new rows change.
      return diffRowsByHeight(prev, headers);
    },
  };
}

function diffRowsByHeight(prev: RowList<BlockHeader> | undefined, headers: BlockHeader[]): RowList<BlockHeader> {
  const next = diffRows(prev, headers, (b) => b.height.toString());
  // A block that slid out of the recent window was not removed from the chain: it goes without a trace, so the
  // pane never shows (or counts) 22 rows of a 20-block window.
  if (next.rows.length === next.size) return next;
  const rows = next.rows.filter((r) => r.change !== 'removed');
  return prev && rows.length === prev.rows.length && rows.every((r, i) => r === prev.rows[i]) ? prev : { rows, size: rows.length };
}

function paneSpecs(pane: PaneId, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  switch (pane) {
    case 'overview': {
      const specs = [
        call('nodeIp', 'info.getNodeIP', {}, 'once', lens.nodeIp, ignorePrev(transform.nodeIp)),
        healthSpec('tick'),
        call('supply', 'platform.getCurrentSupply', {}, 'height', lens.supply, ignorePrev(transform.supply)),
        call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev(transform.stakingAssetId)),
        call('totalStake', 'platform.getTotalStake', {}, 'height', lens.totalStake, ignorePrev(transform.totalStake)),
        call('minStake', 'platform.getMinStake', {}, 'height', lens.minStake, ignorePrev(transform.minStake)),
      ];
      // This node's own validator record (a single-node query: small, and it carries the delegators).
      const own = s.node.id.data?.nodeID;
      if (own) specs.push(validatorDetailSpec(PRIMARY_NETWORK_ID, own));
      return specs;
    }
    case 'peers':
      return [peersSpec()];
    case 'validators':
      // The subnet list feeds the pane's subnet switcher; an elastic subnet's uptime requirement, its flags.
      return s.ui.subnet === PRIMARY_NETWORK_ID
        ? [validatorsSpec(s.ui.subnet), subnetsSpec()]
        : [validatorsSpec(s.ui.subnet), subnetsSpec(), uptimeRequirementSpec(s.ui.subnet, decoders)];
    case 'pending': {
      // Removed in v1.11.3 (ACP-41): today's nodes answer "can't find method"; the pane then shows stakers that
      // recently started or end soon, from the current validators.
      const pending = call(`pending:${PRIMARY_NETWORK_ID}`, 'platform.getPendingValidators', {}, 'height', lens.pending(PRIMARY_NETWORK_ID), transform.pending);
      const unsupported = s.pending.bySubnet[PRIMARY_NETWORK_ID]?.status === 'unsupported';
      return unsupported ? [pending, validatorsSpec(PRIMARY_NETWORK_ID)] : [pending];
    }
    case 'fees':
      return [
        call('txFee', 'info.getTxFee', {}, 'once', lens.txFee, ignorePrev(transform.loose)),
        call('feeConfig', 'platform.getFeeConfig', {}, 'once', lens.feeConfig, ignorePrev(transform.loose)),
        call('feeState', 'platform.getFeeState', {}, 'height', lens.feeState, ignorePrev(transform.loose)),
        call('validatorFeeConfig', 'platform.getValidatorFeeConfig', {}, 'once', lens.validatorFeeConfig, ignorePrev(transform.loose)),
        call('validatorFeeState', 'platform.getValidatorFeeState', {}, 'height', lens.validatorFeeState, ignorePrev(transform.loose)),
      ];
    case 'versions':
      return [
        call('vms', 'info.getVMs', {}, 'once', lens.vms, ignorePrev(transform.vms)),
        upgradesSpec(),
        call('acps', 'info.acps', {}, 'slow', lens.acps, ignorePrev(transform.acps)),
        // Version spread across peers and stake.
        peersSpec('slow'),
        validatorsSpec(PRIMARY_NETWORK_ID),
      ];
    case 'subnets':
      // Statuses start as soon as the chain list is in (the plan is recomputed on every store change).
      return s.subnets.chains.data ? [subnetsSpec(), blockchainsSpec(), chainStatusesSpec()] : [subnetsSpec(), blockchainsSpec()];
    case 'blocks':
      return [recentBlocksSpec()];
    case 'utxos': {
      const q = s.utxos.active === undefined ? undefined : s.utxos.queries[s.utxos.active];
      if (!q || q.addresses.length === 0) return [];
      const params: Record<string, unknown> = { addresses: q.addresses, limit: q.pageSize, encoding: 'hex' };
      if (q.start) params.startIndex = q.start;
      if (q.sourceChain) params.sourceChain = q.sourceChain;
      // The page's start and size are part of the key: paging or resizing stops this page's poller and starts the
      // next one's (with the size left out, a new size kept polling with the old limit and showed "(last)").
      const at = q.start ? `${q.start.address}/${q.start.utxo}` : '';
      return [
        call(`utxos:${q.key}:${q.pageSize}:${at}`, 'platform.getUTXOs', params, 'height', lens.utxoPage(q.key), (prev: UtxoPage | undefined, r) =>
          utxoPageFromResult(prev, r, decoders),
        ),
        // Whole-address totals beside the page; keyed by the address set alone, so paging and switching the
        // source chain keep them (they are P-chain facts and change only with blocks).
        balanceSpec(q.addresses),
        stakeSpec(q.addresses, decoders),
        // Says which asset the totals and the page sums count as AVAX.
        call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev(transform.stakingAssetId)),
      ];
    }
    case 'metrics':
      return [metricsSpec('pane')];
    case 'console':
      return [];
  }
}

/** getBalance takes any number of addresses: one call per height. */
function balanceSpec(addresses: readonly string[]): ResourceSpec {
  const setKey = addressSetKey(addresses);
  return call(`balance:${setKey}`, 'platform.getBalance', { addresses: [...addresses] }, 'height', lens.utxoBalance(setKey), ignorePrev(balanceFromResult));
}

/** getStake takes at most 256 addresses: one call per chunk, one after another, added up (see address-totals.ts). */
function stakeSpec(addresses: readonly string[], decoders: Decoders): ResourceSpec {
  const setKey = addressSetKey(addresses);
  const chunks = chunkAddresses(addresses);
  const formatAssetId = decoders.id ?? ((b: Uint8Array) => Buffer.from(b).toString('hex'));
  return {
    key: `stake:${setKey}`,
    method: 'platform.getStake',
    params: chunks.length === 1 ? { addresses: chunks[0], encoding: 'hex' } : undefined,
    cadence: 'height',
    pchain: true,
    lens: lens.utxoStake(setKey),
    async fetch(ctx, signal) {
      const replies: StakeChunk[] = [];
      for (const part of chunks) {
        const result = await ctx.client.call('platform.getStake', { addresses: part, encoding: 'hex' }, { signal });
        const { blobs, encoding } = stakedBlobs(result);
        const outputs = blobs.map((hex) => {
          try {
            return decoders.stakedOutput ? stakedOutputFacts(decoders.stakedOutput(hex, encoding), formatAssetId) : undefined;
          } catch {
            return undefined; // counted as undecodable; the node's totals still include it
          }
        });
        replies.push({ addresses: part.flatMap(addressBytes), result, outputs });
      }
      return sumStakeChunks(replies, ctx.state().supply.stakingAssetId.data || undefined);
    },
    toData: (_prev, summed) => summed,
  };
}

function addressBytes(a: string): Uint8Array[] {
  try {
    return [parseAddress(a).bytes];
  } catch {
    return []; // the node rejects the call first
  }
}

function viewSpecs(view: NavView | undefined, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  if (!view) return [];
  // Tx, validator and UTXO views poll more than their row: view-plan.ts owns those.
  const own = viewPlan(view, s, decoders);
  if (own) return own;
  switch (view.kind) {
    case 'block': {
      const key = view.id ?? `height:${view.height}`;
      const method = view.id ? 'platform.getBlock' : 'platform.getBlockByHeight';
      const params = view.id ? { blockID: view.id, encoding: 'hex' } : { height: Number(view.height ?? 0n), encoding: 'hex' };
      return [
        call(`block:${key}`, method, params, 'once', lens.block(key), (_p, r) =>
          blockFromResult(r, decoders, { id: view.id, height: view.height }),
        ),
      ];
    }
    case 'subnet': {
      const chains = liveValues(s.subnets.chains.data).filter((c) => c.subnetID === view.id);
      return [
        call(`subnet:${view.id}`, 'platform.getSubnet', { subnetID: view.id }, 'height', lens.subnetDetail(view.id), ignorePrev(transform.loose)),
        call(`validates:${view.id}`, 'platform.validates', { subnetID: view.id }, 'height', lens.chainsOf(view.id), ignorePrev(transform.chainsOf)),
        validatorsSpec(view.id),
        blockchainsSpec(),
        // Bounded: a subnet with many chains gets the first few statuses, not one request per chain per tick.
        ...chains.slice(0, 16).map((c) => chainStatusSpec(c.id)),
      ];
    }
    case 'chain':
      return [chainStatusSpec(view.id)];
    case 'peer':
      return [peersSpec()];
    case 'health':
      return [healthSpec('tick')];
    case 'tx':
    case 'validator':
    case 'utxo':
      return []; // view-plan.ts answers these before the switch
  }
}

/** At most this many chain statuses per round: one request each, and mainnet lists hundreds of chains. */
export const MAX_CHAIN_STATUSES = 64;

/**
 * The subnets pane's STATUS column: getBlockchainStatus for each listed chain, one after another, asking again
 * only for statuses older than the maximum age (they change when a chain is created or this node starts or stops
 * tracking it, not per block).
 */
function chainStatusesSpec(): ResourceSpec {
  return {
    key: 'chainStatuses',
    method: 'platform.getBlockchainStatus',
    cadence: 'height',
    pchain: true,
    lens: lens.chainStatuses,
    async fetch(ctx, signal) {
      const s = ctx.state();
      const now = ctx.now();
      const fetched: Record<string, string> = {};
      for (const c of liveValues(s.subnets.chains.data).slice(0, MAX_CHAIN_STATUSES)) {
        const id = String(c.id);
        const known = s.subnets.chainStatus[id];
        if (known?.status === 'ok' && known.updatedAt !== undefined && now - known.updatedAt < ctx.maxAgeMs) continue;
        fetched[id] = transform.chainStatus(await ctx.client.call('platform.getBlockchainStatus', { blockchainID: id }, { signal }));
      }
      return fetched;
    },
    toData: (prev: Record<string, string> | undefined, fetched: Record<string, string>) => ({ ...prev, ...fetched }),
    also: (s, fetched: Record<string, string>, meta) => {
      let next = s;
      for (const [id, status] of Object.entries(fetched)) {
        const l = lens.chainStatus(id);
        next = l.set(next, resolveOk(l.get(next), status, { at: meta.at }));
      }
      return next;
    },
  };
}

const chainStatusSpec = (id: string) =>
  call(`chainStatus:${id}`, 'platform.getBlockchainStatus', { blockchainID: id }, 'slow', lens.chainStatus(id), ignorePrev(transform.chainStatus));

export interface PlanOptions {
  /** The client can GET /ext/metrics: the header reads it slowly for its warnings. */
  readonly metrics?: boolean;
}

/** Everything that should be polled for this screen, deduplicated by key (a view may repeat its pane's needs). */
export function planFor(pane: PaneId, views: readonly NavView[], s: AvatopState, decoders: Decoders, opts: PlanOptions = {}): ResourceSpec[] {
  const body = [...paneSpecs(pane, s, decoders), ...viewSpecs(views[views.length - 1], s, decoders)];
  // Only the full peers list also writes the header's count (a view's single-peer query does not).
  const all = [...header(body.some((spec) => spec.key === 'peers' || spec.key === 'peers:slow')), ...body];
  // The pane's reading also feeds the header; elsewhere the header reads slowly.
  if (opts.metrics && !body.some((spec) => spec.key === 'metrics')) all.push(metricsSpec('header'));
  // This node's subnet and L1 validations, for the header's reward badge: found every few minutes.
  const own = s.node.id.data?.nodeID;
  if (own) all.push(ownValidationsSpec(own));
  const seen = new Map<string, ResourceSpec>();
  for (const spec of all) if (!seen.has(spec.key)) seen.set(spec.key, spec);
  // Both write the peers list: the faster one is enough.
  if (seen.has('peers')) seen.delete('peers:slow');
  if (seen.has('health')) seen.delete('health:slow');
  return [...seen.values()];
}
