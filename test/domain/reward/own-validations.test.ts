// This node's subnet and L1 validations judged by the same guard as its primary one.
import { describe, expect, it } from 'vitest';
import {
  chainAliasesFromHealth,
  chainIdsFromHealth,
  MAX_CHAIN_CHECKS,
  judgeOwnValidations,
  mergeNamedL1,
  validationFromEntry,
  worstValidation,
  type OwnValidations,
} from '../../../src/domain/reward/own-validations';
import type { ValidationFacts } from '../../../src/domain/reward/guard';
import { healthResult } from '../../../src/rpc/methods/health/health-result';
import { validatorRecord } from '../../../src/rpc/methods/platform/validator-records';
import { PRIMARY_NETWORK_ID } from '../../../src/state/constants';
import { voteAt } from '../../helpers/vote';

const DAY = 86_400_000;
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;
const SUBNET = '2CKgqhVmKSxXpaENWyizDVh5vUJNAj4UCx8e91iQtEmdE4uEin';
const L1 = 'w9FNLbTBNKp6faCE5dLHyLU34MYE8VVQea541sbgGpr9yg2Eo';
const VID = 'GDGGLQhS8FGzrx76Teh9GrdPrGCh1p8WvJZM2iSkV6hbA69U4';

// Discovery hands these the typed replies: the tests build them from wire values through the same schemas.
const health = (checks: Record<string, unknown>) => healthResult().parse({ checks, healthy: true });
const entry = (wire: Record<string, unknown>) => validatorRecord().parse({ nodeID: 'NodeID-x', weight: '20', ...wire });

const primary: ValidationFacts = {
  nodeId: 'NodeID-x',
  validation: 'primary',
  startMs: start,
  endMs: start + 100 * DAY,
  view: 'peers',
  vote: voteAt(95, now),
  helicon: { kind: 'unscheduled' },
  renewal: { kind: 'fixed' },
};

describe('discovery facts', () => {
  it('reads the chains a node runs from its health checks: IDs, not P/X/C or named checks', () => {
    const checks = { C: {}, P: {}, X: {}, bootstrapped: {}, network: {}, [SUBNET]: {}, 'not an id': {} };
    expect(chainIdsFromHealth(health(checks))).toEqual([SUBNET]);
    expect(chainIdsFromHealth(healthResult().parse({ checks: null, healthy: false }))).toEqual([]);
  });

  it("names that may be a chain's alias are the other checks; a node's flood of names is cut short", () => {
    const checks = { C: {}, P: {}, X: {}, bls: {}, bootstrapped: {}, database: {}, diskspace: {}, futureupgrade: {}, network: {}, router: {}, validation: {}, dfk: {}, [SUBNET]: {} };
    expect(chainAliasesFromHealth(health(checks))).toEqual(['dfk']);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`alias${i}`, {}]));
    expect(chainAliasesFromHealth(health(many))).toHaveLength(MAX_CHAIN_CHECKS);
  });

  it('an entry with a validationID is an L1 validation; one with a reward is an elastic staker', () => {
    const l1 = validationFromEntry(L1, entry({ validationID: VID, balance: '5120', startTime: '1790000000' }), undefined);
    expect(l1).toMatchObject({ kind: 'l1', validationId: VID, balance: 5120n, startMs: 1790000000000 });
    const elastic = validationFromEntry(SUBNET, entry({ startTime: '1', endTime: '2', potentialReward: '10', delegationFee: '2.0000' }), 800_000);
    expect(elastic).toMatchObject({ kind: 'subnet', permissionless: true, uptimeRequirement: 800_000 });
    const permissioned = validationFromEntry(SUBNET, entry({ startTime: '1', endTime: '2', weight: '20' }), 800_000);
    expect(permissioned).toMatchObject({ kind: 'subnet', permissionless: false, uptimeRequirement: undefined });
  });

  it('an L1 validation named and discovered is listed once', () => {
    const found = [validationFromEntry(L1, entry({ validationID: VID, balance: '1' }), undefined)];
    const merged = mergeNamedL1(found, [{ kind: 'l1', subnetId: undefined, validationId: VID, startMs: undefined, balance: 1n, source: 'named' }]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ source: 'both' });
  });
});

describe('judgeOwnValidations', () => {
  const found = (over: Partial<OwnValidations> = {}): OwnValidations => ({
    validations: [
      { kind: 'subnet', subnetId: SUBNET, startMs: start + 5 * DAY, endMs: start + 50 * DAY, permissionless: true, uptimeRequirement: 900_000 },
      { kind: 'l1', subnetId: L1, validationId: VID, startMs: start, balance: 512n * 86_400n * 5n, source: 'discovered' },
    ],
    trackedSubnets: [SUBNET, L1],
    price: 512n,
    errors: [],
    ...over,
  });

  it('a subnet validation: the subnet uptimeRequirement, measured from the primary start to the subnet end', () => {
    const list = judgeOwnValidations(primary, found(), { now }, PRIMARY_NETWORK_ID);
    expect(list.map((v) => v.kind)).toEqual(['primary', 'subnet', 'l1']);
    const g = list[1]!.guard!;
    expect(g.threshold.percent).toBe(90);
    expect(g.threshold.source).toBe('elastic');
    // allowed = 10% of 50 days from the primary start; used = 5% of the 10 days since it.
    expect(g.budget!.remainingMs).toBeCloseTo(0.1 * 50 * DAY - 0.05 * 10 * DAY, -3);
  });

  it('an L1 validation: the balance runway at the fee, tiered at 30 d and 7 d; it is the worst here', () => {
    const list = judgeOwnValidations(primary, found(), { now }, PRIMARY_NETWORK_ID);
    const l1 = list[2]!;
    expect(l1.l1!.runwayMs).toBe(5 * DAY);
    expect(l1.tier).toBe('warn');
    expect(worstValidation(list)).toBe(l1);
    const long = judgeOwnValidations(primary, found({ validations: [{ kind: 'l1', subnetId: L1, validationId: VID, startMs: start, balance: 512n * 86_400n * 20n, source: 'named' }] }), { now }, PRIMARY_NETWORK_ID);
    expect(long[1]!.tier).toBe('notice');
    expect(worstValidation(long)!.kind).toBe('primary');
  });

  it('a permissioned subnet validation has no reward to lose, only an end', () => {
    const list = judgeOwnValidations(primary, found({ validations: [{ kind: 'subnet', subnetId: SUBNET, startMs: start, endMs: now + 3_600_000, permissionless: false, uptimeRequirement: undefined }] }), { now }, PRIMARY_NETWORK_ID);
    const g = list[1]!.guard!;
    expect(g.threshold.source).toBe('no-reward');
    expect(g.budget).toBeUndefined();
    expect(list[1]!.tier).toBe('critical');
    expect(worstValidation(list)!.kind).toBe('subnet');
  });
});
