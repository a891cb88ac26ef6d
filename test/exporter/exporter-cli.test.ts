// `avatop exporter` as a process: what a scrape gets from a live and a dead node, and how bad options fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimNode, type SimNode } from '../../src/sim';
import { runCli } from '../cli/run-cli';
import { SERIES } from '../../src/exporter/node-series';
import { PROMTOOL, freePort, missing, startExporter, until, type Running } from './programs';
import { exitFor } from '../../src/config/exit-codes';

let sim: SimNode;
let exporter: Running;
let url: string;
let deadPort: number;
let l1Id: string;

async function scrape(): Promise<string> {
  const res = await fetch(`${url}/metrics`);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

beforeAll(async () => {
  sim = await createSimNode({ seed: 5, validators: 40, peers: 12, utxos: 10 });
  deadPort = await freePort();
  l1Id = sim.network.subnets.find((x) => x.kind === 'l1' && x.l1Validators.length > 0)!.l1Validators[0]!.validationIdStr;
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  exporter = await startExporter(['--listen', `127.0.0.1:${port}`, '--interval', '500ms', '--timeout', '2s', '--node', `live=${sim.url}`, '--node', `dead=http://127.0.0.1:${deadPort}`, '--l1-validation', `live=${l1Id}`]);
}, 60_000);

afterAll(async () => {
  await exporter?.stop();
  await sim?.close();
});

describe('avatop exporter', () => {
  it('serves the live node\'s values and avatop_up 0 for a node that does not answer', async () => {
    const text = await until('the live node\'s validation', async () => {
      const t = await scrape();
      // The budget needs the peers' views too, which may come a poll after the validator set.
      return ['avatop_validation_end_timestamp_seconds{', 'avatop_validation_downtime_budget_seconds{', 'avatop_peers_newer_version_stake_ratio{', 'avatop_l1_balance_runway_seconds{'].every((m) => t.includes(m)) ? t : undefined;
    });
    expect(text).toContain(`avatop_up{network="mainnet",node="live",node_id="${sim.nodeId}"} 1`);
    expect(text).toContain('avatop_up{network="",node="dead",node_id=""} 0');
    // A dead node has no other series: nothing it never said is served as if it were live.
    expect(text.split('\n').filter((l) => l.includes('node="dead"') && !l.startsWith('avatop_up{'))).toEqual(
      text.split('\n').filter((l) => l.startsWith('avatop_last_answer') && l.includes('node="dead"')),
    );
    expect(text).toMatch(/avatop_pchain_height\{[^}]*node="live"[^}]*\} \d+/);
    expect(text).toMatch(/avatop_bootstrapped\{chain="P",[^}]*node="live"[^}]*\} 1/);
    expect(text).toMatch(/avatop_validation_threshold_percent\{[^}]*subnet="primary"\} (80|90)/);
    expect(text).toMatch(/avatop_validation_downtime_budget_seconds\{[^}]*subnet="primary"\} -?\d/);
    // The runway is the balance over the fee the simulated node charges now.
    const runway = Number(new RegExp(`avatop_l1_balance_runway_seconds\\{[^}]*validation_id="${l1Id}"\\} (\\S+)`).exec(text)![1]);
    const balance = Number(new RegExp(`avatop_l1_balance_navax\\{[^}]*validation_id="${l1Id}"\\} (\\S+)`).exec(text)![1]);
    const fee = (await (await fetch(`${sim.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"platform.getValidatorFeeState","params":{}}' })).json()) as { result: { price: string | number } };
    expect(runway).toBe(Math.floor(balance / Number(fee.result.price)));
    expect(text).toMatch(/avatop_peers_newer_version_stake_ratio\{[^}]*node="live"[^}]*\} (0|1|0\.\d+)$/m);
  });

  it('serves only metrics named in the table, and promtool finds nothing to complain about', async (ctx) => {
    const skip = missing(['promtool', PROMTOOL]);
    const text = await scrape();
    const names = new Set(SERIES.map((s) => s.name));
    const decimals = new Map(SERIES.map((s) => [s.name, s.decimals]));
    for (const line of text.split('\n')) {
      const m = /^(?:# (?:HELP|TYPE) )?([a-zA-Z_:][\w:]*)/.exec(line);
      if (m) expect(names.has(m[1]!), m[1]).toBe(true);
      // Each value as the decimal it means (its series' decimals), never float noise.
      if (m && !line.startsWith('#')) expect(/\.(\d+)$/.exec(line)?.[1]!.length ?? 0, line).toBeLessThanOrEqual(decimals.get(m[1]!)!);
    }
    if (skip) return ctx.skip(skip);
    // promtool reads the exposition on stdin and prints lint problems; exit 0 and no output is clean.
    const out = execFileSync(PROMTOOL!, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(out.trim()).toBe('');
  });

  it('answers /-/healthy, 404 elsewhere and 405 for POST', async () => {
    expect((await fetch(`${url}/-/healthy`)).status).toBe(200);
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    expect((await fetch(`${url}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('a node that stops answering turns avatop_up to 0 within a few poll intervals', async () => {
    const node = await createSimNode({ seed: 6, validators: 20, peers: 4, utxos: 5 });
    const port = await freePort();
    const other = await startExporter(['--listen', `127.0.0.1:${port}`, '--interval', '500ms', '--timeout', '1s', '--node', `n=${node.url}`]);
    try {
      const up = (v: string) => async () => ((await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).match(new RegExp(`^avatop_up\\{[^}]*node="n"[^}]*\\} ${v}$`, 'm')) ? true : undefined);
      await until('avatop_up 1', up('1'));
      await node.close();
      await until('avatop_up 0 after the node stopped', up('0'), 15_000);
    } finally {
      await other.stop();
    }
  });
});

describe('avatop exporter: health checks', () => {
  it('a check that has not run yet is pending, not failing; a failing one is 1', async () => {
    const pending = await createSimNode({ seed: 7, validators: 20, peers: 4, utxos: 5, health: 'pending' });
    const isolated = await createSimNode({ seed: 8, validators: 20, peers: 4, utxos: 5, health: 'isolated' });
    const port = await freePort();
    const other = await startExporter(['--listen', `127.0.0.1:${port}`, '--interval', '500ms', '--node', `p=${pending.url}`, '--node', `i=${isolated.url}`]);
    try {
      const text = await until('both nodes\' health', async () => {
        const t = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        return /avatop_health_checks_pending\{[^}]*node="p"/.test(t) && /avatop_health_check_failing\{[^}]*node="i"/.test(t) ? t : undefined;
      });
      expect(Number(/avatop_health_checks_pending\{[^}]*node="p"[^}]*\} (\d+)/.exec(text)![1])).toBeGreaterThan(0);
      expect(text).not.toMatch(/avatop_health_check_failing\{[^}]*node="p"[^}]*\} 1/);
      expect(text).toMatch(/avatop_health_check_failing\{check="P",[^}]*node="i"[^}]*\} 1/);
      expect(Number(/avatop_connected_stake_ratio\{[^}]*node="i"[^}]*\} (\S+)/.exec(text)![1])).toBeLessThan(0.8);
    } finally {
      await other.stop();
      await Promise.all([pending.close(), isolated.close()]);
    }
  });
});

describe('avatop exporter: nodes from the config file', () => {
  it('watches the config file\'s nodes under their names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avatop-exp-cfg-'));
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ nodes: [{ name: 'from-config', url: sim.url, headers: { 'X-Probe': 'yes' } }] }));
    const port = await freePort();
    const other = await startExporter(['--config', config, '--listen', `127.0.0.1:${port}`, '--interval', '500ms']);
    try {
      expect(other.output()).toContain(`from-config (${sim.url})`);
      await until('the config node up', async () => ((await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).includes(`avatop_up{network="mainnet",node="from-config",node_id="${sim.nodeId}"} 1`) ? true : undefined));
    } finally {
      await other.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('avatop exporter: bad options are one line and exit 3 (UNKNOWN, usage), as in every command', () => {
  it('a --listen that is not HOST:PORT', async () => {
    const r = await runCli(['exporter', '--listen', 'localhost']);
    expect(r.code).toBe(exitFor('usage'));
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--listen: expected HOST:PORT/);
  });

  it('a port already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const r = await runCli(['exporter', '--listen', `127.0.0.1:${port}`, '--url', sim.url]);
      expect(r.code).toBe(exitFor('usage'));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(`127.0.0.1:${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('an L1 validation ID that is not one, or for a node that is not there', async () => {
    const bad = await runCli(['exporter', '--l1-validation', 'nope']);
    expect(bad.code).toBe(exitFor('usage'));
    expect(bad.stderr).toMatch(/is not a validation ID/);
    const other = await runCli(['exporter', '--l1-validation', `x=${'2'.repeat(49)}`]);
    expect(other.code).toBe(exitFor('usage'));
    expect(other.stderr).toMatch(/no node is named "x"/);
  });

  it('a bad node URL', async () => {
    const r = await runCli(['exporter', '--node', 'a=notaurl']);
    expect(r.code).toBe(exitFor('usage'));
    expect(r.stderr).toMatch(/--node: not a URL/);
  });
});
