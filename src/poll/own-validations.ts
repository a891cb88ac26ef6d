// Finds this node's subnet and L1 validations without asking every subnet (mainnet has hundreds): the chains it runs
// are named by its health checks, `platform.validatedBy` maps each chain to its subnet once (a chain never moves),
// and `platform.getCurrentValidators({ subnetID, nodeIDs: [self] })` per tracked subnet says whether it validates
// there. An elastic subnet's uptimeRequirement (getSubnet → its TransformSubnetTx) is fetched once per subnet; the
// L1 fee once per round. Run at start and every DISCOVERY_EVERY_MS, never on the fast poll. L1 validations named
// with --l1-validation are added (a node can be an L1's validator without tracking it, and then nothing names it).
import { decodeHex } from '../codec/hex';
import { decodeSignedTx } from '../codec/pchain/txs';
import { str } from '../format/fields';
import type { Health } from '../state/types';
import { PRIMARY_NETWORK_ID } from '../state/constants';
import { AvatopError } from '../rpc/errors';
import {
  chainAliasesFromHealth,
  chainIdsFromHealth,
  DISCOVERY_EVERY_MS,
  isPermissionlessEntry,
  mergeNamedL1,
  uptimeRequirementOfTx,
  validationFromEntry,
  type DiscoveredValidation,
  type OwnValidations,
} from '../domain/reward/own-validations';
import { lens } from '../state/lenses';
import type { PollClient, ResourceSpec } from './resource-spec';
import { OWN_VALIDATIONS_KEY } from '../state/view-keys';
import { isBootstrappingError } from '../state/resource';
import { DEFERRED_START_READS_MS } from './deferred-start';

/** The typed client's `call`: every reply arrives as its method's schema output (bigint, Date, numbers). */
export type DiscoveryClient = Pick<PollClient, 'call'>;

/** What never changes for a client's node: chain → subnet, and each elastic subnet's uptimeRequirement. */
interface DiscoveryCache {
  readonly subnetOfChain: Map<string, string>;
  readonly requirement: Map<string, number | undefined>;
  /** A health check's name → the chain it is an alias of, or null when it is none. */
  readonly chainOfAlias: Map<string, string | null>;
}

const caches = new WeakMap<object, DiscoveryCache>();

function cacheFor(key: object): DiscoveryCache {
  let c = caches.get(key);
  if (!c) caches.set(key, (c = { subnetOfChain: new Map(), requirement: new Map(), chainOfAlias: new Map() }));
  return c;
}

const reasonOf = (err: unknown): string => (err instanceof AvatopError ? err.short : err instanceof Error ? err.message : String(err));

async function requirementOf(c: DiscoveryClient, subnetId: string, signal: AbortSignal | undefined): Promise<number | undefined> {
  const txId = (await c.call('platform.getSubnet', { subnetID: subnetId }, { signal })).subnetTransformationTxID;
  if (txId === undefined || txId === '' || txId === PRIMARY_NETWORK_ID) return undefined;
  const { tx } = await c.call('platform.getTx', { txID: txId, encoding: 'hex' }, { signal });
  if (typeof tx !== 'string') return undefined;
  return uptimeRequirementOfTx(decodeSignedTx(decodeHex(tx, { checksum: 'auto' })));
}

export interface DiscoverOptions {
  /** --l1-validation IDs to add. */
  readonly named?: readonly string[];
  readonly signal?: AbortSignal;
  /** Where the never-changing answers are kept between rounds (the client, usually). */
  readonly cacheKey?: object;
  /** A health reply already at hand (the monitor polls it anyway): the chains are read from it, not asked again. */
  readonly health?: Health;
}

export async function discoverOwnValidations(c: DiscoveryClient, nodeId: string, o: DiscoverOptions = {}): Promise<OwnValidations> {
  const { signal } = o;
  const cache = cacheFor(o.cacheKey ?? c);
  const errors: string[] = [];
  let chains: string[] = [];
  let aliases: string[] = [];
  try {
    const health = o.health ?? (await c.call('health.health', {}, { signal }));
    chains = chainIdsFromHealth(health);
    aliases = chainAliasesFromHealth(health);
  } catch (err) {
    errors.push(`tracked chains unknown (health): ${reasonOf(err)}`);
  }
  // A chain the operator aliased is checked under its alias: the Info API says which chain that is, once.
  for (const alias of aliases) {
    if (!cache.chainOfAlias.has(alias)) {
      try {
        const id = (await c.call('info.getBlockchainID', { alias }, { signal })).blockchainID;
        cache.chainOfAlias.set(alias, id === '' ? null : id);
      } catch {
        // "there is no chain with alias/ID": a check that is not a chain's.
        cache.chainOfAlias.set(alias, null);
      }
    }
    const id = cache.chainOfAlias.get(alias);
    if (id && !chains.includes(id)) chains.push(id);
  }
  const subnets = new Set<string>();
  for (const chain of chains) {
    let subnet = cache.subnetOfChain.get(chain);
    if (subnet === undefined) {
      try {
        subnet = (await c.call('platform.validatedBy', { blockchainID: chain }, { signal })).subnetID;
        if (subnet !== '') cache.subnetOfChain.set(chain, subnet);
      } catch (err) {
        // While the P-chain bootstraps every chain fails alike: said once, not once per chain.
        if (isBootstrappingError(err)) {
          errors.push('subnet validations not known until the P-chain has bootstrapped');
          break;
        }
        errors.push(`subnet of chain ${str(chain)} unknown: ${reasonOf(err)}`);
      }
    }
    if (subnet && subnet !== PRIMARY_NETWORK_ID) subnets.add(subnet);
  }
  const found: DiscoveredValidation[] = [];
  for (const subnetId of [...subnets].sort()) {
    try {
      const { validators } = await c.call('platform.getCurrentValidators', { subnetID: subnetId, nodeIDs: [nodeId] }, { signal });
      const entries = validators.filter((v) => v.nodeID === nodeId);
      for (const entry of entries) {
        let requirement: number | undefined;
        if (isPermissionlessEntry(subnetId, entry)) {
          if (!cache.requirement.has(subnetId)) cache.requirement.set(subnetId, await requirementOf(c, subnetId, signal));
          requirement = cache.requirement.get(subnetId);
        }
        found.push(validationFromEntry(subnetId, entry, requirement));
      }
    } catch (err) {
      errors.push(`validations on subnet ${str(subnetId)} unknown: ${reasonOf(err)}`);
    }
  }
  const named: DiscoveredValidation[] = [];
  const namedErrors: string[] = [];
  for (const id of o.named ?? []) {
    if (found.some((d) => d.kind === 'l1' && d.validationId === id)) {
      named.push({ kind: 'l1', subnetId: undefined, validationId: id, startMs: undefined, balance: undefined, source: 'named' });
      continue;
    }
    try {
      const v = await c.call('platform.getL1Validator', { validationID: id }, { signal });
      named.push({ kind: 'l1', subnetId: v.subnetID || undefined, validationId: id, startMs: v.startTime.getTime(), balance: v.balance ?? 0n, source: 'named' });
    } catch (err) {
      namedErrors.push(`L1 validation ${str(id)} unknown: ${reasonOf(err)}`);
    }
  }
  const validations = mergeNamedL1(found, named);
  let price: bigint | undefined;
  if (validations.some((d) => d.kind === 'l1')) {
    try {
      price = (await c.call('platform.getValidatorFeeState', {}, { signal })).price;
    } catch (err) {
      errors.push(`L1 validator fee unknown: ${reasonOf(err)}`);
    }
  }
  return { validations, trackedSubnets: [...subnets].sort(), price, errors, namedErrors };
}

/** The header's discovery resource: at start, then every few minutes (it follows the node's own ID). */
export function ownValidationsSpec(nodeId: string, named: readonly string[] = []): ResourceSpec<OwnValidations, OwnValidations> {
  return {
    key: OWN_VALIDATIONS_KEY,
    method: 'platform.getCurrentValidators',
    cadence: 'slow',
    pchain: true,
    lens: lens.view<OwnValidations>(OWN_VALIDATIONS_KEY),
    intervalMs: () => DISCOVERY_EVERY_MS,
    // Out of the first frame's way: the header has more urgent things to ask.
    initialDelayMs: DEFERRED_START_READS_MS,
    fetch: (ctx, signal) => discoverOwnValidations(ctx.client, nodeId, { named, signal, cacheKey: ctx.client, health: ctx.state().node.health.data }),
    toData: (_prev, found) => found,
  };
}
