// The real CLI in a real terminal, watching a node that stops and comes back: the header turns within one probe.
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';
import { tmuxSim } from './sim-session';

const available = tmuxAvailable();
const header = (screen: string) => screen.split('\n').slice(0, 2).join('\n');

describe.skipIf(!available)('a node stopped under the CLI (tmux)', () => {
  it('says UNREACHABLE and why within one 2 s probe interval, and clears when the node is back', async () => {
    const sim = await tmuxSim();
    const s = tmuxSession();
    s.start(cliCommand(`--url ${sim.url} --pane validators`));
    await s.waitFor((x) => /P✓ X✓ C✓/.test(header(x)) && /blk\/min/.test(header(x)) && /validators · 1\/\d+/.test(x), 45_000);

    const stoppedAt = Date.now();
    await sim.close();
    const down = await s.waitFor((x) => /UNREACHABLE/.test(header(x)), 20_000);
    const elapsed = Date.now() - stoppedAt;
    process.stdout.write(`dead node (tmux, default 2 s interval): header changed ${elapsed} ms after the node stopped\n`);
    expect(header(down)).toMatch(/✗ UNREACHABLE( for \d+s)?: connection refused/);
    expect(header(down)).toMatch(/\(was /);
    expect(down).toMatch(/Node unreachable: connection refused/);

    await tmuxSim({ port: sim.port });
    await s.waitFor((x) => /P✓ X✓ C✓/.test(header(x)) && !/UNREACHABLE|Node unreachable/.test(x), 20_000);
  }, 120_000);
});
