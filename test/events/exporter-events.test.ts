// The exporter keeps the event log as the monitor does: a simulated node stopped and restarted under it, then
// `avatop events` afterwards; two exporters on one host watching one node write one line per transition; and the
// last trustworthy budget it kept counts down after the exporter is restarted with the node isolated.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSimNode } from '../../src/sim';
import { runCli } from '../cli/run-cli';
import { freePort, startExporter, until } from '../exporter/programs';
import { nodeDir } from '../../src/events/paths';
import { foldText } from '../../src/domain/events/fold';
import { tempDir } from '../helpers/temp-dir';
import { track } from '../helpers/track';

/** An exporter process, stopped when the test ends if the test has not stopped it (stopping twice is harmless). */
async function exporter(stateDir: string, url: string): Promise<{ scrape(): Promise<string>; stop(): Promise<void> }> {
  const port = await freePort();
  const running = track(await startExporter(['--listen', `127.0.0.1:${port}`, '--interval', '500ms', '--timeout', '2s', '--url', url, '--state-dir', stateDir]), (r) => r.stop());
  return { scrape: async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(), stop: () => running.stop() };
}

const upIs = (v: 0 | 1) => (t: string) => new RegExp(`^avatop_up\\{[^}]*\\} ${v}$`, 'm').test(t);

function logLines(stateDir: string, nodeId: string): string[] {
  const dir = nodeDir(stateDir, { network: 'mainnet', nodeId });
  return readdirSync(dir)
    .filter((n) => n.startsWith('events-'))
    .flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n').filter(Boolean));
}

describe('the exporter and the event log', () => {
  it('records a node stopped and restarted under it: the outage with its length, then the restart; avatop events reads them', async () => {
    const stateDir = tempDir('exporter-events');
    const sim = track(await createSimNode({ seed: 5, validators: 40, peers: 12, utxos: 10 }));
    const e = await exporter(stateDir, sim.url);
    await until('the node up', async () => (upIs(1)(await e.scrape()) ? true : undefined), 30_000);
    // The first metrics reading (3 s in) gives the process start a restart is told by.
    await new Promise((r) => setTimeout(r, 4_000));
    await sim.faults.restart(5_000);
    await until('the outage and the restart in the log', async () => {
      const f = foldText(logLines(stateDir, sim.nodeId)).events;
      return f.some((x) => x.kind === 'unreachable' && x.end !== undefined) && f.some((x) => x.kind === 'restart') ? true : undefined;
    }, 60_000, 1_000);
    await e.stop();

    const out = await runCli(['events', '--state-dir', stateDir]);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/critical\s+127\.0\.0\.1:\d+\s+unreachable for \d+s \(connection refused\); answering again/);
    expect(out.stdout).toMatch(/warning\s+127\.0\.0\.1:\d+\s+node process restarted; the previous one had run \d+s/);
    // The peers' view right after a restart is no verdict: no budget or uptime event comes of it.
    expect(out.stdout).not.toMatch(/downtime budget|peers see/);
    // Only warnings and worse, only this node, as JSON.
    const json = JSON.parse((await runCli(['events', '--state-dir', stateDir, '--node', sim.nodeId.slice(0, 12), '--severity', 'warning', '-o', 'json'])).stdout) as { events: Array<{ severity: string; nodeId: string }> };
    expect(json.events.length).toBeGreaterThanOrEqual(2);
    expect(json.events.every((x) => x.severity !== 'info' && x.nodeId === sim.nodeId)).toBe(true);
    // Usage errors are 3; a window with nothing in it is 0.
    expect((await runCli(['events', '--state-dir', stateDir, '--node', 'nobody'])).code).toBe(3);
    expect((await runCli(['events', '--state-dir', stateDir, '--since', 'yesterday'])).code).toBe(3);
    expect((await runCli(['events', '--no-state'])).code).toBe(3);
    expect((await runCli(['events', '--state-dir', stateDir, '--since', new Date(Date.now() + 60_000).toISOString()])).code).toBe(0);
  }, 120_000);

  it('two exporters watching one node write one line per transition between them', async () => {
    const stateDir = tempDir('two-writers');
    const sim = track(await createSimNode({ seed: 6, validators: 40, peers: 12, utxos: 10 }));
    const a = await exporter(stateDir, sim.url);
    const b = await exporter(stateDir, sim.url);
    for (const e of [a, b]) await until('the node up', async () => (upIs(1)(await e.scrape()) ? true : undefined), 30_000);
    await sim.faults.restart(4_000);
    for (const e of [a, b]) await until('the node up again', async () => (upIs(1)(await e.scrape()) ? true : undefined), 30_000);
    for (const e of [a, b]) await e.stop();
    const lines = logLines(stateDir, sim.nodeId).filter((l) => l.includes('"kind":"unreachable"'));
    expect(lines).toHaveLength(2);
    expect(foldText(lines).events).toHaveLength(1);
  }, 120_000);

  it('keeps the last trustworthy budget across its own restart: an isolated node is projected from it', async () => {
    const stateDir = tempDir('exporter-budget');
    const sim = track(await createSimNode({ scenario: 'healthy', validators: 120, peers: 60, utxos: 5 }));
    const series = (text: string, name: string) => {
      const m = new RegExp(`^${name}\\{[^}]*subnet="primary"[^}]*\\} (\\S+)$`, 'm').exec(text);
      return m ? Number(m[1]) : undefined;
    };
    const first = await exporter(stateDir, sim.url);
    await until('a budget from the vote', async () => (series(await first.scrape(), 'avatop_validation_budget_projected') === 0 ? true : undefined), 60_000, 500);
    await first.stop(); // its last flush writes node.json
    const kept = (JSON.parse(readFileSync(join(nodeDir(stateDir, { network: 'mainnet', nodeId: sim.nodeId }), 'node.json'), 'utf8')) as { budgets: Record<string, { atMs: number; nodeId: string }> }).budgets.primary!;
    expect(kept.nodeId).toBe(sim.nodeId);

    sim.connections.setIsolated(true);
    const second = await exporter(stateDir, sim.url);
    const since = await until(
      'the budget projected from the kept figure',
      async () => {
        const text = await second.scrape();
        return series(text, 'avatop_validation_budget_projected') === 1 ? series(text, 'avatop_validation_budget_projected_since_timestamp_seconds') : undefined;
      },
      60_000,
      500,
    );
    expect(since).toBe(kept.atMs / 1000);
  }, 150_000);
});
