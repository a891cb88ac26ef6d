// A field never shows an error message as its value: it says what is unknown and why, in words, with the node's
// own words in parentheses (issue 14, item 9: the UTXO view's "type" read "platform.getTx: couldn't get tx: not
// found").
import { describe, expect, it } from 'vitest';
import { describeUnknown, idleResource, markUnsupported, resolveError } from '../../src/state/resource';
import { RpcError, TransportError } from '../../src/rpc/errors';
import { KEY, cursorLine, moveTo, startViewScreen } from './screen';

describe('describeUnknown', () => {
  const meta = { at: 0 };
  it('words a node error by what it means for the field', () => {
    const notFound = resolveError(idleResource(), new RpcError(-32000, "couldn't get tx: not found", undefined, 'platform.getTx'), meta);
    expect(describeUnknown(notFound, 'the node no longer has the creating tx')).toBe('unknown — the node no longer has the creating tx (not found)');
    const refused = resolveError(idleResource(), new TransportError('refused', 'http://127.0.0.1:9650/ext/bc/P'), meta);
    expect(describeUnknown(refused)).toMatch(/^unknown — the node did not answer \(.*refused.*\)$/);
    const other = resolveError(idleResource(), new RpcError(-32000, 'database closed', undefined, 'platform.getTx'), meta);
    expect(describeUnknown(other)).toBe('unknown — the node could not say (database closed)');
    const gone = markUnsupported(idleResource(), new RpcError(-32601, 'the method platform.getMaxStakeAmount does not exist/is not available', undefined), 'not available on this node (removed in v1.12)');
    expect(describeUnknown(gone)).toBe('unknown — not available on this node (removed in v1.12)');
    expect(describeUnknown(undefined)).toBe('loading…');
  });
});

describe('the UTXO view', () => {
  it('says in words why the creating tx’s type is unknown, never the node’s error as the type', async () => {
    const s = await startViewScreen();
    // The simulated wallets' UTXOs come from txs older than what the node keeps: getTx answers "not found".
    const address = s.sim.network.wallets[0]!.str;
    await s.press('9', /No addresses yet/);
    await s.press('a', /addresses:/);
    await s.press(address, new RegExp(address.slice(-10)));
    await s.press(KEY.enter, /utxos? · 1\/\d+/i);
    await s.press(KEY.enter, /UTXO ID\s+\w+/);
    const f = await moveTo(s, /^›created by tx\s+\w+/);
    expect(cursorLine(f)).toMatch(/created by tx/);
    const shown = await s.waitFor(/type\s+unknown — the node no longer has the creating tx \(not found\)/);
    expect(shown).not.toMatch(/couldn't get tx/);
    expect(s.frames().some((fr) => /type\s+platform\.getTx/.test(fr))).toBe(false);
  });
});
