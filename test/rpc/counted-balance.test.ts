// getBalance read with its UTXO IDs counted as they arrive (rpc/counted-list.ts), against the simulated node over
// loopback: the same totals and the same number of UTXOs as the reply read whole, and the same bytes counted.
import { describe, expect, it } from 'vitest';
import { createClient, type CallEvent } from '../../src/rpc/client';
import { createSimNode } from '../../src/sim/index';
import { track } from '../helpers/track';

describe('getBalance with countList', () => {
  it('gives the count of the IDs the node sent, the totals unchanged', async () => {
    const node = track(await createSimNode({ validators: 20, peers: 5, utxos: 3_000, autoAdvance: false }));
    const client = track(createClient({ url: node.url }));
    const events: CallEvent[] = [];
    client.onCall((e) => events.push(e));
    const wallet = node.network.wallets[0]!.str;
    const whole = await client.platform.getBalance({ addresses: [wallet] });
    const counted = await client.call('platform.getBalance', { addresses: [wallet] }, { countList: 'utxoIDs' });
    expect(whole.utxoIDs!.length).toBeGreaterThanOrEqual(3_000);
    expect(counted.utxoIDs).toBeUndefined();
    expect(counted.utxoCount).toBe(whole.utxoIDs!.length);
    const { utxoIDs: _ids, ...totals } = whole;
    expect(counted).toEqual(totals);
    // What the node sent is what it sent, counted or not.
    expect(events.map((e) => e.bytes)).toEqual([events[0]!.bytes, events[0]!.bytes]);
  });
});
