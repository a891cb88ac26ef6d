// The simulator's v1.15 replies, diffed key by key against shapes written from avalanchego v1.15.0's source (first read
// at v1.15.0-fuji; test/fixtures/v1.15/README.md says what v1.15.0 changed), as test/node does for v1.11.2 and v1.14.2
// against real nodes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { diffShapes, shapeOf } from '../node/helpers/shape';
import { result } from '../helpers/rpc';
import { shared } from '../helpers/track';

const FIX = join(__dirname, '../fixtures');
const fixture = (p: string) => JSON.parse(readFileSync(join(FIX, p), 'utf8'));
const diff = (real: unknown, sim: unknown) => diffShapes(shapeOf(real), shapeOf(sim));

const node = shared(() => createSimNode({ profile: 'v1.15', networkId: 5, validators: 200, peers: 20, utxos: 10, autoAdvance: false, blockIntervalMs: 600_000 }));
const rpc = (path: string, method: string, params: unknown = {}) => result<any>(node().url, path, method, params);

describe('simulator v1.15 against v1.15.0 source shapes', () => {
  it('info.upgrades has the keys, in order, of a v1.15 node, with heliconTime', async () => {
    const real = fixture('v1.15/info-upgrades-fuji.json');
    const sim = await rpc('/ext/info', 'info.upgrades');
    expect(diff(real, sim)).toEqual([]);
    expect(Object.keys(sim)).toEqual(Object.keys(real));
  });

  it('an auto-renewed validator record: same keys in the same order, same value forms', async () => {
    const real = fixture('v1.15/get-current-validators-auto-renewed.json');
    const { validators } = await rpc('/ext/bc/P', 'platform.getCurrentValidators');
    const renewed = validators.filter((v: Record<string, unknown>) => 'nextPeriod' in v && v.signer && v.delegatorCount === '0');
    expect(renewed.length).toBeGreaterThan(0);
    expect(diff(real, { validators: renewed })).toEqual([]);
    expect(Object.keys(renewed[0])).toEqual(Object.keys(real.validators[0]));
    // Validators that are not auto-renewed have none of the three keys (a nil embedded *AutoRenewedConfig).
    const plain = validators.find((v: Record<string, unknown>) => !('nextPeriod' in v));
    expect(plain).toBeDefined();
    expect(Object.keys(plain).filter((k) => /validatorAuthority|nextPeriod|autoCompoundRewardShares/.test(k))).toEqual([]);
  });

  it('txs 40-42 as getTx JSON: the fields of avalanchego\'s own test txs', async () => {
    node().tick(45 * 86_400_000);
    const net = node().network;
    const byType = new Map<string, string>();
    for (let h = net.height; h > net.height - 8000 && byType.size < 3; h--) {
      const b = net.blockByHeight(h);
      if (!b) continue;
      for (const id of b.txIds) {
        const r = await rpc('/ext/bc/P', 'platform.getTx', { txID: id, encoding: 'json' });
        // Told apart by their fields: 40 has validatorAuthority, 41 auth and period, 42 only txID and timestamp.
        const keys = Object.keys(r.tx.unsignedTx);
        const type = keys.includes('validatorAuthority') ? 40 : keys.includes('auth') && keys.includes('period') ? 41 : keys.includes('timestamp') && keys.includes('txID') ? 42 : 0;
        if (type && !byType.has(String(type))) byType.set(String(type), id);
      }
    }
    expect([...byType.keys()].sort()).toEqual(['40', '41', '42']);
    const files: Record<string, string> = {
      '40': 'codec/tx_40_AddAutoRenewedValidatorTx__want_bytes.json',
      '41': 'codec/tx_41_SetAutoRenewedValidatorConfigTx__want_bytes.json',
      '42': 'codec/tx_42_RewardAutoRenewedValidatorTx__want_bytes.json',
    };
    for (const [type, id] of byType) {
      const real = fixture(files[type]!).expected;
      const sim = (await rpc('/ext/bc/P', 'platform.getTx', { txID: id, encoding: 'json' })).tx.unsignedTx;
      expect(Object.keys(sim), `type ${type}`).toEqual(Object.keys(real));
      expect(diff(real, sim), `type ${type}`).toEqual([]);
    }
  });
});
