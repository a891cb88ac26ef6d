// The reward guard on screen: the header's budget badge and the overview's card, against the simulator's scenarios.
import { afterEach, describe, expect, it } from 'vitest';
import { SMALL_SIM, startScreen, type Screen } from './harness';
import { createSimNode } from '../../src/sim';

let screen: Screen | undefined;
afterEach(async () => {
  await screen?.close();
  screen = undefined;
});

const header2 = (f: string) => f.split('\n')[1] ?? '';

describe('reward guard on screen', () => {
  // Known wrong until the budget follows the vote (issue 28): the scenario's peers all see 91% (a 20 h budget against
  // today's 90%), but the node's weighted average counts unconnected stake as 0, so the budget read from it is lost.
  // `it.fails` turns red once the budget follows the peers' views.
  it.fails('near-threshold: the header says how long the node can still be offline; the overview shows both views and which one decides', async () => {
    screen = await startScreen({ sim: { scenario: 'near-threshold', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /budget (19|20)h \d\dm/.test(header2(fr)) && /Reward this period/.test(fr), 20_000);
    expect(f).toMatch(/Budget\s+can be offline (19|20)h \d\dm more this period/);
    expect(f).toMatch(/Peers' view\s+\d+\.\d\d% · rewarding [\d.]+%/);
    expect(f).toMatch(/Own record\s+99\.90% \(its view of itself\)/);
    expect(f).toMatch(/Each votes\s+from its own view of this node/);
    expect(f).toMatch(/Budget uses\s+the peers' stake-weighted view/);
  });

  it('reward-lost: the header says so', async () => {
    screen = await startScreen({ sim: { scenario: 'reward-lost', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /reward lost/.test(header2(fr)));
    expect(f).toMatch(/Budget\s+reward lost for this period/);
  });

  it('a watched node gets a BUDGET column in the validators pane, from this node\'s view of it', async () => {
    // The same seed and size as the screen's node: the same validators.
    const sim = await createSimNode({ ...SMALL_SIM });
    // The lowest-uptime validator that is not this node: the one an operator would watch.
    const [watched] = [...sim.network.validators].filter((v) => v.nodeIdStr !== sim.nodeId).sort((a, b) => a.uptime - b.uptime);
    await sim.close();
    screen = await startScreen({ watch: [watched!.nodeIdStr] });
    const short = watched!.nodeIdStr.slice(0, 10);
    const f = await screen.press('3', (fr) => /BUDGET/.test(fr) && fr.split('\n').some((l) => l.includes(short) && /(LOST|\d+[dhm] \d+[hm]s?|\d+m)\s/.test(l)));
    const row = f.split('\n').find((l) => l.includes(short))!;
    // Rows of nodes not watched leave the cell empty: only one row has a figure in the column.
    expect(row).toMatch(/LOST|\d+[dh]/);
  });

  it('healthy on a Helicon network: days of budget at the 90% its validation needs', async () => {
    screen = await startScreen({ sim: { scenario: 'healthy', profile: 'v1.15', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /budget \d+d \d+h/.test(header2(fr)) && /Needs\s+90% \(after Helicon\)/.test(fr));
    expect(header2(f)).not.toMatch(/reward lost/);
  });

  it("low-l1-balance: the header speaks of this node's L1 validation, whose balance lasts under a week; the card lists it", async () => {
    screen = await startScreen({ sim: { scenario: 'low-l1-balance', profile: 'v1.15', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /L1 balance [45]d \d+h/.test(header2(fr)) && /L1 \S+\s+balance [45]d \d+h \(top up\)/.test(fr));
    // The primary budget is days: the L1's 7-day tier is what the header warns of.
    expect(header2(f)).not.toMatch(/budget \d/);
  });

  it('a subnet validation on the card: its budget and the threshold from the subnet rule', async () => {
    // Four subnets: the fourth is elastic, and the scenario has this node validate it.
    screen = await startScreen({ sim: { scenario: 'healthy', profile: 'v1.15', validators: 120, peers: 60, subnets: 4 } });
    const f = await screen.waitFor((fr) => /Subnet \S+\s+can be offline \d+d \d+h more/.test(fr));
    expect(f).toMatch(/needs\s+80% \(subnet rule\)/);
    // Healthy everywhere: the header keeps the primary budget.
    expect(header2(f)).toMatch(/budget \d+d \d+h/);
  });
});
