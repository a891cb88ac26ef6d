// The real CLI in a real terminal, watching a node that stops and comes back: the header turns within one probe.
import { afterEach, describe, expect, it } from 'vitest';
import { cliCommand, TmuxSession, tmuxAvailable } from './tmux-harness';
import { createSimNode, type SimNode } from '../../src/sim/index';

const available = tmuxAvailable();

let session: TmuxSession | undefined;
const nodes: SimNode[] = [];
afterEach(async () => {
  session?.kill();
  session = undefined;
  for (const n of nodes.splice(0)) await n.close();
});

const SIM = { validators: 80, peers: 30, utxos: 50, subnets: 2, blockIntervalMs: 1000 };
const header = (screen: string) => screen.split('\n').slice(0, 2).join('\n');

describe.skipIf(!available)('a node stopped under the CLI (tmux)', () => {
  it('says UNREACHABLE and why within one 2 s probe interval, and clears when the node is back', async () => {
    const sim = await createSimNode(SIM);
    nodes.push(sim);
    session = new TmuxSession();
    session.start(cliCommand(`--url ${sim.url} --pane validators`));
    const s = session;
    await s.waitFor((x) => /P✓ X✓ C✓/.test(header(x)) && /blk\/min/.test(header(x)) && /validators · 1\/\d+/.test(x), 45_000);

    const stoppedAt = Date.now();
    await sim.close();
    const down = await s.waitFor((x) => /UNREACHABLE/.test(header(x)), 20_000);
    const elapsed = Date.now() - stoppedAt;
    process.stdout.write(`dead node (tmux, default 2 s interval): header changed ${elapsed} ms after the node stopped\n`);
    expect(elapsed).toBeLessThan(2_000 + 4_000);
    expect(header(down)).toMatch(/✗ UNREACHABLE( for \d+s)?: connection refused/);
    expect(header(down)).toMatch(/\(was /);
    expect(down).toMatch(/Node unreachable: connection refused/);

    const back = await createSimNode({ ...SIM, port: sim.port });
    nodes.push(back);
    await s.waitFor((x) => /P✓ X✓ C✓/.test(header(x)) && !/UNREACHABLE|Node unreachable/.test(x), 20_000);
  }, 120_000);
});
