// The exporter asks the same guard as the screens and `status`: one budget and threshold sample per primary and
// subnet validation, and the L1 validations discovery found beside those named with --l1-validation.
import { methods } from '../../src/rpc/methods';
import { describe, expect, it } from 'vitest';
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../src/state/store';
import { idleResource, resolveOk } from '../../src/state/resource';
import { collectFamilies } from '../../src/exporter/node-series';
import { OWN_VALIDATIONS_KEY } from '../../src/state/view-keys';
import type { OwnValidations } from '../../src/domain/reward/own-validations';
import type { Validator } from '../../src/state/types';

const DAY = 86_400_000;
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const SUBNET = '2CKgqhVmKSxXpaENWyizDVh5vUJNAj4UCx8e91iQtEmdE4uEin';
const L1 = 'w9FNLbTBNKp6faCE5dLHyLU34MYE8VVQea541sbgGpr9yg2Eo';
const VID = 'GDGGLQhS8FGzrx76Teh9GrdPrGCh1p8WvJZM2iSkV6hbA69U4';
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;

function state(): AvatopState {
  const s = createAvatopStore().getState();
  const at = { at: now };
  const found: OwnValidations = {
    validations: [
      { kind: 'subnet', subnetId: SUBNET, startMs: start, endMs: start + 50 * DAY, permissionless: true, uptimeRequirement: 800_000 },
      { kind: 'l1', subnetId: L1, validationId: VID, startMs: start, balance: 512n * 86_400n * 3n, source: 'discovered' },
    ],
    trackedSubnets: [SUBNET, L1],
    price: 512n,
    errors: [],
  };
  const validator = { nodeID: NODE, startTime: new Date(start), endTime: new Date(start + 100 * DAY), uptime: 99 } as Validator;
  return {
    ...s,
    node: {
      ...s.node,
      id: resolveOk(idleResource(), { nodeID: NODE, nodePOP: null }, at),
      uptime: resolveOk(idleResource(), { weightedAveragePercentage: 95, rewardingStakePercentage: 100 }, at),
    },
    versions: { ...s.versions, upgrades: resolveOk(idleResource(), methods['info.upgrades'].result.parse({ heliconTime: '9999-12-01T00:00:00Z' }), at) },
    validators: { ...s.validators, detail: { [`${PRIMARY_NETWORK_ID}/${NODE}`]: resolveOk(idleResource(), validator, at) } },
    pchain: { ...s.pchain, height: resolveOk(idleResource(), 21_000_000n, at) },
    views: { ...s.views, data: { [OWN_VALIDATIONS_KEY]: resolveOk(idleResource(), found, at) } },
  };
}

const family = (name: string) => collectFamilies([{ name: 'n', state: state() }], now).find((f) => f.name === name)!;

describe('exporter: every validation of the node', () => {
  it('a budget and a threshold per primary and subnet validation', () => {
    const budget = family('avatop_validation_downtime_budget_seconds').samples;
    expect(budget.map((x) => x.labels.subnet)).toEqual(['primary', SUBNET]);
    // Subnet: 20% of the 50 days from the primary start, less 5% of the 10 days since.
    expect(budget[1]!.value).toBeCloseTo((0.2 * 50 * DAY - 0.05 * 10 * DAY) / 1000, 0);
    const threshold = family('avatop_validation_threshold_percent').samples;
    expect(threshold.map((x) => x.value)).toEqual([80, 80]);
  });

  it('the L1 validation discovery found, with its runway', () => {
    const runway = family('avatop_l1_balance_runway_seconds').samples;
    expect(runway).toHaveLength(1);
    expect(runway[0]!.labels.validation_id).toBe(VID);
    expect(runway[0]!.value).toBe(3 * 86_400);
  });
});
