// The UTXOs pane's whole-address totals and the blocks pane's count, on screen against the simulated node (frozen
// time, so the node's answers stay put while the test compares them with the frame).
import { describe, expect, it } from 'vitest';
import { formatAvax } from '../../src/format/avax';
import { decodeStakedOutputBlob } from '../../src/rpc/blobs';
import { createClient } from '../../src/rpc/client';
import { KEY, startScreen, type Screen } from './harness';
import { track } from '../helpers/track';

const exact = (v: bigint) => formatAvax(v, { decimals: 9, fixed: true });
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function enterAddresses(s: Screen, text: string) {
  await s.press('9', /No addresses yet/);
  await s.press('a', /addresses:/);
  await s.press(text, new RegExp(`addresses: ${escape(text.slice(0, 20))}`));
  await s.press(KEY.enter, /\d+ utxos · 1\/\d+/);
}

describe('UTXOs pane totals against the simulated node', () => {
  it('shows the balances and stake the node gives for the entered address, beside the page total', async () => {
    const screen = await startScreen({ sim: { autoAdvance: false } });
    const client = track(createClient({ url: screen.sim!.url }));
    const wallet = screen.sim!.network.wallets[0]!.str;
    const balance = await client.platform.getBalance({ addresses: [wallet] });
    const stake = await client.platform.getStake({ addresses: [wallet], encoding: 'hex' });
    const outputs = stake.stakedOutputs.map((h: string) => decodeStakedOutputBlob(h, stake.encoding));
    // The node's own validator stakes from wallet 0: there is something to show.
    expect(stake.staked).toBeGreaterThan(0n);
    expect(outputs.length).toBeGreaterThan(0);

    await enterAddresses(screen, wallet);
    const all = new RegExp(
      `all UTXOs +${[balance.balance!, balance.unlocked!, balance.lockedStakeable!, balance.lockedNotStakeable!].map((v) => escape(exact(v))).join(' +')} +${balance.utxoCount.toLocaleString('en-US')} UTXOs`,
    );
    const staked = new RegExp(`staked +${escape(formatAvax(stake.staked!, { decimals: 9, unit: true }))} in ${outputs.length} staked outputs?`);
    const f = await screen.waitFor((fr) => all.test(fr) && staked.test(fr));
    expect(f).toMatch(/AVAX +total +unlocked +locked stakeable +locked not stakeable/);
    expect(f).toMatch(/this page +[\d,]+\.\d{9} .*\d+ UTXOs listed below/);
    expect(f).toMatch(/\d+ utxos · 1\/\d+/);
  });

  it('says in words when getStake is missing and getBalance fails, and still lists the UTXOs', async () => {
    const screen = await startScreen({ sim: { autoAdvance: false } });
    screen.sim!.faults.add({ kind: 'rpc-error', method: 'platform.getStake', message: `rpc: can't find method "platform.GetStake"` });
    screen.sim!.faults.add({ kind: 'rpc-error', method: 'platform.getBalance', message: `couldn't get UTXO set of [P-avax1…]: disk on fire` });
    const wallet = screen.sim!.network.wallets[0]!.str;
    await enterAddresses(screen, wallet);
    const f = await screen.waitFor((fr) => /staked +getStake: (?!loading)\w+/.test(fr) && /all UTXOs +platform.getBalance: couldn.t get UTXO set of \[P-avax1…\]: disk on fire/.test(fr));
    expect(f).not.toMatch(/staked +getStake: loading/);
    expect(f).toMatch(/this page +[\d,]+\.\d{9}/);
    expect(f).toMatch(/\d+ utxos · 1\/\d+/);
    expect(f).toMatch(/AMOUNT \(AVAX\)/);
  });
});

describe('blocks pane count', () => {
  it('counts the blocks held, and a block that slid out of the window is not a removed row', async () => {
    const screen = await startScreen({ sim: { autoAdvance: false, blockIntervalMs: 1000 } });
    await screen.press('8', /20 blocks · 1\/20/);
    const top = screen.sim!.network.height;
    screen.sim!.tick(1000);
    const next = screen.sim!.network.height;
    expect(next).toBeGreaterThan(top);
    // The oldest block leaves the window with the next poll; the count and the position agree (once read 1/22).
    const f = await screen.waitFor(new RegExp(`^›\\s*${next.toLocaleString('en-US')}\\b`, 'm'));
    expect(f).toMatch(/20 blocks · 1\/20/);
    expect(f).not.toMatch(/removed/);
  });
});
