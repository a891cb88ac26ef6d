// `avatop get validators SUBNET` as a process: a subnet's or an L1's weights are plain numbers, the primary
// network's AVAX (issue 14, item 3: a subnet of weight-100 validators printed every weight as 0).
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { formatAvaxExact } from '../../src/format/avax';
import { suiteTempDir } from '../helpers/temp-dir';
import { createClient } from '../../src/rpc/client';

const sim = shared(() => createSimNode({ seed: 7, validators: 60, peers: 10, utxos: 10, subnets: 4 }));
const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

/** The table under the note lines (`get validators` says the reward rule first). */
function table(stdout: string): { header: string; rows: Map<string, string> } {
  const lines = stdout.trim().split('\n');
  const at = lines.findIndex((l) => l.startsWith('NODE ID'));
  const rows = new Map<string, string>();
  for (const l of lines.slice(at + 1)) rows.set(l.split(/\s+/)[0]!, l);
  return { header: lines[at] ?? '', rows };
}

describe('avatop get validators', () => {
  it('prints a subnet’s and an L1’s weights as the node gave them', async () => {
    const kinds = new Set<string>();
    for (const subnet of sim().network.subnets) {
      if (subnet.kind === 'elastic') continue;
      const expected = subnet.kind === 'l1' ? subnet.l1Validators : subnet.validators;
      if (expected.length === 0) continue;
      const r = await runCli(['get', 'validators', subnet.idStr, '--url', sim().url], noConfig);
      expect(r.code).toBe(0);
      const { header, rows } = table(r.stdout);
      expect(header).toMatch(/^NODE ID\s+WEIGHT\s/);
      expect(header).not.toMatch(/AVAX/);
      for (const v of expected) {
        const weight = v.weight.toLocaleString('en-US');
        expect(rows.get(v.nodeIdStr)).toMatch(new RegExp(`^${v.nodeIdStr}\\s+${weight}\\s`));
      }
      kinds.add(subnet.kind);
    }
    expect([...kinds].sort()).toEqual(['l1', 'permissioned']);
  });

  it('prints the primary network’s weights in AVAX', async () => {
    const r = await runCli(['get', 'validators', '--url', sim().url], noConfig);
    expect(r.code).toBe(0);
    const { header, rows } = table(r.stdout);
    expect(header).toMatch(/^NODE ID\s+WEIGHT \(AVAX\)\s/);
    const own = sim().network.validatorsByNode.get(sim().nodeId)!;
    expect(rows.get(sim().nodeId)).toMatch(new RegExp(`^${sim().nodeId}\\s+${formatAvaxExact(own.weight).replace('.', '\\.')}\\s`));
  });

  it('prints an L1’s balances and how long each lasts at the fee price, without delegation or reward columns', async () => {
    const l1 = sim().network.subnets.find((x) => x.kind === 'l1' && x.l1Validators.length > 0)!;
    const client = createClient({ url: sim().url, timeoutMs: 3_000 });
    const { price } = await client.platform.getValidatorFeeState();
    await client.close();
    const r = await runCli(['get', 'validators', l1.idStr, '--url', sim().url], noConfig);
    expect(r.code).toBe(0);
    const { header, rows } = table(r.stdout);
    const titles = header.split(/\s{2,}/);
    expect(titles).toEqual(expect.arrayContaining(['RUNWAY (S)', 'BALANCE']));
    for (const empty of ['END', 'DELEG', 'FEE']) expect(titles).not.toContain(empty);
    // Every active L1 validator pays `price` nAVAX a second (vms/platformvm/validators/fee/fee.go CostOf at a steady
    // price): a balance b lasts floor(b / price) whole seconds.
    for (const row of rows.values()) {
      const balance = /\s(\d[\d,]*\.\d{9})\s*$/.exec(row)![1]!;
      const nAvax = BigInt(balance.replace(/[,.]/g, ''));
      const runway = row.split(/\s{2,}/)[titles.indexOf('RUNWAY (S)')]!;
      expect(runway).toBe(nAvax === 0n ? '0' : String(nAvax / price));
    }
    expect(rows.size).toBe(l1.l1Validators.length);
  });
});
