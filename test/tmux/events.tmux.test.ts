// The event log through a real terminal: a node that goes away for ten seconds under the monitor and comes back;
// the monitor quits and starts again, and the outage is in its Events pane and in `avatop events`.
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';
import { tmuxSim } from './sim-session';
import { runCli } from '../cli/run-cli';
import { tempDir } from '../helpers/temp-dir';

const available = tmuxAvailable();
const header = (screen: string) => screen.split('\n').slice(0, 2).join('\n');

describe.skipIf(!available)('the event log (tmux)', () => {
  it('finds an outage in the Events pane after the monitor is restarted, and in avatop events', async () => {
    const stateDir = tempDir('events-tmux');
    const sim = await tmuxSim();
    const s = tmuxSession();
    s.start(cliCommand(`--url ${sim.url} --state-dir ${stateDir}`), 100, 30);
    await s.waitFor((x) => /P✓ X✓ C✓/.test(header(x)) && /blk\/min/.test(header(x)), 45_000);

    // The node goes away for ten seconds (its process restarts: the port refuses connections meanwhile).
    await sim.faults.restart(10_000);
    await s.waitFor((x) => !/UNREACHABLE/.test(header(x)) && /P✓ X✓ C✓/.test(header(x)), 30_000);
    // The header counts it at once.
    await s.waitFor((x) => /⚑ \d+ new/.test(header(x)), 15_000);

    s.keys('q');
    await s.waitFor(/AVATOP-EXIT=0/, 15_000);
    s.kill();

    const again = tmuxSession();
    again.start(cliCommand(`--url ${sim.url} --state-dir ${stateDir} --pane events`), 100, 30);
    const pane = await again.waitFor(/unreachable for \d+s \(connection refused\); answering again/, 45_000);
    expect(pane).toMatch(/CRIT/);

    const out = await runCli(['events', '--state-dir', stateDir, '--since', '1h']);
    expect(out.code).toBe(2);
    expect(out.stdout).toMatch(/critical\s+127\.0\.0\.1:\d+\s+unreachable for \d+s \(connection refused\); answering again\s+ended after \d+s/);
    const json = await runCli(['events', '--state-dir', stateDir, '--since', '1h', '-o', 'json']);
    const parsed = JSON.parse(json.stdout) as { worst: string; events: Array<{ kind: string; end?: number; start: number }> };
    expect(parsed.worst).toBe('critical');
    const outage = parsed.events.find((e) => e.kind === 'unreachable')!;
    expect(outage.end! - outage.start).toBeGreaterThanOrEqual(8_000);
    expect(outage.end! - outage.start).toBeLessThan(25_000);
  }, 180_000);
});
