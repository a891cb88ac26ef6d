// The one-shot commands as processes against simulated nodes: exit codes, JSON a program can parse, settings
// precedence (flags over environment over config file), and one-line errors with exit status 3 (UNKNOWN, as a
// monitoring plugin reports a check it could not run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync} from 'node:fs';
import { join } from 'node:path';
import { createSimNode, type SimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { deadUrl as freePortUrl } from '../helpers/ports';
import { tempDir, suiteTempDir } from '../helpers/temp-dir';

let healthy: SimNode;
let booting: SimNode;
let deadUrl: string;
const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

beforeAll(async () => {
  [healthy, booting] = await Promise.all([
    createSimNode({ seed: 7, validators: 200, peers: 40, utxos: 300 }),
    createSimNode({ seed: 8, validators: 50, peers: 10, utxos: 10, faults: [{ kind: 'bootstrapping' }] }),
  ]);
  deadUrl = await freePortUrl();
});

afterAll(async () => {
  await Promise.all([healthy?.close(), booting?.close()]);
});

describe('avatop status', () => {
  it('exits 0 and names the node when healthy', async () => {
    const r = await runCli(['status', '--url', healthy.url], noConfig);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^HEALTHY/);
    expect(r.stdout).toContain(healthy.nodeId);
    expect(r.stdout).toMatch(/bootstrap\s+P yes\s+X yes\s+C yes/);
  });

  it('exits 1 while the P-chain bootstraps, and says so', async () => {
    const r = await runCli(['status', '--url', booting.url, '-o', 'json'], noConfig);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.verdict).toBe('degraded');
    expect(json.bootstrapped.P).toBe(false);
    expect(json.problems.join(' ')).toMatch(/P-chain is still bootstrapping/);
  });

  it('exits 2 when nothing listens, with what to do', async () => {
    const r = await runCli(['status', '--url', deadUrl], noConfig);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^UNREACHABLE/);
    expect(r.stdout).toMatch(/connection refused/);
    expect(r.stdout).toMatch(/Is avalanchego running/);    const get = await runCli(['get', 'peers', '--url', deadUrl], noConfig);
    expect(get.code).toBe(2);
  });
});

describe('avatop get', () => {
  it('prints validators as JSON a program can read', async () => {
    const r = await runCli(['get', 'validators', '-o', 'json', '--url', healthy.url], noConfig);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ nodeID: string; weight: string }>;
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((v) => v.nodeID === healthy.nodeId)).toBe(true);
    expect(rows[0]?.weight).toMatch(/^\d+$/);
  });

  it('prints a table with a header row', async () => {
    const r = await runCli(['get', 'peers', '--url', healthy.url], noConfig);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NODE ID\s+IP\s+VERSION/);
    expect(lines.length).toBeGreaterThan(10);
  });

  it('decodes the UTXOs of an address', async () => {
    const wallet = healthy.network.wallets[0]!;
    const r = await runCli(['get', 'utxos', wallet.str, '-o', 'json', '--url', healthy.url], noConfig);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<{ owners: string[]; amount: string }>;
    expect(rows.length).toBeGreaterThanOrEqual(wallet.utxos);
    expect(new Set(rows.map((u) => JSON.stringify(u))).size).toBe(rows.length);
    expect(rows.every((u) => u.owners.includes(wallet.str))).toBe(true);
  });

  it('prints AVAX amounts with every nAVAX digit, aligned on the decimal point', async () => {
    const r = await runCli(['get', 'validators', '--url', healthy.url], noConfig);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    // Every row (under the rule note and the header) has its weight with 9 decimals, the points in one column.
    const points = lines.slice(lines.findIndex((l) => l.startsWith('NODE ID')) + 1).map((l) => l.search(/\d\.\d{9}(\s|$)/));
    expect(points.every((p) => p > 0)).toBe(true);
    expect(new Set(points).size).toBe(1);
  });

  it('rejects an unknown resource with exit 3', async () => {
    const r = await runCli(['get', 'nonsense', '--url', healthy.url], noConfig);
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/unknown resource "nonsense"/);
  });
});

describe('settings precedence as a process', () => {
  it('flag beats environment beats config file', async () => {
    const home = tempDir('conf');
    mkdirSync(join(home, 'avatop'));
    writeFileSync(join(home, 'avatop', 'config.json'), JSON.stringify({ url: deadUrl }));
    const fromFile = await runCli(['status', '-o', 'json'], { XDG_CONFIG_HOME: home });
    expect(JSON.parse(fromFile.stdout).url).toBe(deadUrl);
    const fromEnv = await runCli(['status', '-o', 'json'], { XDG_CONFIG_HOME: home, AVATOP_URL: healthy.url });
    expect(JSON.parse(fromEnv.stdout).url).toBe(healthy.url);
    expect(fromEnv.code).toBe(0);
    const fromFlag = await runCli(['status', '-o', 'json', '--url', booting.url], { XDG_CONFIG_HOME: home, AVATOP_URL: healthy.url });
    expect(JSON.parse(fromFlag.stdout).url).toBe(booting.url);
  });

  it('a bad value is one line naming it, exit 3 (UNKNOWN), never the 2 of an unreachable node', async () => {
    for (const args of [['status', '--interval', 'often'], ['status', '--bogus'], ['get', 'peers', '-o', 'xml'], ['status', '--url', 'notaurl']]) {
      const r = await runCli(args, noConfig);
      expect(r.code).toBe(3);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^avatop: .*(--interval|--bogus|--output|--url)/);
    }
    const home = tempDir('badconf');
    mkdirSync(join(home, 'avatop'));
    writeFileSync(join(home, 'avatop', 'config.json'), '{ "url": ');
    const bad = await runCli(['status'], { XDG_CONFIG_HOME: home });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/config .*not valid JSON/);
  });

  it('prints the version and help', async () => {
    const v = await runCli(['status', '--version'], noConfig);
    expect(v.stdout).toMatch(/^avatop \d+\.\d+\.\d+/);
    const h = await runCli(['status', '--help'], noConfig);
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/Exit status: 0 healthy, 1 degraded, 2 unreachable, refusing avatop or left behind by a network upgrade, 3 usage or\s+configuration error/);
    expect(h.stdout).toMatch(/0 OK, 1 WARNING \(degraded, bootstrapping, a node error\), 2 CRITICAL \(node unreachable, refusing avatop, or left behind by an upgrade\), 3 UNKNOWN/);
  });
});
