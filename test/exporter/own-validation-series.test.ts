// The exporter asks the same guard as the screens and `status`: one budget and threshold sample per primary and
// subnet validation, and the L1 validations discovery found beside those named with --l1-validation. Through an
// outage the validation series stay, projected, with a series that says so.
import { describe, expect, it } from 'vitest';
import type { AvatopState } from '../../src/state/store';
import { idleResource, resolveOk } from '../../src/state/resource';
import { collectFamilies } from '../../src/exporter/node-series';
import { OWN_VALIDATIONS_KEY } from '../../src/state/view-keys';
import type { OwnValidations } from '../../src/domain/reward/own-validations';
import { rememberViews } from '../../src/domain/reward/node-guard';
import { allAt, rewardState, someAt, unreachable } from '../helpers/reward-state';

const DAY = 86_400_000;
const HOUR = DAY / 24;
const SUBNET = '2CKgqhVmKSxXpaENWyizDVh5vUJNAj4UCx8e91iQtEmdE4uEin';
const L1 = 'w9FNLbTBNKp6faCE5dLHyLU34MYE8VVQea541sbgGpr9yg2Eo';
const VID = 'GDGGLQhS8FGzrx76Teh9GrdPrGCh1p8WvJZM2iSkV6hbA69U4';
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;

function state(views: ReadonlyArray<number | undefined> = allAt(95), at = now): AvatopState {
  const s = rewardState({ views, at, heliconTime: '9999-12-01T00:00:00Z', validator: { startTime: new Date(start), endTime: new Date(start + 100 * DAY), uptime: 99 } });
  const found: OwnValidations = {
    validations: [
      { kind: 'subnet', subnetId: SUBNET, startMs: start, endMs: start + 50 * DAY, permissionless: true, uptimeRequirement: 800_000 },
      { kind: 'l1', subnetId: L1, validationId: VID, startMs: start, balance: 512n * 86_400n * 3n, source: 'discovered' },
    ],
    trackedSubnets: [SUBNET, L1],
    price: 512n,
    errors: [],
  };
  return { ...s, views: { ...s.views, data: { [OWN_VALIDATIONS_KEY]: resolveOk(idleResource(), found, { at }) } } };
}

const familyOf = (s: AvatopState, at: number, name: string) => collectFamilies([{ name: 'n', state: s }], at).find((f) => f.name === name)!;
const family = (name: string) => familyOf(state(), now, name);

describe('exporter: every validation of the node', () => {
  it('a budget and a threshold per primary and subnet validation', () => {
    const budget = family('avatop_validation_downtime_budget_seconds').samples;
    expect(budget.map((x) => x.labels.subnet)).toEqual(['primary', SUBNET]);
    // The median voter sees 95%. Primary: 20% of 100 days less 5% of the 10 days since; subnet: 20% of the 50 days
    // from the primary start, less the same.
    expect(budget[0]!.value).toBeCloseTo((0.2 * 100 * DAY - 0.05 * 10 * DAY) / 1000, 0);
    expect(budget[1]!.value).toBeCloseTo((0.2 * 50 * DAY - 0.05 * 10 * DAY) / 1000, 0);
    expect(family('avatop_validation_budget_projected').samples.map((x) => x.value)).toEqual([0, 0]);
    expect(family('avatop_validation_median_uptime_percent').samples.map((x) => x.value)).toEqual([95, 95]);
    expect(family('avatop_validation_budget_tier').samples.map((x) => x.value)).toEqual([0, 0]);
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

describe('exporter: through an outage', () => {
  it('a node that stops answering keeps its validation series, projected from the last trustworthy figure', () => {
    const read = rememberViews(state(allAt(100)), now);
    const before = familyOf(read, now, 'avatop_validation_downtime_budget_seconds').samples[0]!.value;
    const down = unreachable(read, now + 60_000);
    const t = now + 3 * HOUR;
    const budget = familyOf(down, t, 'avatop_validation_downtime_budget_seconds').samples;
    expect(budget.map((x) => x.labels.subnet)).toEqual(['primary', SUBNET]);
    expect(budget[0]!.value).toBeCloseTo(before - (3 * HOUR) / 1000, 0);
    expect(familyOf(down, t, 'avatop_validation_budget_projected').samples.map((x) => x.value)).toEqual([1, 1]);
    expect(familyOf(down, t, 'avatop_validation_budget_projected_since_timestamp_seconds').samples[0]!.value).toBe(now / 1000);
    expect(familyOf(down, t, 'avatop_validation_budget_last_known_seconds').samples[0]!.value).toBeCloseTo(before, 0);
    expect(familyOf(down, t, 'avatop_up').samples[0]!.value).toBe(0);
    // The end and the threshold stay; the node's own live readings go.
    expect(familyOf(down, t, 'avatop_validation_end_timestamp_seconds').samples).toHaveLength(1);
    expect(familyOf(down, t, 'avatop_validation_threshold_percent').samples).toHaveLength(2);
    expect(familyOf(down, t, 'avatop_uptime_weighted_percent').samples).toEqual([]);
    expect(familyOf(down, t, 'avatop_validation_median_uptime_percent').samples).toEqual([]);
  });

  it('an isolated node: never a lost reward from its near-zero average; projected, or no budget with no earlier figure', () => {
    const isolated = rememberViews(state(someAt(1, 100)), now);
    expect(familyOf(isolated, now, 'avatop_validation_downtime_budget_seconds').samples).toEqual([]);
    expect(familyOf(isolated, now, 'avatop_validation_budget_projected').samples.map((x) => x.value)).toEqual([1, 1]);
    expect(familyOf(isolated, now, 'avatop_validation_budget_tier').samples).toEqual([]);
    const earlier = rememberViews(state(allAt(100), now - HOUR), now - HOUR);
    const after = rememberViews({ ...state(someAt(1, 100)), reward: earlier.reward }, now);
    const tier = familyOf(after, now, 'avatop_validation_budget_tier').samples;
    expect(tier.every((x) => x.value < 3)).toBe(true);
    expect(familyOf(after, now, 'avatop_validation_budget_projected').samples.map((x) => x.value)).toEqual([1, 1]);
  });

  it('labels the node\'s rewarding stake with the threshold it counted it at', () => {
    const r = familyOf(state(), now, 'avatop_uptime_rewarding_stake_percent').samples;
    expect(r).toEqual([expect.objectContaining({ labels: expect.objectContaining({ counted_at: '80' }), value: 95 })]);
  });
});
