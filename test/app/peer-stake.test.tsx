// The peers pane says which peers validate and with how much stake (issue 30, item 6): "which big validators am I
// connected to?" answered by sorting on STAKE, and `/validator:no` keeps the peers that do not validate.
import { describe, expect, it } from 'vitest';
import { KEY, startScreen } from './harness';
import { PRIMARY_NETWORK_ID } from '../../src/state/constants';
import { formatAvaxColumn } from '../../src/format/avax';

const peerLines = (f: string) => f.split('\n').filter((l) => /^[›!* +~-]NodeID-/.test(l));

describe('the peers pane', () => {
  it('shows each peer as validator or not, with its stake (own plus delegated), from the validator list', async () => {
    const screen = await startScreen({ size: { columns: 160, rows: 40 } });
    await screen.press('2', /peers · 1\/\d+/);
    const f = await screen.waitFor((x) => /VALIDATOR/.test(x) && /\syes\s/.test(x));
    expect(f).toMatch(/NODE.*\sIP\s+VALIDATOR\s+STAKE\s/);
    // A validator's weight in consensus, from the getCurrentValidators rows: its own stake plus every delegation.
    const list = screen.store.getState().validators.bySubnet[PRIMARY_NETWORK_ID]!.data!.rows.map((r) => r.value);
    const weightOf = new Map(list.map((v) => [v.nodeID, v.weight + (v.delegatorWeight ?? (v.delegators ?? []).reduce((n, d) => n + d.weight, 0n))]));
    const peers = screen.store.getState().peers.list.data!.rows.map((r) => r.value);
    const validating = peers.filter((p) => weightOf.has(p.nodeID));
    expect(validating.length).toBeGreaterThan(0);
    expect(validating.length).toBeLessThan(peers.length);

    // Sorted by stake, largest first: the first row is the peer with the most stake, its amount as the list says.
    let g = screen.lastFrame();
    for (let i = 0; i < 8 && !/STAKE[▲▼]/.test(g); i++) g = await screen.press('s', (x) => x !== g);
    if (/STAKE▲/.test(g)) g = await screen.press('S', /STAKE▼/);
    expect(g).toMatch(/STAKE▼/);
    const biggest = validating.reduce((a, b) => (weightOf.get(b.nodeID)! > weightOf.get(a.nodeID)! ? b : a));
    g = await screen.waitFor((x) => peerLines(x)[0]?.includes(formatAvaxColumn(weightOf.get(biggest.nodeID)).trim()) ?? false);
    expect(peerLines(g)[0]).toMatch(/\syes\s/);

    await screen.press(KEY.escape, () => true);
    const h = await screen.press('/validator:no\r', /matching "validator:no"/);
    expect(h).toMatch(new RegExp(`\\b${peers.length - validating.length} matching "validator:no" peers`));
    for (const l of peerLines(h)) expect(l).toMatch(/\sno\s+—/);
  });
});
