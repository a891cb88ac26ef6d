// Drill-down views against the simulated node over loopback: block → tx → status, validator → delegators and its
// staking tx, UTXO → its tx, copy with y. One key per step, then wait for what it should show.
import { describe, expect, it } from 'vitest';
import { osc52 } from '../../src/terminal/osc52';
import { formatId } from '../../src/codec/cb58';
import { decodeHex } from '../../src/codec/hex';
import { decodeUtxo } from '../../src/codec/pchain/utxo';
import { KEY, cursorLine, moveTo, startViewScreen, type ViewScreen } from './screen';

/**
 * Walks back from the tip to a block tx with an output and returns the output's first owner; blocks the node no
 * longer holds end the walk, and if none of the held ones will do, the blocks accepted next are tried.
 */
async function recentOutputAddress(s: ViewScreen): Promise<string> {
  const call = s.client.call as (n: string, p?: unknown) => Promise<any>;
  const tip = async () => (await call('platform.getHeight')).height as bigint;
  let top = await tip();
  let bottom = top - 50n;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (let h = top; h > bottom; h--) {
      const b = await call('platform.getBlockByHeight', { height: Number(h), encoding: 'json' }).catch(() => undefined);
      if (!b) break;
      const txs = (b.block.txs ?? (b.block.tx ? [b.block.tx] : [])) as any[];
      for (const t of txs) {
        const addr = t.unsignedTx?.outputs?.[0]?.output?.addresses?.[0];
        if (typeof addr !== 'string') continue;
        // Its first UTXO must come from a tx the node knows (outputs may have been spent since).
        const page = await call('platform.getUTXOs', { addresses: [addr], limit: 1, encoding: 'hex' });
        const first = page.utxos[0] as string | undefined;
        if (!first) continue;
        const txId = formatId(decodeUtxo(decodeHex(first, { checksum: 'auto' })).txId);
        if (await call('platform.getTx', { txID: txId }).then(() => true, () => false)) return addr;
      }
    }
    bottom = top;
    while ((top = await tip()) === bottom && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no recent tx with outputs');
}

describe('drill-down views', () => {
  it('block → transaction → status, parent and child blocks, raw toggle, copy', async () => {
    const s = await startViewScreen();
    await s.press('8', /blocks · 1\/\d+[\s\S]*Banff\w+Block/);
    // The newest block may be empty: walk down to one with transactions.
    await moveTo(s, /Banff\w+Block\s+[1-9]/);
    const height = /([\d,]+)\s/.exec(cursorLine(s.lastFrame()).slice(1))![1]!;
    let f = await s.press(KEY.enter, /Transactions \([1-9]\d*\)/);
    // The hint says Enter opens a transaction: the cursor starts on the first one, not on the heading.
    f = await s.waitFor((fr) => /^›#0 \w+Tx\s+\w+/.test(cursorLine(fr)));
    expect(f).toContain(`height`);
    expect(f).toContain(height);
    expect(f).toMatch(/type\s+Banff\w+Block/);
    expect(f).toMatch(/→parent\s+\w{40,}/);
    expect(f).toMatch(/time\s+20\d\d-\d\d-\d\d /);
    const num = BigInt(height.replace(/,/g, ''));

    // y on the ID line copies the block ID.
    await moveTo(s, /^›ID\s/);
    const id = /ID\s+(\w+)/.exec(cursorLine(s.lastFrame()))![1]!;
    await s.press('y', /copied/);
    expect(s.copies).toEqual([id]);

    f = await moveTo(s, /^›#0 \w+Tx\s+\w+/);
    const txId = /#0 \w+\s+(\w+)/.exec(cursorLine(f))![1]!;
    f = await s.press(KEY.enter, (fr) => fr.includes(`tx ${txId.slice(0, 6)}`) && /status\s+Committed/.test(fr) && /type\s+\w+Tx/.test(fr));
    expect(f).toMatch(/Inputs \(\d+\)|Outputs \(\d+\)|Fields/);
    expect(f).toContain(txId);

    // Raw view: the node's hex and its JSON.
    f = await s.press('x', /Hex \(platform\.getTx[\s\S]*^.0\s+0000/m);
    f = await s.waitFor(/JSON \(platform\.getTx[\s\S]*"unsignedTx"/);
    await s.press('x', /status\s+Committed/);

    // Back to the block, then its parent and child.
    await s.press(KEY.escape, /Transactions \(/);
    await s.press('<', (fr) => fr.includes(`block ${num - 1n}`) || new RegExp(`height\\s+${(num - 1n).toLocaleString('en-US')}`).test(fr));
    await s.waitFor(new RegExp(`height\\s+${(num - 1n).toLocaleString('en-US')}`));
    await s.press('>', new RegExp(`height\\s+${num.toLocaleString('en-US')}\\b`));
  });

  it('validator → delegators, delegation capacity, weight history, and its staking tx', async () => {
    const s = await startViewScreen();
    await s.press('3', /validators · 1\/\d+/);
    let f = await s.press(KEY.enter, /Delegators \(\d+/);
    await s.waitFor((fr) => /^›staking tx\s+\w+/.test(cursorLine(fr)));
    f = await s.waitFor(/can still take\s+[\d,.]+ AVAX/);
    expect(f).toMatch(/own stake\s+[\d,.]+ AVAX/);
    await s.waitFor(/getMaxStakeAmount: not on this node/);
    expect(f).toMatch(/uptime\s+[\d.]+%/);
    expect(f).toMatch(/Seen by this node as a peer/);
    f = await s.waitFor(/weight over heights \d+–\d+: .* [▁▂▃▄▅▆▇█]+/);
    f = await moveTo(s, /^›staking tx\s+\w+/);
    const txId = /staking tx\s+(\w+)/.exec(cursorLine(f))![1]!;
    f = await s.press(KEY.enter, (fr) => fr.includes(txId) && /type\s+Add\w*(Validator)\w*Tx/.test(fr) && /status\s+Committed/.test(fr));
    expect(f).toMatch(/node ID\s+NodeID-/);
    // An AddAutoRenewedValidatorTx (ACP-236, on today's mainnet) carries no weight field: its stake outputs are it.
    if (!/type\s+AddAutoRenewedValidatorTx/.test(f)) expect(f).toMatch(/weight\s+[\d,.]+ AVAX/);
    expect(f).toMatch(/Stake \(\d+\)/);
    expect(f).toMatch(/reward owner|validation reward owner/);
    expect(f).toMatch(/owner\s+P-avax1/);
  });

  it('UTXO → the tx that created it', async () => {
    const s = await startViewScreen();
    // An address that received an output of a recent tx, so the UTXO's creating tx is on the chain.
    const address = await recentOutputAddress(s);
    await s.press('9', /No addresses yet/);
    await s.press('a', /addresses:/);
    await s.press(address, new RegExp(address.slice(-10)));
    await s.press(KEY.enter, /utxos? · 1\/\d+/i);
    let f = await s.press(KEY.enter, /UTXO ID\s+\w+/);
    await s.waitFor((fr) => /^›created by tx\s+\w+/.test(cursorLine(fr)));
    // The encoded UTXO wraps onto rows that fit; none is cut at the edge.
    const rows = (await s.waitFor(/Encoded \(\d+ bytes/)).split('\n').filter((l) => /^\s?\d+\s+[0-9a-f]{16,}/.test(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => !l.includes('…'))).toBe(true);
    expect(f).toMatch(/amount\s+[\d,.]+ AVAX/);
    expect(f).toContain(address);
    f = await moveTo(s, /^›created by tx\s+\w+/);
    const txId = /created by tx\s+(\w+)/.exec(cursorLine(f))![1]!;
    await s.waitFor(/type\s+\w+Tx/);
    f = await s.press(KEY.enter, (fr) => fr.includes(`tx ${txId.slice(0, 6)}`) && /status\s+Committed/.test(fr));
    expect(f).toContain(txId);
  });

  it('copies a table row\'s ID with y', async () => {
    const s = await startViewScreen();
    await s.press('3', /validators · 1\/\d+/);
    // The column may cut the ID short ("NodeID-KQasx…"): y copies the whole of it.
    const node = /NodeID-\w+/.exec(cursorLine(s.lastFrame()))![0];
    await s.press('y', /copied NodeID-/);
    expect(s.copies).toHaveLength(1);
    expect(s.copies[0]!.startsWith(node)).toBe(true);
    expect(s.copies[0]).toMatch(/^NodeID-\w{32,}$/);
  });

  it('polls what a view shows only while it is open', async () => {
    const s = await startViewScreen();
    const txId = s.sim.network.pastRewardedTxs[0]!;
    await s.waitFor(/Node ID/);
    await s.press(':', /^: /m);
    await s.press(txId, new RegExp(txId.slice(-8)));
    await s.press(KEY.enter, /status\s+Committed/);
    await s.waitFor(() => s.scheduler.activeKeys().includes(`txStatus:${txId}`));
    expect(s.scheduler.activeKeys()).toEqual(expect.arrayContaining([`tx:${txId}`, `txJson:${txId}`]));
    // The delegation ended: its reward UTXOs, decoded, at the end of the view.
    await s.waitFor(() => s.store.getState().views.data[`rewards:${txId}`]?.status === 'ok');
    // Paid rewards never change: no longer polled while the view stays open.
    await s.waitFor(() => !s.scheduler.activeKeys().includes(`rewards:${txId}`));
    const f = await s.press('G', /Reward UTXOs[\s\S]*reward UTXO[\s\S]*amount\s+[\d,.]+ AVAX/);
    expect(f).toMatch(/owner\s+P-avax1/);
    await s.press(KEY.escape, /Node ID/);
    await s.waitFor(() => !s.scheduler.activeKeys().some((k) => k.includes(txId)));
  });

  it('uses getMaxStakeAmount on a spec-era node (v1.11)', async () => {
    const s = await startViewScreen({ sim: { profile: 'v1.11' } });
    await s.press('3', /validators · 1\/\d+/);
    await s.press(KEY.enter, /Delegators \(\d+/);
    await s.waitFor(/getMaxStakeAmount for the rest of the period/);
    expect(s.lastFrame()).toMatch(/can still take\s+[\d,.]+ AVAX/);
  });

  it('builds the OSC 52 sequence, plain and wrapped for tmux', () => {
    expect(osc52('hi')).toBe('\x1b]52;c;aGk=\x07');
    expect(osc52('NodeID-abc')).toBe(`\x1b]52;c;${Buffer.from('NodeID-abc').toString('base64')}\x07`);
    expect(osc52('hi', { tmux: true })).toBe('\x1bPtmux;\x1b\x1b]52;c;aGk=\x07\x1b\\');
  });
});

describe('delegation capacity rule', () => {
  it('is min(5 × own stake, 3M AVAX) minus what is staked, never negative', async () => {
    const { delegationCapacity } = await import('../../src/views/validator-model');
    const AVAX = 1_000_000_000n;
    expect(delegationCapacity(2_000n * AVAX, 2_000n * AVAX)).toBe(8_000n * AVAX);
    expect(delegationCapacity(1_000_000n * AVAX, 1_000_000n * AVAX)).toBe(2_000_000n * AVAX);
    expect(delegationCapacity(2_000n * AVAX, 10_500n * AVAX)).toBe(0n);
  });
});
