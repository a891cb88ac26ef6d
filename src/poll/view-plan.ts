// What the drill-down views poll beyond their pane's data: a tx as hex (decoded with our codec) and as the node's
// JSON, its status, its reward UTXOs once the staking period is over; a validator's record with delegators, its
// peer entry, getMaxStakeAmount where the node has it, and its weight over recent heights; a UTXO's creating tx.
// plan.ts asks this for the top view, so it is polled while the view is open and stops when it closes.
import { formatId } from '../codec/cb58';
import { decodeSignedTx } from '../codec/pchain/txs';
import type { ResourceLens } from '../state/lenses';
import { lens, setKeyed } from '../state/lenses';
import { idleResource, type Resource } from '../state/resource';
import type { AvatopState } from '../state/store';
import { PRIMARY_NETWORK_ID } from '../state/store';
import type { TxDetail } from '../state/types';
import type { NavView } from '../state/ui';
import { uptimeRequirementKey, viewKeys, type RewardUtxos, type WeightPoint } from '../state/view-keys';
import type { Decoders } from './decoders';
import type { FetchContext, PollClient, ResourceSpec } from './plan';
import type { MethodName, ParamsOf, ResultOf } from '../rpc/methods';
import { obj } from '../format/fields';
import { call } from './resource-spec';

/** A resource kept in the `views` slice under `key`. */
export function viewLens<T>(key: string): ResourceLens<T> {
  return {
    get: (s) => (s.views.data[key] as Resource<T> | undefined) ?? idleResource<T>(),
    set: (s, r) => (s.views.data[key] === r ? s : { ...s, views: { ...s.views, data: setKeyed(s.views.data, key, r) } }),
  };
}

/** How many past heights the weight sparkline samples, and how far apart (each sample is one getValidatorsAt). */
export const WEIGHT_SAMPLES = 12;
export const WEIGHT_STEP = 10n;

export function txDetailFromResult(r: ResultOf<'platform.getTx'>, decoders: Decoders): TxDetail {
  const raw = r.tx;
  const hex = typeof raw === 'string' ? raw : undefined;
  let decoded: unknown;
  let decodeError: string | undefined;
  if (hex !== undefined) {
    try {
      decoded = decodeSignedTx(decoders.hex(hex));
    } catch (e) {
      decodeError = e instanceof Error ? e.message : String(e);
    }
  } else if (raw !== null && typeof raw === 'object') {
    // A client that already turned it into an object: keep it for the JSON fallback.
    decoded = undefined;
    decodeError = 'the node sent the tx as JSON';
  }
  // The codec's decoded tx, read tolerantly: it is not schema-checked.
  const unsigned = obj(obj(decoded).unsigned);
  return { hex, decoded, decodeError, typeName: typeof unsigned.typeName === 'string' ? unsigned.typeName : undefined };
}

/** One call whose reply maps to data without the previous value. */
function single<N extends MethodName, T>(
  key: string,
  method: N,
  params: ParamsOf<N>,
  cadence: ResourceSpec['cadence'],
  target: ResourceLens<T>,
  toData: (r: ResultOf<N>) => NoInfer<T>,
  extra: Partial<ResourceSpec<T, ResultOf<N>>> = {},
): ResourceSpec<T, ResultOf<N>> {
  return call(key, method, params, cadence, target, (_prev, r) => toData(r), extra);
}

export function txSpecs(id: string, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  const specs: ResourceSpec[] = [
    single(`tx:${id}`, 'platform.getTx', { txID: id, encoding: 'hex' }, 'once', lens.tx(id), (r) => txDetailFromResult(r, decoders)),
    single(`txJson:${id}`, 'platform.getTx', { txID: id, encoding: 'json' }, 'once', viewLens(viewKeys.txJson(id)), (r) => r.tx),
    single(`txStatus:${id}`, 'platform.getTxStatus', { txID: id }, 'tick', lens.txStatus(id), (r) => r, {
      // A final status never changes again.
      intervalMs: (st, i) => {
        const status = st.txs.status[id]?.data?.status;
        return status === 'Committed' || status === 'Dropped' || status === 'Aborted' ? i.maxAgeMs : i.tickMs;
      },
    }),
  ];
  const detail = s.txs.detail[id]?.data;
  const end = stakingEndOf(detail?.decoded);
  const chainNow = s.pchain.timestamp.data?.getTime() ?? Date.now();
  // Reward UTXOs exist only once the staking period is over (and the reward tx committed: follow heights).
  // Once paid, reward UTXOs never change: the resource leaves the plan (its data stays in the store).
  const paid = ((s.views.data[viewKeys.rewards(id)]?.data as RewardUtxos | undefined)?.utxos.length ?? 0) > 0;
  if (end !== undefined && end <= chainNow && isRewardedStaking(detail?.typeName) && !paid) {
    specs.push(
      single(`rewards:${id}`, 'platform.getRewardUTXOs', { txID: id, encoding: 'hex' }, 'height', viewLens(viewKeys.rewards(id)), (r): RewardUtxos => ({
        utxos: r.utxos.map((hex) => {
          try {
            return { hex, decoded: decoders.utxo ? decoders.utxo(decoders.hex(hex)) : undefined };
          } catch (e) {
            return { hex, decoded: undefined, error: e instanceof Error ? e.message : String(e) };
          }
        }),
      })),
    );
  }
  return specs;
}

function stakingEndOf(decoded: unknown): number | undefined {
  const v = obj(obj(obj(decoded).unsigned).validator);
  return typeof v.end === 'bigint' ? Number(v.end) * 1000 : undefined;
}

function isRewardedStaking(typeName: string | undefined): boolean {
  return typeName !== undefined && /^(AddValidatorTx|AddDelegatorTx|AddPermissionlessValidatorTx|AddPermissionlessDelegatorTx|AddAutoRenewedValidatorTx)$/.test(typeName);
}

/** Weight samples already fetched, per client: a past height's validator set never changes. */
const weightCache = new WeakMap<PollClient, Map<string, bigint | null>>();

function cacheFor(client: PollClient): Map<string, bigint | null> {
  let m = weightCache.get(client);
  if (!m) weightCache.set(client, (m = new Map()));
  return m;
}

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

function weightsSpec(subnetId: string, nodeId: string): ResourceSpec {
  const key = viewKeys.weights(subnetId, nodeId);
  return {
    key,
    method: 'platform.getValidatorsAt',
    cadence: 'height',
    pchain: true,
    lens: viewLens(key),
    async fetch(ctx: FetchContext, signal) {
      let top = ctx.height();
      if (top === undefined) top = (await ctx.client.call('platform.getHeight', {}, { signal })).height;
      const cache = cacheFor(ctx.client);
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

export function validatorSpecs(nodeId: string, subnetId: string | undefined, s: AvatopState, opts: { weightHistory?: boolean } = {}): ResourceSpec[] {
  const subnet = subnetId ?? PRIMARY_NETWORK_ID;
  const params = subnet === PRIMARY_NETWORK_ID ? { nodeIDs: [nodeId] } : { nodeIDs: [nodeId], subnetID: subnet };
  const specs: ResourceSpec[] = [
    // Same key and lens as the plan's own validator detail, so the two never poll twice.
    single(`validator:${subnet}/${nodeId}`, 'platform.getCurrentValidators', params, 'height', lens.validatorDetail(subnet, nodeId), (r) => r.validators[0]),
    single(viewKeys.peer(nodeId), 'info.peers', { nodeIDs: [nodeId] }, 'tick', viewLens(viewKeys.peer(nodeId)), (r) => ({
      peer: r.peers.find((p) => p.nodeID === nodeId) ?? null,
    })),
  ];
  if (opts.weightHistory !== false) specs.push(weightsSpec(subnet, nodeId));
  // Spec-era nodes answer getMaxStakeAmount; the period asked about is from a minute from now to the end of the
  // validation (the node refuses a start in the past).
  const endTime = s.validators.detail[`${subnet}/${nodeId}`]?.data?.endTime;
  const end = endTime ? Math.floor(endTime.getTime() / 1000) : 0;
  const nowS = Math.floor((s.pchain.timestamp.data?.getTime() ?? Date.now()) / 1000);
  const start = Math.ceil((nowS + 60) / 60) * 60;
  if (subnet === PRIMARY_NETWORK_ID && end > start) {
    const key = viewKeys.maxStake(subnet, nodeId);
    specs.push(single(key, 'platform.getMaxStakeAmount', { nodeID: nodeId, startTime: start, endTime: end }, 'height', viewLens(key), (r) => ({ amount: r.amount })));
  }
  return specs;
}


/**
 * An elastic subnet's reward uptime requirement: getSubnet names its TransformSubnetTx, whose uptimeRequirement
 * (parts per 1,000,000) is what the node's reward vote uses for the subnet's validators. A subnet that was never
 * transformed has none (data undefined: no reward to lose). Asked once per subnet: a transformation never changes.
 */
export function uptimeRequirementSpec(subnetId: string, decoders: Decoders): ResourceSpec {
  const key = uptimeRequirementKey(subnetId);
  return {
    key,
    method: 'platform.getTx',
    cadence: 'once',
    pchain: true,
    lens: viewLens(key),
    async fetch(ctx: FetchContext, signal) {
      const txId = (await ctx.client.call('platform.getSubnet', { subnetID: subnetId }, { signal })).subnetTransformationTxID;
      if (txId === undefined || txId === '' || txId === PRIMARY_NETWORK_ID) return undefined;
      const tx = txDetailFromResult(await ctx.client.call('platform.getTx', { txID: txId, encoding: 'hex' }, { signal }), decoders);
      const req = obj(obj(tx.decoded).unsigned).uptimeRequirement;
      return typeof req === 'number' ? req : undefined;
    },
    toData: (_prev, req) => req,
  };
}

/** The tx that created a UTXO: the same resource as that tx's own view. */
export function utxoSpecs(view: Extract<NavView, { kind: 'utxo' }>, s: AvatopState, decoders: Decoders): ResourceSpec[] {
  const row = s.utxos.queries[view.query]?.page.data?.utxos.rows.find((r) => r.value.id === view.id)?.value;
  const txId = obj(row?.decoded).txId;
  if (!(txId instanceof Uint8Array)) return [];
  return txSpecs(formatId(txId), s, decoders).filter((spec) => spec.key.startsWith('tx:'));
}

/** Every view resource for the view on top of the stack, or undefined for views the plan handles itself. */
export function viewPlan(view: NavView, s: AvatopState, decoders: Decoders): ResourceSpec[] | undefined {
  switch (view.kind) {
    case 'tx':
      return txSpecs(view.id, s, decoders);
    case 'validator': {
      const specs = validatorSpecs(view.nodeId, view.subnetId, s);
      if (view.subnetId && view.subnetId !== PRIMARY_NETWORK_ID) specs.push(uptimeRequirementSpec(view.subnetId, decoders));
      return specs;
    }
    case 'utxo':
      return utxoSpecs(view, s, decoders);
    default:
      return undefined;
  }
}
