// What each drill-down view polls while it is on top of the nav stack: one plan per kind, named in the view table
// (app/view-table.ts), which the scheduler is handed. A block as hex (decoded by our codec); a tx as hex and as the
// node's JSON, its status, its reward UTXOs once the staking period is over; a validator's record with delegators,
// its peer entry, getMaxStakeAmount where the node has it, and its weight over recent heights; a UTXO's creating
// tx; a subnet's record, chains and validators; a chain's status; the peers and the health checks.
import { formatId } from '../codec/cb58';
import { lens } from '../state/lenses';
import { liveValues } from '../state/rows';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import type { NavViewOf } from '../state/ui';
import { viewKeys, type RewardUtxos, type WeightPoint } from '../state/view-keys';
import type { ResultOf } from '../rpc/methods';
import { obj } from '../format/fields';
import { call, ignorePrev, type DecodeContext, type PollClient, type ResourceSpec, type ViewPlan } from './resource-spec';
import { blockFromResult, rewardUtxosFromResult, txDetailFromResult } from './transforms';
import { healthSpec, peersSpec } from './header-plan';
import { blockchainsSpec, chainStatusSpec, uptimeRequirementSpec, validatorDetailSpec, validatorsSpec } from './pchain-specs';

export const blockViewPlan: ViewPlan<NavViewOf<'block'>> = (view) => {
  const key = view.id ?? `height:${view.height}`;
  const toDetail = (_prev: unknown, r: ResultOf<'platform.getBlock'>, { decoders }: DecodeContext) => blockFromResult(r, decoders, { id: view.id, height: view.height });
  return [
    view.id
      ? call(`block:${key}`, 'platform.getBlock', { blockID: view.id, encoding: 'hex' }, 'once', lens.block(key), toDetail)
      : call(`block:${key}`, 'platform.getBlockByHeight', { height: Number(view.height ?? 0n), encoding: 'hex' }, 'once', lens.block(key), toDetail),
  ];
};

/** A tx as hex, decoded by our codec: the tx view's and the UTXO view's (its creating tx). */
const txSpec = (id: string) =>
  call(`tx:${id}`, 'platform.getTx', { txID: id, encoding: 'hex' }, 'once', lens.tx(id), (_prev, r, { decoders }) => txDetailFromResult(r, decoders));

export const txViewPlan: ViewPlan<NavViewOf<'tx'>> = ({ id }, s) => {
  const specs: ResourceSpec[] = [
    txSpec(id),
    // AVAX's asset ID: the fee's asset (asked once, as the overview does).
    call('stakingAssetId', 'platform.getStakingAssetID', {}, 'once', lens.stakingAssetId, ignorePrev((r) => r.assetID)),
    call(`txJson:${id}`, 'platform.getTx', { txID: id, encoding: 'json' }, 'once', lens.view(viewKeys.txJson(id)), ignorePrev((r) => r.tx)),
    call(`txStatus:${id}`, 'platform.getTxStatus', { txID: id }, 'tick', lens.txStatus(id), ignorePrev((r) => r), {
      // A final status never changes again.
      intervalMs: (st, i) => {
        const status = st.txs.status[id]?.data?.status;
        return status === 'Committed' || status === 'Dropped' || status === 'Aborted' ? i.maxAgeMs : i.tickMs;
      },
    }),
  ];
  const detail = s.txs.detail[id]?.data;
  // A tx that names a subnet or a chain: the chain list says their names.
  if (namesSubnetOrChain(detail?.decoded)) specs.push(blockchainsSpec());
  const end = stakingEndOf(detail?.decoded);
  const chainNow = s.pchain.timestamp.data?.getTime() ?? Date.now();
  // Reward UTXOs exist only once the staking period is over (and the reward tx committed: follow heights).
  // Once paid, reward UTXOs never change: the resource leaves the plan (its data stays in the store).
  const paid = ((s.views.data[viewKeys.rewards(id)]?.data as RewardUtxos | undefined)?.utxos.length ?? 0) > 0;
  if (end !== undefined && end <= chainNow && isRewardedStaking(detail?.typeName) && !paid) {
    const key = viewKeys.rewards(id);
    specs.push(call(key, 'platform.getRewardUTXOs', { txID: id, encoding: 'hex' }, 'height', lens.view<RewardUtxos>(key), (_prev, r, { decoders }) => rewardUtxosFromResult(r, decoders)));
  }
  return specs;
};

function namesSubnetOrChain(decoded: unknown): boolean {
  const u = obj(obj(decoded).unsigned);
  return [u.subnetId, u.chainId, u.sourceChain, u.destinationChain, obj(u.validator).subnetId].some((x) => x instanceof Uint8Array);
}

function stakingEndOf(decoded: unknown): number | undefined {
  const v = obj(obj(obj(decoded).unsigned).validator);
  return typeof v.end === 'bigint' ? Number(v.end) * 1000 : undefined;
}

function isRewardedStaking(typeName: string | undefined): boolean {
  return typeName !== undefined && /^(AddValidatorTx|AddDelegatorTx|AddPermissionlessValidatorTx|AddPermissionlessDelegatorTx|AddAutoRenewedValidatorTx)$/.test(typeName);
}

export const validatorViewPlan: ViewPlan<NavViewOf<'validator'>> = ({ nodeId, subnetId }, s) => {
  const subnet = subnetId ?? PRIMARY_NETWORK_ID;
  const specs: ResourceSpec[] = [
    // The same resource as the header's own record when it is this node's: the two never poll twice.
    validatorDetailSpec(subnet, nodeId),
    call(viewKeys.peer(nodeId), 'info.peers', { nodeIDs: [nodeId] }, 'tick', lens.view(viewKeys.peer(nodeId)), ignorePrev((r) => ({
      peer: r.peers.find((p) => p.nodeID === nodeId) ?? null,
    }))),
    weightsSpec(subnet, nodeId),
  ];
  // Spec-era nodes answer getMaxStakeAmount; the period asked about is from a minute from now to the end of the
  // validation (the node refuses a start in the past).
  const endTime = s.validators.detail[`${subnet}/${nodeId}`]?.data?.endTime;
  const end = endTime ? Math.floor(endTime.getTime() / 1000) : 0;
  const nowS = Math.floor((s.pchain.timestamp.data?.getTime() ?? Date.now()) / 1000);
  const start = Math.ceil((nowS + 60) / 60) * 60;
  if (subnet === PRIMARY_NETWORK_ID && end > start) {
    const key = viewKeys.maxStake(subnet, nodeId);
    specs.push(call(key, 'platform.getMaxStakeAmount', { nodeID: nodeId, startTime: start, endTime: end }, 'height', lens.view(key), ignorePrev((r) => ({ amount: r.amount }))));
  }
  // A subnet validator is judged by its subnet's TransformSubnetTx uptimeRequirement; its chains name the subnet.
  if (subnet !== PRIMARY_NETWORK_ID) specs.push(uptimeRequirementSpec(subnet), blockchainsSpec());
  return specs;
};

/** How many past heights the weight sparkline samples, and how far apart (each sample is one getValidatorsAt). */
export const WEIGHT_SAMPLES = 12;
export const WEIGHT_STEP = 10n;

/**
 * The heights the sparkline samples, newest first: multiples of `step`, so a new block adds at most one new sample
 * (every other height is cached) rather than shifting all of them.
 */
export function weightHeights(top: bigint, samples = WEIGHT_SAMPLES, step = WEIGHT_STEP): bigint[] {
  const out: bigint[] = [];
  const aligned = top - (top % step);
  for (let i = 0; i < samples; i++) {
    const h = aligned - BigInt(i) * step;
    if (h < 0n) break;
    out.push(h);
  }
  return out;
}

/** Weight samples already fetched, per client: a past height's validator set never changes. */
const weightCache = new WeakMap<PollClient, Map<string, bigint | null>>();

function weightCacheFor(client: PollClient): Map<string, bigint | null> {
  let m = weightCache.get(client);
  if (!m) weightCache.set(client, (m = new Map()));
  return m;
}

function weightsSpec(subnetId: string, nodeId: string): ResourceSpec<WeightPoint[], WeightPoint[]> {
  const key = viewKeys.weights(subnetId, nodeId);
  return {
    key,
    method: 'platform.getValidatorsAt',
    cadence: 'height',
    pchain: true,
    lens: lens.view(key),
    async fetch(ctx, signal) {
      let top = ctx.height();
      if (top === undefined) top = (await ctx.client.call('platform.getHeight', {}, { signal })).height;
      const cache = weightCacheFor(ctx.client);
      const points: WeightPoint[] = [];
      // Newest first: the latest weight shows even if older samples fail.
      for (const h of weightHeights(top)) {
        const ck = `${subnetId}/${nodeId}@${h}`;
        let w = cache.get(ck);
        if (w === undefined) {
          const params = subnetId === PRIMARY_NETWORK_ID ? { height: Number(h) } : { height: Number(h), subnetID: subnetId };
          w = (await ctx.client.call('platform.getValidatorsAt', params, { signal })).validators.find((v) => v.nodeID === nodeId)?.weight ?? null;
          if (cache.size > 4096) cache.clear();
          cache.set(ck, w);
        }
        points.push({ height: h, weight: w ?? undefined });
      }
      return points.reverse();
    },
    toData: (_prev, points) => points,
  };
}

export const peerViewPlan: ViewPlan<NavViewOf<'peer'>> = () => [peersSpec()];

export const subnetViewPlan: ViewPlan<NavViewOf<'subnet'>> = ({ id }, s) => {
  const chains = liveValues(s.subnets.chains.data).filter((c) => c.subnetID === id);
  return [
    call(`subnet:${id}`, 'platform.getSubnet', { subnetID: id }, 'height', lens.subnetDetail(id), ignorePrev((r) => r)),
    call(`validates:${id}`, 'platform.validates', { subnetID: id }, 'height', lens.chainsOf(id), ignorePrev((r) => r.blockchainIDs)),
    validatorsSpec(id),
    blockchainsSpec(),
    // Bounded: a subnet with many chains gets the first few statuses, not one request per chain per tick.
    ...chains.slice(0, 16).map((c) => chainStatusSpec(c.id)),
  ];
};

export const chainViewPlan: ViewPlan<NavViewOf<'chain'>> = ({ id }) => [chainStatusSpec(id)];

/** The tx that created a UTXO: the same resource as that tx's own view. */
export const utxoViewPlan: ViewPlan<NavViewOf<'utxo'>> = (view, s) => {
  const row = s.utxos.queries[view.query]?.page.data?.utxos.rows.find((r) => r.value.id === view.id)?.value;
  const txId = obj(row?.decoded).txId;
  return txId instanceof Uint8Array ? [txSpec(formatId(txId))] : [];
};

// The chain list names the subnets' chains, whose checks carry only their IDs.
export const healthViewPlan: ViewPlan<NavViewOf<'health'>> = () => [healthSpec('tick'), blockchainsSpec()];

/** The history's samples come from the event log (src/events), taken from what the header already polls. */
export const historyViewPlan: ViewPlan<NavViewOf<'history'>> = () => [];
