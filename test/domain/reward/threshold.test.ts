// The reward threshold rule: the node's own Helicon time decides ACP-267's 90%, elastic subnets use their
// TransformSubnetTx uptimeRequirement, --uptime-threshold stands for the node's --uptime-requirement (before Helicon
// only, as the node's flag), and every figure says where it comes from.
import { describe, expect, it } from 'vitest';
import {
  heliconFromResource,
  heliconFromUpgrades,
  isBelow,
  rewardThreshold,
  splitRuleText,
  stakeRuleOf,
  thresholdStartUnknown,
  type HeliconSchedule,
} from '../../../src/domain/reward/threshold';
import { methods } from '../../../src/rpc/methods';
import { idleResource, resolveOk } from '../../../src/state/resource';
import { PRIMARY_NETWORK_ID } from '../../../src/state/constants';

const FUJI: HeliconSchedule = { kind: 'scheduled', at: new Date('2026-07-28T15:00:00Z') };
const now = Date.parse('2026-11-24T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('reward threshold', () => {
  it('is 80% where Helicon is not scheduled, whatever the start', () => {
    const t = rewardThreshold({ start: at('2026-11-21T00:00:00Z'), helicon: { kind: 'unscheduled' }, now });
    expect(t.percent).toBe(80);
    expect(t.text).toBe("80% (Helicon not scheduled by this node's release)");
  });

  it('is 90% for a validation that starts after Helicon, 80% before it', () => {
    expect(rewardThreshold({ start: at('2026-08-01T00:00:00Z'), helicon: FUJI, now }).text).toBe('90% (started after Helicon, 2026-07-28)');
    expect(rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, now }).text).toBe('80% (started before Helicon, 2026-07-28)');
  });

  it('counts a start exactly at activation as after it (IsHeliconActivated: !t.Before(HeliconTime))', () => {
    expect(rewardThreshold({ start: FUJI.kind === 'scheduled' ? FUJI.at : undefined, helicon: FUJI, now }).percent).toBe(90);
    expect(rewardThreshold({ start: Date.parse('2026-07-28T14:59:59Z'), helicon: FUJI, now }).percent).toBe(80);
  });

  it('gives no one figure while the validation is not known (P-chain bootstrapping): the rule on both sides of Helicon', () => {
    const t = thresholdStartUnknown({ helicon: FUJI, now });
    expect(t.percent).toBeUndefined();
    expect(t.source).toBe('start-unknown');
    expect(t.text).toBe('80%/90% (before/after Helicon 2026-07-28)');
    expect(t.text).not.toMatch(/starting now/);
    expect(isBelow(50, t)).toBe(false);
    // Where every start has the same figure, that figure.
    expect(thresholdStartUnknown({ helicon: { kind: 'unscheduled' }, now }).text).toBe("80% (Helicon not scheduled by this node's release)");
    // --uptime-threshold stands for the node's --uptime-requirement: it moves the figure before Helicon only.
    expect(thresholdStartUnknown({ helicon: FUJI, override: 85, now }).text).toBe('85%/90% (before/after Helicon 2026-07-28)');
  });

  it("names the config file an override came from, the flag otherwise", () => {
    const file = rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, override: 85, overrideFrom: '/home/op/.config/avatop/config.json', now });
    expect(file.percent).toBe(85);
    expect(file.reason).toContain('uptimeThreshold in /home/op/.config/avatop/config.json');
    expect(file.short).toBe('85% (config uptimeThreshold, before Helicon)');
    const flag = rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, override: 85, now });
    expect(flag.reason).toMatch(/^--uptime-threshold/);
  });

  it('judges a node that is not validating as a validation starting now', () => {
    expect(rewardThreshold({ start: undefined, helicon: FUJI, now }).text).toBe('90% (starting now: after Helicon, 2026-07-28)');
    const future: HeliconSchedule = { kind: 'scheduled', at: at('2027-01-01T00:00:00Z') };
    expect(rewardThreshold({ start: undefined, helicon: future, now }).percent).toBe(80);
  });

  it('uses 80% for a node without Helicon (no info.upgrades, or no heliconTime in it)', () => {
    const t = rewardThreshold({ start: at('2026-11-21T00:00:00Z'), helicon: { kind: 'absent', why: 'node reports no Helicon time' }, now });
    expect(t.text).toBe('80% (node reports no Helicon time)');
  });

  it("uses an elastic subnet's uptimeRequirement (parts per million), and none for subnets without rewards", () => {
    const subnet = '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r';
    const staker = { nodeID: 'NodeID-x', potentialReward: 5n, delegationFee: 2 };
    const rule = stakeRuleOf(subnet, staker, 750_000);
    expect(rule).toEqual({ kind: 'elastic', uptimeRequirement: 750_000 });
    const t = rewardThreshold({ start: at('2026-11-21T00:00:00Z'), helicon: FUJI, rule, now });
    expect(t.text).toBe("75% (subnet's TransformSubnetTx uptimeRequirement)");
    expect(rewardThreshold({ start: undefined, helicon: FUJI, rule: stakeRuleOf(subnet, staker, undefined), now }).percent).toBeUndefined();
    const permissioned = stakeRuleOf(subnet, { nodeID: 'NodeID-y', weight: 20n }, undefined);
    const none = rewardThreshold({ start: undefined, helicon: FUJI, rule: permissioned, now });
    expect([none.percent, none.text]).toEqual([undefined, 'no staking reward on this subnet']);
    expect(stakeRuleOf(PRIMARY_NETWORK_ID, { nodeID: 'NodeID-z' }, undefined)).toEqual({ kind: 'primary' });
  });

  it('--uptime-threshold changes what the node\'s --uptime-requirement changes: validations started before Helicon', () => {
    // prefersCommit (options.go): the node's requirement, except 90% (genesis.ACP267UptimeRequirement, a constant)
    // for a primary validation started at or after Helicon, and the subnet's own for an elastic subnet.
    const after = rewardThreshold({ start: at('2026-08-01T00:00:00Z'), helicon: FUJI, override: 75, now });
    expect(after.percent).toBe(90);
    expect(after.source).toBe('after-helicon');
    const subnet = rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, override: 75, rule: { kind: 'elastic', uptimeRequirement: 600_000 }, now });
    expect(subnet.percent).toBe(60);
    const unscheduled = rewardThreshold({ start: at('2026-08-01T00:00:00Z'), helicon: { kind: 'unscheduled' }, override: 75, now });
    expect(unscheduled.percent).toBe(75);
    const t = rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, override: 75, now });
    expect(t.text).toBe("75% (--uptime-threshold (as the node's --uptime-requirement); started before Helicon, 2026-07-28)");
    expect(t.short).toBe('75% (--uptime-threshold, before Helicon)');
    expect(isBelow(76, t)).toBe(false);
    expect(isBelow(74.9, t)).toBe(true);
    expect(isBelow(undefined, t)).toBe(false);
  });

  it('words a list whose validations fall on both sides of Helicon', () => {
    const before = rewardThreshold({ start: at('2026-07-01T00:00:00Z'), helicon: FUJI, now });
    const after = rewardThreshold({ start: at('2026-08-01T00:00:00Z'), helicon: FUJI, now });
    expect(splitRuleText(before, after)).toBe('80%/90% (before/after Helicon 2026-07-28)');
    expect(before.short).toBe('80% (before Helicon)');
  });
});

describe("Helicon from the node's info.upgrades", () => {
  it('reads the parsed reply and the wire form alike; 9999-12-01 is not scheduled', () => {
    const parsed = methods['info.upgrades'].result.parse({ graniteTime: '2025-11-19T16:00:00Z', heliconTime: '9999-12-01T00:00:00Z' });
    expect(heliconFromUpgrades(parsed)).toEqual({ kind: 'unscheduled' });
    expect(heliconFromUpgrades({ heliconTime: '2026-07-28T15:00:00Z' })).toEqual(FUJI);
    const fuji = methods['info.upgrades'].result.parse({ heliconTime: '2026-07-28T15:00:00Z' });
    expect(heliconFromUpgrades(fuji)).toEqual(FUJI);
  });

  it('is absent when the reply has no heliconTime or the node has no info.upgrades, unknown while loading', () => {
    expect(heliconFromUpgrades(methods['info.upgrades'].result.parse({ graniteTime: '2025-11-19T16:00:00Z' })).kind).toBe('absent');
    expect(heliconFromUpgrades({ heliconTime: 'soon' }).kind).toBe('absent');
    expect(heliconFromResource(idleResource()).kind).toBe('unknown');
    const unsupported = { ...idleResource<unknown>(), status: 'unsupported' as const, reason: 'method not found' };
    expect(heliconFromResource(unsupported).kind).toBe('absent');
    expect(heliconFromResource(resolveOk(idleResource<unknown>(), { heliconTime: '2026-07-28T15:00:00Z' }, { at: 0 }))).toEqual(FUJI);
  });
});
