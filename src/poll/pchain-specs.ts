// P-chain resources the panes and views share: validators (a subnet's, one validator's), subnets and an elastic
// subnet's uptime requirement, blockchains and their statuses, and the recent blocks.
import { lens } from '../state/lenses';
import { resolveOk } from '../state/resource';
import { diffRows, liveValues, type RowList } from '../state/rows';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { BlockHeader } from '../state/types';
import { uptimeRequirementKey } from '../state/view-keys';
import { obj } from '../format/fields';
import { blockFromResult, toRows, txDetailFromResult } from './transforms';
import { call, ignorePrev, type ResourceSpec } from './resource-spec';

export const validatorsSpec = (subnetId: string): ResourceSpec =>
  call(
    `validators:${subnetId}`,
    'platform.getCurrentValidators',
    subnetId === PRIMARY_NETWORK_ID ? {} : { subnetID: subnetId },
    'height',
    lens.validators(subnetId),
    toRows.validators,
  );

export const subnetsSpec = () => call('subnets', 'platform.getSubnets', {}, 'height', lens.subnets, toRows.subnets);

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
  return call(`validator:${subnetId}/${nodeId}`, 'platform.getCurrentValidators', params, 'height', lens.validatorDetail(subnetId, nodeId), ignorePrev((r) => r.validators[0]));
}

export const blockchainsSpec = () =>
  call('blockchains', 'platform.getBlockchains', {}, 'height', lens.blockchains, toRows.blockchains);

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

