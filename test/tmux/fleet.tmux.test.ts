// Tried as a new user would: two simulated nodes and a port with nothing behind it, in a real terminal. The fleet
// pane lists all three (the dead one first, in words), Enter puts a node on screen, f comes back, q quits cleanly.
import { describe, expect, it } from 'vitest';
import { cliCommand, tmuxAvailable, tmuxSession } from './tmux-harness';
import { tmuxSim } from './sim-session';
import { deadUrl } from '../helpers/ports';

const available = tmuxAvailable();
const rowOf = (screen: string, name: string) => screen.split('\n').find((l) => new RegExp(`^.${name.replace(/[.]/g, '\\.')}\\s`).test(l)) ?? '';

describe.skipIf(!available)('the fleet in a real terminal (tmux)', () => {
  it('two simulated nodes and a dead port: rows in words, Enter views a node, f returns, q quits', async () => {
    const [a, b] = await Promise.all([tmuxSim({ seed: 41 }), tmuxSim({ profile: 'v1.11', seed: 42 })]);
    const dead = await deadUrl();
    const deadName = dead.replace('http://', '');
    const s = tmuxSession();
    s.start(cliCommand(`--node validator=${a.url} --node backup=${b.url} --url ${dead} --pane fleet`));
    const fleet = await s.waitFor(
      (x) => /connection refused/.test(rowOf(x, deadName)) && /\bup\b.*mainnet/.test(rowOf(x, 'validator')) && /\bup\b.*mainnet/.test(rowOf(x, 'backup')),
      45_000,
    );
    // The header names the node on screen; the dead port is first (worst first) and says why in words.
    expect(fleet.split('\n')[0]).toMatch(/^\[validator\] /);
    const order = fleet.split('\n').map((l) => (rowOf(l, deadName) ? 'dead' : rowOf(l, 'validator') ? 'validator' : rowOf(l, 'backup') ? 'backup' : undefined)).filter(Boolean);
    expect(order[0]).toBe('dead');
    expect(fleet).toMatch(/\d need attention/);

    // Down one row from the dead node and Enter: whichever healthy node is there comes on screen.
    // Typed together, as a fast typist does: Enter opens the row j moved to.
    s.keys('j', 'Enter');
    // The node's own screen: the fleet's table and its summary are gone; the dead node still shows, in its header.
    const viewed = await s.waitFor((x) => /^\[(validator|backup)\] ✗ 127\.0\.0\.1:\d+: connection refused/.test(x.split('\n')[0] ?? '') && !/Enter views a node/.test(x), 20_000);
    // j moved past the dead node to the next row: whichever node that is (worst first), it is on screen now.
    expect(viewed).not.toMatch(/^\[127\.0\.0\.1/);
    const name = /^\[(validator|backup)\]/.exec(viewed)![1]!;
    expect(viewed).toMatch(new RegExp(`${name} · http://127\\.0\\.0\\.1:\\d+`));

    // `:fleet` comes back to the fleet (f does too: the screen test), which says which node is on screen.
    s.keys(':');
    await new Promise((r) => setTimeout(r, 200));
    s.type('fleet');
    s.keys('Enter');
    await s.waitFor(new RegExp(`viewing ${name}`), 20_000);

    s.keys('q');
    const exit = await s.waitFor(/AVATOP-EXIT=\d+/, 20_000);
    expect(exit).toMatch(/AVATOP-EXIT=0/);
  }, 150_000);
});
