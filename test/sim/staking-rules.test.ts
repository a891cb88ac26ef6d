// Staking the simulated network could not have, looked for over HTTP across seeds and after days of simulated time,
// with each rule as avalanchego v1.15.0 states it:
// - AddAutoRenewedValidatorTx is refused before Helicon (txs/executor/staker_tx_verification.go lines 882-884) and
//   without a BLS key (txs/add_auto_renewed_validator_tx.go lines 170-172), and a cycle starts when the last ended;
// - from Helicon on a primary-network validation or cycle lasts at least HeliconMinStakeDuration
//   (staker_tx_verification_helpers.go lines 27-32; genesis_mainnet.go line 62: 48 h, genesis_fuji.go: 12 h,
//   genesis_local.go: 1 h), a delegation at least MinStakeDuration inside its validator's period (line 84;
//   staker_tx_verification.go lines 736-743);
// - a delegator's reward is split by its validator's delegation shares (reward.Split), the validator's part held as
//   its accruedDelegateeReward (proposal_tx_executor.go lines 639-690);
// - a one-node getCurrentValidators always carries `delegators`, `[]` when there are none (service.go 967-991), and
//   an auto-renewed record has the keys of api/validator.go lines 72-106 in that order;
// - a fixed-term validation under its uptime requirement is aborted: only its delegatee reward is paid.
import { describe, expect, it } from 'vitest';
import { decodeHex, decodeSignedTx, decodeUtxo, formatId } from '../../src/codec';
import { createSimNode, type SimNode, type SimNodeOptions } from '../../src/sim/index';
import { result } from '../helpers/rpc';
import { track } from '../helpers/track';
import { type ValidatorRecord, DAY, HELICON, HELICON_SEC, HOUR, NOW_MS, rewardTxId, sharesOf, sharesPart, txStatus } from './node-staking';

const P = '/ext/bc/P';

/** A node for the running test, closed when it ends. */
async function start(opts: SimNodeOptions): Promise<SimNode> {
  return track(await createSimNode({ profile: 'v1.15', startTimeMs: NOW_MS, validators: 400, peers: 20, utxos: 10, autoAdvance: false, blockIntervalMs: 600_000, ...opts }));
}

const all = async (n: SimNode) => (await result<{ validators: ValidatorRecord[] }>(n.url, P, 'platform.getCurrentValidators')).validators;
const one = async (n: SimNode, nodeID: string) => (await result<{ validators: ValidatorRecord[] }>(n.url, P, 'platform.getCurrentValidators', { nodeIDs: [nodeID] })).validators[0];

/** The node's rules on every record of the primary network, from `minCycle` (HeliconMinStakeDuration) on. */
async function checkRecords(n: SimNode, minCycle: number, label: string): Promise<{ auto: number; shortest: number; underTwoWeeks: number }> {
  // The node's own Helicon time (info.upgrades), which is its network's.
  const helicon = Date.parse((await result<{ heliconTime: string }>(n.url, '/ext/info', 'info.upgrades')).heliconTime) / 1000;
  const records = await all(n);
  let auto = 0;
  let underTwoWeeks = 0;
  let shortest = Number.POSITIVE_INFINITY;
  for (const v of records) {
    const length = Number(v.endTime) - Number(v.startTime);
    if (Number(v.startTime) >= helicon) {
      expect(length, `${label}: ${v.txID} lasts at least HeliconMinStakeDuration`).toBeGreaterThanOrEqual(minCycle);
      shortest = Math.min(shortest, length);
      if (length < 14 * DAY) underTwoWeeks++;
    }
    if (v.nextPeriod === undefined) continue;
    auto++;
    expect(Number(v.startTime), `${label}: auto-renewed ${v.txID} in a cycle begun at or after Helicon`).toBeGreaterThanOrEqual(helicon);
    expect(v.signer?.publicKey, `${label}: auto-renewed ${v.txID} has a BLS key`).toMatch(/^0x[0-9a-f]{96}$/);
    expect(Number(v.nextPeriod) === 0 || Number(v.nextPeriod) >= minCycle, `${label}: nextPeriod ${v.nextPeriod}`).toBe(true);
  }
  return { auto, shortest, underTwoWeeks };
}

describe('auto-renewed validators and short validations, as the network allows them', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`seed ${seed}: none before Helicon, all with BLS keys, none under 48 hours, some as short as that; and after 5 days`, async () => {
      const node = await start({ seed });
      const t0 = await checkRecords(node, 48 * HOUR, `seed ${seed}`);
      expect(t0.auto).toBeGreaterThan(40);
      expect(t0.shortest).toBe(48 * HOUR);
      expect(t0.underTwoWeeks).toBeGreaterThan(5);
      // Each auto-renewed staker tx is an AddAutoRenewedValidatorTx with a proof of possession (signer type 28).
      for (const v of (await all(node)).filter((r) => r.nextPeriod !== undefined).slice(0, 25)) {
        const hex = (await result<{ tx: string }>(node.url, P, 'platform.getTx', { txID: v.txID, encoding: 'hex' })).tx;
        const tx = decodeSignedTx(decodeHex(hex, { checksum: true })).unsigned as unknown as { typeName: string; signer: { typeId: number }; period: bigint };
        expect([tx.typeName, tx.signer.typeId]).toEqual(['AddAutoRenewedValidatorTx', 28]);
        expect(Number(tx.period)).toBeGreaterThanOrEqual(48 * HOUR);
      }
      node.tick(5 * DAY * 1000);
      const t5 = await checkRecords(node, 48 * HOUR, `seed ${seed}, 5 days on`);
      expect(t5.auto).toBeGreaterThan(40);
    }, 120_000);
  }

  it('a v1.14 node, whose release has no Helicon, has no auto-renewed validators and none under two weeks', async () => {
    const node = await start({ profile: 'v1.14' });
    const records = await all(node);
    expect(records.filter((v) => v.nextPeriod !== undefined)).toEqual([]);
    expect(Math.min(...records.map((v) => Number(v.endTime) - Number(v.startTime)))).toBeGreaterThanOrEqual(14 * DAY);
  });

  it('Fuji and a custom network: their own HeliconMinStakeDuration (12 h; the local genesis\' 1 h) is the shortest', async () => {
    for (const [networkId, min] of [
      [5, 12 * HOUR],
      [1337, HOUR],
    ] as const) {
      const node = await start({ networkId, seed: 2, ...(networkId === 1337 ? { heliconTime: HELICON } : {}) });
      const r = await checkRecords(node, min, `network ${networkId}`);
      expect(r.shortest).toBe(min);
      await node.close();
    }
  });

  it('delegations sit inside their validator\'s current period, at least two weeks long, started by now', async () => {
    const node = await start({ seed: 3 });
    const now = NOW_MS / 1000;
    let seen = 0;
    for (const v of (await all(node)).filter((r) => r.delegatorCount !== '0').slice(0, 60)) {
      const full = (await one(node, v.nodeID))!;
      for (const d of full.delegators!) {
        seen++;
        expect(Number(d.startTime)).toBeGreaterThanOrEqual(Number(v.startTime));
        expect(Number(d.endTime)).toBeLessThanOrEqual(Number(v.endTime));
        expect(Number(d.endTime) - Number(d.startTime)).toBeGreaterThanOrEqual(14 * DAY);
        expect(Number(d.startTime)).toBeLessThanOrEqual(now);
      }
    }
    expect(seen).toBeGreaterThan(30);
  });
});

describe('the delegatee reward', () => {
  it("a committed delegator is paid its part, and its validator's accruedDelegateeReward grows by the fee's part", async () => {
    const node = await start({ seed: 5, blockIntervalMs: 60_000 });
    // The soonest-ending delegator of a validator that meets its requirement (90% if it started after Helicon).
    let best: { v: ValidatorRecord; d: ValidatorRecord } | undefined;
    for (const v of (await all(node)).filter((r) => r.delegatorCount !== '0')) {
      const need = Number(v.startTime) >= HELICON_SEC ? 90 : 80;
      if (Number(v.uptime) < need + 1) continue;
      const full = (await one(node, v.nodeID))!;
      for (const d of full.delegators!) if (!best || Number(d.endTime) < Number(best.d.endTime)) best = { v: full, d };
    }
    expect(best).toBeDefined();
    const { v, d } = best!;
    const shares = sharesOf(v.delegationFee);
    node.tick(Math.max(0, Number(d.endTime) - NOW_MS / 1000) * 1000 - 60_000);
    const before = (await one(node, v.nodeID))!;
    const stillThere = before.delegators!.map((x) => x.txID);
    expect(stillThere).toContain(d.txID);
    // Blocks come 36-84 s apart here: three minutes past the end, a block has settled it.
    node.tick(240_000);
    const after = (await one(node, v.nodeID))!;
    const gone = before.delegators!.filter((x) => !after.delegators!.some((y) => y.txID === x.txID));
    expect(gone.map((x) => x.txID)).toContain(d.txID);
    let fee = 0n;
    for (const g of gone) {
      fee += sharesPart(BigInt(g.potentialReward), shares);
      const { utxos } = await result<{ utxos: string[] }>(node.url, P, 'platform.getRewardUTXOs', { txID: g.txID, encoding: 'hex' });
      const paid = utxos.map((h) => decodeUtxo(decodeHex(h, { checksum: true })));
      // rewardDelegatorTx: the delegator's part, from output len(outputs) + len(stake) = 1.
      expect(paid.map((u) => [formatId(u.txId), u.outputIndex, (u.output as { amount: bigint }).amount])).toEqual([[g.txID, 1, BigInt(g.potentialReward) - sharesPart(BigInt(g.potentialReward), shares)]]);
    }
    expect(fee).toBeGreaterThan(0n);
    expect(BigInt(after.accruedDelegateeReward) - BigInt(before.accruedDelegateeReward)).toBe(fee);
  });
});

describe('getCurrentValidators, as service.go serves one node', () => {
  it('always has delegators for one node ([] when none), none for two; an auto-renewed record in Go\'s key order', async () => {
    const node = await start({ seed: 1 });
    const records = await all(node);
    const lone = records.find((v) => v.delegatorCount === '0' && v.nextPeriod !== undefined)!;
    const other = records.find((v) => v.nodeID !== lone.nodeID)!;
    const single = await one(node, lone.nodeID);
    expect(single!.delegators).toEqual([]);
    // api/validator.go: Staker, the PermissionlessValidator fields set by the service, the embedded AutoRenewedConfig
    // after signer, then the delegator fields.
    expect(Object.keys(single!)).toEqual([
      'txID', 'startTime', 'endTime', 'weight', 'nodeID',
      'validationRewardOwner', 'delegationRewardOwner', 'potentialReward', 'accruedDelegateeReward', 'delegationFee', 'uptime', 'connected', 'signer',
      'validatorAuthority', 'nextPeriod', 'autoCompoundRewardShares',
      'delegatorCount', 'delegatorWeight', 'delegators',
    ]);
    // A set of node IDs: the same one twice is one node.
    const twice = await result<{ validators: ValidatorRecord[] }>(node.url, P, 'platform.getCurrentValidators', { nodeIDs: [lone.nodeID, lone.nodeID] });
    expect(twice.validators[0]!.delegators).toEqual([]);
    const two = await result<{ validators: ValidatorRecord[] }>(node.url, P, 'platform.getCurrentValidators', { nodeIDs: [lone.nodeID, other.nodeID] });
    expect(two.validators.map((v) => 'delegators' in v)).toEqual([false, false]);
    expect(records.some((v) => 'delegators' in v)).toBe(false);
  });

  it('a one-node query of an elastic subnet validator carries delegators: [] too', async () => {
    const node = await start({ seed: 1 });
    const { subnets } = await result<{ subnets: { id: string }[] }>(node.url, P, 'platform.getSubnets');
    const elastic = node.network.subnets.find((s) => s.kind === 'elastic' && s.validators.length > 0)!;
    expect(subnets.map((s) => s.id)).toContain(elastic.idStr);
    const nodeID = elastic.validators[0]!.nodeIdStr;
    const r = await result<{ validators: ValidatorRecord[] }>(node.url, P, 'platform.getCurrentValidators', { subnetID: elastic.idStr, nodeIDs: [nodeID] });
    expect(r.validators[0]!.delegators).toEqual([]);
  });
});

describe('a fixed-term validation under its uptime requirement', () => {
  it('is aborted at its end: removed, the stake back, no validation reward, the delegatee reward from output 1', async () => {
    const now = NOW_MS / 1000;
    // Started after Helicon (ACP-267's 90%), seen by its peers at 70%.
    const node = await start({ ownValidation: { startSec: now - 29 * DAY, endSec: now + 12 * HOUR, peersUptime: 70, ownUptime: 99 } });
    const v = (await one(node, node.nodeId))!;
    expect(v.nextPeriod).toBeUndefined();
    node.tick((Number(v.endTime) - now) * 1000 + 1_200_000);
    expect(await one(node, node.nodeId)).toBeUndefined();
    expect(await txStatus(node, rewardTxId(v.txID))).toBe('Aborted');
    const { utxos } = await result<{ utxos: string[] }>(node.url, P, 'platform.getRewardUTXOs', { txID: v.txID, encoding: 'hex' });
    const paid = utxos.map((h) => decodeUtxo(decodeHex(h, { checksum: true }))).map((u) => [u.outputIndex, (u.output as { amount: bigint }).amount]);
    expect(paid).toEqual(BigInt(v.accruedDelegateeReward) > 0n ? [[1, BigInt(v.accruedDelegateeReward)]] : []);
  });
});
