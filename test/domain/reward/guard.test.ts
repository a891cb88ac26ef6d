import { describe, expect, it } from 'vitest';
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../../src/state/store';
import { idleResource, resolveOk } from '../../../src/state/resource';
import { guardOwnValidation, guardWatchedValidation } from '../../../src/domain/reward/guard';
import type { Validator } from '../../../src/state/types';
import { methods } from '../../../src/rpc/methods';

const DAY = 86_400_000;
const NODE = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const start = Date.UTC(2026, 7, 1);
const now = start + 10 * DAY;

function state(opts: { heliconTime: string; validator?: Partial<Validator>; weighted: number; rewarding?: number }): AvatopState {
  const s = createAvatopStore().getState();
  const at = { at: now };
  const validator = { nodeID: NODE, startTime: new Date(start), endTime: new Date(start + 100 * DAY), uptime: 99.5, ...opts.validator } as Validator;
  return {
    ...s,
    node: {
      ...s.node,
      id: resolveOk(idleResource(), { nodeID: NODE, nodePOP: null }, at),
      uptime: resolveOk(idleResource(), { weightedAveragePercentage: opts.weighted, rewardingStakePercentage: opts.rewarding ?? 100 }, at),
    },
    versions: { ...s.versions, upgrades: resolveOk(idleResource(), methods['info.upgrades'].result.parse({ heliconTime: opts.heliconTime }), at) },
    validators: { ...s.validators, detail: { [`${PRIMARY_NETWORK_ID}/${NODE}`]: resolveOk(idleResource(), validator, at) } },
  };
}

describe('guardOwnValidation', () => {
  it('uses the peers\' view against the node\'s own Helicon rule: 80% when Helicon is not scheduled', () => {
    const g = guardOwnValidation(state({ heliconTime: '9999-12-01T00:00:00Z', weighted: 95 }), { now })!;
    expect(g.threshold.percent).toBe(80);
    expect(g.view).toBe('peers');
    expect(g.ownRecordPercent).toBe(99.5);
    // 100 days at 80%: 20 days allowed; 10 days at 95%: half a day used.
    expect(g.budget!.remainingMs / DAY).toBeCloseTo(19.5, 6);
    expect(g.budgetTier).toBe('ok');
    expect(g.endTier).toBe('ok');
  });

  it('needs 90% for a validation that started after Helicon, and the budget follows', () => {
    const g = guardOwnValidation(state({ heliconTime: '2026-07-28T15:00:00Z', weighted: 95 }), { now })!;
    expect(g.threshold.percent).toBe(90);
    expect(g.budget!.remainingMs / DAY).toBeCloseTo(10 - 0.5, 6);
  });

  it('is lost, and says so, when the peers\' view is far below', () => {
    const g = guardOwnValidation(state({ heliconTime: '2026-07-28T15:00:00Z', weighted: 0 }), { now })!;
    expect(g.budget!.state).toBe('lost');
    expect(g.budgetTier).toBe('over');
  });

  it('takes --uptime-threshold over the node\'s rule', () => {
    const g = guardOwnValidation(state({ heliconTime: '2026-07-28T15:00:00Z', weighted: 95 }), { now, override: 70 })!;
    expect(g.threshold.percent).toBe(70);
  });

  it('marks an auto-renewed validation and judges its current period', () => {
    const g = guardOwnValidation(
      state({ heliconTime: '2026-07-28T15:00:00Z', weighted: 100, validator: { validatorAuthority: { addresses: ['P-avax1x'], threshold: 1, locktime: 0n }, startTime: new Date(now - DAY), endTime: new Date(now + 13 * DAY) } }),
      { now },
    )!;
    expect(g.autoRenewed).toBe(true);
    expect(g.budget!.remainingMs / DAY).toBeCloseTo(1.4, 6);
  });

  it('is undefined for a node that is not validating', () => {
    const s = createAvatopStore().getState();
    expect(guardOwnValidation(s, { now })).toBeUndefined();
  });

  it('judges a watched node by this node\'s view of it', () => {
    const s = state({ heliconTime: '9999-12-01T00:00:00Z', weighted: 100 });
    const g = guardWatchedValidation({ nodeID: 'NodeID-x', startTime: new Date(start), endTime: new Date(start + 11 * DAY), uptime: 50 } as Validator, s, { now });
    expect(g.view).toBe('this-node');
    expect(g.budget!.state).toBe('lost');
    expect(g.endTier).toBe('warn');
  });
});
