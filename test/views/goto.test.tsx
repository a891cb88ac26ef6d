// The `:` prompt: classifying typed text, resolving IDs against the simulated node (tx, block, subnet, chain,
// unknown), and the prompt on screen opening the right view.
import { describe, expect, it } from 'vitest';
import { classifyGoto, resolveGoto } from '../../src/views/goto';
import { createClient } from '../../src/rpc/client';
import { createSimNode } from '../../src/sim/index';
import { PRIMARY_NETWORK_ID } from '../../src/state/store';
import { KEY, SMALL_SIM, startViewScreen } from './screen';
import { deadUrl } from '../helpers/ports';
import { shared, track } from '../helpers/track';

describe('classifyGoto', () => {
  it('tells heights, node IDs, addresses, cb58 IDs and pane names apart', () => {
    expect(classifyGoto('1234')).toEqual({ kind: 'height', height: 1234n });
    expect(classifyGoto('21,382,031')).toEqual({ kind: 'height', height: 21382031n });
    expect(classifyGoto('validators')).toEqual({ kind: 'pane', pane: 'validators' });
    expect(classifyGoto('UTXO')).toEqual({ kind: 'pane', pane: 'utxos' });
    expect(classifyGoto('console')).toEqual({ kind: 'console' });
    expect(classifyGoto('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')).toEqual({ kind: 'node', nodeId: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' });
    expect(classifyGoto('P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy')).toEqual({ kind: 'address', address: 'P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy' });
    expect(classifyGoto('avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy')).toEqual({ kind: 'address', address: 'P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvy' });
    expect(classifyGoto(PRIMARY_NETWORK_ID)).toEqual({ kind: 'id', id: PRIMARY_NETWORK_ID });
  });
  it('words what is wrong with bad input', () => {
    expect(classifyGoto('')).toMatchObject({ kind: 'invalid' });
    expect(classifyGoto('NodeID-abc')).toMatchObject({ kind: 'invalid', message: /not a valid node ID/ });
    expect(classifyGoto('P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvz')).toMatchObject({ kind: 'invalid', message: /not a valid address/ });
    // One character changed: the cb58 checksum catches it.
    expect(classifyGoto('11111111111111111111111111111111LpoYZ')).toMatchObject({ kind: 'invalid', message: /checksum does not match/ });
    expect(classifyGoto('what?')).toMatchObject({ kind: 'invalid', message: /is not an ID/ });
    // A stray letter is not an attempt at an ID: words, never the decoder's (charset codes, byte counts).
    for (const t of ['C', 'NodeID-abc', 'P-avax1tnuesf6cqwnjw7fxjyk7lhch0vhf0v95wj5jvz', '11111111111111111111111111111111LpoYZ']) {
      const r = classifyGoto(t);
      expect(r.kind).toBe('invalid');
      expect((r as { message: string }).message).not.toMatch(/charset|\d+ bytes|expected|received|undefined/);
    }
    expect(classifyGoto('C')).toMatchObject({ kind: 'invalid', message: /"C" is not an ID/ });
  });
});

describe('resolveGoto against the simulated node', () => {
  const sim = shared(async () => {
    const node = await createSimNode({ ...SMALL_SIM, autoAdvance: false });
    node.tick(10_000);
    return node;
  });
  // Released before the node.
  const client = shared(() => createClient({ url: sim().url }));

  it('finds a subnet first, then a tx, a block or a chain, and says which', async () => {
    const net = sim().network;
    const txId = net.lastBlock.txIds[0]!;
    expect(await resolveGoto(txId, client())).toMatchObject({ kind: 'view', view: { kind: 'tx', id: txId }, note: /is a transaction, \w+Tx/ });
    expect(await resolveGoto(net.lastBlock.idStr, client())).toMatchObject({ kind: 'view', view: { kind: 'block', id: net.lastBlock.idStr }, note: /it is a block/ });
    // A subnet ID is also its CreateSubnetTx's ID: someone typing it wants the subnet, and the note says both.
    const subnet = net.subnets[0]!;
    expect(await resolveGoto(subnet.idStr, client())).toMatchObject({ kind: 'view', view: { kind: 'subnet', id: subnet.idStr }, note: /is a subnet \(also the ID of the CreateSubnetTx/ });
    // The X-Chain's ID is no P-chain tx or block: found in the chain list.
    const x = net.chains.find((c) => c.alias === 'X')!;
    expect(await resolveGoto(x.idStr, client())).toMatchObject({ kind: 'view', view: { kind: 'chain', id: x.idStr }, note: /it is a chain/ });
    expect(await resolveGoto(PRIMARY_NETWORK_ID, client())).toMatchObject({ kind: 'view', view: { kind: 'subnet', id: PRIMARY_NETWORK_ID } });
    // A valid ID the node does not know.
    const unknown = '2ZdpmK8N6N9t8eSRmEaRTfKpkABxPbeqmQbJfBAdiA6MLLi3Pz';
    expect(await resolveGoto(unknown, client())).toMatchObject({ kind: 'error', note: /no tx, block, subnet or chain/ });
  });

  it('routes heights, node IDs, addresses and panes without asking the node', async () => {
    const v = sim().network.validators[0]!;
    expect(await resolveGoto('12', undefined)).toMatchObject({ kind: 'view', view: { kind: 'block', height: 12n } });
    expect(await resolveGoto(v.nodeIdStr, undefined)).toMatchObject({ kind: 'view', view: { kind: 'validator', nodeId: v.nodeIdStr } });
    const w = sim().network.wallets[0]!.str;
    expect(await resolveGoto(w, undefined)).toMatchObject({ kind: 'utxos', address: w });
    expect(await resolveGoto('fees', undefined)).toMatchObject({ kind: 'pane', pane: 'fees' });
  });

  it('reports an unreachable node in words', async () => {
    const dead = track(createClient({ url: await deadUrl(), timeoutMs: 1_000 }));
    const r = await resolveGoto(sim().network.lastBlock.idStr, dead);
    expect(r).toMatchObject({ kind: 'error', note: /could not look .* up/ });
  });
});

describe('the : prompt on screen', () => {
  it('opens a tx, a block by height, a validator, an address and a pane, one key per step', async () => {
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    const txId = s.sim.network.lastBlock.txIds[0] ?? s.sim.network.validators[0]!.txIdStr;
    await s.press(':', /^: /m);
    await s.press(txId, new RegExp(txId.slice(-8)));
    await s.press(KEY.enter, (f) => /is a transaction/.test(f) && /status\s+Committed/.test(f));
    await s.press(KEY.escape, /Node ID/);

    const h = s.sim.network.height - 2;
    await s.press(':', /^: /m);
    await s.press(String(h), new RegExp(`: ${h}`));
    await s.press(KEY.enter, (f) => f.includes(`block at height ${h}`) && /Transactions \(/.test(f));
    await s.press(KEY.escape, /Node ID/);

    const v = s.sim.network.validators[3]!;
    await s.press(':', /^: /m);
    await s.press(v.nodeIdStr, new RegExp(v.nodeIdStr.slice(-8)));
    await s.press(KEY.enter, (f) => f.includes(v.nodeIdStr) && /Delegators \(\d+/.test(f));
    await s.press(KEY.escape, /Node ID/);

    const w = s.sim.network.wallets[0]!.str;
    await s.press(':', /^: /m);
    await s.press(w, new RegExp(w.slice(-8)));
    await s.press(KEY.enter, (f) => /UTXOs of P-avax/.test(f) && /utxos? · 1\/\d+/i.test(f));

    await s.press(':', /^: /m);
    await s.press('validators', /: validators/);
    await s.press(KEY.enter, /validators · 1\/\d+/);

    await s.press(':', /^: /m);
    await s.press('what?', /: what\?/);
    await s.press(KEY.enter, /"what\?" is not an ID/);
  });
});

describe('the subnet view', () => {
  it('shows the all-zero ID as "none" (never converted) rather than as a value', async () => {
    const { describeEmptyId } = await import('../../src/format/ids');
    expect(describeEmptyId('managerChainID', PRIMARY_NETWORK_ID)).toBe('none');
    expect(describeEmptyId('chain.subnetID', PRIMARY_NETWORK_ID)).toBe('primary network');
    expect(describeEmptyId('managerChainID', 'abc')).toBe('abc');
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    const subnet = s.sim.network.subnets[0]!;
    await s.press(':', /^: /m);
    await s.press(`${subnet.idStr}\r`, (f) => /is a subnet/.test(f) && /conversionID\s+none/.test(f));
    expect(s.lastFrame()).not.toMatch(/LpoYY/);
  }, 60_000);
});
