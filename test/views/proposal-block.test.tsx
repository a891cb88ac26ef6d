// A Banff proposal block carries its proposal tx (e.g. the RewardValidatorTx an operator looks for) beside a list
// of decision txs that is usually empty: the blocks pane counted 0 and the block view said "Transactions (0) none"
// (issue 14, item 4).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeBlock, txsInBlock } from '../../src/codec';
import { blockFromResult } from '../../src/poll/transforms';
import { defaultDecoders } from '../../src/poll/decoders';
import { blockLines } from '../../src/views/BlockView';
import { KEY, cursorLine, moveTo, startViewScreen } from './screen';

// A proposal block with one decision tx (BaseTx) and its proposal tx (AdvanceTimeTx), from the codec fixtures.
const fixture = JSON.parse(readFileSync(new URL('../fixtures/codec/block_29_BanffProposalBlock__synthesized.json', import.meta.url), 'utf8')) as { hexWithChecksum: string };

describe('proposal blocks list their transaction', () => {
  it('counts both the decision txs and the proposal tx of a fixture block, in order', () => {
    const { header, decoded } = blockFromResult({ block: fixture.hexWithChecksum, encoding: 'hex' }, defaultDecoders, {});
    expect(header.type).toBe('BanffProposalBlock');
    expect(header.txCount).toBe(2);
    const lines = blockLines({ header, decoded, hex: undefined });
    const text = lines.map((l) => `${l.label ?? ''} ${l.value ?? ''}`).join('\n');
    expect(text).toMatch(/Transactions \(2\)/);
    expect(text).toMatch(/#0 BaseTx[\s\S]*#1 AdvanceTimeTx/);
  });

  it('shows a simulated RewardValidatorTx in the blocks pane and the block view, and Enter opens it', async () => {
    const s = await startViewScreen({ sim: { autoAdvance: false } });
    const net = s.sim.network;
    // Move time on until a staker ends and is rewarded: a proposal block followed by its commit or abort block. Every
    // block a step made is looked at (a minute's step makes about 60 at this simulator's 1 s; looking at its last 10
    // only missed all of a 200-minute run's 11 proposals at some times of day, as the network is made from the clock),
    // and steps of 10 s keep the one found within a few rows of the newest.
    let proposal: number | undefined;
    for (let i = 0; i < 1_200 && proposal === undefined; i++) {
      const before = net.height;
      s.sim.tick(10_000);
      for (let h = before + 1; h <= net.height && proposal === undefined; h++) {
        const rec = net.blockByHeight(h);
        if (rec && decodeBlock(rec.bytes).typeName === 'BanffProposalBlock') proposal = h;
      }
    }
    expect(proposal).toBeDefined();
    const rec = net.blockByHeight(proposal!)!;
    const rewardTxId = rec.txIds[0]!;
    expect(txsInBlock(decodeBlock(rec.bytes))).toHaveLength(1);

    await s.press('8', /blocks · 1\/\d+[\s\S]*BanffProposalBlock/);
    const heightText = proposal!.toLocaleString('en-US');
    const row = await moveTo(s, new RegExp(`^›\\s*${heightText}\\s`));
    expect(cursorLine(row)).toMatch(/BanffProposalBlock\s+1\s/);
    let f = await s.press(KEY.enter, /Transactions \(1\)/);
    expect(f).toMatch(new RegExp(`#0 RewardValidatorTx\\s+${rewardTxId}`));
    expect(f).not.toMatch(/none \(an option or empty block\)/);
    await moveTo(s, /^›#0 RewardValidatorTx/);
    f = await s.press(KEY.enter, (fr) => fr.includes(`tx ${rewardTxId.slice(0, 6)}`) && /type\s+RewardValidatorTx/.test(fr));
    expect(f).toContain(rewardTxId);
  });
});
