// This node's share of stake is divided by one total everywhere (issue 14, item 7): it read 0.0035% until the
// validator list arrived and 0.0040% after, two totals for one number. Shares count a validator's delegations, as
// getTotalStake does, and the validators pane shows the same share for this node as the overview.
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';
import { formatPercent } from '../../src/format/number';
import { shareOf } from '../../src/format/avax';

const SHARE = /Weight\s+[\d,.]+ AVAX \(([\d.]+%) of stake\)/;

describe('share of stake', () => {
  it('stays the same when the validator list arrives, and the validators pane agrees', async () => {
    const screen = await startScreen({ sim: { autoAdvance: false } });
    const net = screen.sim!.network;
    const own = net.validatorsByNode.get(screen.sim!.nodeId)!;
    const expected = formatPercent(shareOf(net.validatorWeight(own), net.totalStake()), 4);
    const first = SHARE.exec(await screen.waitFor(SHARE))![1];
    expect(first).toBe(expected);
    // The validators pane loads the whole list; back on the overview the share is divided by the same total.
    await screen.press('3', /\d+ validators · 1\/\d+\s+primary network/);
    const row = screen.lastFrame().split('\n').find((l) => l.includes(screen!.sim!.nodeId.slice(0, 14)));
    if (row) expect(row).toContain(formatPercent(shareOf(net.validatorWeight(own), net.totalStake()), 3));
    await screen.press('1', SHARE);
    expect(screen.store.getState().validators.bySubnet['11111111111111111111111111111111LpoYY']?.data).toBeDefined();
    expect(SHARE.exec(screen.lastFrame())![1]).toBe(first);
  });
});
