// Subnet and L1 validator weights are plain numbers, not nAVAX: read as nAVAX a subnet of weight-100 validators
// showed "total 0 AVAX" and every weight 0 (issue 14, item 3). Only the primary network's weights are AVAX.
import { describe, expect, it } from 'vitest';
import { cursorRow, startScreen } from './harness';
import { formatWeightCompact } from '../../src/format/weight';


describe('validators pane on subnets and L1s', () => {
  it('shows a subnet’s weights and total as plain numbers, the primary network’s in AVAX', async () => {
    const screen = await startScreen();
    const net = screen.sim!.network;
    await screen.press('3', /primary network \(1\/[2-9]\d*\)/);
    const checked = new Set<string>();
    for (let i = 0; i < net.subnets.length; i++) {
      const f = await screen.press('n', new RegExp(`subnet \\w+…\\w+ \\(${i + 2}/\\d+\\)`));
      const shown = /subnet (\w+)…(\w+) \(/.exec(f)!;
      const subnet = net.subnets.find((s) => s.idStr.startsWith(shown[1]!) && s.idStr.endsWith(shown[2]!))!;
      if (subnet.kind === 'elastic') continue;
      const weights = subnet.kind === 'l1' ? subnet.l1Validators.map((v) => v.weight) : subnet.validators.map((v) => v.weight);
      if (weights.length === 0) continue;
      const total = weights.reduce((a, b) => a + b, 0n);
      const frame = await screen.waitFor((fr) => fr.includes(`· ${formatWeightCompact(total, subnet.idStr)} weight`));
      expect(frame).not.toMatch(/· 0 AVAX/);
      const top = weights.reduce((a, b) => (a > b ? a : b));
      // The cursor starts on the heaviest validator: its weight as the node said it, its share of the total.
      const row = cursorRow(frame);
      expect(row).toContain(` ${formatWeightCompact(top, subnet.idStr)} `);
      expect(row).toContain(`${((Number(top) * 100) / Number(total)).toFixed(3)}%`);
      checked.add(subnet.kind);
    }
    expect(checked.size).toBeGreaterThan(0);
    const back = await screen.press('n', /primary network \(1\/\d+\)/);
    expect(await screen.waitFor(/primary network \(1\/\d+\) · [\d.]+[KMB]? AVAX/)).toBeTruthy();
    expect(back).toBeTruthy();
  });
});
