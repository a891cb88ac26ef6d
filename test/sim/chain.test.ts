// The living chain: blocks and txs encoded with our codec, IDs computed from bytes, parents chained, hex blobs with
// valid checksums, stakers rewarded with reward UTXOs, and past validator sets answered by height.
import { describe, expect, it } from 'vitest';
import { decodeBlock, decodeHex, decodeSignedTx, decodeTransferableOutput, decodeUtxo, formatId, blockIdOf, txIdOf, utxoIdOf } from '../../src/codec';
import { reply, result } from '../helpers/rpc';
import { startSim } from './helpers';
import { shared, track } from '../helpers/track';

describe('simulated chain', () => {
  const node = shared(() => startSim({ blockIntervalMs: 1_000 }));

  it('accepts blocks as time passes, each chained to its parent by ID', async () => {
    const start = node().network.height;
    node().tick(20_000);
    const end = Number((await result<{ height: string }>(node().url, '/ext/bc/P', 'platform.getHeight')).height);
    expect(end).toBeGreaterThan(start + 5);
    let parent: string | null = null;
    for (let h = start; h <= end; h++) {
      const r = await result<{ block: string; encoding: string }>(node().url, '/ext/bc/P', 'platform.getBlockByHeight', { height: h });
      expect(r.encoding).toBe('hex');
      const bytes = decodeHex(r.block, { checksum: true });
      const block = decodeBlock(bytes);
      const id = formatId(blockIdOf(bytes));
      expect(Number(block.height)).toBe(h);
      if (parent !== null) expect(formatId(block.parentId)).toBe(parent);
      const byId = await result<{ block: string }>(node().url, '/ext/bc/P', 'platform.getBlock', { blockID: id });
      expect(byId.block).toBe(r.block);
      const json = await result<{ block: { id: string; height: number } }>(node().url, '/ext/bc/P', 'platform.getBlock', { blockID: id, encoding: 'json' });
      expect(json.block.id).toBe(id);
      expect(json.block.height).toBe(h);
      parent = id;
    }
  });

  it('serves every tx of a block by its ID, the ID being the hash of its bytes', async () => {
    const block = await result<{ block: { txs?: { id: string }[]; tx?: { id: string } } }>(node().url, '/ext/bc/P', 'platform.getBlockByHeight', {
      height: node().network.height - 2,
      encoding: 'json',
    });
    const txs = [...(block.block.txs ?? []), ...(block.block.tx ? [block.block.tx] : [])];
    for (const t of txs) {
      const hex = await result<{ tx: string }>(node().url, '/ext/bc/P', 'platform.getTx', { txID: t.id });
      const bytes = decodeHex(hex.tx, { checksum: true });
      decodeSignedTx(bytes);
      expect(formatId(txIdOf(bytes))).toBe(t.id);
      expect((await result<{ status: string }>(node().url, '/ext/bc/P', 'platform.getTxStatus', { txID: t.id })).status).toMatch(/Committed|Aborted/);
    }
  });

  it('rejects a tampered checksum on issueTx and accepts a real tx into the next block', async () => {
    const someTx = node().network.lastBlock.txIds[0]!;
    const hex = (await result<{ tx: string }>(node().url, '/ext/bc/P', 'platform.getTx', { txID: someTx })).tx;
    const tampered = hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');
    const bad = await reply(node().url, '/ext/bc/P', 'platform.issueTx', { tx: tampered });
    expect(bad.error?.message).toBe('problem decoding transaction: invalid input checksum');
    // Re-issuing an accepted tx returns its ID (it is already known).
    expect((await result<{ txID: string }>(node().url, '/ext/bc/P', 'platform.issueTx', { tx: hex })).txID).toBe(someTx);
  });

  it('rewards stakers as they end: reward UTXOs appear and the staker leaves the set', async () => {
    const net = node().network;
    const nowSec = Math.floor(net.timeMs / 1000);
    // An auto-renewed validator (ACP-236) starts another cycle instead of leaving: take a staker that ends.
    const soonest = [...net.validators.flatMap((v) => v.delegators), ...net.validators.filter((v) => !v.autoRenew)].sort((a, b) => a.end - b.end)[0]!;
    node().tick(Math.max(0, soonest.end - nowSec + 10) * 1000);
    const r = await result<{ numFetched: string; utxos: string[] }>(node().url, '/ext/bc/P', 'platform.getRewardUTXOs', { txID: soonest.txIdStr });
    const status = net.txs.get(soonest.txIdStr)!.status;
    expect(status).toBe('Committed');
    for (const u of r.utxos) {
      const utxo = decodeUtxo(decodeHex(u, { checksum: true }));
      expect(formatId(utxo.txId)).toBe(soonest.txIdStr);
    }
    const current = await result<{ validators: { txID: string; delegators?: { txID: string }[] }[] }>(
      node().url,
      '/ext/bc/P',
      'platform.getCurrentValidators',
      { nodeIDs: [soonest.nodeIdStr] },
    );
    const txIds = current.validators.flatMap((v) => [v.txID, ...(v.delegators ?? []).map((d) => d.txID)]);
    expect(txIds).not.toContain(soonest.txIdStr);
  });

  it('answers getValidatorsAt for past heights from its change log', async () => {
    const net = node().network;
    const before = net.height;
    const then = await result<Record<string, { weight: string }>>(node().url, '/ext/bc/P', 'platform.getValidatorsAt', { height: before });
    node().tick(120_000);
    const again = await result<Record<string, { weight: string }>>(node().url, '/ext/bc/P', 'platform.getValidatorsAt', { height: before });
    expect(again).toEqual(then);
    const now = await result<Record<string, { weight: string }>>(node().url, '/ext/bc/P', 'platform.getValidatorsAt', { height: net.height });
    const total = Object.values(now).reduce((s, v) => s + BigInt(v.weight), 0n);
    const stake = await result<{ weight: string }>(node().url, '/ext/bc/P', 'platform.getTotalStake');
    expect(total.toString()).toBe(stake.weight);
    const future = await reply(node().url, '/ext/bc/P', 'platform.getValidatorsAt', { height: net.height + 10 });
    expect(future.error?.message).toMatch(/current P-chain height \(\d+\) < requested P-Chain height/);
  });

  it('encodes UTXOs and staked outputs with valid checksums', async () => {
    const wallet = node().network.wallets[0]!.str;
    const page = await result<{ utxos: string[]; endIndex: { utxo: string } }>(node().url, '/ext/bc/P', 'platform.getUTXOs', { addresses: [wallet], limit: 7 });
    expect(page.utxos).toHaveLength(7);
    const last = decodeUtxo(decodeHex(page.utxos[6]!, { checksum: true }));
    expect(formatId(utxoIdOf(last.txId, last.outputIndex))).toBe(page.endIndex.utxo);
    const stake = await result<{ stakedOutputs: string[]; staked: string }>(node().url, '/ext/bc/P', 'platform.getStake', { addresses: [wallet] });
    expect(BigInt(stake.staked)).toBeGreaterThan(0n);
    for (const o of stake.stakedOutputs) decodeTransferableOutput(decodeHex(o, { checksum: true }));
  });
});

describe('bounded memory', () => {
  it('forgets blocks older than retainBlocks and their transfer txs, but keeps staking txs', async () => {
    const node = track(await startSim({ retainBlocks: 10, blockIntervalMs: 1_000 }));
    const firstHeight = node.network.height;
    const firstTxs = node.network.blockByHeight(firstHeight)!.txIds;
    const staker = node.network.validators[0]!.txIdStr;
    node.tick(60_000);
    const old = await reply(node.url, '/ext/bc/P', 'platform.getBlockByHeight', { height: firstHeight });
    expect(old.error?.message).toBe(`couldn't get block at height ${firstHeight}: not found`);
    expect(node.network.oldestHeight()).toBe(node.network.height - 9);
    for (const id of firstTxs) {
      const rec = node.network.txs.get(id);
      if (rec) expect(rec.prunable).toBeFalsy();
    }
    expect((await result<{ tx: string }>(node.url, '/ext/bc/P', 'platform.getTx', { txID: staker })).tx).toMatch(/^0x/);
  });
});
