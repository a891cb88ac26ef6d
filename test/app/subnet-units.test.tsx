// Subnet and L1 validator weights are plain numbers, not nAVAX: read as nAVAX a subnet of weight-100 validators
// showed "total 0 AVAX" and every weight 0 (issue 14, item 3). Only the primary network's weights are AVAX.
import { describe, expect, it } from 'vitest';
import { cursorRow, startScreen } from './harness';
import { formatWeightCompact } from '../../src/format/weight';
import { formatAvaxColumn } from '../../src/format/avax';
import { formatDuration } from '../../src/format/time';


describe('validators pane on subnets and L1s', () => {
  it('shows a subnet’s weights and total as plain numbers, the primary network’s in AVAX', async () => {
    const screen = await startScreen();
    const net = screen.sim!.network;
    await screen.press('3', /primary network \(1\/[2-9]\d*\)/);
    const checked = new Set<string>();
    for (let i = 0; i < net.subnets.length; i++) {
      // A subnet by its ID and, once the chain list is in, its chains' names: "subnet 2fTZan…iXRx7 (Juniper Exchange) (2/4)".
      const f = await screen.press('n', new RegExp(`subnet \\w+…\\w+ (\\([^)]*\\) )?\\(${i + 2}/\\d+\\)`));
      const shown = /subnet (\w+)…(\w+) \(/.exec(f)!;
      const subnet = net.subnets.find((s) => s.idStr.startsWith(shown[1]!) && s.idStr.endsWith(shown[2]!))!;
      if (subnet.kind === 'elastic') continue;
      const weights = subnet.kind === 'l1' ? subnet.l1Validators.map((v) => v.weight) : subnet.validators.map((v) => v.weight);
      if (weights.length === 0) continue;
      const total = weights.reduce((a, b) => a + b, 0n);
      const frame = await screen.waitFor((fr) => fr.includes(`· total weight ${formatWeightCompact(total, subnet.idStr)}`));
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
    // The primary network's total says what it counts: the validators' own stakes ("own": delegations apart).
    expect(await screen.waitFor(/primary network \(1\/\d+\) · [\d.]+[KMB]? AVAX own stake · /)).toBeTruthy();
    expect(back).toBeTruthy();
  });

  it('an L1: its validators’ balance and how long it lasts at the fee price; no end, delegation or reward columns; named by its chains', async () => {
    const screen = await startScreen({ size: { columns: 160, rows: 40 } });
    const net = screen.sim!.network;
    const index = net.subnets.findIndex((x) => x.kind === 'l1' && x.l1Validators.length > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    const l1 = net.subnets[index]!;
    await screen.press('3', /primary network \(1\/[2-9]\d*\)/);
    // `n` until the pane is on the L1 (the pane's order is the node's subnet list).
    let on = '';
    for (let i = 0; i < net.subnets.length && !(on.startsWith(l1.idStr.slice(0, 6)) && on.endsWith(l1.idStr.slice(-5))); i++) {
      const g = await screen.press('n', (x) => /subnet (\w+…\w+) /.exec(x)?.[1] !== (on || undefined));
      on = /subnet (\w+…\w+) /.exec(g)![1]!;
    }
    const names = l1.chains.map((c) => c.name).sort().join(', ');
    const f = await screen.waitFor((x) => x.includes(`(${names}) (`) && /RUNWAY/.test(x) && /^›\S+.*\d+d \d+h/m.test(x));
    const header = f.split('\n').find((l) => /^ NODE/.test(l))!;
    expect(header).toMatch(/\sRUNWAY\s/);
    expect(header).toMatch(/\sBALANCE$/);
    for (const empty of ['END', 'LEFT', 'DELEG', 'DEL.WT', 'FEE', 'REWARD']) expect(header.split(/\s+/)).not.toContain(empty);

    // The cursor's row (the heaviest): the balance the node listed, and how long it lasts. The P-chain charges every
    // active L1 validator `price` nAVAX a second (vms/platformvm/validators/fee/fee.go CostOf at a steady price), so a
    // balance b lasts floor(b / price) seconds.
    const st = screen.store.getState();
    const rows = st.validators.bySubnet[l1.idStr]!.data!.rows.map((r) => r.value);
    const top = rows.reduce((a, b) => (b.weight > a.weight ? b : a));
    const price = st.fees.validatorFeeState.data!.price;
    expect(price).toBeGreaterThan(0n);
    const cursor = f.split('\n').find((l) => l.startsWith('›'))!;
    expect(cursor).toContain(formatAvaxColumn(top.balance!).trim());
    expect(cursor).toContain(formatDuration(Number(top.balance! / price) * 1000));
  });
});
