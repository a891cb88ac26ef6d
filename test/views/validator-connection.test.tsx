// The validator view says once whether this node is connected to the validator (issue 30, item 10: "connected yes"
// and "peer not connected to this node" a few lines apart), and draws a weight history only for a node that was in
// the set, apart from its words.
import { describe, expect, it } from 'vitest';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';
import { KEY, startViewScreen, type ViewScreen } from './screen';

const SPARK = /[▁▂▃▄▅▆▇█]/;

async function open(s: ViewScreen, nodeId: string, until: RegExp | ((f: string) => boolean)): Promise<string> {
  await s.press(':', /^: /m);
  await s.press(nodeId, new RegExp(nodeId.slice(-8)));
  return s.press(KEY.enter, until);
}

describe('the validator view', () => {
  it("this node's own record: connected as the node itself, never a missing peer", async () => {
    const s = await startViewScreen();
    await s.waitFor(/Node ID/);
    const f = await open(s, s.sim.nodeId, (x) => /Seen by this node as a peer/.test(x) && /peer\s+this node itself/.test(x));
    expect(f).toMatch(/connected\s+this node itself/);
    expect(f).not.toMatch(/not connected to this node/);
    expect(f).not.toMatch(/connected\s+yes/);
  });

  it('a validator this node is not connected to: "no" in both places', async () => {
    const s = await startViewScreen();
    await s.press('3', /validators · 1\/\d+/);
    const rows = s.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]!.data!.rows.map((r) => r.value);
    const peers = new Set(s.sim.network.peers.keys());
    const away = rows.find((v) => !peers.has(v.nodeID) && v.nodeID !== s.sim.nodeId)!;
    expect(away).toBeDefined();
    const f = await open(s, away.nodeID, (x) => /peer\s+not connected to this node/.test(x) && /connected\s+no/.test(x));
    expect(f).not.toMatch(/connected\s+yes/);
  });

  it('a peer that is not a validator: its words, and no weight line drawn', async () => {
    const s = await startViewScreen();
    await s.press('3', /validators · 1\/\d+/);
    const set = new Set(s.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]!.data!.rows.map((r) => r.value.nodeID));
    const outsider = [...s.sim.network.peers.keys()].find((id) => !set.has(id))!;
    expect(outsider).toBeDefined();
    const f = await open(s, outsider, /weight history: not in the set at heights \d+–\d+/);
    const caption = f.split('\n').find((l) => l.startsWith('weight history'))!;
    expect(caption).not.toMatch(SPARK);
    expect(f).toMatch(/record\s+not a current validator/);
  });

  it("a subnet validator's view names its subnet by its chains", async () => {
    const s = await startViewScreen();
    await s.press('3', /primary network \(1\/[2-9]\d*\)/);
    const g = await s.press('n', /subnet \w+…\w+ \((.+)\) \(2\/\d+\)/);
    const id = s.store.getState().ui.subnet!;
    const subnet = s.sim.network.subnets.find((x) => x.idStr === id)!;
    const names = subnet.chains.map((c) => c.name).sort().join(', ');
    expect(g).toContain(`(${names})`);
    await s.waitFor(/^›NodeID-/m);
    const f = await s.press(KEY.enter, (x) => /Seen by this node as a peer|record\s/.test(x) && x.includes(`${id} (${names})`));
    expect(f).toMatch(new RegExp(`subnet\\s+${id} \\(`));
  });
});
