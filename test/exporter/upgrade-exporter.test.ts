// `avatop exporter` as a process on the upgrade deadline: a v1.15.0 node whose peers announce a newer release two
// days ahead, and a v1.14.2 node left behind on mainnet by Helicon, as a scrape shows them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimNode, type SimNode } from '../../src/sim';
import { freePort, startExporter, until, type Running } from './programs';

let newer: SimNode;
let behind: SimNode;
let exporter: Running;
let url: string;
let timeSec: number;

beforeAll(async () => {
  timeSec = Math.floor(Date.now() / 1000) + 2 * 86_400;
  [newer, behind] = await Promise.all([
    createSimNode({ seed: 5, validators: 120, subnets: 2, peers: 12, utxos: 10, newerRelease: { version: '1.16.0', timeSec, stake: 0.7 } }),
    createSimNode({ seed: 6, validators: 40, peers: 12, utxos: 10, profile: 'v1.14' }),
  ]);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  exporter = await startExporter(['--listen', `127.0.0.1:${port}`, '--interval', '500ms', '--timeout', '2s', '--node', `newer=${newer.url}`, '--node', `behind=${behind.url}`]);
}, 60_000);

afterAll(async () => {
  await exporter?.stop();
  await Promise.all([newer?.close(), behind?.close()]);
});

const sample = (text: string, name: string, node: string) => new RegExp(`^${name}\\{([^}]*node="${node}"[^}]*)\\} (\\S+)$`, 'm').exec(text);

describe('avatop exporter: the upgrade deadline', () => {
  it('seconds to the announced upgrade and its tier; a node left behind at tier 5, since Helicon', async () => {
    const text = await until('both nodes\' upgrade series', async () => {
      const t = await (await fetch(`${url}/metrics`)).text();
      return sample(t, 'avatop_upgrade_deadline_seconds', 'newer') && sample(t, 'avatop_upgrade_deadline_seconds', 'behind') ? t : undefined;
    }, 60_000);
    // Within 72 hours: tier 3; the labels name the release to install and the activation time.
    expect(sample(text, 'avatop_upgrade_tier', 'newer')![2]).toBe('3');
    const n = sample(text, 'avatop_upgrade_deadline_seconds', 'newer')!;
    expect(n[1]).toContain('release="v1.16.0"');
    expect(n[1]).toContain(`upgrade_time="${new Date(timeSec * 1000).toISOString().replace('.000Z', 'Z')}"`);
    expect(Math.abs(Number(n[2]) - (timeSec - Date.now() / 1000))).toBeLessThan(60);
    // Left behind: tier 5, negative seconds since Helicon, v1.15.0 to install.
    expect(sample(text, 'avatop_upgrade_tier', 'behind')![2]).toBe('5');
    const b = sample(text, 'avatop_upgrade_deadline_seconds', 'behind')!;
    expect(b[1]).toContain('release="v1.15.0"');
    expect(b[1]).toContain('upgrade_time="2026-09-22T15:00:00Z"');
    expect(Number(b[2])).toBeCloseTo((Date.parse('2026-09-22T15:00:00Z') - Date.now()) / 1000, -2);
  }, 90_000);
});
