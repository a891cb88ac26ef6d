// The upgrade deadline on screen, against the simulator over loopback: the header's badge beside the version and the
// versions pane's sentence and details, for peers announcing a newer release, for the v1.14.2 node left behind on
// mainnet, and across the activation time within one run (what the monitor remembered says it, once the announcing
// peers are gone).
import { describe, expect, it } from 'vitest';
import { startScreen } from './harness';

const line1 = (f: string) => f.split('\n')[0] ?? '';
// Enough validators outside subnets to carry a 70% release: the simulator keeps subnet validators' nodes current.
const small = { validators: 120, peers: 10, utxos: 10, subnets: 2 };

describe('peers announce a newer release', () => {
  it('the header counts down beside the version; the versions pane says who, what and by when', async () => {
    const timeSec = Math.floor(Date.now() / 1000) + 5 * 86_400;
    const screen = await startScreen({ size: { columns: 140, rows: 45 }, sim: { ...small, newerRelease: { version: '1.16.0', timeSec, stake: 0.7 } } });
    const f = await screen.waitFor((x) => /upgrade to v1\.16\.0 in (4d 23h|5d 0h)/.test(line1(x)));
    expect(line1(f)).toMatch(/mainnet v1\.15\.0 {2}upgrade to v1\.16\.0 in (4d 23h|5d 0h) {2}height/);

    const v = await screen.press('6', (x) => /of stake runs avalanchego v1\.16\.0/.test(x) && /2026-\d\d-\d\d \d\d:\d\d(:\d\d)?Z\s+\d+% of stake/.test(x));
    const when = new Date(timeSec * 1000).toISOString();
    const t = `${when.slice(0, 10)} ${when.slice(11, 16)}`;
    // The sentence above the document, wrapped to the pane.
    const text = v.split('\n').slice(3, 8).join(' ').replace(/\s+/g, ' ');
    expect(text).toMatch(new RegExp(`\\d+% of stake runs avalanchego v1\\.16\\.0, which schedules a network upgrade at ${t}(:\\d\\d)?Z; this node runs v1\\.15\\.0: upgrade before ${t}(:\\d\\d)?Z \\(in (4d 23h|5d 0h)\\)`));
    // The details: the node's own check, each announced time with its stake and releases.
    expect(v).toMatch(/This node schedules\s+its newest upgrade at 2026-09-22 15:00Z/);
    expect(v).toMatch(/futureupgrade\s+mode 20\d\d-\d\d-\d\d \d\d:\d\d(:\d\d)?Z, \d+% of stake; counted: an upgrade this node lacks/);
    expect(v).toMatch(new RegExp(`${t}(:\\d\\d)?Z\\s+\\d+% of stake · \\d+ peers?: v1\\.16\\.0 \\(\\d+\\) · not scheduled by this node`));
    expect(v).toMatch(/2026-09-22 15:00Z\s+\d+% of stake · \d+ peers?: v1\.15\.0/);
  }, 90_000);
});

describe('a v1.14.2 node left behind on mainnet', () => {
  it('at 80 columns the header says so first; the versions pane says since when and what to install', async () => {
    const screen = await startScreen({ size: { columns: 80, rows: 24 }, sim: { ...small, profile: 'v1.14' } });
    const f = await screen.waitFor((x) => /LEFT BEHIND since 2026-09-22: upgrade to v1\.15\.0/.test(line1(x)));
    expect(line1(f)).toMatch(/^NodeID-\S+ mainnet {2}LEFT BEHIND since 2026-09-22: upgrade to v1\.15\.0/);
    const v = await screen.press('6', /cannot follow the network since/);
    const text = v.split('\n').slice(3, 10).join(' ').replace(/\s+/g, ' ');
    expect(text).toMatch(/cannot follow the network since 2026-09-22 15:00Z: upgrade to v1\.15\.0 \(Helicon activated then, scheduled by v1\.15\.0; this node runs v1\.14\.2; now connected to \d+% of stake, P-chain stopped at 2026-09-22 1[45]:\d\d(:\d\d)?Z/);
  }, 90_000);
});

describe('across the activation time, within one run', () => {
  it('counts down, then, with the announcing peers gone, says the node cannot follow from what it saw', async () => {
    const timeSec = Math.floor(Date.now() / 1000) + 25;
    const screen = await startScreen({ size: { columns: 140, rows: 45 }, sim: { ...small, newerRelease: { version: '1.16.0', timeSec, stake: 0.7 } } });
    await screen.waitFor((x) => /upgrade to v1\.16\.0 in \d+s/.test(line1(x)), 30_000);
    const date = new Date(timeSec * 1000).toISOString().slice(0, 10);
    // After T the v1.16 peers disconnect this node: its connected stake falls to about 30%, and nothing announces T.
    const f = await screen.waitFor((x) => new RegExp(`LEFT BEHIND since ${date}: upgrade to v1\\.16\\.0`).test(line1(x)), 60_000);
    expect(line1(f)).toMatch(/mainnet v1\.15\.0 {2}LEFT BEHIND/);
    expect(screen.store.getState().versions.announcement).toMatchObject({ upgradeTimeMs: timeSec * 1000, release: 'v1.16.0', shareOf: 'stake' });
    // Once the peer list has been read again no connected peer runs v1.16.0: the words come from what the monitor
    // remembered, and still say it.
    await screen.waitFor(() => {
      const peers = screen!.store.getState().versions.peerUpgrades;
      return (peers.updatedAt ?? 0) > timeSec * 1000 + 3_000 && !(peers.data ?? []).some((p) => p.version === 'avalanchego/1.16.0');
    }, 30_000);
    expect(line1(screen.lastFrame())).toMatch(new RegExp(`LEFT BEHIND since ${date}: upgrade to v1\.16\.0`));
    const v = await screen.press('6', /cannot follow the network since/);
    expect(v.replace(/\s+/g, ' ')).toMatch(/announced a network upgrade at \S+ \S+Z with v1\.16\.0; this node runs v1\.15\.0; now connected to \d+% of stake/);
    expect(v).toMatch(/Remembered\s+\d+% of stake announced/);
  }, 120_000);
});
