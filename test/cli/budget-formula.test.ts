// The reward guard tried as a new user would: start `avatop sim` with a validation of one's choosing (its start and
// end, this node's own uptime record, the peers' view), run `avatop status -o json` against it, and check the
// downtime budget against the formula worked out here from the chosen values alone:
//   budget = (1 − threshold) × (end − start) − (1 − uptime) × (now − start), within 5%.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, runCli } from './run-cli';

const DAY = 86_400;
let child: ChildProcess | undefined;

afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await once(child, 'exit');
  }
  child = undefined;
});

/** `avatop sim` as a process; resolves with its URL once it serves. */
function startSim(args: string[]): Promise<string> {
  child = spawn(process.execPath, [BIN, 'sim', '--port', '0', '--validators', '120', '--peers', '60', '--utxos', '5', ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, AVATOP_FROM_SOURCE: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = child;
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /avatop sim: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m && /watch it/.test(out)) resolve(m[1]!);
    });
    proc.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
    proc.on('exit', (code) => reject(new Error(`avatop sim exited ${code}: ${err}`)));
  });
}

const iso = (sec: number) => new Date(sec * 1000).toISOString();

describe('the downtime budget, as a new user would check it', () => {
  const cases = [
    // v1.14: Helicon not scheduled, so the node's 80%. A mixed peers' view (peers report whole percents).
    { profile: 'v1.14', threshold: 0.8, startAgo: 10 * DAY, endIn: 20 * DAY, uptime: 99.9, peers: 95.5 },
    // v1.15: a validation started after Helicon needs 90%; close to it, about two days of budget.
    { profile: 'v1.15', threshold: 0.9, startAgo: 10 * DAY, endIn: 20 * DAY, uptime: 99.2, peers: 91, issue28: true },
    // Lost: the peers saw it offline for more than the period allows.
    { profile: 'v1.14', threshold: 0.8, startAgo: 20 * DAY, endIn: 10 * DAY, uptime: 98, peers: 60, issue28: true },
  ] as const;
  for (const c of cases) {
    // Known wrong until the budget follows the vote (issue 28): avatop reads info.uptime's weighted average, which a
    // node computes with unconnected stake at 0 and every view truncated to a whole percent (network.NodeUptime), so
    // it undercounts the peers' view by more than 5% of the budget here. `it.fails` turns red once that is fixed.
    const test = 'issue28' in c ? it.fails : it;
    test(`${c.profile}: start ${c.startAgo / DAY} d ago, end in ${c.endIn / DAY} d, peers see ${c.peers}%`, async () => {
      const nowSec = Math.floor(Date.now() / 1000);
      const start = nowSec - c.startAgo;
      const end = nowSec + c.endIn;
      // A v1.14.2 node on a local network: on mainnet it is left behind since Helicon.
      const network = c.profile === 'v1.14' ? ['--network-id', '12345'] : [];
      const url = await startSim(['--profile', c.profile, ...network, '--validation', `start=${iso(start)},end=${iso(end)},uptime=${c.uptime},peers=${c.peers}`]);
      const r = await runCli(['status', '--url', url, '-o', 'json']);
      const json = JSON.parse(r.stdout) as Record<string, any>;
      const primary = json.validations.find((v: any) => v.kind === 'primary');
      const now = Date.now() / 1000;
      const expected = (1 - c.threshold) * (end - start) - (1 - c.peers / 100) * (now - start);
      expect(primary.threshold / 100).toBe(c.threshold);
      expect(Math.abs(primary.downtimeBudgetSeconds - expected) / Math.abs(expected)).toBeLessThan(0.05);
      expect(Math.sign(primary.downtimeBudgetSeconds)).toBe(Math.sign(expected));
      // What the node served is what was chosen: its own record, the period.
      expect(json.validator.uptime).toBeCloseTo(c.uptime, 3);
      expect(json.validator.startTime).toBe(iso(start));
      expect(Math.abs(primary.endsInSeconds - (end - now))).toBeLessThan(120);
      expect(r.code).toBe(expected < 48 * 3600 ? 1 : 0);
    });
  }

  it('a --validation that does not parse is a usage error naming the flag', async () => {
    const bad = await runCli(['sim', '--port', '0', '--validation', 'start=-10d,end=-20d,peers=95']);
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/--validation: end must be after start/);
  });
});
