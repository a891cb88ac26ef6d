// `status -o line` (one line for a tmux status bar) and the JSON document's types and schema version, against
// simulated nodes as a user's shell runs them: the exit code is status's own, the line carries the header's words.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { suiteTempDir } from '../helpers/temp-dir';
import { deadUrl as freePortUrl } from '../helpers/ports';
import { STATUS_SCHEMA } from '../../src/oneshot/status-report';
import { ROOT } from '../tmux/tmux-harness';

const healthy = shared(() => createSimNode({ scenario: 'healthy', seed: 21, validators: 120, peers: 30, utxos: 10 }));
const near = shared(() => createSimNode({ scenario: 'near-threshold', seed: 22, validators: 120, peers: 30, utxos: 10 }));
let deadUrl: string;
beforeAll(async () => {
  deadUrl = await freePortUrl();
});
const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };

describe('avatop status -o line', () => {
  it('a healthy validator: one line with network, version, verdict, height, peers and the budget; exit 0', async () => {
    const r = await runCli(['status', '--url', healthy().url, '-o', 'line'], noConfig);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^avatop mainnet v1\.15\.0 HEALTHY h \d+ peers \d+ budget \d+d \d+h\n$/);
    const json = JSON.parse((await runCli(['status', '--url', healthy().url, '-o', 'json'], noConfig)).stdout) as Record<string, any>;
    // The same figures as the JSON read a moment later (peers come and go; the chain moves a few blocks).
    expect(Math.abs(Number(/ peers (\d+) /.exec(r.stdout)![1]) - json.peers)).toBeLessThan(10);
    expect(Math.abs(Number(/ h (\d+) /.exec(r.stdout)![1]) - json.height)).toBeLessThan(10);
  });

  it('a budget at the warning tier: DEGRADED with the header\'s badge and the problem count; exit 1 as status', async () => {
    const r = await runCli(['status', '--url', near().url, '-o', 'line'], noConfig);
    const table = await runCli(['status', '--url', near().url], noConfig);
    expect(r.code).toBe(1);
    expect(table.code).toBe(1);
    const problems = table.stdout.split('\n').filter((l) => l.startsWith('problem ')).length;
    expect(r.stdout).toMatch(new RegExp(`^avatop mainnet v1\\.15\\.0 DEGRADED h \\d+ peers \\d+ budget \\d+h \\d\\dm · ${problems} problems?\\n$`));
  });

  it('a node that does not answer: UNREACHABLE and why, exit 2', async () => {
    const r = await runCli(['status', '--url', deadUrl, '-o', 'line'], noConfig);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('avatop UNREACHABLE connection refused\n');
  });

  it('only status writes a line: get refuses it as a usage error (exit 3)', async () => {
    const r = await runCli(['get', 'peers', '--url', healthy().url, '-o', 'line'], noConfig);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('avatop: --output: expected table or json, got "line"\n');
  });
});

describe('avatop status -o json: one way to write a thing', () => {
  it('counts, heights, seconds and percents are numbers; nAVAX amounts strings; the schema version first', async () => {
    const r = await runCli(['status', '--url', healthy().url, '-o', 'json'], noConfig);
    const json = JSON.parse(r.stdout) as Record<string, any>;
    expect(Object.keys(json)[0]).toBe('schema');
    expect(json.schema).toBe(STATUS_SCHEMA);
    expect(STATUS_SCHEMA).toBe(2);
    for (const k of ['height', 'peers', 'chainTimeAgeSeconds', 'uptimeThreshold']) expect(typeof json[k], k).toBe('number');
    for (const k of ['rewardingStakePercentage', 'weightedAveragePercentage', 'rewardingCountedAt']) expect(typeof json.uptime[k], k).toBe('number');
    expect(typeof json.validator.uptime).toBe('number');
    for (const v of json.validations) {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (/Seconds$|^threshold$|^uptime$|Share$/.test(k) && x !== null) expect(typeof x, `${v.kind}.${k}`).toBe('number');
        if (/^(balance|feePerSecond)$/.test(k) && x !== null) expect(x, `${v.kind}.${k}`).toMatch(/^\d+$/);
      }
    }
    // One list: every validation once, L1s included (schema 1 also had l1Validations).
    expect(json.l1Validations).toBeUndefined();
    expect(json.validations.filter((v: any) => v.kind === 'l1').length).toBeGreaterThan(0);
    const ids = json.validations.map((v: any) => `${v.kind}/${v.validationID ?? v.subnet}`);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an unreachable node\'s document carries the schema too', async () => {
    const r = await runCli(['status', '--url', deadUrl, '-o', 'json'], noConfig);
    expect(JSON.parse(r.stdout)).toMatchObject({ schema: STATUS_SCHEMA, verdict: 'unreachable' });
  });

  it('the README lists what each schema version changed, the current one included, and suggests -o line for tmux', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const changes = /### `status -o json`: changes\n([\s\S]*?)\n###? /.exec(readme)?.[1] ?? '';
    for (let v = 1; v <= STATUS_SCHEMA; v++) expect(changes, `schema ${v}`).toMatch(new RegExp(`^\\| ${v} \\|`, 'm'));
    expect(readme).toMatch(/avatop status -o line\s+# one line for a tmux status bar/);
  });
});
