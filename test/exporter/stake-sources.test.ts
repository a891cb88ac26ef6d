import { describe, expect, it } from 'vitest';
import { createAvatopStore, PRIMARY_NETWORK_ID, type AvatopState } from '../../src/state/store';
import { idleResource, resolveOk } from '../../src/state/resource';
import { diffRows } from '../../src/state/rows';
import { assignStakeSources, weightsByNetwork, type StakeSession } from '../../src/exporter/stake-sources';
import type { Validator } from '../../src/state/types';
import { LAG_WARN_BLOCKS } from '../../src/domain/fleet/row';

function state(network: string | undefined, validators?: Validator[]): AvatopState {
  const s = createAvatopStore().getState();
  const at = { at: 1 };
  return {
    ...s,
    node: { ...s.node, networkName: network === undefined ? idleResource() : resolveOk(idleResource(), network, at) },
    validators: validators
      ? { ...s.validators, bySubnet: { [PRIMARY_NETWORK_ID]: resolveOk(idleResource(), diffRows(undefined, validators, (v) => v.nodeID), at) } }
      : s.validators,
  };
}

function session(st: AvatopState, on = false): StakeSession & { on: boolean } {
  const x = { state: st, on, isStakeSource: on, setStakeSource: (v: boolean) => void (x.on = v) };
  return x;
}

describe('stake sources', () => {
  it('picks one answering session per network, keeping one that already fetches', () => {
    const a = session(state('mainnet'));
    const b = session(state('mainnet'), true);
    const c = session(state('fuji'));
    const d = session(state(undefined));
    assignStakeSources([a, b, c, d], () => true);
    expect([a.on, b.on, c.on, d.on]).toEqual([false, true, true, false]);
  });

  it('lets the first session fetch while no network is known', () => {
    const a = session(state(undefined));
    const b = session(state(undefined));
    assignStakeSources([a, b], () => true);
    expect([a.on, b.on]).toEqual([true, false]);
  });

  it('hands the set on when its session is down', () => {
    const a = session(state('mainnet'), true);
    const b = session(state('mainnet'));
    assignStakeSources([a, b], (s) => s !== a.state);
    expect([a.on, b.on]).toEqual([false, true]);
  });

  it('hands the set on when its node lags behind the others of its network (the fleet\'s lag rule), and never picks a lagging one', () => {
    const at = (st: AvatopState, h: bigint): AvatopState => ({ ...st, pchain: { ...st.pchain, height: resolveOk(idleResource(), h, { at: 1 }) } });
    const a = session(at(state('mainnet'), 100n), true);
    const b = session(at(state('mainnet'), 100n + LAG_WARN_BLOCKS + 1n));
    const c = session(at(state('mainnet'), 100n + LAG_WARN_BLOCKS + 1n));
    assignStakeSources([a, b, c], () => true);
    expect([a.on, b.on, c.on]).toEqual([false, true, false]);
    // Within the rule's blocks: the one that fetches keeps fetching.
    const d = session(at(state('mainnet'), 100n + LAG_WARN_BLOCKS), true);
    const e = session(at(state('mainnet'), 100n + 2n * LAG_WARN_BLOCKS));
    assignStakeSources([d, e], () => true);
    expect([d.on, e.on]).toEqual([true, false]);
  });

  it('shares one weight map per network, built once per reply', () => {
    const vs = [{ nodeID: 'A', weight: 5n }, { nodeID: 'B', weight: 7n }] as Validator[];
    const s1 = state('mainnet', vs);
    const w = weightsByNetwork([state('mainnet'), s1]);
    expect(w.get('mainnet')?.get('B')).toBe(7n);
    expect(weightsByNetwork([s1]).get('mainnet')).toBe(w.get('mainnet'));
  });

  it("weighs each validator as the node's futureupgrade check does: its own stake and its delegators'", () => {
    // node/node.go 1557-1577 sums the validator manager's weights, which hold each validator's delegations too.
    const vs = [{ nodeID: 'A', weight: 5n, delegatorWeight: 3n }, { nodeID: 'B', weight: 7n }, { nodeID: 'C', weight: 2n, delegators: [{ weight: 4n }, { weight: 1n }] }] as Validator[];
    const w = weightsByNetwork([state('mainnet', vs)]).get('mainnet');
    expect(Object.fromEntries(w!)).toEqual({ A: 8n, B: 7n, C: 7n });
  });
});
