// Where each resource lives in the state: a getter and a pure setter per location, so the scheduler can write any
// resource through one code path and keep every untouched slice's identity.
import { idleResource, type Resource } from './resource';
import type { AvatopState, ChainAlias } from './store';
import type { AddressBalance, AddressStake, UtxoPage } from './types';

export interface ResourceLens<T> {
  get(s: AvatopState): Resource<T>;
  set(s: AvatopState, r: Resource<T>): AvatopState;
}

type SliceKey = Exclude<keyof AvatopState, 'ui' | 'accounting' | 'utxos'>;

/** What a resource at `state[slice][field]` holds. */
type DataAt<K extends SliceKey, F extends keyof AvatopState[K]> = AvatopState[K][F] extends Resource<infer T> ? T : never;
/** What each resource of a keyed record at `state[slice][field]` holds. */
type KeyedDataAt<K extends SliceKey, F extends keyof AvatopState[K]> =
  AvatopState[K][F] extends Readonly<Record<string, Resource<infer T>>> ? T : never;

/** A resource stored at `state[slice][field]`. */
function field<K extends SliceKey, F extends keyof AvatopState[K]>(slice: K, name: F): ResourceLens<DataAt<K, F>> {
  return {
    get: (s) => s[slice][name] as Resource<DataAt<K, F>>,
    set: (s, r) => (s[slice][name] === r ? s : { ...s, [slice]: { ...s[slice], [name]: r } }),
  };
}

/**
 * Most entries a keyed record keeps. Details are stored by what was opened (a block, a tx, a validator), so without
 * a bound they grew with every drill-down for the life of the process (the soak: 20 blocks at one hour, 80 at four).
 * The oldest entries go first; one still on screen is simply fetched again.
 */
export const KEYED_LIMIT = 24;

/** `rec` with `key` set to `value`, dropping the oldest entries when a new key would pass `limit`. */
export function setKeyed<V>(rec: Readonly<Record<string, V>>, key: string, value: V, limit = KEYED_LIMIT): Record<string, V> {
  const next: Record<string, V> = { ...rec, [key]: value };
  if (key in rec) return next;
  const keys = Object.keys(next);
  for (let i = 0; keys.length - i > limit; i++) if (keys[i] !== key) delete next[keys[i]!];
  return next;
}

/** A resource stored at `state[slice][field][key]` in a record keyed by ID. */
function keyed<K extends SliceKey, F extends keyof AvatopState[K]>(slice: K, name: F, key: string): ResourceLens<KeyedDataAt<K, F>> {
  const rec = (s: AvatopState) => s[slice][name] as Record<string, Resource<KeyedDataAt<K, F>>>;
  return {
    get: (s) => rec(s)[key] ?? idleResource(),
    set: (s, r) => (rec(s)[key] === r ? s : { ...s, [slice]: { ...s[slice], [name]: setKeyed(rec(s), key, r) } }),
  };
}

export const lens = {
  nodeId: field('node', 'id'),
  nodeIp: field('node', 'ip'),
  networkId: field('node', 'networkId'),
  networkName: field('node', 'networkName'),
  nodeVersion: field('node', 'version'),
  uptime: field('node', 'uptime'),
  health: field('node', 'health'),
  metrics: field('metrics', 'series'),
  voterWeights: field('reward', 'weights'),
  bootstrapped(chain: ChainAlias): ResourceLens<boolean> {
    return {
      get: (s) => s.node.bootstrapped[chain],
      set: (s, r) =>
        s.node.bootstrapped[chain] === r
          ? s
          : { ...s, node: { ...s.node, bootstrapped: { ...s.node.bootstrapped, [chain]: r } } },
    };
  },
  height: field('pchain', 'height'),
  timestamp: field('pchain', 'timestamp'),
  peers: field('peers', 'list'),
  peerCount: field('peers', 'count'),
  peerFacts: field('peers', 'facts'),
  validators: (subnetId: string) => keyed('validators', 'bySubnet', subnetId),
  validatorDetail: (subnetId: string, nodeId: string) => keyed('validators', 'detail', `${subnetId}/${nodeId}`),
  pending: (subnetId: string) => keyed('pending', 'bySubnet', subnetId),
  txFee: field('fees', 'txFee'),
  feeConfig: field('fees', 'feeConfig'),
  feeState: field('fees', 'feeState'),
  validatorFeeConfig: field('fees', 'validatorFeeConfig'),
  validatorFeeState: field('fees', 'validatorFeeState'),
  vms: field('versions', 'vms'),
  upgrades: field('versions', 'upgrades'),
  acps: field('versions', 'acps'),
  peerUpgrades: field('versions', 'peerUpgrades'),
  subnets: field('subnets', 'list'),
  blockchains: field('subnets', 'chains'),
  chainStatus: (chainId: string) => keyed('subnets', 'chainStatus', chainId),
  chainStatuses: field('subnets', 'statuses'),
  subnetDetail: (subnetId: string) => keyed('subnets', 'detail', subnetId),
  chainsOf: (subnetId: string) => keyed('subnets', 'chainsOf', subnetId),
  recentBlocks: field('blocks', 'recent'),
  block: (id: string) => keyed('blocks', 'detail', id),
  tx: (id: string) => keyed('txs', 'detail', id),
  txStatus: (id: string) => keyed('txs', 'status', id),
  supply: field('supply', 'current'),
  stakingAssetId: field('supply', 'stakingAssetId'),
  minStake: field('supply', 'minStake'),
  totalStake: field('supply', 'totalStake'),
  utxoPage(queryKey: string): ResourceLens<UtxoPage> {
    return {
      get: (s) => s.utxos.queries[queryKey]?.page ?? idleResource(),
      set: (s, r) => {
        const q = s.utxos.queries[queryKey];
        // The query was closed or moved to another page while this one was loading: drop the answer.
        if (!q || q.page === r) return s;
        return { ...s, utxos: { ...s.utxos, queries: { ...s.utxos.queries, [queryKey]: { ...q, page: r } } } };
      },
    };
  },
  /** What a drill-down view shows beyond the slices, and the header's discovery, in `views.data` (keys: view-keys.ts). */
  view<T>(key: string): ResourceLens<T> {
    return keyed('views', 'data', key) as ResourceLens<unknown> as ResourceLens<T>;
  },
  /** getBalance of an address set (key from `addressSetKey`). */
  utxoBalance(setKey: string): ResourceLens<AddressBalance> {
    return {
      get: (s) => s.utxos.balances[setKey] ?? idleResource(),
      set: (s, r) => (s.utxos.balances[setKey] === r ? s : { ...s, utxos: { ...s.utxos, balances: { ...s.utxos.balances, [setKey]: r } } }),
    };
  },
  /** getStake of an address set, summed over its 256-address calls. */
  utxoStake(setKey: string): ResourceLens<AddressStake> {
    return {
      get: (s) => s.utxos.stakes[setKey] ?? idleResource(),
      set: (s, r) => (s.utxos.stakes[setKey] === r ? s : { ...s, utxos: { ...s.utxos, stakes: { ...s.utxos.stakes, [setKey]: r } } }),
    };
  },
};
