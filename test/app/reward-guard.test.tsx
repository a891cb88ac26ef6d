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
  it('near-threshold: the header says how long the node can still be offline; the overview shows both views and which one decides', async () => {
    screen = await startScreen({ sim: { scenario: 'near-threshold', validators: 120, peers: 60 } });
    const f = await screen.waitFor((fr) => /budget (19|20)h \d\dm/.test(header2(fr)) && /Reward this period/.test(fr));
    expect(f).toMatch(/Budget\s+can be offline (19|20)h \d\dm more this period/);
    expect(f).toMatch(/Peers' view\s+80\.\d\d% · rewarding [\d.]+%/);
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
});
