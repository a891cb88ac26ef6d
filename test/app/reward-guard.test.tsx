// The reward guard on screen: the header's budget badge and the overview's card, against the simulator's scenarios
// (today's mainnet by default: Helicon active, 90% for validations that started after it).
import { describe, expect, it } from 'vitest';
import { SMALL_SIM, startScreen } from './harness';
import { createSimNode } from '../../src/sim';

const header2 = (f: string) => f.split('\n')[1] ?? '';

describe('reward guard on screen', () => {
  it('near-threshold: the header says how long the node can still be offline; the overview shows the vote and what it rests on', async () => {
    // Built to leave 20 h at the node's true uptime; each voter reports it rounded down to a whole percent, which
    // may cost up to 1% of the 26 days elapsed (6h 14m): the vote's budget is 13h 46m to 20h, a warning (under 25% of
    // the 3 days allowed).
    const screen = await startScreen({ sim: { scenario: 'near-threshold', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /budget (1[3-9]|20)h \d\dm/.test(header2(fr)) && /Reward this period/.test(fr));
    expect(f).toMatch(/Budget\s+(1[3-9]|20)h \d\dm of 3d 0h left/);
    expect(f).toMatch(/To do\s+keep downtime short until the end/);
    expect(f).toMatch(/Rests on\s+median voter 9[01]%, 9\d\.\d% of stake known/);
    expect(f).toMatch(/Good to\s+6h 14m \(1% of elapsed: whole %\)/);
    expect(f).toMatch(/Seen >= 90%\s+9\d\.\d% of stake \(9[01]%: 9\d\.\d%\)/);
    expect(f).toMatch(/Own record\s+99\.90% \(its view of itself\)/);
    expect(f).toMatch(/Average\s+\d\d\.\d\d% \(unconnected stake as 0\)/);
  });

  it('reward-lost: the header says so, and the card what follows', async () => {
    const screen = await startScreen({ sim: { scenario: 'reward-lost', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /reward lost/.test(header2(fr)));
    expect(f).toMatch(/Budget\s+reward lost \(2d \d+h over\)/);
    expect(f).toMatch(/To do\s+tell delegators; re-stake after the end/);
  });

  it('a restart: peers reconnect with no ping yet; the header counts down, marked projected, then the vote is back', async () => {
    const screen = await startScreen({ sim: { scenario: 'healthy', validators: 120, peers: 20 } });
    await screen.waitFor((fr) => /budget \d+d \d+h$|budget \d+d \d+h\s/.test(header2(fr)) && /Rests on\s+median voter/.test(fr));
    // Watched from the peers pane, which reads the peers every tick: the header elsewhere reads the whole list once a
    // minute, and may find every peer back and pinged by its next reading.
    await screen.press('2', /UPTIME/);
    screen.sim!.connections.restart(60_000);
    await screen.waitFor((fr) => /budget \d+d \d+h projected/.test(header2(fr)), 30_000);
    // Back on the overview at once (every voter pings 22.5 s after it reconnects): the card says why.
    const projected = await screen.press('1', (fr) => /Rests on\s+projected since/.test(fr));
    expect(projected).toMatch(/Rests on\s+projected since \d\d:\d\d:\d\d(:\d\d)?Z \(isolated\)/);
    expect(header2(projected)).not.toMatch(/reward lost/);
    // Every voter has pinged: the vote again.
    await screen.press('2', /UPTIME/);
    await screen.waitFor((fr) => !/projected/.test(header2(fr)), 60_000);
    await screen.press('1', (fr) => /Rests on\s+median voter/.test(fr));
  }, 120_000);

  it('a watched node gets a BUDGET column in the validators pane, from this node\'s view of it', async () => {
    // The same seed and size as the screen's node: the same validators.
    const sim = await createSimNode({ ...SMALL_SIM });
    // The lowest-uptime validator that is not this node (the one an operator would watch), among the heaviest: the
    // pane lists by weight, so its row is on the first screen.
    const heaviest = [...sim.network.validators].sort((a, b) => (sim.network.weightOf(b) > sim.network.weightOf(a) ? 1 : -1)).slice(0, 20);
    const [watched] = heaviest.filter((v) => v.nodeIdStr !== sim.nodeId).sort((a, b) => a.uptime - b.uptime);
    await sim.close();
    const screen = await startScreen({ watch: [watched!.nodeIdStr] });
    const short = watched!.nodeIdStr.slice(0, 10);
    const f = await screen.press('3', (fr) => /BUDGET/.test(fr) && fr.split('\n').some((l) => l.includes(short) && /(LOST|\d+[dhm] \d+[hm]s?|\d+m)\s/.test(l)));
    const row = f.split('\n').find((l) => l.includes(short))!;
    // Rows of nodes not watched leave the cell empty: only one row has a figure in the column.
    expect(row).toMatch(/LOST|\d+[dh]/);
  });

  it('healthy on a Helicon network: days of budget at the 90% its validation needs', async () => {
    const screen = await startScreen({ sim: { scenario: 'healthy', profile: 'v1.15', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /budget \d+d \d+h/.test(header2(fr)) && /Needs\s+90% \(after Helicon\)/.test(fr));
    expect(header2(f)).not.toMatch(/reward lost/);
  });

  it("low-l1-balance: the header speaks of this node's L1 validation, whose balance lasts under a week; the card lists it", async () => {
    const screen = await startScreen({ sim: { scenario: 'low-l1-balance', profile: 'v1.15', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /L1 balance [45]d \d+h/.test(header2(fr)) && /L1 \S+\s+balance [45]d \d+h \(top up\)/.test(fr));
    // The primary budget is days: the L1's 7-day tier is what the header warns of.
    expect(header2(f)).not.toMatch(/budget \d/);
  });

  it('a subnet validation on the card: its budget and the threshold from the subnet rule', async () => {
    // Four subnets: the fourth is elastic, and the scenario has this node validate it.
    const screen = await startScreen({ sim: { scenario: 'healthy', profile: 'v1.15', validators: 120, peers: 60, subnets: 4 } });
    const f = await screen.waitFor((fr) => /Subnet \S+\s+\d+d \d+h of \d+d \d+h left/.test(fr));
    expect(f).toMatch(/needs\s+80% \(subnet rule\)/);
    // Healthy everywhere: the header keeps the primary budget.
    expect(header2(f)).toMatch(/budget \d+d \d+h/);
  });

  it('auto-renewed: the card speaks of the cycle, its compounding and what the previous cycle paid; the header has no end badge for a cycle that renews', async () => {
    const screen = await startScreen({ sim: { scenario: 'auto-renew', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /Reward this cycle/.test(fr) && /Last cycle\s+paid [\d.,]+ AVAX, tx \w+…\w+/.test(fr));
    expect(f).toMatch(/Cycle\s+renews \d\d-\d\d \d\d:\d\d(:\d\d)?Z \(in 1[12]h \d\dm\)/);
    expect(f).toMatch(/Compounding\s+50\.0% of each cycle's reward restaked/);
    expect(header2(f)).not.toMatch(/ends in/);
  });

  it('auto-renew switched off: "exits in" on the header, "auto-renew off" on the card', async () => {
    const screen = await startScreen({ sim: { scenario: 'auto-renew-off', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /exits in 1[12]h \d\dm/.test(header2(fr)) && /Cycle\s+auto-renew off: exits \d\d-\d\d \d\d:\d\d(:\d\d)?Z/.test(fr));
    expect(f).toMatch(/Reward this cycle/);
  });
});
