import { describe, expect, it } from 'vitest';
import { compareVersions, isOutdated, newestVersion, shortVersion, versionBreakdown } from '../../src/panes/versions-model';
import { describeUtxo, sumBalances } from '../../src/panes/utxos/utxo-model';
import { addHeight, addSample, blocksPerMinute, EMPTY_HEIGHT_HISTORY, heightDropNote } from '../../src/app/header-model';
import { rewardThreshold } from '../../src/domain/reward/threshold';
import { validatorHealth, weightOf, delegatorWeight } from '../../src/domain/stake';
import { buildSubnetTree } from '../../src/panes/subnets/SubnetsPane';
import { flatten, date, str } from '../../src/format/fields';
import { createAvatopStore, PRIMARY_NETWORK_ID } from '../../src/state/store';
import { resolveOk } from '../../src/state/resource';
import { diffRows } from '../../src/state/rows';
import { validatorRecord } from '../helpers/records';

describe('versions', () => {
  it('orders and shortens avalanchego versions', () => {
    expect(compareVersions('avalanchego/1.14.2', 'avalanchego/1.9.10')).toBeGreaterThan(0);
    expect(shortVersion('avalanchego/1.14.2')).toBe('v1.14.2');
    expect(newestVersion(['avalanchego/1.13.0', 'avalanchego/1.14.1', 'junk'])).toBe('avalanchego/1.14.1');
    expect(isOutdated('avalanchego/1.13.5', 'avalanchego/1.14.0')).toBe(true);
    expect(isOutdated('avalanchego/1.14.0', 'avalanchego/1.14.2')).toBe(false);
  });
  it('breaks peers down by count and by stake, newest first', () => {
    const b = versionBreakdown([
      { version: 'avalanchego/1.14.2', weight: 300n },
      { version: 'avalanchego/1.14.2', weight: 100n },
      { version: 'avalanchego/1.13.0', weight: 600n },
    ]);
    expect(b.map((x) => x.version)).toEqual(['v1.14.2', 'v1.13.0']);
    expect(b[0]!.count).toBe(2);
    expect(b[0]!.share).toBeCloseTo(66.67, 1);
    expect(b[0]!.weightShare).toBeCloseTo(40, 5);
  });
});

describe('UTXOs', () => {
  const addr = new Uint8Array(20).fill(7);
  const tx = new Uint8Array(32).fill(1);
  const transfer = (amount: bigint, locktime = 0n) => ({ typeId: 7, typeName: 'secp256k1fx.TransferOutput', amount, locktime, threshold: 1, addresses: [addr] });
  const now = 1_800_000_000n;
  it('classifies unlocked, locked stakeable and locked not stakeable outputs against chain time', () => {
    const u1 = describeUtxo({ txId: tx, outputIndex: 0, assetId: tx, output: transfer(5_000_000_000n) }, 1, now);
    const u2 = describeUtxo({ txId: tx, outputIndex: 1, assetId: tx, output: { typeId: 22, typeName: 'stakeable.LockOut', locktime: now + 100n, output: transfer(2_000_000_000n) } }, 1, now);
    const u3 = describeUtxo({ txId: tx, outputIndex: 2, assetId: tx, output: transfer(1_000_000_000n, now + 100n) }, 1, now);
    const u4 = describeUtxo({ txId: tx, outputIndex: 3, assetId: tx, output: { typeId: 22, typeName: 'stakeable.LockOut', locktime: now - 1n, output: transfer(7n) } }, 1, now);
    expect([u1.kind, u2.kind, u3.kind, u4.kind]).toEqual(['unlocked', 'locked stakeable', 'locked not stakeable', 'unlocked']);
    expect(u1.owners[0]).toMatch(/^P-avax1/);
    expect(u2.stakeableUntil).toBe(now + 100n);
    expect(sumBalances([u1, u2, u3, u4])).toEqual({ unlocked: 5_000_000_007n, lockedStakeable: 2_000_000_000n, lockedNotStakeable: 1_000_000_000n, total: 8_000_000_007n });
  });
  it('reads the same UTXO again as before: owners by network, lock by the time asked, IDs of other UTXOs their own', () => {
    const u = { txId: tx, outputIndex: 0, assetId: tx, output: transfer(5n, now + 10n) };
    expect(describeUtxo(u, 1, now).kind).toBe('locked not stakeable');
    expect(describeUtxo(u, 1, now + 10n).kind).toBe('unlocked');
    expect(describeUtxo(u, 5, now).owners[0]).toMatch(/^P-fuji1/);
    expect(describeUtxo(u, 1, now).owners[0]).toMatch(/^P-avax1/);
    const other = { ...u, txId: new Uint8Array(32).fill(2), assetId: new Uint8Array(32).fill(3), output: { ...transfer(5n), addresses: [new Uint8Array(20).fill(9)] } };
    const a = describeUtxo(u, 1, now);
    const b = describeUtxo(other, 1, now);
    expect(b.txId).not.toBe(a.txId);
    expect(b.assetId).not.toBe(a.assetId);
    expect(b.owners[0]).not.toBe(a.owners[0]);
    expect(describeUtxo({ ...u }, 1, now)).toEqual(a);
  });
  it('does not throw on garbage', () => {
    expect(describeUtxo(undefined, undefined, now).kind).toBe('unknown');
    expect(describeUtxo('nonsense', 1, now).amount).toBeUndefined();
  });
});

describe('header and validators', () => {
  it('computes blocks per minute from height samples', () => {
    let s = addSample([], { at: 0, height: 100n });
    s = addSample(s, { at: 30_000, height: 110n });
    s = addSample(s, { at: 60_000, height: 130n });
    expect(blocksPerMinute(s)).toBe(30);
    expect(blocksPerMinute(s.slice(0, 1))).toBeUndefined();
  });
  it('starts the rate over when the height goes back, and says so until the chain is past where it was', () => {
    let h = addHeight(EMPTY_HEIGHT_HISTORY, { at: 0, height: 1_000n });
    h = addHeight(h, { at: 60_000, height: 1_030n });
    expect(blocksPerMinute(h.samples)).toBe(30);
    // A restarted simulator, another node behind the URL: 900 blocks back. Never a negative rate.
    h = addHeight(h, { at: 62_000, height: 130n });
    expect(blocksPerMinute(h.samples)).toBeUndefined();
    expect(heightDropNote(h, 62_000)).toBe('went back from 1,030: node restarted or changed?');
    h = addHeight(h, { at: 122_000, height: 160n });
    expect(blocksPerMinute(h.samples)).toBe(30);
    expect(heightDropNote(h, 100_000)).toBeDefined();
    expect(heightDropNote(h, 62_000 + 61_000)).toBeUndefined();
    expect(heightDropNote(addHeight(h, { at: 70_000, height: 1_031n }), 70_000)).toBeUndefined();
    // The plain sampler alone also never mixes two histories.
    expect(blocksPerMinute(addSample([{ at: 0, height: 1_000n }], { at: 60_000, height: 100n }))).toBeUndefined();
  });
  it('flags a validator below the threshold its validation has', () => {
    const helicon = { kind: 'scheduled', at: new Date('2026-04-01T00:00:00Z') } as const;
    const t = (start: Date) => rewardThreshold({ start, helicon, now: 0 });
    const v = validatorRecord({ nodeID: 'NodeID-x', startTime: String(Date.parse('2026-05-01T00:00:00Z') / 1000), uptime: '85', connected: false, weight: '5' });
    const h = validatorHealth(v, t(v.startTime!));
    expect([h.belowThreshold, h.disconnected, h.threshold.percent]).toEqual([true, true, 90]);
    const before = new Date('2025-05-01T00:00:00Z');
    expect(validatorHealth({ ...v, startTime: before }, t(before)).belowThreshold).toBe(false);
    // The spec era's stakeAmount is the weight (the schema fills it in).
    expect(weightOf(validatorRecord({ nodeID: 'a', stakeAmount: '7' }))).toBe(7n);
    const d = { txID: 't', startTime: '1', endTime: '2', nodeID: 'a' };
    expect(delegatorWeight(validatorRecord({ nodeID: 'a', weight: '1', delegators: [{ ...d, weight: '2' }, { ...d, stakeAmount: '3' }] }))).toBe(5n);
  });
});

describe('subnet tree and fields', () => {
  it('puts each subnet before its chains, chains sorted, last one marked', () => {
    const s = createAvatopStore().getState();
    const meta = { at: 1 };
    const list = resolveOk(s.subnets.list, diffRows(undefined, [{ id: 'S1', controlKeys: ['P-avax1a'], threshold: 1 }, { id: PRIMARY_NETWORK_ID, controlKeys: [], threshold: 0 }], (x) => x.id), meta);
    const chains = resolveOk(
      s.subnets.chains,
      diffRows(undefined, [{ id: 'c2', name: 'Zeta', subnetID: 'S1', vmID: 'vm' }, { id: 'c1', name: 'Alpha', subnetID: 'S1', vmID: 'vm' }, { id: 'x', name: 'X-Chain', subnetID: PRIMARY_NETWORK_ID, vmID: 'vm' }], (x) => x.id),
      meta,
    );
    const rows = buildSubnetTree({ ...s, subnets: { ...s.subnets, list, chains } });
    expect(rows.map((r) => (r.value.kind === 'subnet' ? `S:${r.value.subnet.id}` : `C:${r.value.chain.name}${r.value.last ? '$' : ''}`))).toEqual([
      'S:S1',
      'C:Alpha',
      'C:Zeta$',
      `S:${PRIMARY_NETWORK_ID}`,
      'C:X-Chain$',
    ]);
  });
  it('reads loose values and flattens records for detail views, sanitized', () => {
    expect(date('1700000000')).toBe(1_700_000_000_000);
    expect(date(new Date(5))).toBe(5);
    expect(str('a\x1b[2Jb')).toBe('ab');
    expect(flatten({ a: { b: [1n, 'x\x07'] }, bytes: new Uint8Array([1, 255]) })).toEqual([
      ['a.b.0', '1'],
      ['a.b.1', 'x'],
      ['bytes', '0x01ff'],
    ]);
  });
});
