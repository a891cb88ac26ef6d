// This node's validations beyond the primary network, as discovery found them (poll/own-validations.ts), judged by
// the same guard as the primary one: the list the header badge, the overview card, `status` and the exporter share.
//
// Facts from avalanchego v1.15 (vms/platformvm/block/executor/options.go, prefersCommit): an elastic subnet's
// validator is rewarded when its PRIMARY-network uptime, measured from its primary validation's start, reaches the
// subnet's TransformSubnetTx uptimeRequirement. So a subnet validation's budget runs from the primary start to the
// subnet validation's end, at the peers' view of this node. Permissioned subnets and L1s pay no staking reward: a
// permissioned subnet validation has only an end; an L1 validation has no end but a balance that pays a per-second
// fee, and is deactivated when it runs out.
import { num, obj } from '../../format/fields';
import type { Health, Validator } from '../../state/types';
import type { DiscoveredValidation, OwnValidations } from '../../state/view-keys';
import { judgeValidation, type GuardOptions, type ValidationFacts, type ValidationGuard } from './guard';
import { stakeRuleOf } from './threshold';
import { balanceRunwayMs, runwayTier, TIER_RANK, type Tier } from './tiers';

/** How often discovery asks again: validations change with P-chain txs an operator issues, not by the second. */
export const DISCOVERY_EVERY_MS = 5 * 60_000;

// Discovery's findings are shaped where their store key is (state/view-keys.ts): the poller writes them, the screens
// and the exporter read them, and these rules judge them.
export type { DiscoveredValidation, OwnValidations } from '../../state/view-keys';

const CB58_ID = /^[1-9A-HJ-NP-Za-km-z]{40,60}$/;
/** Health checks avalanchego registers that are not a subnet's chain (node/node.go, chains/manager.go). */
const NOT_SUBNET_CHAINS = new Set(['P', 'X', 'C', 'bootstrapped', 'validation', 'network', 'router', 'database', 'diskspace', 'bls', 'futureupgrade', 'shuttingDown']);
/** A node names what it names; no more than this many are followed up (each costs a call). */
export const MAX_CHAIN_CHECKS = 64;

/**
 * The chains this node runs besides the primary network's: avalanchego registers one health check per chain it
 * runs (or failed to create), named by the chain's primary alias (chains/manager.go): its ID, unless the operator
 * gave the chain an alias. Reading them costs nothing beyond the health poll.
 */
export function chainIdsFromHealth(health: Health): string[] {
  return Object.keys(health.checks).filter((name) => CB58_ID.test(name)).sort().slice(0, MAX_CHAIN_CHECKS);
}

/** Other check names that may be a chain's alias (info.getBlockchainID resolves them). */
export function chainAliasesFromHealth(health: Health): string[] {
  return Object.keys(health.checks)
    .filter((name) => !CB58_ID.test(name) && !NOT_SUBNET_CHAINS.has(name) && name.length <= 128)
    .sort()
    .slice(0, MAX_CHAIN_CHECKS);
}

/** An entry of getCurrentValidators({ subnetID, nodeIDs: [self] }) as a validation: L1 validators carry a validationID. */
export function validationFromEntry(subnetId: string, v: Validator, uptimeRequirement: number | undefined): DiscoveredValidation {
  if (v.validationID !== undefined) {
    return { kind: 'l1', subnetId, validationId: v.validationID, startMs: v.startTime?.getTime(), balance: v.balance, source: 'discovered' };
  }
  const permissionless = stakeRuleOf(subnetId, v, uptimeRequirement).kind === 'elastic';
  return { kind: 'subnet', subnetId, startMs: v.startTime?.getTime(), endMs: v.endTime?.getTime(), permissionless, uptimeRequirement: permissionless ? uptimeRequirement : undefined };
}

/** Does this subnet entry carry a staking reward (so its uptimeRequirement is worth fetching)? */
export function isPermissionlessEntry(subnetId: string, entry: Validator): boolean {
  return stakeRuleOf(subnetId, entry, undefined).kind === 'elastic';
}

export interface JudgedValidation {
  readonly kind: 'primary' | 'subnet' | 'l1';
  /** Primary network ID for the primary validation. */
  readonly subnetId: string | undefined;
  /** Primary and subnet validations: the guard's verdict. */
  readonly guard?: ValidationGuard;
  /** L1 validations. */
  readonly l1?: {
    readonly validationId: string;
    readonly balance: bigint | undefined;
    readonly price: bigint | undefined;
    /** How long the balance pays the fee; undefined when no fee or no balance is known. */
    readonly runwayMs: number | undefined;
    readonly source: 'discovered' | 'named' | 'both';
  };
  /** The most urgent of its budget, end and balance tiers. */
  readonly tier: Tier | undefined;
}

const RANK = TIER_RANK;

export function worseTier(a: Tier | undefined, b: Tier | undefined): Tier | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return RANK[b] > RANK[a] ? b : a;
}

function guardTier(g: ValidationGuard): Tier | undefined {
  // An end an hour away matters; one a week away is only a notice; a cycle that renews has no end to act on.
  const end = g.endTier === 'over' ? undefined : g.endTier;
  return worseTier(g.budgetTier, end);
}

/** A subnet validation judged at the vote on this node, over the primary start to the subnet end. */
export function judgeSubnetValidation(d: Extract<DiscoveredValidation, { kind: 'subnet' }>, primary: ValidationFacts | undefined, o: GuardOptions): ValidationGuard {
  return judgeValidation(
    {
      nodeId: primary?.nodeId ?? '',
      validation: d.subnetId,
      // The reward vote measures uptime from the primary validation's start (options.go).
      startMs: primary?.startMs ?? d.startMs,
      endMs: d.endMs,
      view: 'peers',
      vote: primary?.vote,
      ownRecordPercent: primary?.ownRecordPercent,
      averagePercent: primary?.averagePercent,
      rewardingStakePercent: primary?.rewardingStakePercent,
      helicon: primary?.helicon ?? { kind: 'unknown' },
      renewal: { kind: 'fixed' },
      rule: d.permissionless ? { kind: 'elastic', uptimeRequirement: d.uptimeRequirement } : { kind: 'no-reward' },
    },
    o,
  );
}

function judgeL1(d: Extract<DiscoveredValidation, { kind: 'l1' }>, price: bigint | undefined): JudgedValidation {
  const runwayMs = d.balance === undefined || price === undefined ? undefined : balanceRunwayMs(d.balance, price);
  return {
    kind: 'l1',
    subnetId: d.subnetId,
    l1: { validationId: d.validationId, balance: d.balance, price, runwayMs, source: d.source },
    tier: runwayMs === undefined ? undefined : runwayTier(runwayMs),
  };
}

/** Every validation of this node, the primary one first, each judged: what every surface lists and ranks. */
export function judgeOwnValidations(primary: ValidationFacts | undefined, found: OwnValidations | undefined, o: GuardOptions, primarySubnetId: string): JudgedValidation[] {
  const out: JudgedValidation[] = [];
  if (primary) {
    const g = judgeValidation(primary, o);
    out.push({ kind: 'primary', subnetId: primarySubnetId, guard: g, tier: guardTier(g) });
  }
  for (const d of found?.validations ?? []) {
    if (d.kind === 'l1') out.push(judgeL1(d, found?.price));
    else {
      const g = judgeSubnetValidation(d, primary, o);
      out.push({ kind: 'subnet', subnetId: d.subnetId, guard: g, tier: guardTier(g) });
    }
  }
  return out;
}

/**
 * The validation the header should speak of: the primary one (its budget is what an operator watches), unless
 * another is at the warning tier or worse and more urgent than it.
 */
export function worstValidation(list: readonly JudgedValidation[]): JudgedValidation | undefined {
  let worst = list[0];
  for (const v of list.slice(1)) {
    if (v.tier === undefined || RANK[v.tier] < RANK.warn) continue;
    if (worst?.tier === undefined || RANK[v.tier] > RANK[worst.tier]) worst = v;
  }
  return worst;
}

/** Adds validations named with --l1-validation to what discovery found, once each. */
export function mergeNamedL1(found: readonly DiscoveredValidation[], named: readonly DiscoveredValidation[]): DiscoveredValidation[] {
  const out = [...found];
  for (const n of named) {
    if (n.kind !== 'l1') continue;
    const i = out.findIndex((d) => d.kind === 'l1' && d.validationId === n.validationId);
    if (i < 0) out.push(n);
    else out[i] = { ...(out[i] as Extract<DiscoveredValidation, { kind: 'l1' }>), source: 'both' };
  }
  return out;
}

/** uptimeRequirement as a number from a decoded TransformSubnetTx (parts per 1,000,000): the codec's output, which no schema checked. */
export function uptimeRequirementOfTx(decoded: unknown): number | undefined {
  return num(obj(obj(decoded).unsigned).uptimeRequirement);
}
