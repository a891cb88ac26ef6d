// Both API generations: the spec era (v1.11/v1.12) and today's nodes (v1.14), per seed_discrepancies §C.
import { describe, expect, it } from 'vitest';
import { parseJsonBig } from '../../src/codec/json-big';
import { methods } from '../../src/rpc/methods';

const NODE_A = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg';
const NODE_B = 'NodeID-GWPcbFJZFfZreETSoWjPimr846mXEKCtu';
const PK = '0x900c9b119b5c82d781d4b49be78c3fc7ae65f2b435b7ed9e3a8b9a03e475edff86d8a64827fec8db23a6f236afbf127d';
const EMPTY = '11111111111111111111111111111111LpoYY';

describe('getValidatorsAt', () => {
  const schema = methods['platform.getValidatorsAt'].result;

  it('takes today\'s map without a wrapper, string weights and BLS keys', () => {
    const r = schema.parse({ [NODE_A]: { publicKey: PK, weight: '2000000000000000' }, [NODE_B]: { publicKey: null, weight: '5' } });
    expect(r.validators).toEqual([
      { nodeID: NODE_A, weight: 2000000000000000n, publicKey: PK },
      { nodeID: NODE_B, weight: 5n, publicKey: null },
    ]);
    expect(r.totalWeight).toBe(2000000000000005n);
  });

  it('takes the spec-era wrapper with number weights, and a wrapper with string weights', () => {
    expect(schema.parse({ validators: { [NODE_A]: 10 } }).validators).toEqual([{ nodeID: NODE_A, weight: 10n, publicKey: null }]);
    expect(schema.parse({ validators: { [NODE_A]: '10' } }).totalWeight).toBe(10n);
  });

  it('takes an empty set', () => {
    expect(schema.parse({})).toEqual({ validators: [], totalWeight: 0n });
  });

  it('rejects a weight that is not a number', () => {
    expect(schema.safeParse({ [NODE_A]: { weight: 'lots' } }).success).toBe(false);
  });
});

describe('getCurrentValidators', () => {
  const schema = methods['platform.getCurrentValidators'].result;
  const base = { txID: '2NNkpYTGfTFLSGXJcHtVv6drwVU2cczhmjK2uhvwDyxwsjzZMm', startTime: '1600368632', endTime: '1602960455', nodeID: NODE_A };

  it('accepts both signer spellings and normalises to proofOfPossession', () => {
    const r = schema.parse({
      validators: [
        { ...base, weight: '1', signer: { publicKey: PK, proofOfPossession: '0xaa' } },
        { ...base, weight: '1', signer: { publicKey: PK, proofOfPosession: '0xbb' } },
      ],
    });
    expect(r.validators.map((v) => v.signer?.proofOfPossession)).toEqual(['0xaa', '0xbb']);
  });

  it('takes stakeAmount (spec era) or weight (today) as the weight', () => {
    const r = schema.parse({ validators: [{ ...base, stakeAmount: '7', delegationFee: '2.0000' }, { ...base, weight: '9' }] });
    expect(r.validators.map((v) => v.weight)).toEqual([7n, 9n]);
    expect(schema.safeParse({ validators: [{ ...base }] }).success).toBe(false);
  });

  it('tells primary, permissioned and L1 validators apart', () => {
    const r = schema.parse({
      validators: [
        { ...base, weight: '2000', potentialReward: '5', accruedDelegateeReward: '1', delegationFee: '2.0000', uptime: '99.5000', connected: true },
        { ...base, weight: '20' },
        {
          nodeID: NODE_B,
          weight: '49463',
          startTime: '1731445206',
          validationID: '9FAftNgNBrzHUMMApsSyV6RcFiL9UmCbvsCu28xdLV2mQ7CMo',
          publicKey: PK,
          remainingBalanceOwner: { locktime: '0', threshold: '0', addresses: [] },
          deactivationOwner: { locktime: '0', threshold: '0', addresses: [] },
          minNonce: '0',
          balance: '1000000000',
        },
      ],
    });
    expect(r.validators.map((v) => v.kind)).toEqual(['permissionless', 'permissioned', 'l1']);
    expect(r.validators[0]!.uptime).toBe(99.5);
    expect(r.validators[0]!.accruedDelegateeReward).toBe(1n);
    expect(r.validators[1]!.connected).toBeUndefined();
    expect(r.validators[2]!.txID).toBeUndefined();
    expect(r.validators[2]!.endTime).toBeUndefined();
    expect(r.validators[2]!.balance).toBe(1000000000n);
  });

  it('takes null validators as an empty list', () => {
    expect(schema.parse({ validators: null }).validators).toEqual([]);
  });
});

describe('small shape differences', () => {
  it('getTimestamp: `timestamp` or `time`, any offset', () => {
    const s = methods['platform.getTimestamp'].result;
    expect(s.parse({ timestamp: '2024-12-16T17:19:07Z' }).timestamp.toISOString()).toBe('2024-12-16T17:19:07.000Z');
    expect(s.parse({ time: '2021-09-07T00:00:00-04:00' }).timestamp.toISOString()).toBe('2021-09-07T04:00:00.000Z');
    expect(s.safeParse({}).success).toBe(false);
  });

  it('info.peers: numPeers string or number; old and new peer fields', () => {
    const s = methods['info.peers'].result;
    const common = { ip: '1.2.3.4:9651', nodeID: NODE_A, version: 'avalanchego/1.14.2', lastSent: '2020-06-01T15:23:02Z', lastReceived: '2020-06-01T15:22:57Z', observedUptime: '99', benched: [] };
    const r = s.parse({
      numPeers: '2',
      peers: [
        { ...common, observedSubnetUptimes: { '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL': '75' } },
        { ...common, publicIP: '1.2.3.4:9651', trackedSubnets: [EMPTY], upgradeTime: 1763568000, supportedACPs: [23, 24], objectedACPs: [] },
      ],
    });
    expect(r.numPeers).toBe(2);
    expect(r.peers[0]!.observedSubnetUptimes).toEqual({ '29uVeLPJB1eQJkzRemU8g8wZDw5uJRqpab5U2mX9euieVwiEbL': 75 });
    expect(r.peers[0]!.supportedACPs).toEqual([]);
    expect(r.peers[1]!.upgradeTime?.toISOString()).toBe('2025-11-19T16:00:00.000Z');
    expect(r.peers[1]!.supportedACPs).toEqual([23, 24]);
    expect(s.parse({ numPeers: 0, peers: null })).toEqual({ numPeers: 0, peers: [] });
  });

  it('getSubnets: null subnets, bare or P- control keys', () => {
    const s = methods['platform.getSubnets'].result;
    expect(s.parse({ subnets: null }).subnets).toEqual([]);
    expect(s.parse({ subnets: [{ id: EMPTY, controlKeys: [], threshold: '0' }] }).subnets[0]!.threshold).toBe(0);
  });

  it('getTotalStake: stake and/or weight', () => {
    const s = methods['platform.getTotalStake'].result;
    expect(s.parse({ stake: '5', weight: '5' })).toEqual({ stake: 5n, weight: 5n });
    expect(s.parse({ stake: '6' })).toEqual({ stake: 6n, weight: 6n });
    expect(s.parse({ weight: '7' })).toEqual({ stake: 7n, weight: 7n });
    expect(s.safeParse({}).success).toBe(false);
  });

  it('getTxStatus: Aborted, Dropped with reason, and an unknown future status', () => {
    const s = methods['platform.getTxStatus'].result;
    expect(s.parse({ status: 'Aborted' }).status).toBe('Aborted');
    expect(s.parse({ status: 'Dropped', reason: 'failed verification' })).toEqual({ status: 'Dropped', reason: 'failed verification' });
    expect(s.parse({ status: 'Quantum' }).status).toBe('Quantum');
  });

  it('getCurrentSupply with and without height', () => {
    const s = methods['platform.getCurrentSupply'].result;
    expect(s.parse({ supply: '1', height: '56' })).toEqual({ supply: 1n, height: 56n });
    expect(s.parse({ supply: '1' })).toEqual({ supply: 1n });
  });

  it('getSubnet with the Etna fields and a manager address', () => {
    const s = methods['platform.getSubnet'].result;
    const r = s.parse({ isPermissioned: false, controlKeys: null, threshold: '1', locktime: '0', conversionID: EMPTY, managerChainID: EMPTY, managerAddress: '0xabcd' });
    expect(r.managerAddress).toBe('0xabcd');
    expect(r.controlKeys).toEqual([]);
    expect(s.parse({ isPermissioned: true, controlKeys: [], threshold: '1', locktime: '0', subnetTransformationTxID: EMPTY }).managerAddress).toBeNull();
  });

  it('getBalance with null utxoIDs and without the AVAX totals', () => {
    const s = methods['platform.getBalance'].result;
    const r = s.parse({ balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: null });
    expect(r.utxoIDs).toEqual([]);
    expect(r.balance).toBeUndefined();
  });

  it('getBalance utxoIDs: numbers or decimal strings, a bad entry named by its index, 100,000 in one pass', () => {
    const s = methods['platform.getBalance'].result;
    const base = { balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {} };
    expect(s.parse({ ...base, utxoIDs: [{ txID: 'a', outputIndex: 1 }, { txID: 'b', outputIndex: '2' }] }).utxoIDs).toEqual([
      { txID: 'a', outputIndex: 1 },
      { txID: 'b', outputIndex: 2 },
    ]);
    for (const bad of [{ txID: 'a' }, { txID: 1, outputIndex: 0 }, { txID: 'a', outputIndex: -1 }, { txID: 'a', outputIndex: 1.5 }, { txID: 'a', outputIndex: '4294967296' }, null, 'a']) {
      const r = s.safeParse({ ...base, utxoIDs: [{ txID: 'ok', outputIndex: 0 }, bad] });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['utxoIDs', 1]);
    }
    expect(s.safeParse({ ...base, utxoIDs: { txID: 'a' } }).success).toBe(false);
    const many = Array.from({ length: 100_000 }, (_, i) => ({ txID: `t${i}`, outputIndex: i % 4 }));
    expect(s.parse({ ...base, utxoIDs: many }).utxoIDs).toHaveLength(100_000);
    expect(s.parse({ ...base, utxoIDs: many }).utxoCount).toBe(100_000);
  });

  it('getBalance utxoIDs counted by the client (list without keep): the count, no IDs; nothing else stands for a count', () => {
    const s = methods['platform.getBalance'].result;
    const base = { balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {} };
    const r = s.parse({ ...base, utxoIDs: 100_000 });
    expect(r.utxoCount).toBe(100_000);
    expect(r.utxoIDs).toBeUndefined();
    expect(s.parse({ ...base, utxoIDs: null }).utxoCount).toBe(0);
    for (const bad of [-1, 1.5, '3', 2 ** 53]) expect(s.safeParse({ ...base, utxoIDs: bad }).success).toBe(false);
  });

  it('info.upgrades: a future upgrade key shows up; epoch duration converts from ns', () => {
    const r = methods['info.upgrades'].result.parse({ banffTime: '2022-10-18T16:00:00Z', graniteEpochDuration: 300000000000, zetaTime: '2031-01-01T00:00:00Z' });
    expect(r.times.map((t) => t.name)).toEqual(['banff', 'zeta']);
    expect(r.graniteEpochDurationMs).toBe(300000);
  });

  it('info.getVMs with fxs; getNodeVersion without gitCommit', () => {
    expect(methods['info.getVMs'].result.parse({ vms: { a: ['avm'] }, fxs: { b: 'secp256k1fx' } }).fxs).toEqual({ b: 'secp256k1fx' });
    expect(methods['info.getNodeVersion'].result.parse({ version: 'avalanchego/1.14.2', rpcProtocolVersion: '45', vmVersions: {} })).toMatchObject({
      gitCommit: '',
      rpcProtocolVersion: 45,
    });
  });

  it('json-encoded txs keep integers above 2^53 exact', () => {
    const wire = parseJsonBig('{"tx":{"unsignedTx":{"outputs":[{"output":{"amount":18446744073709551615,"locktime":17293822569102704639}}]},"id":"x"},"encoding":"json"}');
    const r = methods['platform.getTx'].result.parse(wire);
    const tx = r.tx as { unsignedTx: { outputs: Array<{ output: { amount: unknown; locktime: unknown } }> } };
    expect(tx.unsignedTx.outputs[0]!.output.amount).toBe(18446744073709551615n);
    expect(tx.unsignedTx.outputs[0]!.output.locktime).toBe(17293822569102704639n);
  });

  it('fee methods accept bigint numbers from parseJsonBig', () => {
    const wire = parseJsonBig('{"capacity":1,"excess":18446744073709551615,"price":2,"timestamp":"2024-12-16T17:19:07Z"}');
    expect(methods['platform.getFeeState'].result.parse(wire).excess).toBe(18446744073709551615n);
  });

  it('a wrong type fails with the field path', () => {
    const r = methods['platform.getHeight'].result.safeParse({ height: 'tall' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['height']);
  });
});
