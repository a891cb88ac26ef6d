// The node's health on screen, against the simulator over loopback: the header's segment on every pane (passing,
// failing, checks not run yet), the connected stake beside the peer count, and the health view (`H`, `:health`)
// that lists every check and follows the node while open.
import { describe, expect, it } from 'vitest';
import { formatConnected } from '../../src/domain/health/health-summary';
import { KEY, startScreen } from './harness';

const headerLines = (f: string) => f.split('\n').slice(0, 2).join('\n');

describe('health in the header', () => {
  it('passing checks: "health healthy", and no stake note beside the peers', async () => {
    const screen = await startScreen();
    // The peer count comes 1.5 s after the start (poll/header-plan.ts), out of the first replies' way.
    const f = await screen.waitFor((f) => /health healthy/.test(headerLines(f)) && /P✓ X✓ C✓/.test(f) && /peers \d/.test(f));
    expect(headerLines(f)).toMatch(/peers \d+  uptime/);
    expect(headerLines(f)).not.toMatch(/stake\)/);
  });

  it('a node alone: failing count and the first check, connected stake next to the peer count, on any pane', async () => {
    // A node that tracks no subnet: its only chains are the primary network's.
    const screen = await startScreen({ sim: { health: 'isolated', peers: 0, trackedSubnets: 0 } });
    const net = screen.sim!.network;
    const own = formatConnected(Number(net.nodeWeight(net.nodeIdStr)) / Number(net.totalStake()));
    // The peers pane: the overview's own health poll is not running, the header's is.
    await screen.press('2', /peers · |No peers|0 peers/);
    // The count comes from the peers list once it has arrived (— until then).
    const f = await screen.waitFor((f) => /health 4 failing: network/.test(headerLines(f)) && /peers 0/.test(headerLines(f)));
    // Connected to its own stake alone, as the chain router connects a node to itself.
    expect(headerLines(f)).toContain(`P✓ X✓ C✓  health 4 failing: network  peers 0 (${own} stake)`);
    expect(screen.scheduler.activeKeys()).toContain('health:slow');
    expect(screen.scheduler.activeKeys()).not.toContain('health');
  });

  it('checks not yet run are "checks pending", not failures, in the header and the overview', async () => {
    const screen = await startScreen({ sim: { health: 'pending' } });
    const f = await screen.waitFor((f) => /health checks pending \(4\)/.test(headerLines(f)) && /Health\s+checks pending: bootstrapped/.test(f));
    expect(f).not.toMatch(/failing|UNHEALTHY/);
  });

  it('follows the node: failing appears and clears without a key', async () => {
    const screen = await startScreen();
    await screen.waitFor((f) => /health healthy/.test(headerLines(f)));
    screen.sim!.faults.setHealth({ failing: { bls: 'node has the wrong BLS key' } });
    await screen.waitFor((f) => /health 1 failing: bls/.test(headerLines(f)));
    screen.sim!.faults.setHealth('passing');
    await screen.waitFor((f) => /health healthy/.test(headerLines(f)));
  });
});

describe('the health view', () => {
  it('H opens every check with its state, error, timestamp and duration; Esc goes back', async () => {
    const screen = await startScreen({ sim: { health: { percentConnected: 0.5, pending: ['bootstrapped'] }, trackedSubnets: 0 } });
    await screen.waitFor(/Node ID/);
    // Ten of the node's own and one per chain of the subnets it tracks (named by chain ID, as avalanchego does).
    const chains = screen.sim!.network.subnets.filter((x) => x.tracked).reduce((n, x) => n + x.chains.length, 0);
    const f = await screen.press('H', (f) => f.includes(`Checks (${10 + chains})`) && /bootstrapped\s+not run yet/.test(f));
    expect(f).toMatch(/Overview › health/);
    expect(f).toMatch(/node says\s+unhealthy: 3 failing: P, 1 pending/);
    expect(f).toMatch(/connected stake\s+(49|50)% \(the node needs 80%\)/);
    // The simulator holds as close to half the stake as whole validators allow, never above.
    expect(f).toMatch(/P\s+FAILING: not connected to enough stake: connected to (4[89]\.\d{6}|50\.000000)%/);
    expect(f).toMatch(/database\s+passing \(\d+ µs\)/);
    // The full entry of the first failing check: error, timestamp, duration, failures in a row, details.
    expect(f).toMatch(/P: FAILING\s+state\s+FAILING\s+›?error\s+not connected to enough stake/);
    expect(f).toMatch(/timestamp\s+\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?Z \(/);
    expect(f).toMatch(/duration\s+\d+ µs/);
    expect(f).toMatch(/failures in a row\s+1/);
    // The last check of a node that tracks no subnet (a tracked subnet's chains would come after it): futureupgrade,
    // with the upgrade times it compares.
    await screen.press('G', /futureupgrade: passing[\s\S]*localUpgradeTime/);
    await screen.press(KEY.escape, (f) => /Node ID/.test(f) && !/› health/.test(f));
  });

  it(':health opens it too, and it refreshes while open', async () => {
    const screen = await startScreen();
    await screen.waitFor(/Node ID/);
    await screen.press('2', /peers · /);
    await screen.press(':', /^: /m);
    await screen.press('health', /: health/);
    await screen.press(KEY.enter, (f) => /Peers › health/.test(f) && /node says\s+healthy/.test(f));
    expect(screen.scheduler.activeKeys()).toContain('health');
    screen.sim!.faults.setHealth({ failing: { diskspace: 'remaining available disk space percentage (4%) is below minimum required available space percentage (10%)' } });
    await screen.waitFor((f) => /diskspace\s+FAILING: remaining available disk space percentage \(4%\)/.test(f) && /node says\s+unhealthy: 1 failing: diskspace/.test(f));
  });
});

describe('the health view names chains', () => {
  it("a tracked subnet's chain check (registered by chain ID) by the chain's name, from getBlockchains", async () => {
    const screen = await startScreen({ sim: { trackedSubnets: 1 } });
    await screen.waitFor(/Node ID/);
    const tracked = screen.sim!.network.subnets.filter((x) => x.tracked);
    expect(tracked.length).toBeGreaterThan(0);
    const chain = tracked[0]!.chains[0]!;
    // The one-line list of checks: the chain's name, never its bare ID.
    const f = await screen.press('H', (x) => new RegExp(`^\\s*${chain.name}\\s+passing`, 'm').test(x));
    expect(f).not.toMatch(new RegExp(`^\\s*${chain.idStr}\\s+passing`, 'm'));
    // Its full entry (the checks by name after the node's own, so at the end) has the name with the whole ID.
    const chains = tracked.flatMap((x) => x.chains).sort((a, b) => (a.idStr < b.idStr ? -1 : 1));
    const last = chains[chains.length - 1]!;
    await screen.press('G', (x) => x.includes(`${last.name} (chain ${last.idStr}): passing`));
  });
});
