// `avatop status` on a network upgrade this node's release does not schedule, against the simulator: peers announcing
// a newer release (tiers at 7 days, 72 hours and 24 hours; exit 1 from a week before), and a v1.14.2 node left behind
// on mainnet by Helicon (exit 2, CRITICAL: "cannot follow the network since …").
import { describe, expect, it } from 'vitest';
import { createSimNode } from '../../src/sim';
import { runCli } from './run-cli';
import { shared } from '../helpers/track';
import { suiteTempDir } from '../helpers/temp-dir';

const noConfig = { XDG_CONFIG_HOME: suiteTempDir('noconf') };
// Enough validators outside subnets to carry a 70% release: the simulator keeps subnet validators' nodes current.
const small = { seed: 11, validators: 120, subnets: 2, peers: 10, utxos: 10 };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface UpgradeJson {
  tier: string;
  severity: string;
  exitStatus: number;
  deadline: string | null;
  deadlineInSeconds: number | null;
  release: string | null;
  upgradeName: string | null;
  sharePercent: number | null;
  shareOf: string | null;
  source: string | null;
  nodeVersion: string | null;
  evidence: string[];
  sentence: string | null;
}

const newer = shared(() => createSimNode({ ...small, scenario: 'healthy' }));
const behind = shared(() => createSimNode({ ...small, profile: 'v1.14' }));

async function status(url: string) {
  const text = await runCli(['status', '--url', url], noConfig);
  const json = await runCli(['status', '--url', url, '-o', 'json'], noConfig);
  expect(text.stderr).toBe('');
  return { code: text.code, jsonCode: json.code, text: text.stdout, json: JSON.parse(json.stdout) as { verdict: string; upgrade?: UpgradeJson; problems: string[] } };
}

/** The announced time, whole seconds (what peers send), `ahead` from now. */
const announce = (ahead: number) => Math.floor((Date.now() + ahead) / 1000);

describe('peers announce a newer release that schedules an upgrade this v1.15.0 node does not', () => {
  it.each([
    // [how far ahead, tier, exit status]
    [10 * DAY, 'scheduled', 0],
    [5 * DAY, 'week', 1],
    [2 * DAY, 'days', 1],
    [12 * HOUR, 'day', 1],
  ] as const)('%d ms ahead: %s, exit %d', async (ahead, tier, exitCode) => {
    const timeSec = announce(ahead);
    newer().connections.setNewerRelease({ version: '1.16.0', timeSec, stake: 0.7 });
    const r = await status(newer().url);
    // The simulated node's own uptime sits near its 90% threshold, which may add its own exit 1.
    expect(r.code).toBeGreaterThanOrEqual(exitCode);
    expect(r.jsonCode).toBe(r.code);
    const u = r.json.upgrade!;
    expect(u).toMatchObject({ tier, exitStatus: exitCode, release: 'v1.16.0', deadline: new Date(timeSec * 1000).toISOString(), shareOf: 'stake', source: 'node-check', nodeVersion: 'v1.15.0' });
    // The node's own check weighs the announcing validators' stake over all stake: the knob's 70%, give or take a
    // validator.
    expect(u.sharePercent).toBeGreaterThan(60);
    expect(u.sharePercent).toBeLessThan(80);
    expect(u.deadlineInSeconds).toBeGreaterThan(ahead / 1000 - 60);
    const when = new Date(timeSec * 1000).toISOString();
    const t = `${when.slice(0, 10)} ${when.slice(11, 16)}${when.slice(17, 19) === '00' ? '' : `:${when.slice(17, 19)}`}Z`;
    const line = new RegExp(`^upgrade {4}\\d+% of stake runs avalanchego v1\\.16\\.0, which schedules a network upgrade at ${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}; this node runs v1\\.15\\.0: upgrade before ${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(in [\\dhdm ]+\\)$`, 'm');
    expect(r.text).toMatch(line);
    // From a week on it is a problem that sets the exit status; before, a line only.
    if (exitCode === 0) expect(r.json.problems.filter((p) => p.includes('v1.16.0'))).toEqual([]);
    else expect(r.text).toMatch(/^problem {4}\d+% of stake runs avalanchego v1\.16\.0/m);
    // Within 72 hours the node's own check fails, as node/node.go has it.
    if (tier === 'days' || tier === 'day') expect(r.text).toMatch(/failing: .*futureupgrade/);
    else expect(r.text).not.toMatch(/failing: .*futureupgrade/);
  }, 60_000);

  it('less than half of the stake: said, exit 0 (the node does not count it either)', async () => {
    newer().connections.setNewerRelease({ version: '1.16.0', timeSec: announce(2 * DAY), stake: 0.3 });
    const r = await status(newer().url);
    expect(r.json.problems.filter((p) => p.includes('v1.16.0'))).toEqual([]);
    // The node's check does not count it, so the share is the peers' own (status reads no validator set).
    expect(r.json.upgrade).toMatchObject({ tier: 'announced', exitStatus: 0, release: 'v1.16.0', shareOf: 'peers' });
    expect(r.text).toMatch(/^upgrade {4}\d+% of peers run avalanchego v1\.16\.0, .*; this node runs v1\.15\.0: the node counts it once half of the stake announces it$/m);
    newer().connections.setNewerRelease(undefined);
  }, 60_000);

  it('nothing announced: no upgrade line, tier none', async () => {
    newer().connections.setNewerRelease(undefined);
    const r = await status(newer().url);
    expect(r.json.upgrade).toMatchObject({ tier: 'none', exitStatus: 0, deadline: null, sentence: null });
    expect(r.text).not.toMatch(/^upgrade /m);
  }, 60_000);
});

describe('a v1.14.2 node left behind on mainnet by Helicon', () => {
  it('exit 2, CRITICAL: cannot follow the network since Helicon, upgrade to v1.15.0, with what shows it', async () => {
    const r = await status(behind().url);
    expect(r.code).toBe(2);
    expect(r.jsonCode).toBe(2);
    expect(r.text).toMatch(/^CRITICAL {2}http:\/\/127\.0\.0\.1:\d+/);
    expect(r.json.verdict).toBe('critical');
    const u = r.json.upgrade!;
    // Nothing remembered in a one-shot: the public networks' table names the upgrade; what remains backs it.
    expect(u).toMatchObject({ tier: 'left-behind', severity: 'critical', exitStatus: 2, deadline: '2026-09-22T15:00:00.000Z', release: 'v1.15.0', upgradeName: 'Helicon', source: 'public-networks', nodeVersion: 'v1.14.2' });
    expect(u.deadlineInSeconds).toBeLessThan(0);
    expect(u.evidence.join('; ')).toMatch(/connected to \d+(\.\d)?% of stake/);
    expect(u.evidence.join('; ')).toMatch(/P-chain stopped at 2026-09-22 1[45]:\d\d/);
    expect(r.text).toMatch(/^upgrade {4}cannot follow the network since 2026-09-22 15:00Z: upgrade to v1\.15\.0 \(Helicon activated then, scheduled by v1\.15\.0; this node runs v1\.14\.2; now /m);
    expect(r.text).toMatch(/^problem {4}cannot follow the network since 2026-09-22 15:00Z: upgrade to v1\.15\.0/m);
  }, 60_000);

  it('in a fleet, the worst status: CRITICAL, exit 2', async () => {
    const r = await runCli(['status', '--node', `ok=${newer().url}`, '--node', `old=${behind().url}`], noConfig);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^CRITICAL {2}2 nodes/);
    expect(r.stdout).toMatch(/^old\s+CRITICAL\s+mainnet\s+v1\.14\.2/m);
  }, 60_000);
});
