// getBalance and getStake for the UTXOs pane: polled only there and only with addresses, again when the height
// moves, getStake split per 256 addresses and added up; against a scripted loopback node with a manual clock.
import { describe, expect, it } from 'vitest';
import { formatAddress } from '../../src/codec/address';
import { parseId } from '../../src/codec/cb58';
import { encodeHex } from '../../src/codec/hex';
import { encodeTransferableOutput } from '../../src/codec/pchain/utxo';
import type { TransferableOutput } from '../../src/codec/pchain/types';
import { addressSetKey, openUtxoQuery } from '../../src/state/utxos';
import { setPane, type PaneId } from '../../src/state/ui';
import { examples, startHarness } from '../helpers/poll-harness';
import { cantFindMethod } from '../helpers/scripted-node';
import { track } from '../helpers/track';

type Harness = Awaited<ReturnType<typeof startHarness>>;

const FUJI_AVAX = 'U8iRqJoiJm8xZHAacmvYyZVwqQx6uDNtQeP3CQ6fcgQk3JqnK';
const OTHER_ASSET = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm';

function address(i: number): { str: string; bytes: Uint8Array } {
  const bytes = new Uint8Array(20);
  bytes[0] = 0xa0;
  bytes[18] = (i >> 8) & 0xff;
  bytes[19] = i & 0xff;
  return { str: formatAddress(bytes, 5, 'P'), bytes };
}

/** A staked output as getStake sends it: a TransferableOutput, hex with the API checksum. */
function stakedOutput(amount: bigint, owners: Uint8Array[]): string {
  const out = {
    kind: 'transferableOutput',
    assetId: parseId(FUJI_AVAX),
    output: { typeId: 7, typeName: 'secp256k1fx.TransferOutput', amount, locktime: 0n, threshold: 1, addresses: owners },
  } as unknown as TransferableOutput;
  return encodeHex(encodeTransferableOutput(out), { checksum: true });
}

const BALANCE = {
  balance: '7000000001',
  unlocked: '5000000000',
  lockedStakeable: '2000000000',
  lockedNotStakeable: '1',
  balances: { [FUJI_AVAX]: '7000000001', [OTHER_ASSET]: '42' },
  unlockeds: { [FUJI_AVAX]: '5000000000', [OTHER_ASSET]: '42' },
  lockedStakeables: { [FUJI_AVAX]: '2000000000' },
  lockedNotStakeables: { [FUJI_AVAX]: '1' },
  utxoIDs: [
    { txID: 'a', outputIndex: 0 },
    { txID: 'b', outputIndex: 1 },
  ],
};

function showUtxos(hh: Harness, addresses: string[] | undefined, pane: PaneId = 'utxos') {
  hh.store.setState((s) => ({
    ...s,
    ui: setPane(s.ui, pane),
    utxos: addresses ? openUtxoQuery(s.utxos, { addresses, pageSize: 5 }) : s.utxos,
  }));
}

async function harnessWithTotals() {
  const hh = track(await startHarness());
  hh.node.on('platform.getUTXOs', { ...examples.utxos, numFetched: '5' });
  hh.node.on('platform.getBalance', BALANCE);
  hh.node.on('platform.getStake', (p: { addresses: string[] }) => ({
    staked: '3000000000',
    stakeds: { [FUJI_AVAX]: '3000000000' },
    stakedOutputs: [stakedOutput(3_000_000_000n, [address(0).bytes])],
    encoding: 'hex',
    asked: p.addresses.length,
  }));
  return hh;
}

describe('UTXOs pane totals', () => {
  it('polls getBalance and getStake only on the UTXOs pane with addresses, and again when the height moves', async () => {
    const h = await harnessWithTotals();
    h.scheduler.start();
    await h.quiesce();
    showUtxos(h, undefined);
    await h.quiesce();
    await h.run(10_000);
    expect(h.node.count('platform.getBalance')).toBe(0);
    expect(h.node.count('platform.getStake')).toBe(0);

    const a = address(1).str;
    showUtxos(h, [a]);
    await h.quiesce();
    expect(h.node.count('platform.getBalance')).toBe(1);
    expect(h.node.count('platform.getStake')).toBe(1);
    const key = addressSetKey([a]);
    const s = h.store.getState();
    expect(s.utxos.balances[key]?.status).toBe('ok');
    expect(s.utxos.balances[key]?.data).toMatchObject({
      balance: 7_000_000_001n,
      unlocked: 5_000_000_000n,
      lockedStakeable: 2_000_000_000n,
      lockedNotStakeable: 1n,
      utxoCount: 2,
    });
    expect(s.utxos.balances[key]?.data?.balances[OTHER_ASSET]).toBe(42n);
    expect(s.utxos.stakes[key]?.data).toEqual({ staked: 3_000_000_000n, stakeds: { [FUJI_AVAX]: 3_000_000_000n }, outputs: 1, undecodable: 0, calls: 1 });

    // Same height: no new totals, however long the pane stays open.
    await h.run(30_000);
    expect(h.node.count('platform.getBalance')).toBe(1);
    expect(h.node.count('platform.getStake')).toBe(1);
    // The height moves: both are asked again.
    h.net.height = 101;
    await h.run(2_000);
    expect(h.node.count('platform.getBalance')).toBe(2);
    expect(h.node.count('platform.getStake')).toBe(2);

    // Another pane: no more totals, even as blocks come.
    showUtxos(h, undefined, 'peers');
    await h.quiesce();
    h.net.height = 102;
    await h.run(30_000);
    expect(h.node.count('platform.getBalance')).toBe(2);
    expect(h.node.count('platform.getStake')).toBe(2);
  });

  it('splits getStake into calls of at most 256 addresses and adds them up, a staker in two calls counted once', async () => {
    const h = await harnessWithTotals();
    const addrs = Array.from({ length: 300 }, (_, i) => address(i));
    const asked: number[] = [];
    // One staker owned by addresses 10 (first call) and 280 (second call): both replies include it.
    const shared = stakedOutput(5_000_000_000n, [addrs[10]!.bytes, addrs[280]!.bytes]);
    h.node.on('platform.getStake', (p: { addresses: string[] }) => {
      asked.push(p.addresses.length);
      if (p.addresses.length > 256) return { error: { code: -32000, message: `${p.addresses.length} addresses provided but this method can take at most 256` } };
      const first = p.addresses.includes(addrs[0]!.str);
      const own = first ? stakedOutput(1_000_000_000n, [addrs[0]!.bytes]) : stakedOutput(2_000_000_000n, [addrs[299]!.bytes]);
      const staked = (first ? 1_000_000_000n : 2_000_000_000n) + 5_000_000_000n;
      return { staked: String(staked), stakeds: { [FUJI_AVAX]: String(staked) }, stakedOutputs: [own, shared], encoding: 'hex' };
    });
    showUtxos(h, addrs.map((a) => a.str));
    h.scheduler.start();
    await h.quiesce();
    expect(asked).toEqual([256, 44]);
    const stake = h.store.getState().utxos.stakes[addressSetKey(addrs.map((a) => a.str))]!;
    expect(stake.status).toBe('ok');
    expect(stake.data).toEqual({ staked: 8_000_000_000n, stakeds: { [FUJI_AVAX]: 8_000_000_000n }, outputs: 3, undecodable: 0, calls: 2 });
  });

  it('a node without getStake marks only the stake unsupported; the balance and the UTXO page still load', async () => {
    const h = await harnessWithTotals();
    h.node.on('platform.getStake', cantFindMethod('platform.getStake'));
    const a = address(2).str;
    showUtxos(h, [a]);
    h.scheduler.start();
    await h.quiesce();
    const s = h.store.getState();
    const key = addressSetKey([a]);
    expect(s.utxos.stakes[key]?.status).toBe('unsupported');
    expect(s.utxos.balances[key]?.status).toBe('ok');
    expect(s.utxos.queries[s.utxos.active!]!.page.status).toBe('ok');
  });
});
