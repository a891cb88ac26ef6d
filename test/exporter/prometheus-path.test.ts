// The whole path with the real programs: Prometheus (Debian's package) scrapes `avatop exporter` watching a simulated
// validator whose downtime budget is low, evaluates the shipped alert rules (with short `for:` in this copy), and
// Alertmanager delivers to a webhook in this test: the budget warning while the node answers; when it stops,
// AvatopNodeDown carrying the last known budget and the projected budget's own alert (never a lost reward), the
// validation series kept and counting down; then the resolved notices when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSimNode, type SimNode } from '../../src/sim';
import { ALERTMANAGER, PROMETHEUS, PROMTOOL, freePort, missing, start, startExporter, until, type Running } from './programs';

const contrib = fileURLToPath(new URL('../../contrib/prometheus/', import.meta.url));
/** A validator of today's mainnet about 16 hours from losing its reward (a warning: under 25% of its allowance). */
const SIM = () => ({ host: '127.0.0.1', port: simPort, seed: 9, validators: 30, peers: 8, utxos: 5, scenario: 'near-threshold' as const });
const skip = missing(['prometheus', PROMETHEUS], ['alertmanager', ALERTMANAGER], ['promtool', PROMTOOL]);

interface Notification {
  status: string;
  alerts: Array<{ status: string; labels: Record<string, string>; annotations: Record<string, string> }>;
}

let dir: string;
let sim: SimNode | undefined;
let simPort: number;
let exporter: Running | undefined;
let prometheus: Running | undefined;
let alertmanager: Running | undefined;
let webhook: Server | undefined;
let promUrl: string;
const received: Notification[] = [];

async function query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
  const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
  return body.data.result;
}

describe.skipIf(skip !== undefined)(`Prometheus and Alertmanager on avatop exporter${skip ? ` (skipped: ${skip})` : ''}`, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'avatop-prom-'));
    simPort = await freePort();
    sim = await createSimNode(SIM());
    const [exporterPort, promPort, amPort, hookPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);

    webhook = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString('utf8')));
      req.on('end', () => {
        try {
          received.push(JSON.parse(body) as Notification);
        } catch {
          // not a notification
        }
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => webhook!.listen(hookPort, '127.0.0.1', resolve));

    exporter = await startExporter(['--listen', `127.0.0.1:${exporterPort}`, '--interval', '500ms', '--timeout', '1s', '--node', `validator-1=${sim.url}`]);

    // The shipped rules, with every `for:` shortened so the test does not wait minutes.
    const rules = readFileSync(join(contrib, 'avatop-rules.yml'), 'utf8').replace(/^(\s+)for: .*$/gm, '$1for: 2s');
    writeFileSync(join(dir, 'rules.yml'), rules);
    execFileSync(PROMTOOL!, ['check', 'rules', join(dir, 'rules.yml')], { stdio: 'pipe' });
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        'rule_files: [rules.yml]',
        `alerting: { alertmanagers: [ { static_configs: [ { targets: ['127.0.0.1:${amPort}'] } ] } ] }`,
        `scrape_configs: [ { job_name: avatop, static_configs: [ { targets: ['127.0.0.1:${exporterPort}'] } ] } ]`,
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'alertmanager.yml'),
      [
        'route: { receiver: hook, group_by: [alertname, node], group_wait: 1s, group_interval: 1s, repeat_interval: 1h }',
        `receivers: [ { name: hook, webhook_configs: [ { url: 'http://127.0.0.1:${hookPort}/', send_resolved: true } ] } ]`,
        '',
      ].join('\n'),
    );
    alertmanager = await start(
      ALERTMANAGER!,
      [`--config.file=${join(dir, 'alertmanager.yml')}`, `--storage.path=${join(dir, 'am')}`, `--web.listen-address=127.0.0.1:${amPort}`, '--cluster.listen-address='],
      /Listening|listening/,
    );
    promUrl = `http://127.0.0.1:${promPort}`;
    prometheus = await start(
      PROMETHEUS!,
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${promPort}`,
        '--rules.alert.resend-delay=1s',
      ],
      /Server is ready to receive web requests/,
      {},
      60_000,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.allSettled([prometheus?.stop(), alertmanager?.stop(), exporter?.stop(), sim?.close()]);
    await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the exporter: the node is up with its height, under the labels the rules use', async () => {
    const up = await until('Prometheus to have avatop_up', async () => {
      const r = await query('avatop_up{node="validator-1"}');
      return r.length > 0 && r[0]!.value[1] === '1' ? r : undefined;
    });
    expect(up[0]!.metric).toMatchObject({ node: 'validator-1', node_id: sim!.nodeId, network: 'mainnet', job: 'avatop' });
    const height = await until('a P-chain height', async () => {
      const r = await query('avatop_pchain_height{node="validator-1"}');
      return r.length > 0 ? Number(r[0]!.value[1]) : undefined;
    });
    expect(height).toBeGreaterThan(0);
  });

  it('the budget from the vote, low: AvatopDowntimeBudgetLow through Alertmanager', async () => {
    const low = await until(
      'the budget warning at the webhook',
      async () => received.find((n) => n.status === 'firing' && n.alerts.some((a) => a.labels.alertname === 'AvatopDowntimeBudgetLow')),
      90_000,
      500,
    );
    expect(low.alerts[0]!.labels).toMatchObject({ node: 'validator-1', subnet: 'primary', severity: 'warning' });
    expect(low.alerts[0]!.annotations.description).toMatch(/^It can be offline only 1\dh \d+m \d+s more this period of 3d 0h 0m 0s before its reward is lost/);
    const projected = await query('avatop_validation_budget_projected{node="validator-1",subnet="primary"}');
    expect(projected[0]!.value[1]).toBe('0');
  });

  it('a stopped node fires AvatopNodeDown with its last known budget; its validation series stay, projected, with their own alert; its return resolves them', async () => {
    const lastKnown = Number((await query('avatop_validation_downtime_budget_seconds{node="validator-1",subnet="primary"}'))[0]!.value[1]);
    await sim!.close();
    sim = undefined;
    const firing = await until(
      'the firing notice at the webhook',
      async () => received.find((n) => n.status === 'firing' && n.alerts.some((a) => a.labels.alertname === 'AvatopNodeDown')),
      90_000,
      500,
    );
    const alert = firing.alerts.find((a) => a.labels.alertname === 'AvatopNodeDown')!;
    expect(alert.labels).toMatchObject({ node: 'validator-1', severity: 'critical', network: 'mainnet' });
    expect(alert.annotations.description).toMatch(/Its last known downtime budget was 1\dh \d+m \d+s; 1\dh \d+m \d+s if it has been down since \(projected\)\.$/);
    // The series stay through the outage, projected and counting down.
    const projected = await until('the projected budget', async () => {
      const r = await query('avatop_validation_budget_projected{node="validator-1",subnet="primary"}');
      return r[0]?.value[1] === '1' ? r : undefined;
    });
    expect(projected).toHaveLength(1);
    const during = Number((await query('avatop_validation_downtime_budget_seconds{node="validator-1",subnet="primary"}'))[0]!.value[1]);
    expect(during).toBeLessThan(lastKnown);
    expect(during).toBeGreaterThan(lastKnown - 600);
    const projectedLow = await until(
      'the projected budget alert at the webhook',
      async () => received.find((n) => n.status === 'firing' && n.alerts.some((a) => a.labels.alertname === 'AvatopProjectedBudgetLow')),
      90_000,
      500,
    );
    expect(projectedLow.alerts[0]!.annotations.description).toMatch(/A projection, not a lost reward/);
    expect(received.some((n) => n.alerts.some((a) => a.labels.alertname === 'AvatopRewardLost'))).toBe(false);

    sim = await createSimNode(SIM());
    const resolved = await until(
      'the resolved notice at the webhook',
      async () => received.find((n) => n.status === 'resolved' && n.alerts.some((a) => a.labels.alertname === 'AvatopNodeDown')),
      90_000,
      500,
    );
    expect(resolved.alerts[0]!.status).toBe('resolved');
  });

  it('a stopped exporter fires AvatopExporterDown: the alerts that watch the nodes are blind without it', async () => {
    // Only notices after the stop count: before the first scrape the job has no `up` yet (absent, shortly).
    const before = received.length;
    await exporter!.stop();
    exporter = undefined;
    const firing = await until(
      'the AvatopExporterDown notice at the webhook',
      async () => received.slice(before).find((n) => n.status === 'firing' && n.alerts.some((a) => a.labels.alertname === 'AvatopExporterDown' && a.labels.instance !== undefined)),
      90_000,
      500,
    );
    const alert = firing.alerts.find((a) => a.labels.alertname === 'AvatopExporterDown')!;
    expect(alert.labels).toMatchObject({ severity: 'critical', job: 'avatop' });
    expect(alert.labels.instance).toMatch(/^127\.0\.0\.1:\d+$/);
  });
});
