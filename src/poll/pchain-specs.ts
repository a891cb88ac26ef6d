// P-chain resources the panes and views share: validators (a subnet's, one validator's), subnets and an elastic
// subnet's uptime requirement, blockchains and their statuses, and the recent blocks.
import { lens } from '../state/lenses';
import { resolveOk } from '../state/resource';
import { diffRows, liveValues, type RowList } from '../state/rows';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { BlockHeader, Validator } from '../state/types';
import { fetchPrimaryValidators, LISTED, nextReading, patchedValidators, type ValidatorFetch } from './validator-patch';
import { BLOCK_WATCH_KEY, listReadAtKey, uptimeRequirementKey, validatorReadingKey, type ValidatorReading } from '../state/view-keys';
import { blockChanges, changesStakersOf, type BlockChanges } from '../domain/staking/block-changes';
import { l1BalanceRunsOutAt } from '../domain/staking/l1-balance';
import type { AvatopState } from '../state/store';
import { obj } from '../format/fields';
import { blockFromResult, toRows, txDetailFromResult } from './transforms';
import { call, ignorePrev, type FetchContext, type ResourceSpec } from './resource-spec';

/**
 * A subnet's (or the primary network's) current validators: fetched again when a block changes this set, when the
 * chain's time reaches a change that comes without a tx (a permissioned validator's end, an L1 validator's balance
 * running out), and at the maximum age for the uptimes and connections that drift meanwhile.
 */
export const validatorsSpec = (subnetId: string): ResourceSpec =>
  subnetId === PRIMARY_NETWORK_ID ? primaryValidatorsSpec() : subnetValidatorsSpec(subnetId);

/**
 * The primary network's validators: read whole, then patched with the entries of the validators the accepted blocks
 * change and, every slow interval, the oldest uptimes (poll/validator-patch.ts).
 */
function primaryValidatorsSpec(): ResourceSpec<RowList<Validator>, ValidatorFetch> {
  const reading = lens.view<ValidatorReading>(validatorReadingKey(PRIMARY_NETWORK_ID));
  return {
    key: `validators:${PRIMARY_NETWORK_ID}`,
    method: 'platform.getCurrentValidators',
    params: {},
    cadence: 'height',
    pchain: true,
    lens: lens.validators(PRIMARY_NETWORK_ID),
    fetch: (ctx, signal) => fetchPrimaryValidators(ctx, signal, (h) => blockHeaderAt(ctx, h, signal)),
    toData: (prev, f) => patchedValidators(prev, f),
    also: (s, f, meta) => {
      const next = nextReading(reading.get(s).data, f, lens.validators(PRIMARY_NETWORK_ID).get(s).data);
      return next === undefined ? s : reading.set(s, resolveOk(reading.get(s), next, meta));
    },
    changesWith: (c) => changesStakersOf(c, PRIMARY_NETWORK_ID),
    // The oldest uptimes are read a slice at a time: every slow interval when no block changes the set.
    intervalMs: (_s, i) => i.slowMs,
  };
}

const subnetValidatorsSpec = (subnetId: string): ResourceSpec =>
  call(
    `validators:${subnetId}`,
    'platform.getCurrentValidators',
    subnetId === PRIMARY_NETWORK_ID ? {} : { subnetID: subnetId },
    'height',
    lens.validators(subnetId),
    toRows.validators,
    {
      fetch: (ctx, signal) => ctx.client.call('platform.getCurrentValidators', subnetId === PRIMARY_NETWORK_ID ? {} : { subnetID: subnetId }, { signal, list: LISTED }),
      changesWith: (c) => changesStakersOf(c, subnetId),
      dueAt: (s) => (subnetId === PRIMARY_NETWORK_ID ? undefined : listDueAt(s, subnetId)),
      // An L1 validator's balance is as of the chain time it was read (domain/staking/l1-balance.ts).
      also: (s, _r, meta) => {
        const l = lens.view<number>(listReadAtKey(subnetId));
        const at = s.pchain.timestamp.data?.getTime();
        return at === undefined ? s : l.set(s, resolveOk(l.get(s), at, meta));
      },
    },
  );

/**
 * When a subnet's list next changes with no tx: the first end of a permissioned validator (removed as chain time
 * passes it) or the first L1 validator's balance to run out at the last fee price read.
 */
function listDueAt(s: AvatopState, subnetId: string): number | undefined {
  const rows = lens.validators(subnetId).get(s).data?.rows;
  if (!rows) return undefined;
  const readAt = lens.view<number>(listReadAtKey(subnetId)).get(s).data;
  const price = s.fees.validatorFeeState.data?.price;
  let due: number | undefined;
  for (const { value: v, change } of rows) {
    if (change === 'removed') continue;
    let at: number | undefined;
    if (v.kind === 'permissioned') at = v.endTime?.getTime();
    else if (v.kind === 'l1' && v.balance !== undefined && v.balance > 0n && readAt !== undefined && price !== undefined) at = l1BalanceRunsOutAt(v.balance, readAt, price);
    if (at !== undefined && (due === undefined || at < due)) due = at;
  }
  return due;
}

/** The subnet list: it changes with subnets created, transformed, converted to L1s or handed to a new owner. */
export const subnetsSpec = () => call('subnets', 'platform.getSubnets', {}, 'height', lens.subnets, toRows.subnets, { changesWith: (c) => c.subnets });

/**
 * An elastic subnet's reward uptime requirement: getSubnet names its TransformSubnetTx, whose uptimeRequirement
 * (parts per 1,000,000) is what the node's reward vote uses for the subnet's validators. A subnet that was never
 * transformed has none (data undefined: no reward to lose). Asked once per subnet: a transformation never changes.
 */
export function uptimeRequirementSpec(subnetId: string): ResourceSpec {
  const key = uptimeRequirementKey(subnetId);
  return {
    key,
    method: 'platform.getTx',
    cadence: 'once',
    pchain: true,
    lens: lens.view<number | undefined>(key),
    async fetch(ctx, signal) {
      const txId = (await ctx.client.call('platform.getSubnet', { subnetID: subnetId }, { signal })).subnetTransformationTxID;
      if (txId === undefined || txId === '' || txId === PRIMARY_NETWORK_ID) return undefined;
      const tx = txDetailFromResult(await ctx.client.call('platform.getTx', { txID: txId, encoding: 'hex' }, { signal }), ctx.decoders);
      const req = obj(obj(tx.decoded).unsigned).uptimeRequirement;
      return typeof req === 'number' ? req : undefined;
    },
    toData: (_prev, req: number | undefined) => req,
  };
}

export function validatorDetailSpec(subnetId: string, nodeId: string): ResourceSpec {
  const params = subnetId === PRIMARY_NETWORK_ID ? { nodeIDs: [nodeId] } : { nodeIDs: [nodeId], subnetID: subnetId };
  // Small: fetched when a block changes its set, and every slow interval for its uptime, which drifts.
  return call(`validator:${subnetId}/${nodeId}`, 'platform.getCurrentValidators', params, 'height', lens.validatorDetail(subnetId, nodeId), ignorePrev((r) => r.validators[0]), {
    changesWith: (c) => changesStakersOf(c, subnetId),
    intervalMs: (_s, i) => i.slowMs,
  });
}

export const blockchainsSpec = () =>
  call('blockchains', 'platform.getBlockchains', {}, 'height', lens.blockchains, toRows.blockchains, { changesWith: (c) => c.chains });

// Block fetches under way, by the cache they fill: the block watcher and the blocks pane ask for the same new block
// at the same height, and one request serves both.
const inFlight = new WeakMap<Map<bigint, BlockHeader>, Map<bigint, Promise<BlockHeader>>>();

/**
 * The header of the block at `h`: from the cache, from a fetch already under way, or fetched and cached (the
 * exporter's chain time waits on the block the watcher is reading, exporter/network-reads.ts).
 */
export async function blockHeaderAt(ctx: FetchContext, h: bigint, signal: AbortSignal): Promise<BlockHeader> {
  const cached = ctx.blockCache.get(h);
  if (cached) return cached;
  let pending = inFlight.get(ctx.blockCache);
  if (!pending) inFlight.set(ctx.blockCache, (pending = new Map()));
  let p = pending.get(h);
  if (!p) {
    p = ctx.client
      .call('platform.getBlockByHeight', { height: Number(h), encoding: 'hex' }, { signal })
      .then((r) => {
        const header = blockFromResult(r, ctx.decoders, { height: h }).header;
        ctx.blockCache.set(h, header);
        return header;
      })
      .finally(() => pending!.delete(h));
    pending.set(h, p);
  }
  return p;
}

/** More blocks than this since the watcher's last reading: it reports a gap rather than read them all. */
export const BLOCK_WATCH_MAX = 12;

/**
 * Reads every accepted block (one small getBlockByHeight a block, shared with the blocks pane's cache) and tells the
 * scheduler what each changes (domain/staking/block-changes.ts), so the validator sets, the subnet list and the
 * supply are fetched again when a block changes them rather than at every block. Its data is the last height read.
 */
export function blockWatchSpec(): ResourceSpec<bigint, bigint> {
  return {
    key: BLOCK_WATCH_KEY,
    method: 'platform.getBlockByHeight',
    cadence: 'height',
    everyHeight: true,
    pchain: true,
    lens: lens.view<bigint>(BLOCK_WATCH_KEY),
    async fetch(ctx, signal) {
      let top = ctx.height();
      if (top === undefined) top = (await ctx.client.call('platform.getHeight', {}, { signal })).height;
      const last = lens.view<bigint>(BLOCK_WATCH_KEY).get(ctx.state()).data;
      // The first reading starts the watch: what was fetched with it is as of this height.
      if (last === undefined) return top;
      if (top <= last) return last;
      if (top - last > BigInt(BLOCK_WATCH_MAX)) {
        ctx.blocksAccepted?.('gap');
        return top;
      }
      const changes: BlockChanges[] = [];
      try {
        for (let h = last + 1n; h <= top; h++) changes.push(blockChanges(await blockHeaderAt(ctx, h, signal)));
      } catch (err) {
        // Blocks that cannot be read changed who knows what; until they can, every list follows the height.
        if (!signal.aborted) ctx.blocksAccepted?.('gap');
        throw err;
      }
      // The cache keeps the blocks pane's window, whether or not that pane is open.
      for (const h of ctx.blockCache.keys()) if (h <= top - BigInt(ctx.recentBlocks)) ctx.blockCache.delete(h);
      ctx.blocksAccepted?.(changes);
      return top;
    },
    toData: (_prev, top) => top,
  };
}

export function recentBlocksSpec(): ResourceSpec {
  return {
    key: 'recentBlocks',
    method: 'platform.getBlockByHeight',
    cadence: 'height',
    everyHeight: true,
    pchain: true,
    lens: lens.recentBlocks,
    async fetch(ctx, signal) {
      let top = ctx.height();
      if (top === undefined) top = (await ctx.client.call('platform.getHeight', {}, { signal })).height;
      const low = top - BigInt(ctx.recentBlocks) + 1n;
      // Newest first, so the top of the table fills in first and a failure part-way keeps what was fetched.
      for (let h = top; h >= 0n && h >= low; h--) await blockHeaderAt(ctx, h, signal);
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

/** At most this many chain statuses per round: one request each, and mainnet lists hundreds of chains. */
export const MAX_CHAIN_STATUSES = 64;

/**
 * The subnets pane's STATUS column: getBlockchainStatus for each listed chain, one after another, asking again
 * only for statuses older than the maximum age (they change when a chain is created or this node starts or stops
 * tracking it, not per block).
 */
export function chainStatusesSpec(): ResourceSpec {
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
        fetched[id] = (await ctx.client.call('platform.getBlockchainStatus', { blockchainID: id }, { signal })).status;
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

export const chainStatusSpec = (id: string) =>
  call(`chainStatus:${id}`, 'platform.getBlockchainStatus', { blockchainID: id }, 'slow', lens.chainStatus(id), ignorePrev((r) => r.status));

