// The tx view (issue 30, items 6 and 10): the fee a tx burned, and an input whose tx the node does not have.
import { describe, expect, it } from 'vitest';
import { formatAvax } from '../../src/format/avax';
import { KEY, cursorLine, moveTo, startViewScreen, type ViewScreen } from './screen';

type J = Record<string, any>;
const amount = (o: J | undefined): bigint => (o === undefined ? 0n : o.amount !== undefined ? BigInt(o.amount) : amount(o.output ?? o.input));
const sum = (xs: J[] | undefined, side: 'input' | 'output') => (xs ?? []).reduce((n, x) => n + amount(x[side]), 0n);

/**
 * What a tx burned, from the node's own JSON (getTx encoding "json", not our codec): what it consumed less what it
 * produced (vms/platformvm/utxo/verifier.go VerifySpendUTXOs): inputs and imported inputs, less outputs, stake,
 * exported outputs and what went into L1 validators' balances.
 */
function burned(u: J): bigint {
  const consumed = sum(u.inputs, 'input') + sum(u.importedInputs, 'input');
  const l1 = BigInt(u.balance ?? 0) + (u.validators ?? []).reduce((n: bigint, v: J) => n + BigInt(v.balance ?? 0), 0n);
  return consumed - sum(u.outputs, 'output') - sum(u.stake, 'output') - sum(u.exportedOutputs, 'output') - l1;
}

/** A recent block tx that spends inputs, by the node's JSON. */
async function recentSpendingTx(s: ViewScreen): Promise<{ id: string; fee: bigint }> {
  const call = s.client.call as (n: string, p?: unknown) => Promise<any>;
  const tip = (await call('platform.getHeight')).height as bigint;
  for (let h = tip; h > tip - 60n; h--) {
    const b = await call('platform.getBlockByHeight', { height: Number(h), encoding: 'json' }).catch(() => undefined);
    if (!b) break;
    for (const id of (b.block.txs ?? (b.block.tx ? [b.block.tx] : [])).map((t: J) => t.id as string)) {
      const { tx } = await call('platform.getTx', { txID: id, encoding: 'json' });
      if ((tx.unsignedTx.inputs ?? []).length > 0) return { id, fee: burned(tx.unsignedTx) };
    }
  }
  throw new Error('no recent tx with inputs');
}

describe('the tx view', () => {
  it('says the fee a tx burned; an input whose tx the node does not have says so, in words', async () => {
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    const { id, fee } = await recentSpendingTx(s);
    expect(fee).toBeGreaterThan(0n);
    await s.press(':', /^: /m);
    await s.press(id, new RegExp(id.slice(0, 10)));
    const f = await s.press(KEY.enter, (x) => /status\s+Committed/.test(x) && /fee\s+/.test(x));
    expect(f).toMatch(new RegExp(`fee\\s+${formatAvax(fee, { decimals: 9 }).replace('.', '\\.')} AVAX`));
    // The chain a tx is on, by name: the P-chain's ID is the primary network's (not in getBlockchains).
    expect(f).toMatch(/blockchain\s+11111111111111111111111111111111LpoYY \(P-Chain\)/);

    // Enter on the first input's "spends" line: its tx, or why the node has none.
    await moveTo(s, /^›\s*spends\s+\w+:\d+/);
    const spent = /spends\s+(\w+):/.exec(cursorLine(s.lastFrame()))![1]!;
    const known = await (s.client.call as (n: string, p?: unknown) => Promise<any>)('platform.getTx', { txID: spent, encoding: 'json' }).then(() => true, () => false);
    const g = await s.press(KEY.enter, (x) => x.includes(`tx ${spent.slice(0, 6)}`) && (known ? /status\s+Committed/.test(x) : /not on this node/.test(x)));
    expect(g).not.toMatch(/couldn't get tx/);
    if (!known) expect(g).toMatch(/why\s+an input spent an output of a tx this node does not have:/);
  });
});
