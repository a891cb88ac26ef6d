// `status` and `get` over several nodes, as processes: one table, a JSON list naming every node, the worst exit
// status; a node down, one bootstrapping and one answering 403 each said in words, the others unaffected.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { deadUrl as freePortUrl } from '../helpers/ports';
import { tempDir, suiteTempDir } from '../helpers/temp-dir';
import { lagCell } from '../../src/domain/fleet/table';

const a = shared(() => createSimNode({ seed: 11, validators: 60, peers: 12, utxos: 20 }));
// The same seed as a: the same chain, at the same height (a different seed is a chain a million blocks apart).
const b = shared(() => createSimNode({ profile: 'v1.11', seed: 11, validators: 60, peers: 9, utxos: 20 }));
const booting = shared(() => createSimNode({ seed: 13, validators: 40, peers: 5, utxos: 10, faults: [{ kind: 'bootstrapping' }] }));
const denied = shared(() => createSimNode({ seed: 14, validators: 40, peers: 5, utxos: 10, faults: [{ kind: 'http-error', status: 403, body: 'Forbidden' }] }));
let deadUrl: string;
beforeAll(async () => {
  deadUrl = await freePortUrl();
});
const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

describe('avatop status over several nodes', () => {
  it('healthy nodes: one table, exit 0, names by --node and by host:port', async () => {
    const r = await runCli(['status', '--node', `alpha=${a().url}`, '--url', b().url], noConfig);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('HEALTHY  2 nodes');
    expect(lines[1]).toMatch(/^NODE\s+STATUS\s+NETWORK\s+VERSION\s+P\/X\/C\s+HEIGHT\s+LAG/);
    expect(r.stdout).toMatch(/^alpha\s+HEALTHY/m);
    expect(r.stdout).toContain(`127.0.0.1:${b().port}`);
  });

  it('down, bootstrapping and 403: each in words, the worst exit (2), JSON lists every node with name and URL', async () => {
    const args = ['status', '--node', `good=${a().url}`, '--node', `dead=${deadUrl}`, '--node', `sync=${booting().url}`, '--node', `denied=${denied().url}`];
    const table = await runCli(args, noConfig);
    expect(table.code).toBe(2);
    expect(table.stdout).toMatch(/^dead\s+UNREACHABLE: connection refused/m);
    expect(table.stdout).toMatch(/^good\s+HEALTHY/m);
    expect(table.stdout).toMatch(/sync: .*still bootstrapping/);
    expect(table.stdout).toMatch(/^denied\s+UNREACHABLE: HTTP 403 forbidden/m);
    // The table keeps to the reason; what to do goes under it.
    expect(table.stdout).toMatch(/^problem  dead: connection refused \(http:.*\) — Is avalanchego running/m);
    const json = await runCli([...args, '-o', 'json'], noConfig);
    expect(json.code).toBe(2);
    const list = JSON.parse(json.stdout) as Array<Record<string, unknown>>;
    expect(list.map((n) => [n.name, n.url])).toEqual([
      ['good', a().url],
      ['dead', deadUrl],
      ['sync', booting().url],
      ['denied', denied().url],
    ]);
    expect(list[0]).toMatchObject({ schema: 2, verdict: 'healthy', reachable: true, lag: 0 });
    expect(typeof list[0]!.height).toBe('number');
    expect(list[1]).toMatchObject({ verdict: 'unreachable', reachable: false });
    expect(list[2]).toMatchObject({ verdict: 'degraded' });
  });

  it('a node far behind the rest of its network is DEGRADED (exit 1), with how far', async () => {
    const far = await createSimNode({ seed: 15, validators: 40, peers: 5, utxos: 10 });
    try {
      const r = await runCli(['status', '--node', `a=${a().url}`, '--node', `far=${far.url}`], noConfig);
      const [ha, hf] = [a().network.height, far.network.height];
      const behind = ha > hf ? 'far' : 'a';
      expect(r.code).toBe(1);
      expect(r.stdout.split('\n')[0]).toBe('DEGRADED  2 nodes');
      expect(r.stdout).toMatch(new RegExp(`^${behind}\\s+DEGRADED`, 'm'));
      expect(r.stdout).toMatch(new RegExp(`^problem  ${behind}: [\\d,]+ blocks behind the fleet`, 'm'));
      // LAG in one unit, blocks, as the fleet pane writes it (domain/fleet lagCell); the chain's time is BEHIND's.
      const lag = BigInt(Math.abs(ha - hf));
      expect(r.stdout).toMatch(new RegExp(`^${behind}\\s.*\\s${lagCell(lag).replace('.', '\\.')}\\s+(in sync|\\d+\\S*)\\s`, 'm'));
      const json = JSON.parse((await runCli(['status', '--node', `a=${a().url}`, '--node', `far=${far.url}`, '-o', 'json'], noConfig)).stdout) as Array<Record<string, unknown>>;
      expect(typeof json.find((n) => n.name === behind)!.lag).toBe('number');
      const line = await runCli(['status', '--node', `a=${a().url}`, '--node', `far=${far.url}`, '-o', 'line'], noConfig);
      expect(line.code).toBe(1);
      expect(line.stdout).toMatch(new RegExp(`^avatop 2 nodes DEGRADED · ${behind} [\\d,]+ blocks behind\n$`));
    } finally {
      await far.close();
    }
  });

  it('takes the config file nodes with their names', async () => {
    const home = tempDir('conf');
    mkdirSync(join(home, 'avatop'));
    writeFileSync(join(home, 'avatop', 'config.json'), JSON.stringify({ nodes: [{ name: 'one', url: a().url }, { url: b().url, headers: { 'X-Test': '1' } }] }));
    const r = await runCli(['status', '-o', 'json'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Array<{ name: string }>).map((n) => n.name)).toEqual(['one', `127.0.0.1:${b().port}`]);
  });

  it('two nodes of one name are a usage error (exit 3)', async () => {
    const r = await runCli(['status', '--node', `x=${a().url}`, '--node', `x=${b().url}`], noConfig);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/two nodes are named "x"/);
  });
});

describe('avatop get over several nodes', () => {
  it('one table with a NODE column; a dead node is a line on stderr and exit 2', async () => {
    const r = await runCli(['get', 'peers', '--node', `alpha=${a().url}`, '--node', `beta=${b().url}`, '--node', `dead=${deadUrl}`], noConfig);
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n')[0]).toMatch(/^NODE\s+/);
    expect(r.stdout).toMatch(/^alpha\s+NodeID-/m);
    expect(r.stdout).toMatch(/^beta\s+NodeID-/m);
    expect(r.stderr).toMatch(/dead \(http:\/\/127\.0\.0\.1:\d+\): connection refused/);
  });

  it('-o json: a list with each node name, URL and rows (or its error)', async () => {
    const r = await runCli(['get', 'peers', '-o', 'json', '--url', a().url, '--node', `denied=${denied().url}`], noConfig);
    // A node that refuses avatop is CRITICAL from every command (src/config/exit-codes.ts).
    expect(r.code).toBe(2);
    const list = JSON.parse(r.stdout) as Array<{ name: string; url: string; rows: unknown[] | null; error?: string }>;
    // --node before --url (the config file's nodes would come first of all).
    expect(list[1]).toMatchObject({ name: `127.0.0.1:${a().port}`, url: a().url });
    expect((list[1]!.rows ?? []).length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ name: 'denied', url: denied().url, rows: null, error: 'HTTP 403 forbidden' });
  });

  it('a resource read in parts (fees) from a dead node is still that node failing: exit 2', async () => {
    const r = await runCli(['get', 'fees', '--node', `alpha=${a().url}`, '--node', `dead=${deadUrl}`], noConfig);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^alpha\s+txFee\.txFee/m);
    expect(r.stderr).toMatch(/dead \(http:\/\/127\.0\.0\.1:\d+\): connection refused/);
  });
});
