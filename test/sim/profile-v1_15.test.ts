// The v1.15 profile (the default): Helicon active (mainnet's time, in the past), a share of validators auto-renewed
// (ACP-236) with the record fields v1.15 adds, and blocks that carry txs 40-42 with reward txs at period ends. v1.14
// (a v1.14.2 node) has Helicon unscheduled, as its release's upgrade.go does, and no auto-renewed validators.
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { decodeBlock } from '../../src/codec/pchain/blocks';
import { result } from '../helpers/rpc';
import { track } from '../helpers/track';

const small = { validators: 200, peers: 20, utxos: 10, autoAdvance: false, blockIntervalMs: 600_000 };

describe('simulator profile v1.15', () => {
  it("reports Helicon active and lists auto-renewed validators with v1.15's fields", async () => {
    const node = track(await createSimNode({ ...small, profile: 'v1.15' }));
    expect((await result<any>(node.url, '/ext/info', 'info.upgrades')).heliconTime).toBe('2026-09-22T15:00:00Z');
    expect((await result<any>(node.url, '/ext/info', 'info.getNodeVersion')).version).toBe('avalanchego/1.15.0');
    const { validators } = await result<any>(node.url, '/ext/bc/P', 'platform.getCurrentValidators');
    const renewed = validators.filter((v: Record<string, unknown>) => 'nextPeriod' in v);
    expect(renewed.length).toBeGreaterThan(validators.length * 0.15);
    expect(renewed.length).toBeLessThan(validators.length * 0.5);
    for (const v of renewed) {
      expect(Object.keys(v.validatorAuthority).sort()).toEqual(['addresses', 'locktime', 'threshold']);
      expect(v.nextPeriod).toMatch(/^\d+$/);
      expect(v.autoCompoundRewardShares).toMatch(/^\d+$/);
      // Go's field order: the embedded AutoRenewedConfig sits between signer and delegatorCount.
      const keys = Object.keys(v);
      expect(keys.indexOf('validatorAuthority')).toBeGreaterThan(keys.indexOf('connected'));
      expect(keys.indexOf('autoCompoundRewardShares')).toBeLessThan(keys.indexOf('delegatorCount'));
    }
  });

  it('carries txs 40-42 in blocks, a reward tx at each period end, and renews the validator', async () => {
    const node = track(await createSimNode({ ...small, profile: 'v1.15' }));
    const net = node.network;
    const h0 = net.height;
    node.tick(45 * 86_400_000);
    const types = new Map<string, number>();
    for (let h = h0 + 1; h <= net.height; h++) {
      const b = net.blockByHeight(h);
      if (!b) continue;
      const d = decodeBlock(b.bytes) as { txs?: { unsigned: { typeName: string } }[]; tx?: { unsigned: { typeName: string } } };
      for (const t of [...(d.txs ?? []), ...(d.tx ? [d.tx] : [])]) types.set(t.unsigned.typeName, (types.get(t.unsigned.typeName) ?? 0) + 1);
    }
    expect(types.get('AddAutoRenewedValidatorTx')).toBeGreaterThan(0);
    expect(types.get('SetAutoRenewedValidatorConfigTx')).toBeGreaterThan(0);
    expect(types.get('RewardAutoRenewedValidatorTx')).toBeGreaterThan(0);
    // A renewed validator's current period started after the network did: its reward tx closed the one before.
    const nowSec = Math.floor(Date.now() / 1000);
    expect(net.validators.some((v) => v.autoRenew && v.start > nowSec + 86_400)).toBe(true);
  });

  it('v1.14 keeps Helicon unscheduled and has no auto-renewed validators', async () => {
    const node = track(await createSimNode({ ...small, profile: 'v1.14' }));
    expect((await result<any>(node.url, '/ext/info', 'info.upgrades')).heliconTime).toBe('9999-12-01T00:00:00Z');
    const { validators } = await result<any>(node.url, '/ext/bc/P', 'platform.getCurrentValidators');
    expect(validators.some((v: Record<string, unknown>) => 'nextPeriod' in v || 'validatorAuthority' in v)).toBe(false);
  });

  it('takes another Helicon time on a custom network (what `avatop sim --helicon-time` sets), and refuses one elsewhere', async () => {
    const node = track(await createSimNode({ ...small, networkId: 1337, heliconTime: '2026-01-02T03:04:05Z' }));
    expect((await result<any>(node.url, '/ext/info', 'info.upgrades')).heliconTime).toBe('2026-01-02T03:04:05Z');
    for (const networkId of [1, 5, 12345]) await expect(createSimNode({ ...small, networkId, heliconTime: '2026-01-02T03:04:05Z' })).rejects.toThrow(/cannot configure upgrades for networkID/);
  });
});
